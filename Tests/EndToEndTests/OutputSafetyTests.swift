import Foundation
import TestSupport
import Testing

/// Outputs that are not plain new files: special files, inputs, links, modes, leftovers.
@Suite struct OutputSafetyTests {
  private func score(_ text: String = "C D E\n", in folder: String) throws -> String {
    let path = folder + "/s.xylo"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  /// The tests' file-creation mask, which the binary inherits (read without changing it).
  private func creationMask() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    return try #require(Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
  }

  @Test func aFIFOIsWrittenThroughNotReplaced() throws {
    let folder = try temporaryFolder()
    let fifo = folder + "/f.wav"
    #expect(mkfifo(fifo, 0o644) == 0)
    let copy = folder + "/got"
    let reader = Process()  // a reader, as `cat f.wav > got` would be
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, copy]
    try reader.run()
    let result = try run(["render", try score(in: folder), "-o", fifo, "--quiet"])
    // A render that replaced the FIFO would leave the reader waiting for a writer forever.
    let deadline = Date().addingTimeInterval(20)
    while reader.isRunning && Date() < deadline { usleep(10_000) }
    if reader.isRunning { reader.terminate() }
    reader.waitUntilExit()
    let received = try Data(contentsOf: URL(fileURLWithPath: copy))
    #expect(result.status == 0)
    #expect(received.prefix(4) == Data("RIFF".utf8))
    #expect(received.count == 44 + 81_216 * 2)
    let attributes = try FileManager.default.attributesOfItem(atPath: fifo)
    #expect(attributes[.type] as? FileAttributeType == .typeUnknown)  // still a FIFO
    #expect(listing(folder) == ["f.wav", "got", "s.xylo"])
  }

  @Test(.enabled(if: getuid() == 0, "making a character device needs root (CI runs as root)"))
  func aCharacterDeviceStaysADevice() throws {
    let folder = try temporaryFolder()
    let device = folder + "/null"  // a private /dev/null: the system's is not risked
    #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let result = try run(["render", try score(in: folder), "-o", device, "--format", "wav"])
    #expect(result.status == 0)
    var info = stat()
    #expect(stat(device, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
    #expect(listing(folder) == ["null", "s.xylo"])
  }

  @Test func devStdoutIsStandardOutput() throws {
    let folder = try temporaryFolder()
    let result = try run(["render", try score(in: folder), "-o", "/dev/stdout", "--format", "wav"])
    #expect(result.status == 0)
    #expect(result.stdoutData.prefix(4) == Data("RIFF".utf8))
    #expect(result.stdoutData.count == 44 + 81_216 * 2)
    #expect(result.stderr.hasPrefix("wrote '/dev/stdout': 1.692 s"))
  }

  @Test func aSocketIsRefused() throws {
    let folder = try temporaryFolder()
    let path = folder + "/s.wav"
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    let result = try run(["render", try score(in: folder), "-o", path])
    #expect(result.stderr == "xylo-render: error: cannot write '\(path)': it is a socket\n")
    #expect(result.status == 1)
  }

  @Test func theScoreIsNeverItsOwnOutput() throws {
    let folder = try temporaryFolder()
    let path = try score(in: folder)
    let result = try run(["render", path, "-o", path, "--format", "wav"])
    #expect(
      result.stderr
        == "xylo-render: error: cannot write '\(path)': it is the same file as the input '\(path)'\n"
    )
    #expect(result.status == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "C D E\n")
    #expect(listing(folder) == ["s.xylo"])
  }

  @Test func aSampleBeingReadIsNeverTheOutputEvenThroughALink() throws {
    let bank = try impulseBank()
    let before = try Data(contentsOf: URL(fileURLWithPath: bank + "/C.wav"))
    let folder = try temporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.wav", withDestinationPath: bank + "/C.wav")
    let result = try run(
      ["render", try score(in: folder), "--bank", bank, "-o", folder + "/link.wav"])
    #expect(
      result.stderr
        == "xylo-render: error: cannot write '\(folder)/link.wav': it is the same file as the input '\(bank)/C.wav'\n"
    )
    #expect(result.status == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: bank + "/C.wav")) == before)
  }

  @Test func aNewFileGetsTheUmaskAndAReplacedOneKeepsItsMode() throws {
    let folder = try temporaryFolder()
    let path = folder + "/o.wav"
    let source = try score(in: folder)
    #expect(try run(["render", source, "-o", path, "--quiet"]).status == 0)
    #expect(try mode(path) == 0o666 & ~(try creationMask()))
    chmod(path, 0o640)
    #expect(try run(["render", source, "-o", path, "--quiet", "--format", "flac"]).status == 0)
    #expect(try mode(path) == 0o640)
  }

  @Test func aLinkAsOutputIsWrittenThroughToItsTarget() throws {
    let folder = try temporaryFolder()
    let target = folder + "/real.wav"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.wav", withDestinationPath: "real.wav")
    let result = try run(["render", try score(in: folder), "-o", folder + "/link.wav", "--quiet"])
    #expect(result.status == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.wav") == "real.wav")
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(4) == Data("RIFF".utf8))
    #expect(listing(folder) == ["link.wav", "real.wav", "s.xylo"])
  }

  @Test func temporariesOfAKilledRenderAreRemovedByTheNext() throws {
    let folder = try temporaryFolder()
    // A process that has ended: its pid names no process now.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let abandoned = ".o.wav.xylo-\(ended.processIdentifier)-AbC123"
    let alive = ".o.wav.xylo-\(getpid())-XyZ789"  // this test process is still running
    for name in [abandoned, alive] {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    let result = try run(["render", try score(in: folder), "-o", folder + "/o.wav", "--quiet"])
    #expect(result.status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == [alive, "o.wav", "s.xylo"])
  }

  @Test func aFailedStandardOutputIsAnError() throws {
    let folder = try temporaryFolder()
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = ["events", try score(in: folder)]
    process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      message == "xylo-render: error: cannot write standard output: No space left on device\n")
    #expect(process.terminationStatus == 1)
  }

  @Test func controlCharactersFromBanksAndNotationNeverReachTheTerminalRaw() throws {
    let folder = try temporaryFolder()
    let escape = "\u{1B}]0;owned\u{07}\u{1B}[2J"
    // An SFZ value, a sample path that is not there, and a sample the keys table lists.
    let badValue = try file(
      "v.sfz", in: folder, holding: Array("<region> sample=a.wav volume=\(escape)\n".utf8))
    let badPath = try file(
      "p.sfz", in: folder, holding: Array("<region> sample=\(escape).wav key=60\n".utf8))
    let abc = try file(
      "t.abc", in: folder, holding: Array("X:1\nT:t\nK:C\nC D \(escape) E|\n".utf8))
    let samples = folder + "/bank"
    try FileManager.default.createDirectory(atPath: samples, withIntermediateDirectories: true)
    #expect(try run(["render", "-", "-o", samples + "/C\(escape).wav"], input: "C\n").status == 0)
    _ = try file(
      "k.sfz", in: samples, holding: Array("<region> sample=C\(escape).wav key=60\n".utf8))
    let runs = [
      try run(["render", "-", "--bank", badValue, "-o", folder + "/v.wav"], input: "C4\n"),
      try run(["render", "-", "--bank", badPath, "-o", folder + "/p.wav"], input: "C4\n"),
      try run(["check", abc]),
      try run(["keys", "--bank", samples + "/k.sfz"]),
    ]
    for (index, result) in runs.enumerated() {
      #expect(!(result.stdout + result.stderr).contains("\u{1B}"), "\(index): \(result.stderr)")
      #expect(!(result.stdout + result.stderr).contains("\u{07}"), "\(index)")
    }
    #expect(runs[0].status == 1 && runs[0].stderr.contains("volume=\\u{1B}]0;owned\\u{7}"))
    #expect(runs[1].status == 1 && runs[1].stderr.contains("\\u{1B}[2J.wav"))
    #expect(runs[3].status == 0 && runs[3].stdout.contains("C\\u{1B}]0;owned\\u{7}"))
  }

  @Test func aHugeUnknownKeyIsQuotedShortAndEscaped() throws {
    let folder = try temporaryFolder()
    let key = "Q" + String(repeating: "x", count: 1_000_000)
    let result = try run(["check", try score(key + "\nC \u{1B}[31m\n", in: folder)])
    #expect(result.status == 1)
    #expect(result.stderr.utf8.count < 2_000)
    #expect(
      result.stderr.contains(
        "error: unknown key 'Q\(String(repeating: "x", count: 23))...\(String(repeating: "x", count: 13))'"
      ))
    #expect(result.stderr.contains("error: unknown token '\\u{1B}'"))
    #expect(!result.stderr.contains("\u{1B}"))  // nothing reaches the terminal raw
  }

  @Test func floatValuesPastFullScaleAreKeptAndSaidSo() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "render", try score(in: folder), "-o", folder + "/o.wav", "--encoding", "float", "--gain",
      "20",
    ])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: 2913 samples exceed full scale (peak +11.8 dBFS at 0.502 s), kept in the float file; try --normalize or --gain\n"
      ))
  }

  @Test func aScoreWithoutTapsWarnsThatTheOutputIsSilence() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "render", try score("# nothing yet\n", in: folder), "-o", folder + "/o.wav",
    ])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: '\(folder)/s.xylo' has no taps; the output is silence\n"))
  }

  @Test func theGoldenIsNeverTheDifferenceFile() throws {
    let folder = try temporaryFolder()
    let source = try score(in: folder)
    for name in ["golden.wav", "actual.wav"] {
      #expect(try run(["render", source, "-o", "\(folder)/\(name)", "--quiet"]).status == 0)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/golden.wav"))
    let result = try run([
      "compare", folder + "/golden.wav", folder + "/actual.wav", "--diff-out",
      folder + "/golden.wav",
    ])
    #expect(
      result.stderr
        == "xylo-render: error: cannot write '\(folder)/golden.wav': it is the same file as the input '\(folder)/golden.wav'\n"
    )
    #expect(result.status == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/golden.wav")) == before)
  }

  @Test func bankExportsAndDifferencesGetTheUmaskToo() throws {
    let folder = try temporaryFolder()
    let expected = 0o666 & ~(try creationMask())
    #expect(try run(["bank", "export", folder + "/bank", "--quiet"]).status == 0)
    #expect(try mode(folder + "/bank/C.wav") == expected)
    let source = try score(in: folder)
    #expect(try run(["render", source, "-o", folder + "/a.wav", "--quiet"]).status == 0)
    #expect(
      try run(["render", source, "-o", folder + "/b.wav", "--quiet", "--gain", "-1"]).status == 0)
    _ = try run(["compare", folder + "/a.wav", folder + "/b.wav", "--diff-out", folder + "/d.wav"])
    #expect(try mode(folder + "/d.wav") == expected)
  }

  @Test func identicalFilesWriteNoDifference() throws {
    let folder = try temporaryFolder()
    #expect(
      try run(["render", try score(in: folder), "-o", folder + "/a.wav", "--quiet"]).status == 0)
    let result = try run([
      "compare", folder + "/a.wav", folder + "/a.wav", "--diff-out", folder + "/d.wav",
    ])
    #expect(result.status == 0)
    #expect(listing(folder) == ["a.wav", "s.xylo"])
  }
}

/// Every file a command reads is an input no output may replace; every side file is checked
/// before the main output is replaced; two outputs of one command never share a name.
@Suite struct SideFileTests {
  @Test func theBanksOwnSFZFileIsAnInputNoOutputMayReplace() throws {
    let folder = try temporaryFolder()
    #expect(try run(["render", "-", "-o", folder + "/C.wav", "--quiet"], input: "C\n").status == 0)
    let text = Array("<region> sample=C.wav key=60\n".utf8)
    let sfz = try file("bank.sfz", in: folder, holding: text)
    for arguments in [
      ["-o", sfz, "--format", "wav"],
      ["-o", folder + "/out.wav", "--manifest", sfz],
    ] {
      let result = try run(["render", "-", "--bank", sfz] + arguments, input: "C4\n")
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains("it is the same file as the input"), "\(result.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: sfz)) == Data(text))
    }
  }

  @Test func aManifestThatCannotBeWrittenCostsNoEarlierOutput() throws {
    let folder = try temporaryFolder()
    let earlier = try file("out.wav", in: folder, holding: Array("earlier".utf8))
    for manifest in [folder + "/missing/m.json", folder] {
      let result = try run(
        ["render", "-", "-o", earlier, "--manifest", manifest, "--quiet"], input: "C\n")
      #expect(result.status == 1, "\(manifest)")
      #expect(try String(contentsOfFile: earlier, encoding: .utf8) == "earlier", "\(manifest)")
    }
  }

  @Test func aStemIsNeverReplacedByTheMixOrTheManifest() throws {
    let folder = try temporaryFolder()
    let stems = folder + "/stems"
    let score = "voice a\nC D\nvoice b\nE F\n"
    for extra in [["-o", stems + "/01-a.wav"], ["--manifest", stems + "/02-b.wav"]] {
      let result = try run(
        ["render", "-", "--stems", stems, "--quiet"] + extra,
        input: score)
      #expect(result.status == 1, "\(extra): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "another output of the command (the audio or a stem) goes there too"),
        "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: stems + "/01-a.wav"), "\(extra)")
    }
    // A manifest of its own name in the stems' new folder is written beside them.
    let fresh = folder + "/fresh"
    let result = try run(
      ["render", "-", "--stems", fresh, "--manifest", fresh + "/m.json", "--quiet"], input: score)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: fresh + "/m.json"))
    #expect(FileManager.default.fileExists(atPath: fresh + "/02-b.wav"))
  }
}
