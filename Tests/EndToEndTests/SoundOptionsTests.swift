import Foundation
import SoundFile
import TestSupport
import Testing

/// The built-in bank's sound options (`--mallet`, `--room`) and the clicks a render avoids or
/// reports: chords within full scale, a fade where `--duration` cuts, a note on abrupt stops.
@Suite struct SoundOptionsTests {
  /// Renders `score` with `options` as float samples.
  private func render(_ score: String, _ options: [String] = []) throws -> (
    values: [Float], info: AudioInfo, stderr: String
  ) {
    let out = try temporaryFolder() + "/out.wav"
    let result = try run(["render", "-", "-o", out, "--encoding", "float"] + options, input: score)
    try #require(result.status == 0, "\(result.stderr)")
    let reader = try SoundFileReader(path: out)
    return (try reader.readAll(maxFrames: 10_000_000), reader.info, result.stderr)
  }

  /// The energy of the sample-to-sample change against the energy, over the first 20 ms:
  /// larger for a brighter attack.
  private func brightness(_ values: [Float]) -> Float {
    let head = values.prefix(960)
    let change = zip(head, head.dropFirst()).reduce(Float(0)) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }
    return change / head.reduce(0) { $0 + $1 * $1 }
  }

  @Test func theHardMalletIsTheDefaultAndSofterMalletsAreDarker() throws {
    let plain = try render("C\n").values
    let hard = try render("C\n", ["--mallet", "hard"]).values
    let medium = try render("C\n", ["--mallet", "medium"]).values
    let soft = try render("C\n", ["--mallet", "soft"]).values
    #expect(plain == hard)
    #expect(brightness(medium) < brightness(hard))
    #expect(brightness(soft) < brightness(medium))
  }

  @Test func aMalletWithARecordedBankIsAUsageError() throws {
    let result = try run(["render", "-", "-o", "x.wav", "--mallet", "soft", "--bank", "app"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: --mallet and --bank cannot be combined; --mallet strikes the built-in xylophone\n"
      ))
    let unknown = try run(["render", "-", "-o", "x.wav", "--mallet", "wood"])
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.hasPrefix(
        "xylo-render: error: unknown --mallet 'wood'; use soft, medium or hard\n"))
  }

  @Test func aRoomMakesTheOutputStereoAndLongerByItsTail() throws {
    let dry = try render("C E G\n")
    let hall = try render("C E G\n", ["--room", "hall"])
    #expect(dry.info.channels == 1 && hall.info.channels == 2)
    // The hall's tail: 2.3 s more than the dry render.
    #expect(hall.info.frameCount - dry.info.frameCount == 110_400)
    // The reverb's tail is still sounding a second after the dry render ends, and dies out.
    let frames = Int(hall.info.frameCount)
    let afterDry = hall.values[
      (Int(dry.info.frameCount) + 48_000) * 2..<(Int(dry.info.frameCount) + 48_100) * 2]
    #expect(afterDry.map(abs).max() ?? 0 > 1e-5)
    #expect(hall.values[((frames - 100) * 2)...].map(abs).max() ?? 1 < 1e-4)
    // Left and right differ: a stereo room, not a copy.
    let left = stride(from: 0, to: hall.values.count, by: 2).map { hall.values[$0] }
    let right = stride(from: 1, to: hall.values.count, by: 2).map { hall.values[$0] }
    #expect(left != right)
  }

  @Test func aRoomsOutputDoesNotDependOnJobsOrBlockSize() throws {
    let one = try render("C+E G:2 HighC\n", ["--room", "small", "--jobs", "1"]).values
    let many = try render(
      "C+E G:2 HighC\n", ["--room", "small", "--jobs", "2", "--block-frames", "100"]
    ).values
    #expect(one == many)
  }

  @Test func theDocumentedChordsPeakUnderMinusOneDecibel() throws {
    // README's C+E+G and the score format's example; four keys at full strength may clip.
    for score in ["C+E+G\n", "C+E+G:2 . F+A .:2\n"] {
      let chord = try render(score)
      let peak = 20 * log10(Double(chord.values.map(abs).max() ?? 1))
      #expect(peak < -1, "\(score): peak \(peak) dBFS")
      #expect(!chord.stderr.contains("warning"))
    }
  }

  @Test func aDurationThatCutsASoundingKeyFadesOutInsteadOfStepping() throws {
    let cut = try render("F4\n", ["--duration", "0.3"]).values
    #expect(cut.count == 14_400)
    // F4 is still about -44 dBFS at 0.3 s; the fade's last frame keeps 1/240 of that.
    #expect(cut[13_000..<14_000].map(abs).max() ?? 0 > 1e-3)
    #expect(abs(cut[14_399]) < 3.3e-5)
    // The fade is 5 ms: 240 frames before the end the sound is untouched.
    let whole = try render("F4\n").values
    #expect(cut[..<14_160] == whole[..<14_160])
  }

  @Test func loudStopsWithoutAFadeGetANoteAndACutFadeSilencesIt() throws {
    let score = "C D E F G\n"
    let abrupt = try render(score, ["--bank", appSounds, "--polyphony", "1"])
    #expect(
      abrupt.stderr.contains(
        "xylo-render: note: 4 voices stop abruptly with a step of up to -26.1 dBFS (the first at 0.500 s), as the app does; --cut-fade 5 fades them out over 5 ms\n"
      ), "\(abrupt.stderr)")
    // The step is measured over 10 ms from the stop, and reported at the output's level.
    let quieter = try render(score, ["--bank", appSounds, "--polyphony", "1", "--gain", "-10"])
    #expect(quieter.stderr.contains("with a step of up to -36.1 dBFS"), "\(quieter.stderr)")
    let faded = try render(score, ["--bank", appSounds, "--polyphony", "1", "--cut-fade", "5"])
    #expect(!faded.stderr.contains("note:"))
  }
}
