import Foundation
import SoundFile
import TestSupport
import Testing

/// `render --stems DIR`: one file per MIDI track or score voice, adding up to the mix.
@Suite struct StemsTests {
  /// A 24-bit file's values as integers.
  private func integers(_ path: String) throws -> [Int64] {
    try SoundFileReader(path: path).readAll(maxFrames: 10_000_000).map {
      Int64(($0 * 8_388_608).rounded())
    }
  }

  @Test func aMIDIFileGetsAStemPerTrackThatAddUpToTheMix() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "render", MIDITests.band, "-o", folder + "/band.wav", "--stems", folder + "/stems",
      "--encoding", "pcm24", "--loudness", "-16",
    ])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix(
        "wrote 2 stems to '\(folder)/stems': 02-Theme.wav, 03-Bass.wav (32.123 s each, 1541894 frames, 48000 Hz, mono, wav pcm24)\n"
      ))
    #expect(listing(folder + "/stems") == ["02-Theme.wav", "03-Bass.wav"])  // drums left out
    let mix = try integers(folder + "/band.wav")
    let theme = try integers(folder + "/stems/02-Theme.wav")
    let bass = try integers(folder + "/stems/03-Bass.wav")
    #expect(theme.count == mix.count && bass.count == mix.count)
    #expect(zip(theme, bass).map { $0 + $1 } == mix)
    #expect(
      try SoundFileReader(path: folder + "/stems/03-Bass.wav").tags.title
        == "Ode to Joy (band) - Bass")
  }

  @Test func stemsAloneNeedNoOutputAndTakeTheFormatAsked() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "Examples/scores/frere-jacques-canon.xylo", "--stems", folder, "--format", "flac", "--quiet",
    ])
    #expect(result.status == 0 && result.stderr == "")
    #expect(listing(folder) == ["01-first.flac", "02-second.flac", "03-third.flac"])
  }

  @Test(arguments: [
    (
      ["-", "--stems", "s", "-o", "x.mp3"],
      "--stems writes lossless files (wav, flac, aiff, caf, w64, rf64) that add up to the mix; choose one with --format or OUT's name"
    ),
    (["-", "--stems", ""], "--stems needs a folder"),
  ])
  func stemsInALossyFormatAreABadCommandLine(_ arguments: [String], _ reason: String) throws {
    let result = try run(["render"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("xylo-render: error: \(reason)\n"))
  }

  @Test func aStemFolderThatIsAFileIsRefused() throws {
    let folder = try temporaryFolder()
    let taken = try file("taken", in: folder)
    let result = try run(["render", "-", "--stems", taken], input: "C\n")
    #expect(result.status == 1)
    #expect(result.stderr == "xylo-render: error: cannot write '\(taken)': it is not a folder\n")
  }
}
