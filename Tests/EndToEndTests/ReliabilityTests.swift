import Foundation
import TestSupport
import Testing

/// Hostile input found by probing, each answer pinned: one limit for every length, resource
/// limits the command line alone sets. docs/reliability.md lists them.
@Suite struct LengthLimitTests {
  @Test func aScoresDurationPastTheLimitIsRefusedAtItsWordBeforeAnyWork() throws {
    let folder = try temporaryFolder()
    let score = try file(
      "song.xylo", in: folder, holding: Array("options --duration 999999\nC D E\n".utf8))
    let result = try run(["render", score, "-o", folder + "/out.wav"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "\(score):1:9: error: --duration 999999 s is over the 7200 s limit (see --max-duration)\n"))
    #expect(listing(folder) == ["song.xylo"])
  }

  @Test(arguments: [
    (["--duration", "999999"], "--duration 999999 s"), (["--tail", "7201"], "--tail 7201 s"),
    (["--fade-out", "10000.5"], "--fade-out 10000.5 s"),
  ])
  func aLengthOptionPastTheLimitIsABadCommandLine(_ option: [String], _ named: String) throws {
    let result = try run(["render", "-", "-o", "x.wav"] + option, input: "C\n")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: \(named) is over the 7200 s limit (see --max-duration)\n"))
  }

  @Test func theCallersLengthReplacesTheScoresOutOfRangeOne() throws {
    let folder = try temporaryFolder()
    let result = try run(
      ["render", "-", "-o", folder + "/out.wav", "--duration", "1"],
      input: "options --duration 999999\nC\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains(": 1.000 s, 48000 frames,"))
  }

  @Test func aLargerLimitIsTheCommandLinesToGive() throws {
    let folder = try temporaryFolder()
    let result = try run(
      [
        "render", "-", "-o", folder + "/out.flac", "--tail", "7300", "--max-duration", "7400",
        "--rate", "1000", "--quiet",
      ],
      input: "C\n")
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(arguments: ["--max-sample-seconds 9999", "--max-duration=99999", "--max-taps 5"])
  func aScoreCannotLiftALimit(_ words: String) throws {
    let result = try run(["check", "-"], input: "options \(words)\nC\n")
    #expect(result.status == 1)
    let name = words.prefix { $0 != " " && $0 != "=" }
    #expect(
      result.stderr.hasPrefix(
        "<stdin>:1:9: error: in options: \(name) is a limit the command line sets, not a score\n"))
  }

  @Test func aRingtoneLongerThanTheLimitIsRefused() throws {
    let result = try run(["ringtone", "-", "-o", "x.wav", "--seconds", "99999"], input: "C\n")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--seconds is at most 40: phones refuse longer ringtones"))
  }
}

/// A render never fills a disk: an output that cannot fit is refused before a byte is
/// written, tested on a file system made for the test.
@Suite(.serialized) struct DiskSpaceTests {
  @Test(SmallFileSystem.condition)
  func anOutputTooLargeForItsFileSystemIsRefusedAndTheOldFileKept() throws {
    let disk = try SmallFileSystem(megabytes: 4)
    let out = disk.path + "/song.wav"
    let old = Data("the previous render".utf8)
    try old.write(to: URL(fileURLWithPath: out))
    // A minute of stereo 16-bit 48 kHz: 11.5 MB.
    let result = try run(
      ["render", "-", "-o", out, "--channels", "2", "--duration", "60"], input: "C\n")
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("xylo-render: error: cannot write '\(out)': it needs about 11.6 MB"),
      "\(result.stderr)")
    #expect(result.stderr.contains("and its file system has"))
    #expect(listing(disk.path) == ["song.wav"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == old)
  }

  @Test(SmallFileSystem.condition)
  func anOutputThatFitsIsWrittenOnTheSameFileSystem() throws {
    let disk = try SmallFileSystem(megabytes: 4)
    let result = try run(["render", "-", "-o", disk.path + "/s.wav", "--quiet"], input: "C E G\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(listing(disk.path) == ["s.wav"])
  }

  @Test(SmallFileSystem.condition)
  func aNearlyFullFileSystemRefusesACompressedOutputToo() throws {
    // FLAC's size is estimated as its samples' (a little more): no room for a minute of it.
    let disk = try SmallFileSystem(megabytes: 4)
    let filler = disk.path + "/filler"
    FileManager.default.createFile(atPath: filler, contents: Data(count: 3_900_000))
    let result = try run(["render", "-", "-o", disk.path + "/s.flac"], input: "[C E G]x40\n")
    #expect(result.status == 1)
    #expect(listing(disk.path) == ["filler"])
  }
}

/// The process's file-size limit (`ulimit -f`) is respected before writing, and reserving disk
/// ahead never passes it.
@Suite struct FileSizeLimitTests {
  @Test func anOutputPastTheFileSizeLimitIsRefusedBeforeWriting() throws {
    let folder = try temporaryFolder()
    let out = folder + "/song.wav"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // 1,000 blocks of 512 bytes in POSIX sh: 512 kB.
    process.arguments = [
      "-c", "ulimit -f 1000 && exec \"$0\" \"$@\"", binaryURL.path, "render", "-", "-o", out,
      "--duration", "60",
    ]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data("C\n".utf8))
    try input.fileHandleForWriting.close()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message.contains("past the file-size limit (ulimit -f) of"), "\(message)")
    #expect(listing(folder).isEmpty)
  }
}

/// A MIDI header whose track count is wrong: every track present is read, with a warning
/// naming the file and the byte; never silence without a word.
@Suite struct MIDIStructureTests {
  @Test func aHeaderDeclaringNoTracksStillPlaysTheTrackAndSaysSo() throws {
    let events: [UInt8] = [0, 0x90, 72, 100, 0x83, 0x60, 0x80, 72, 0, 0, 0xFF, 0x2F, 0]
    let bytes: [UInt8] =
      Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 0, 1, 0xE0] + Array("MTrk".utf8)
      + [0, 0, 0, UInt8(events.count)] + events
    let folder = try temporaryFolder()
    let midi = try file("zero.mid", in: folder, holding: bytes)
    let result = try run(["events", midi])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "xylo-render: warning: \(midi): byte 10: the header declares 0 tracks, the file holds 1; every track present is read\n"
    )
    #expect(result.stdout == "frame,seconds,key,gain,track\n0,0.000000,C5,0.7874015748031497,1\n")
  }
}

/// The golden runner walks folders from other people's repositories, in CI: it never writes
/// through links, never follows folder links, runs each file once, and escapes every name.
@Suite struct HostileGoldenSuiteTests {
  private func folder(_ scores: [String: String]) throws -> String {
    let folder = try temporaryFolder()
    for (name, text) in scores { try file(name, in: folder, holding: Array(text.utf8)) }
    return folder
  }

  @Test func aGoldenThatIsALinkIsNeverWrittenThrough() throws {
    let suite = try folder(["b.xylo": "C\n"])
    let outside = try temporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: suite + "/b.golden.flac", withDestinationPath: outside + "/x.flac")
    for mode in [[], ["--update"]] {
      let result = try run(["test", suite] + mode)
      #expect(result.status == 1)
      #expect(
        result.stdout.contains("it is a symbolic link; the runner never writes through links"))
    }
    #expect(listing(outside).isEmpty)
  }

  @Test func linksToFoldersAreNotFollowedAndEachFileRunsOnce() throws {
    let suite = try folder(["s.xylo": "C\n"])
    try FileManager.default.createSymbolicLink(atPath: suite + "/loop", withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(atPath: suite + "/up", withDestinationPath: "..")
    let result = try run([
      "test", suite, suite + "/s.xylo", suite + "/./s.xylo", suite + "/loop/s.xylo", "--list",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
  }

  @Test func namesCannotForgeWorkflowCommandsOrTerminalOutput() throws {
    let name = "a\n::warning ::forged,x:y%\u{1B}[31m.xylo"
    let suite = try folder([name: "C\n"])
    #expect(try run(["test", suite]).status == 0)
    try file(name, in: suite, holding: Array("D\n".utf8))
    let result = try run(["test", suite, "--annotate", "github"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!lines.contains { $0.hasPrefix("::warning") })
    #expect(!result.stdout.contains("\u{1B}"))
    let annotation = try #require(lines.first { $0.hasPrefix("::error ") })
    #expect(annotation.contains("file=\(suite)/a\\n%3A%3Awarning %3A%3Aforged%2Cx%3Ay%25\\u{1B}"))
  }

  @Test func aReportCannotReplaceAScoreOrGoldenOfTheRun() throws {
    let suite = try folder(["s.xylo": "C\n"])
    let result = try run(["test", suite, "--junit", suite + "/s.xylo"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a score or golden of these tests"))
    #expect(try String(contentsOfFile: suite + "/s.xylo", encoding: .utf8) == "C\n")
  }
}

/// Ogg Vorbis and Opus give the same bytes for the same render, as every other format: the
/// streams' serial numbers are fixed, with each page's checksum.
@Suite struct OggDeterminismTests {
  @Test(arguments: ["ogg", "opus"])
  func twoRendersGiveTheSameBytesAndDecode(_ ext: String) throws {
    let folder = try temporaryFolder()
    for name in ["a", "b"] {
      let result = try run(
        ["render", "Examples/scores/mary.xylo", "-o", "\(folder)/\(name).\(ext)", "--quiet"])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/a.\(ext)"))
    #expect(first == (try Data(contentsOf: URL(fileURLWithPath: "\(folder)/b.\(ext)"))))
    #expect(first[14..<18] == Data([1, 0, 0, 0]))  // the first page's serial number
    #expect(try run(["hash", "\(folder)/a.\(ext)"]).status == 0)
  }
}

/// A background is judged from its header before a pixel is decoded or a frame rendered.
@Suite struct HostileBackgroundTests {
  /// A PNG of `width`×`height` whose image data is `data` (a valid tiny stream by default).
  private func png(_ width: Int, _ height: Int, data: [UInt8]? = nil) -> [UInt8] {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let length = (0..<4).reversed().map { UInt8(truncatingIfNeeded: body.count >> (8 * $0)) }
      return length + Array(type.utf8) + body + [0, 0, 0, 0]  // Cairo reads past bad CRCs
    }
    func big(_ value: Int) -> [UInt8] {
      (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", big(width) + big(height) + [8, 2, 0, 0, 0])
      + chunk("IDAT", data ?? [0x78, 0x9C, 0x63, 0, 0, 0, 1, 0, 1]) + chunk("IEND", [])
  }

  private func video(background: String) throws -> RunResult {
    try run(
      [
        "video", "Examples/scores/mary.xylo", "-o", try temporaryFolder() + "/v.mp4",
        "--size", "160x90", "--background", background,
      ])
  }

  @Test func aPictureOfTooManyPixelsIsRefusedFromItsHeader() throws {
    let path = try file("huge.png", in: try temporaryFolder(), holding: png(20_000, 20_000))
    let result = try video(background: path)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "the picture is 20000x20000 pixels, more than the 50 megapixels a picture may have"))
  }

  @Test func aFIFOIsRefusedInsteadOfWaitedOn() throws {
    let path = try temporaryFolder() + "/bg.png"
    #expect(mkfifo(path, 0o600) == 0)
    let result = try video(background: path)
    #expect(result.status == 1)
    #expect(result.stderr.contains("'\(path)': not a regular file"))
  }

  @Test func aDamagedPictureSaysSoNotOutOfMemory() throws {
    let path = try file(
      "bad.png", in: try temporaryFolder(), holding: png(64, 64, data: [1, 2, 3]))
    let result = try video(background: path)
    #expect(result.status == 1)
    #expect(result.stderr.contains("the PNG picture cannot be decoded: it is damaged"))
  }
}

/// Refusals that come before the work, and outputs that keep their names.
@Suite struct EarlyRefusalTests {
  @Test func aRateTheFormatCannotHoldIsRefusedBeforeDecoding() throws {
    let folder = try temporaryFolder()
    let result = try run(
      ["render", "Examples/scores/mary.xylo", "-o", folder + "/x.flac", "--rate", "700000"])
    #expect(result.status == 1)
    #expect(result.stderr == "xylo-render: error: flac holds rates up to 655350 Hz, not 700000\n")
    #expect(listing(folder).isEmpty)
  }

  @Test func aPhonesRingtoneGoesToStandardOutputInThePresetsFormat() throws {
    let result = try run(
      ["ringtone", "Examples/scores/ringtone.xylo", "-o", "-", "--for", "iphone", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(String(decoding: result.stdoutData[4..<12], as: UTF8.self) == "ftypM4A ")
  }

  @Test func aDeviceKeepsItsNameInsteadOfGainingThePresetsExtension() throws {
    let result = try run(
      ["ringtone", "Examples/scores/ringtone.xylo", "-o", "/dev/full", "--for", "android"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "xylo-render: error: cannot write '/dev/full': No space left on device\n")
    #expect(!FileManager.default.fileExists(atPath: "/dev/full.ogg"))
  }
}

/// A loop shorter than BS.1770's 400 ms block is measured as the phone plays it, on repeat.
@Suite struct ShortLoopTests {
  @Test func aLoopOfAFifthOfASecondReachesItsTargetUnderTheCeiling() throws {
    let folder = try temporaryFolder()
    let result = try run(["ringtone", "-", "-o", folder + "/r.wav"], input: "tempo 600\nC E\n")
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: note: the ringtone plays all 2 taps\nxylo-render: note: loudness -14.0 LUFS, true peak -1.5 dBTP"
      ))
    #expect(result.stderr.hasSuffix("a seamless loop of 0.200 s, 9600 frames, 48000 Hz, mono\n"))
  }
}

/// A bank sample that is a FIFO or a device is named for what it is (it was called "empty").
@Suite struct SpecialFileSampleTests {
  @Test func aFIFOAndADeviceAreRefusedForWhatTheyAre() throws {
    let bank = try temporaryFolder()
    #expect(mkfifo(bank + "/C.wav", 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: bank + "/D.wav", withDestinationPath: "/dev/zero")
    let result = try run(["render", "-", "-o", "x.wav", "--bank", bank], input: "C\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "xylo-render: error: cannot use '\(bank)/C.wav': it is a FIFO, not a sound file; a sample is read whole\n"
    )
    let device = try run(["render", "-", "-o", "x.wav", "--bank", bank], input: "D\n")
    #expect(device.stderr.hasSuffix("D.wav': it is a device, not a sound file\n"))
  }
}

/// The tool reads back what it writes: `hash` and `compare` of its own AAC files (libsndfile
/// cannot read them; FFmpeg decodes them).
@Suite struct OwnOutputTests {
  @Test(arguments: ["m4a", "m4r"])
  func theToolsAACFilesHashTheSameEveryTime(_ ext: String) throws {
    let folder = try temporaryFolder()
    #expect(
      try run(["render", "Examples/scores/mary.xylo", "-o", "\(folder)/a.\(ext)", "--quiet"])
        .status == 0)
    let first = try run(["hash", "\(folder)/a.\(ext)"])
    #expect(first.status == 0, "\(first.stderr)")
    let path = "\(folder)/a.\(ext)"
    #expect(first.stdout.count == 64 + 2 + path.count + 1)
    #expect(try run(["hash", "\(folder)/a.\(ext)"]).stdout == first.stdout)
  }

  @Test(arguments: ["m4a", "m4r"])
  func compareReadsTheToolsAACFilesAndCallsThemLossy(_ ext: String) throws {
    let folder = try temporaryFolder()
    for name in ["a.\(ext)", "b.wav"] {
      let rendered = try run(
        ["render", "Examples/scores/mary.xylo", "-o", "\(folder)/\(name)", "--quiet"])
      #expect(rendered.status == 0, "\(rendered.stderr)")
    }
    let same = try run(["compare", "\(folder)/a.\(ext)", "\(folder)/a.\(ext)"])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdout.hasPrefix("identical: "))
    let lossy = try run(["compare", "\(folder)/b.wav", "\(folder)/a.\(ext)"])
    #expect(lossy.status == 1)
    #expect(lossy.stdout.hasPrefix("different: "))
    #expect(lossy.stderr.contains("a.\(ext)' is lossy: a codec's noise changes every sample"))
    try file("broken.\(ext)", in: folder, holding: Array("not audio".utf8))
    let broken = try run(["compare", "\(folder)/broken.\(ext)", "\(folder)/b.wav"])
    #expect(broken.status == 2)
    #expect(broken.stderr.hasPrefix("xylo-render: error: cannot read '\(folder)/broken.\(ext)': "))
  }
}

/// As many tests at once as `--jobs` allows, more than the system's thread pool: every test
/// runs (it hung), and none runs out of registered temporary files.
@Suite struct ManyJobsTests {
  @Test func twoHundredSixtyTestsOnTwoHundredFiftySixJobsAllRun() throws {
    let suite = try temporaryFolder()
    for index in 0..<260 { try file("s\(index).xylo", in: suite, holding: Array("C\n".utf8)) }
    let result = try run(["test", suite, "--jobs", "256", "--golden-format", "sha256"])
    #expect(result.status == 0, "\(result.stdout.suffix(400))")
    #expect(
      result.stdout.contains(
        "goldens: 0 failed, 0 passed, 260 written, 0 obsolete, 0 errors (260 scores,"))
  }
}
