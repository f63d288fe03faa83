import Foundation
import SoundFile
import TestSupport
import Testing

@testable import Rendering

/// `renderStems`: one file per voice, as long as the mix, adding up to it exactly.
@Suite struct StemTests {
  /// Three voices, overlapping, with a unison across two of them and a soft tap.
  private let canon = """
    tempo 150
    voice lead
    C E G C+E
    voice bass
    0 C:2 A*0.6:2
    voice lead
    F D*0.3
    voice echo
    0.5 E G E+G C
    """

  /// A 24-bit file's values as integers.
  private func integers(_ path: String) throws -> [Int64] {
    try SoundFileReader(path: path).readAll(maxFrames: 10_000_000).map {
      Int64(($0 * 8_388_608).rounded())
    }
  }

  /// Renders `canon` with `options` to stems in a new folder and the mix beside it.
  private func renderCanon(_ options: SoundOptions) throws -> (StemsSummary, String) {
    let folder = try temporaryFolder()
    var sound = options
    sound.encoding = .pcm24
    let summary = try Song(text: canon, options: sound).renderStems(
      StemsRequest(folder: folder + "/stems", mix: .file(folder + "/mix.wav")))
    return (summary, folder)
  }

  @Test(arguments: [
    SoundOptions(), SoundOptions(level: .normalize(peakDecibels: -1)),
    SoundOptions(level: .loudness(lufs: -10, truePeakCeiling: -1)),
    SoundOptions(room: .small), SoundOptions(channels: 2, fadeOut: Rational(1, 2)),
    SoundOptions(ditherSeed: 7),
  ])
  func theStemsAddUpToTheMixExactly(_ options: SoundOptions) throws {
    let (summary, folder) = try renderCanon(options)
    #expect(summary.stems.map(\.part.name) == ["lead", "bass", "echo"])
    #expect(
      listing(folder + "/stems") == ["01-lead.wav", "02-bass.wav", "03-echo.wav"])
    let mix = try integers(folder + "/mix.wav")
    var sum = [Int64](repeating: 0, count: mix.count)
    for stem in summary.stems {
      let values = try integers(stem.path)
      #expect(values.count == mix.count)
      for index in values.indices { sum[index] += values[index] }
      #expect(values.contains { $0 != 0 })
    }
    #expect(sum == mix)
    #expect(summary.mix.clippedCount == 0 && summary.stems.allSatisfy { $0.clippedCount == 0 })
    // The mix is the very file a plain render writes.
    var plain = try Song(
      text: canon, options: options.overridden(by: SoundOptions(encoding: .pcm24)))
    plain.settings.jobs = 1
    _ = try plain.render(to: .file(folder + "/plain.wav"))
    #expect(
      FileManager.default.contents(atPath: folder + "/plain.wav")
        == FileManager.default.contents(atPath: folder + "/mix.wav"))
  }

  @Test func floatStemsAddUpWithinFloatRounding() throws {
    let folder = try temporaryFolder()
    let summary = try Song(text: canon, options: SoundOptions(encoding: .float)).renderStems(
      StemsRequest(folder: folder, mix: .file(folder + "/mix.wav")))
    let mix = try SoundFileReader(path: folder + "/mix.wav").readAll(maxFrames: 10_000_000)
    var sum = [Float](repeating: 0, count: mix.count)
    for stem in summary.stems {
      for (index, value) in try SoundFileReader(path: stem.path).readAll(maxFrames: 10_000_000)
        .enumerated()
      {
        sum[index] += value
      }
    }
    #expect(zip(sum, mix).allSatisfy { abs($0 - $1) <= 1e-6 })
  }

  @Test func aScoreWithoutVoicesHasOneStemAsTheMix() throws {
    let folder = try temporaryFolder()
    let summary = try Song(text: "C E G").renderStems(
      StemsRequest(folder: folder + "/new/deeper"))
    #expect(listing(folder + "/new/deeper") == ["01-main.wav"])
    _ = try Song(text: "C E G").render(to: .file(folder + "/mix.wav"))
    #expect(
      try SoundFileReader(path: folder + "/mix.wav").readAll(maxFrames: 1_000_000)
        == SoundFileReader(path: summary.stems[0].path).readAll(maxFrames: 1_000_000))
  }

  @Test(arguments: [
    ("melody", "melody"), ("Right hand/2", "Right_hand_2"), ("../../etc/passwd", "etc_passwd"),
    (".hidden", "hidden"), ("a\u{7}b\tc", "a_b_c"), ("Flûte à bec", "Flûte_à_bec"),
    ("   ", "voice"), ("C: *?\"<>|", "C"),
    (String(repeating: "x", count: 100), String(repeating: "x", count: 64)),
  ])
  func voiceNamesBecomeSafeFileNames(name: String, safe: String) {
    #expect(VoicePart.safeFileName(name) == safe)
    #expect(
      VoicePart(index: 2, name: name).stemFileName(digits: 2, extension: "flac")
        == "03-\(safe).flac")
  }

  @Test func aLossyFormatAFileAndLinksAreRefusedBeforeAnythingIsWritten() throws {
    let folder = try temporaryFolder()
    #expect(throws: RenderError.self) {
      try Song(text: "C").renderStems(StemsRequest(folder: folder + "/s"), as: .sound(.mp3))
    }
    #expect(listing(folder).isEmpty)
    let file = try TestSupport.file("taken", in: folder)
    #expect(throws: RenderError.output(OutputError(path: file, reason: "it is not a folder"))) {
      try Song(text: "C").renderStems(StemsRequest(folder: file))
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/real", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link", withDestinationPath: "real")
    #expect(throws: RenderError.self) {
      try Song(text: "C").renderStems(StemsRequest(folder: folder + "/link"))
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/real/01-main.wav", withDestinationPath: "../victim")
    #expect(
      throws: RenderError.output(
        OutputError(
          path: folder + "/real/01-main.wav", reason: "it is a symbolic link, which is not followed"
        ))
    ) {
      try Song(text: "C").renderStems(StemsRequest(folder: folder + "/real"))
    }
    #expect(listing(folder + "/real") == ["01-main.wav"])
    #expect(!FileManager.default.fileExists(atPath: folder + "/victim"))
  }
}
