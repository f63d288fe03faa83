import TestSupport
import Testing

@testable import MediaEncoding

@Suite struct GaplessTagTests {
  /// One second of a sine at 44.1 kHz, mono.
  static let second = sine(frameCount: 44_100, rate: 44_100, channels: 1)

  @Test func textHoldsTwelveFieldsEachASpaceAndUpperCaseHex() {
    let tag = GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 956, frameCount: 44_100)
    #expect(
      tag.text
        == " 00000000 00000400 000003BC 000000000000AC44 00000000 00000000 00000000 00000000"
        + " 00000000 00000000 00000000 00000000")
    #expect(GaplessTag(text: tag.text) == tag)
  }

  @Test func countsThatDoNotAddUpMakeNoTag() {
    #expect(
      GaplessTag(primingFrameCount: 1_024, frameCount: 44_100, encodedFrameCount: 45_000) == nil)
    #expect(
      GaplessTag(primingFrameCount: 1_024, frameCount: 44_100, encodedFrameCount: 46_080)
        == GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 956, frameCount: 44_100))
  }

  /// Frames, rate, channels, and the padding after them: 1024 frames of priming and the audio
  /// fill whole packets of 1024 frames.
  @Test(arguments: [
    (44_100, 44_100, 1, 956), (96_000, 48_000, 2, 256), (88_217, 44_100, 1, 871),
    (51_200, 48_000, 1, 0), (1, 48_000, 2, 1_023),
  ])
  func theFileCarriesTheEncodersCounts(frames: Int, rate: Int, channels: Int, padding: Int)
    throws
  {
    let path = try AACWriterTests.encodedTone(
      sine(frameCount: frames, rate: rate, channels: channels), rate: rate, channels: channels)
    let expected = GaplessTag(
      primingFrameCount: 1_024, paddingFrameCount: padding, frameCount: Int64(frames))
    let decoded = try decodedAudio(path: path)
    #expect(decoded.tags["iTunSMPB"] == expected.text)
    #expect(decoded.frameCount == frames)
    // The packets in the file decode to the priming, the audio and the padding.
    #expect(try index(of: fileBytes(path)).packetCount * 1_024 == 1_024 + frames + padding)
  }

  @Test func oneSecondAt44100HzMonoReadsAsFfprobeShowsIt() throws {
    let path = try AACWriterTests.encodedTone(Self.second, rate: 44_100, channels: 1)
    #expect(
      try decodedAudio(path: path).tags["iTunSMPB"]
        == " 00000000 00000400 000003BC 000000000000AC44 00000000 00000000 00000000 00000000"
        + " 00000000 00000000 00000000 00000000")
  }

  @Test func theWriterAddsTheTagToWhatFFmpegWrites() throws {
    let untagged = try untaggedAACFile(Self.second, rate: 44_100, channels: 1)
    let tagged = try copy(untagged, to: "tagged.m4a")
    try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 956, frameCount: 44_100)
      .write(toMP4At: tagged)
    let written = try AACWriterTests.encodedTone(
      Self.second, rate: 44_100, channels: 1, name: "written.m4a")
    #expect(try fileBytes(written) == fileBytes(tagged))
  }

  @Test(arguments: [true, false])
  func decodingGivesTheSameFramesAsWithoutTheTag(indexFirst: Bool) throws {
    let untagged = try untaggedAACFile(
      AACWriterTests.tone, rate: 48_000, channels: 2, indexFirst: indexFirst)
    let tagged = try copy(untagged, to: "tagged.m4a")
    try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 256, frameCount: 96_000)
      .write(toMP4At: tagged)
    let before = try decodedAudio(path: untagged)
    let after = try decodedAudio(path: tagged)
    #expect(before.tags["iTunSMPB"] == nil)
    #expect(after.tags["iTunSMPB"] != nil)
    #expect(after.frameCount == 96_000)
    #expect(after.values == before.values)
    #expect(after.skippedLeadingFrameCount == before.skippedLeadingFrameCount)
    #expect(after.droppedTrailingFrameCount == before.droppedTrailingFrameCount)
  }

  @Test(arguments: [true, false])
  func chunkOffsetsStillPointAtTheSameAudio(indexFirst: Bool) throws {
    let untagged = try untaggedAACFile(
      AACWriterTests.tone, rate: 48_000, channels: 2, indexFirst: indexFirst)
    let tagged = try copy(untagged, to: "tagged.m4a")
    try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 256, frameCount: 96_000)
      .write(toMP4At: tagged)
    let before = try fileBytes(untagged)
    let after = try fileBytes(tagged)
    let added = Int64(after.count - before.count)
    #expect(added == 188)  // `----` 8 + mean 28 + name 20 + data 132.
    let offsetsBefore = try index(of: before).chunkOffsets
    let offsetsAfter = try index(of: after).chunkOffsets
    #expect(!offsetsBefore.isEmpty)
    // The audio moves when the index before it grows, and stays when the index is last.
    #expect(offsetsAfter == offsetsBefore.map { indexFirst ? $0 + added : $0 })
    for (old, new) in zip(offsetsBefore, offsetsAfter) {
      #expect(before[Int(old)..<Int(old + 64)] == after[Int(new)..<Int(new + 64)])
    }
    #expect(try boxBytes(.mdat, in: after) == boxBytes(.mdat, in: before))
  }

  @Test(arguments: [true, false])
  func theBoxTreeIsWellFormed(indexFirst: Bool) throws {
    let untagged = try untaggedAACFile(
      AACWriterTests.tone, rate: 48_000, channels: 2, indexFirst: indexFirst)
    try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 256, frameCount: 96_000)
      .write(toMP4At: untagged)
    let bytes = try fileBytes(untagged)
    // The top-level boxes end where the file ends; each box's children fill it to the byte.
    let types = try topLevelBoxes(bytes).map(\.type)
    #expect(types.first == MP4BoxType("ftyp"))
    #expect(types.last == (indexFirst ? .mdat : .moov))
    let moov = try index(of: bytes)
    #expect(try moov.serialized() == boxBytes(.moov, in: bytes))
    let meta = try #require(moov.descendant(.udta, .meta))
    #expect(meta.content == .container(prefix: [0, 0, 0, 0], children: meta.children))
    #expect(meta.childTypes == ["hdlr", "ilst"])
    #expect(meta.children.first == MP4Box.metadataHandler)
    let ilst = try #require(moov.descendant(.udta, .meta, .ilst))
    #expect(ilst.childTypes == ["\u{A9}nam", "\u{A9}ART", "----"])
    let item = try #require(ilst.children.last)
    #expect(item.childTypes == ["mean", "name", "data"])
    #expect(item.isFreeformItem(domain: "com.apple.iTunes", name: "iTunSMPB"))
    let data = try #require(item.descendant(.data)?.payload)
    #expect(Array(data.prefix(8)) == [0, 0, 0, 1, 0, 0, 0, 0])
    #expect(
      String(decoding: data.dropFirst(8), as: UTF8.self)
        == GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 256, frameCount: 96_000).text)
  }

  @Test func writingTheTagAgainReplacesIt() throws {
    let path = try AACWriterTests.encodedTone(Self.second, rate: 44_100, channels: 1)
    let once = try fileBytes(path)
    try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 956, frameCount: 44_100)
      .write(toMP4At: path)
    #expect(try fileBytes(path) == once)
  }

  @Test func aFileWithoutTitleOrArtistGetsTheTagAndItsMetadataBoxes() throws {
    let path = try temporaryFolder() + "/plain.m4r"
    try encode(
      Self.second, with: AACWriter(path: path, sampleRate: 44_100, channelCount: 1))
    let decoded = try decodedAudio(path: path)
    #expect(decoded.tags["iTunSMPB"]?.hasPrefix(" 00000000 00000400 000003BC") == true)
    #expect(decoded.frameCount == 44_100)
    let moov = try index(of: fileBytes(path))
    #expect(moov.descendant(.udta, .meta)?.childTypes == ["hdlr", "ilst"])
    #expect(moov.descendant(.udta, .meta, .ilst)?.childTypes == ["----"])
  }

  @Test func aFileWithNoIndexIsRefusedWithItsPath() throws {
    let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypM4A ".utf8) + [0, 0, 0, 0]
    let path = try file("broken.m4a", in: temporaryFolder(), holding: ftyp)
    #expect(
      throws: EncodingError(
        operation: "writing the gapless tag", path: path,
        reason: "its MP4 index cannot be edited: it has no moov box")
    ) {
      try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 0, frameCount: 1)
        .write(toMP4At: path)
    }
  }

  @Test func aBoxRunningPastTheEndIsNamed() throws {
    let bytes: [UInt8] =
      [0, 0, 0, 16] + Array("ftypM4A ".utf8) + [0, 0, 0, 0] + [0, 0, 3, 232] + Array("moov".utf8)
    let path = try file("cut.m4a", in: temporaryFolder(), holding: bytes)
    #expect(
      throws: EncodingError(
        operation: "writing the gapless tag", path: path,
        reason:
          "its MP4 index cannot be edited: moov: a box of 1000 bytes runs past the file's "
          + "end, 8 bytes on")
    ) {
      try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 0, frameCount: 1)
        .write(toMP4At: path)
    }
  }

  @Test func aMissingFileIsNamed() throws {
    let path = try temporaryFolder() + "/missing.m4a"
    #expect(
      throws: EncodingError(
        operation: "writing the gapless tag", path: path, reason: "No such file or directory")
    ) {
      try GaplessTag(primingFrameCount: 1_024, paddingFrameCount: 0, frameCount: 1)
        .write(toMP4At: path)
    }
  }
}
