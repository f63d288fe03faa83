import Foundation
import SoundFile
import Testing

/// `xylo-render ringtone`: the loop is the song on repeat, the level is the target.
@Suite struct RingtoneTests {
  @Test func theLoopIsOnePeriodOfTheSongPlayedOnRepeat() throws {
    let folder = try temporaryFolder()
    // Two seconds a period; the app's samples ring 3.8 s, so tails reach two periods on.
    let once = try temporaryScore("tempo 120\nC E G:2\n")
    let ring = folder + "/ring.wav"
    let made = try run([
      "ringtone", once, "-o", ring, "--bank", appSounds, "--encoding", "float", "--quiet",
    ])
    #expect(made.status == 0, "\(made.stderr)")
    let repeated = try temporaryScore("tempo 120\n[C E G:2]x4\n")
    let plain = folder + "/plain.wav"
    #expect(
      try run([
        "render", repeated, "-o", plain, "--bank", appSounds, "--encoding", "float", "--quiet",
      ]).status == 0)
    let loop = try SoundFileReader(path: ring)
    let song = try SoundFileReader(path: plain)
    let period = 96_000
    #expect(loop.info.frameCount == Int64(period))
    let looped = try loop.readAll(maxFrames: 10_000_000)
    let steady = Array(try song.readAll(maxFrames: 10_000_000)[(3 * period * 2)..<(4 * period * 2)])
    // The same samples but for the loudness gain: one factor everywhere.
    let factor = looped[100] / steady[100]
    let worst = zip(looped, steady).map { abs($0 - $1 * factor) }.max() ?? 1
    #expect(worst < 1e-6)
    // Played twice, the file runs on across the seam as the song does.
    #expect(abs(looped[period * 2 - 2] - steady[period * 2 - 2] * factor) < 1e-6)
  }

  @Test func aRingtoneIsAtItsLoudnessTarget() throws {
    let folder = try temporaryFolder()
    #expect(
      try run(["ringtone", "Examples/scores/twinkle.xylo", "-o", folder + "/t.flac", "--quiet"])
        .status == 0)
    let measured = try run(["loudness", folder + "/t.flac"])
    #expect(measured.stdout.hasPrefix("-14.0 LUFS  "))
  }

  @Test func aLongSongIsCutAtItsLastBarLineBeforeTheLimit() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "ringtone", "Examples/scores/ode-to-joy.xylo", "-o", folder + "/o.wav", "--seconds", "10",
    ])
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: note: the song is longer than the ringtone may be: cut at its last bar line before the limit, 10.000 s\n"
      ))
    #expect(result.stderr.hasSuffix("a seamless loop of 10.000 s, 480000 frames, 48000 Hz, mono\n"))
  }

  @Test func aNotificationIsAShortOneShot() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "ringtone", "Examples/scores/twinkle.xylo", "-o", folder + "/n.wav", "--for", "notification",
    ])
    #expect(result.stderr.hasSuffix("a one-shot alert of 4.800 s, 230400 frames, 48000 Hz, mono\n"))
  }
}
