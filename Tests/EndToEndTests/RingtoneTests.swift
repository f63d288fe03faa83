import Foundation
import SoundFile
import TestSupport
import Testing

/// `xylo-render ringtone`: the loop is the song on repeat, the level is the target.
@Suite struct RingtoneTests {
  @Test func theLoopIsOnePeriodOfTheSongPlayedOnRepeat() throws {
    let folder = try temporaryFolder()
    // Two seconds a period; the app-like samples ring 3.8 s, so tails reach two periods on.
    // At -30 LUFS no peak needs the limiter, so one gain maps the song to the loop.
    let once = try temporaryScore("tempo 120\nC E G:2\n")
    let ring = folder + "/ring.wav"
    let made = try run([
      "ringtone", once, "-o", ring, "--bank", appSounds, "--encoding", "float", "--quiet",
      "--loudness", "-30",
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
    let loudest = steady.indices.max { abs(steady[$0]) < abs(steady[$1]) } ?? 0
    let factor = looped[loudest] / steady[loudest]
    let worst = zip(looped, steady).map { abs($0 - $1 * factor) }.max() ?? 1
    #expect(worst < 1e-6)
    // Played twice, the file runs on across the seam as the song does.
    #expect(abs(looped[period * 2 - 2] - steady[period * 2 - 2] * factor) < 1e-6)
  }

  @Test func aRingtoneIsAtItsLoudnessTarget() throws {
    let folder = try temporaryFolder()
    #expect(
      try run(["ringtone", "Examples/scores/ringtone.xylo", "-o", folder + "/t.flac", "--quiet"])
        .status == 0)
    let measured = try run(["loudness", folder + "/t.flac", "--json"])
    #expect(measured.stdout.contains("\"integrated_lufs\": -14.0,"), "\(measured.stdout)")
    // The strikes' peaks pass the -1 dBTP ceiling at that loudness: the limiter holds them.
    let truePeak = measured.stdout.components(separatedBy: "\"true_peak_dbtp\": ").last?
      .prefix { $0 != "," }
    #expect(Double(truePeak.map(String.init) ?? "") ?? 0 <= -1.0, "\(measured.stdout)")
  }

  @Test func aSongIn68IsCutAtItsOwnBarLines() throws {
    // Bars of six eighths at quarter = 100 last 1.8 s: the last before 5 s ends at 3.6 s,
    // where four quarter beats would cut at 4.8 s, mid-bar.
    let result = try run([
      "ringtone", "Examples/scores/row-your-boat.xylo", "-o", try temporaryFolder() + "/r.wav",
      "--seconds", "5",
    ])
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: note: the ringtone plays 5 of 27 taps; 22 cut at the last bar line before the limit (3.600 s)\n"
      ))
  }

  @Test func aLongSongIsCutAtItsLastBarLineBeforeTheLimit() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "ringtone", "Examples/scores/ode-to-joy.xylo", "-o", folder + "/o.wav", "--seconds", "10",
    ])
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: note: the ringtone plays 19 of 62 taps; 43 cut at the last bar line before the limit (10.000 s)\n"
      ))
    #expect(result.stderr.hasSuffix("a seamless loop of 10.000 s, 480000 frames, 48000 Hz, mono\n"))
  }

  @Test func oneLineSaysWhatTheRingtoneKeptCutDroppedFoldedAndMerged() throws {
    let result = try run([
      "ringtone", "Examples/midi/ode-to-joy-band.mid", "--for", "android", "--parts", "all",
      "-o", try temporaryFolder() + "/band.ogg",
    ])
    #expect(result.status == 0)
    let notes = result.stderr.split(separator: "\n").filter { $0.contains("note:") }
    #expect(
      notes.first
        == "xylo-render: note: the ringtone plays 83 of 94 taps; 11 cut at the last bar line before the limit (28.000 s); 128 drum notes left out (--drums keeps them); 1 part moved by octaves as a piece into the bank's range; 4 unisons struck once"
    )
    // The reading notes are in that line, not repeated before it.
    #expect(!result.stderr.contains("as --transpose"))
  }

  @Test func aRingtoneOfSeveralPartsPlaysTheMelodyAndSaysWhichPart() throws {
    let out = try temporaryFolder() + "/band.ogg"
    let result = try run(
      ["ringtone", "Examples/midi/ode-to-joy-band.mid", "--for", "android", "-o", out])
    #expect(result.status == 0)
    let notes = result.stderr.split(separator: "\n").filter { $0.contains("note:") }
    #expect(
      notes.prefix(2) == [
        "xylo-render: note: the ringtone plays the melody, the part named as the tune: 62 notes of 94, from track 2 'Theme' (62); --parts all plays every part",
        "xylo-render: note: the ringtone plays 55 of 62 taps; 7 cut at the last bar line before the limit (28.000 s); 128 drum notes left out (--drums keeps them)",
      ])
    // A part chosen by the user is played as chosen, its chords and all.
    let chosen = try run([
      "ringtone", "Examples/midi/ode-to-joy-band.mid", "--for", "android", "--track", "3",
      "-o", out,
    ])
    #expect(!chosen.stderr.contains("melody"))
  }

  @Test func aSongThatFitsIsPlayedWhole() throws {
    let result = try run([
      "ringtone", "Examples/scores/twinkle.xylo", "-o", try temporaryFolder() + "/t.wav",
    ])
    #expect(result.stderr.hasPrefix("xylo-render: note: the ringtone plays all 42 taps\n"))
  }

  @Test func aNotificationIsAShortOneShot() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "ringtone", "Examples/scores/twinkle.xylo", "-o", folder + "/n.wav", "--for", "notification",
    ])
    #expect(result.stderr.hasSuffix("a one-shot alert of 4.800 s, 230400 frames, 48000 Hz, mono\n"))
  }

  @Test func anIPhoneRingtoneIsAACInAnM4AFileAtTheTarget() throws {
    let folder = try temporaryFolder()
    let path = folder + "/t.m4r"
    let result = try run([
      "ringtone", "Examples/scores/ringtone.xylo", "-o", path, "--for", "iphone", "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.count > 16)
    #expect(String(decoding: bytes[4..<12], as: UTF8.self) == "ftypM4A ")
    let measured = try run(["loudness", path])
    #expect(measured.stdout.hasPrefix("-14.0 LUFS  "))
    let again = folder + "/again.m4r"
    _ = try run(["ringtone", "Examples/scores/ringtone.xylo", "-o", again, "--quiet"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == bytes)
  }

  @Test func anAndroidRingtoneIsOggMarkedToLoop() throws {
    let folder = try temporaryFolder()
    let path = folder + "/t.ogg"
    #expect(
      try run(["ringtone", "Examples/scores/ringtone.xylo", "-o", path, "--for", "android"])
        .status == 0)
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(text.contains("ANDROID_LOOP=true"))
    #expect(text.contains("TITLE=Xylophone Ring"))
    let alert = folder + "/a.ogg"
    #expect(
      try run(["ringtone", "Examples/scores/twinkle.xylo", "-o", alert, "--for", "notification"])
        .status == 0)
    let oneShot = String(decoding: try Data(contentsOf: URL(fileURLWithPath: alert)), as: UTF8.self)
    #expect(!oneShot.contains("ANDROID_LOOP"))
  }

  @Test func ringtonesHoldTheTruePeakCeilingAsDecodedAndRefuseOtherLevels() throws {
    let folder = try temporaryFolder()
    // AAC's ringing lifts twinkle's true peak over -1 dBTP: it is encoded again, quieter.
    let iphone = try run([
      "ringtone", "Examples/scores/twinkle.xylo", "-o", folder + "/t.m4r", "--for", "iphone",
    ])
    #expect(iphone.status == 0)
    #expect(
      iphone.stderr.contains(
        "\nxylo-render: note: the codec lifted the true peak over the ceiling: encoded again "))
    for name in ["t.m4r", "t.ogg"] {
      if name == "t.ogg" {
        _ = try run([
          "ringtone", "Examples/scores/twinkle.xylo", "-o", folder + "/t.ogg", "--for", "android",
          "--quiet",
        ])
      }
      let words = try run(["loudness", "\(folder)/\(name)"]).stdout.split(separator: " ")
      let peak = words.firstIndex(of: "dBTP").flatMap { Double(words[$0 - 1]) }
      #expect((peak ?? 0) <= -1, "\(name): \(peak ?? 0) dBTP")
    }
    let gain = try run(
      ["ringtone", "-", "-o", folder + "/g.ogg", "--for", "android"], input: "options --gain 3\nC\n"
    )
    #expect(gain.status == 1)
    #expect(
      gain.stderr
        == "xylo-render: error: a ringtone's level is its loudness target: --gain cannot apply; use --loudness LUFS\n"
    )
    let long = try run(
      ["ringtone", "Examples/scores/ode-to-joy.xylo", "-o", folder + "/o.ogg", "--seconds", "35"])
    #expect(
      long.stderr.hasPrefix(
        "xylo-render: warning: --seconds 35.0: some phones refuse ringtones of 30 s or more; 29.9 is the safe length\n"
      ))
  }

  @Test func anM4RLongerThanTheIPhoneTakesIsRefused() throws {
    let result = try run([
      "ringtone", "Examples/scores/twinkle.xylo", "-o", "/tmp/x.m4r", "--seconds", "45",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: an iPhone ringtone (.m4r) must be shorter than 40 s; use --seconds 29.9\n"
      ))
  }

  @Test func renderWritesAACInMP4ByExtensionTheSameBytesEveryRun() throws {
    let folder = try temporaryFolder()
    let first = try run(["render", "Examples/scores/twinkle.xylo", "-o", folder + "/a.m4a"])
    #expect(first.status == 0)
    #expect(first.stderr.hasSuffix(", 48000 Hz, mono, aac in mp4\n"))
    _ = try run([
      "render", "Examples/scores/twinkle.xylo", "-o", folder + "/b.mp4", "--format", "m4a",
      "--quiet",
    ])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.m4a"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/b.mp4")) == bytes)
    #expect(String(decoding: bytes[4..<12], as: UTF8.self) == "ftypM4A ")
    #expect(try run(["loudness", folder + "/a.m4a"]).stdout.hasPrefix("-25.5 LUFS  "))
  }
}
