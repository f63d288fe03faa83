import Testing

@testable import MediaEncoding

@Suite struct MP4BoxTests {
  static let mvhd = MP4Box(MP4BoxType("mvhd"), payload: [UInt8](repeating: 0, count: 100))
  /// A `©nam` item, kept as its bytes as the parser keeps it: a `data` box of "Tune".
  static let title = MP4Box(
    MP4BoxType(code: 0xA96E_616D),
    payload: [0, 0, 0, 20] + Array("data".utf8) + [0, 0, 0, 1, 0, 0, 0, 0] + Array("Tune".utf8))

  /// A `moov` with one track whose `stco` holds `offsets`.
  static func index(chunkOffsets offsets: [UInt32], extra: [MP4Box] = []) -> MP4Box {
    let stco = MP4Box(
      .stco,
      payload: [0, 0, 0, 0] + UInt32(offsets.count).bigEndianBytes
        + offsets.flatMap(\.bigEndianBytes))
    let stbl = MP4Box(.stbl, children: [stco])
    let trak = MP4Box(
      .trak, children: [MP4Box(.mdia, children: [MP4Box(.minf, children: [stbl])])])
    return MP4Box(.moov, children: [mvhd, trak] + extra)
  }

  @Test func parsingAndWritingGiveBackTheSameBytes() throws {
    let moov = Self.index(
      chunkOffsets: [40, 900],
      extra: [
        MP4Box(
          .udta,
          children: [
            MP4Box(
              .meta, prefix: [0, 0, 0, 0],
              children: [MP4Box.metadataHandler, MP4Box(.ilst, children: [Self.title])])
          ])
      ])
    let bytes = try moov.serialized()
    // moov, mvhd, trak/mdia/minf/stbl, stco, udta, meta, hdlr, ilst, ©nam with its data.
    #expect(bytes.count == 8 + 108 + 8 * 4 + 24 + 8 + 12 + 33 + 8 + 28)
    #expect(try MP4Box(parsing: bytes) == moov)
    #expect(try MP4Box(parsing: bytes).serialized() == bytes)
  }

  @Test func theMissingUdtaMetaAndIlstAreCreated() throws {
    var moov = Self.index(chunkOffsets: [40])
    try moov.setFreeformItem(domain: "com.apple.iTunes", name: "iTunSMPB", text: " 0")
    #expect(moov.childTypes == ["mvhd", "trak", "udta"])
    let meta = try #require(moov.descendant(.udta, .meta))
    #expect(meta.content == .container(prefix: [0, 0, 0, 0], children: meta.children))
    #expect(meta.childTypes == ["hdlr", "ilst"])
    #expect(
      try MP4Box.metadataHandler.serialized()
        == [0, 0, 0, 33] + Array("hdlr".utf8) + [UInt8](repeating: 0, count: 8)
        + Array("mdirappl".utf8) + [UInt8](repeating: 0, count: 9))
    #expect(moov.descendant(.udta, .meta, .ilst)?.childTypes == ["----"])
    // Every size was counted anew: the bytes parse back to the same tree.
    #expect(try MP4Box(parsing: moov.serialized()) == moov)
  }

  @Test func anUdtaWithoutMetaGetsOneAfterWhatItHolds() throws {
    let chapters = MP4Box(MP4BoxType("chpl"), payload: [1, 2, 3])
    var moov = Self.index(chunkOffsets: [40], extra: [MP4Box(.udta, children: [chapters])])
    try moov.setFreeformItem(domain: "com.apple.iTunes", name: "iTunSMPB", text: " 0")
    #expect(moov.descendant(.udta)?.childTypes == ["chpl", "meta"])
    #expect(moov.descendant(.udta, .meta, .ilst)?.childTypes == ["----"])
  }

  @Test func theItemGoesAfterTheTagsAndEveryAncestorGrowsByIt() throws {
    let meta = MP4Box(
      .meta, prefix: [0, 0, 0, 0],
      children: [MP4Box.metadataHandler, MP4Box(.ilst, children: [Self.title])])
    var moov = Self.index(chunkOffsets: [40], extra: [MP4Box(.udta, children: [meta])])
    let before = try moov.serialized()
    try moov.setFreeformItem(domain: "com.apple.iTunes", name: "iTunSMPB", text: "abc")
    let after = try moov.serialized()
    let item = MP4Box.freeformItem(domain: "com.apple.iTunes", name: "iTunSMPB", text: "abc")
    let itemSize = try item.serialized().count
    #expect(itemSize == 8 + 28 + 20 + 19)
    #expect(after.count == before.count + itemSize)
    #expect(moov.descendant(.udta, .meta, .ilst)?.children == [Self.title, item])
    let reparsed = try MP4Box(parsing: after)
    for path in [[MP4BoxType.udta], [.udta, .meta], [.udta, .meta, .ilst]] {
      let old = try #require(MP4Box(parsing: before).descendant(path))
      let new = try #require(reparsed.descendant(path))
      #expect(try new.serialized().count == old.serialized().count + itemSize)
    }
  }

  @Test func aQuickTimeMetaWithoutVersionAndFlagsKeepsItsForm() throws {
    let meta = MP4Box(.meta, children: [MP4Box.metadataHandler, MP4Box(.ilst, children: [])])
    var moov = try MP4Box(
      parsing: Self.index(chunkOffsets: [], extra: [MP4Box(.udta, children: [meta])]).serialized())
    #expect(moov.descendant(.udta, .meta) == meta)
    try moov.setFreeformItem(domain: "com.apple.iTunes", name: "iTunSMPB", text: " 0")
    let edited = try #require(moov.descendant(.udta, .meta))
    #expect(edited.content == .container(prefix: [], children: edited.children))
    #expect(moov.descendant(.udta, .meta, .ilst)?.childTypes == ["----"])
  }

  @Test func chunkOffsetsAtOrPastTheStartMove() throws {
    var moov = Self.index(chunkOffsets: [100, 5_000, 6_000])
    try moov.shiftChunkOffsets(from: 5_000, by: 188)
    #expect(moov.chunkOffsets == [100, 5_188, 6_188])
    try moov.shiftChunkOffsets(from: 5_188, by: -188)
    #expect(moov.chunkOffsets == [100, 5_000, 6_000])
  }

  @Test func sixtyFourBitChunkOffsetsMoveToo() throws {
    let co64 = MP4Box(
      .co64,
      payload: [0, 0, 0, 0, 0, 0, 0, 2] + Int64(40).bigEndianBytes + Int64(1 << 33).bigEndianBytes)
    var moov = MP4Box(.moov, children: [MP4Box(.trak, children: [co64])])
    try moov.shiftChunkOffsets(from: 41, by: 8)
    let payload = try #require(moov.descendant(.trak, .co64)?.payload)
    #expect(Int64(bigEndianBytes: payload.dropFirst(8)) == 40)
    #expect(Int64(bigEndianBytes: payload.dropFirst(16)) == 1 << 33 + 8)
  }

  @Test func aChunkOffsetPastFourGiBIsRefused() throws {
    var moov = Self.index(chunkOffsets: [UInt32.max - 10])
    #expect(
      throws: MP4BoxError(
        boxPath: "moov/trak/mdia/minf/stbl/stco",
        reason: "a chunk offset of 4294967473 does not fit in 32 bits")
    ) {
      try moov.shiftChunkOffsets(from: 0, by: 188)
    }
  }

  @Test func aChildRunningPastItsParentIsNamedByItsPath() throws {
    var bytes = try Self.index(chunkOffsets: [40]).serialized()
    // The stco's size (at 8 + 108 + 8 * 4) grows past its stbl's end.
    bytes[8 + 108 + 32 + 3] += 4
    #expect(
      throws: MP4BoxError(
        boxPath: "moov/trak/mdia/minf/stbl/stco",
        reason: "a box of 24 bytes runs past its parent's end, 20 bytes on")
    ) {
      _ = try MP4Box(parsing: bytes)
    }
  }

  @Test func bytesLeftOverInAParentAreRefused() throws {
    let bytes = try MP4Box(.udta, children: []).serialized() + [0, 0, 0]
    var sized = bytes
    sized[3] = UInt8(bytes.count)
    #expect(
      throws: MP4BoxError(boxPath: "udta", reason: "3 bytes left, too few for a box")
    ) {
      _ = try MP4Box(parsing: sized)
    }
  }
}
