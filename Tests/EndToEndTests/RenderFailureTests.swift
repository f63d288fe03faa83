import Foundation
import TestSupport
import Testing

/// Whatever fails, no partial file appears, an old file is untouched, no temporary file stays.
@Suite struct RenderFailureTests {
  private func oldFile(in folder: String) throws -> (path: String, bytes: Data) {
    let path = folder + "/out.wav"
    let bytes = Data("the previous render".utf8)
    try bytes.write(to: URL(fileURLWithPath: path))
    return (path, bytes)
  }

  @Test func aBrokenSampleLeavesThePreviousOutputUntouched() throws {
    let bank = try impulseBank()
    try Data("not audio".utf8).write(to: URL(fileURLWithPath: bank + "/D.wav"))
    let folder = try temporaryFolder()
    let old = try oldFile(in: folder)
    let result = try run(["render", "-", "-o", old.path, "--bank", bank], input: "C D\n")
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("xylo-render: error: cannot use '\(bank)/D.wav': "))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: old.path)) == old.bytes)
    #expect(listing(folder) == ["out.wav"])
  }

  /// A render given where its score goes (`info song.wav`) is named as audio in one line, not
  /// read as text that fails fifty times; the output named is not written.
  @Test(arguments: ["wav", "flac"])
  func aSoundFileGivenAsAScoreIsNamedAsAudio(_ kind: String) throws {
    let folder = try temporaryFolder()
    let audio = folder + "/twinkle." + kind
    #expect(
      try run(["render", "Examples/scores/twinkle.xylo", "-o", audio, "--quiet", "--channels", "2"])
        .status == 0)
    let message =
      "xylo-render: error: cannot read '\(audio)': it is audio (48000 Hz, 2 channels), not a"
      + " score: xylo-render reads scores as text, MIDI, MusicXML or ABC\n"
    for command in [["info", audio], ["render", audio, "-o", folder + "/out.wav"]] {
      let result = try run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr == message, "\(command)")
    }
    #expect(listing(folder) == ["twinkle." + kind])
  }

  @Test func aKeyMissingFromTheBankIsAScoreError() throws {
    let bank = try impulseBank(keys: ["C", "D"])
    let score = try temporaryScore("C D\nE C\n")
    let out = try temporaryFolder() + "/o.wav"
    let result = try run(["render", score, "-o", out, "--bank", bank])
    #expect(
      result.stderr == """
        \(score):2:1: error: unknown key 'E'; the bank has no such title
        E C
        ^

        """)
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aMissingOutputFolderIsNamed() throws {
    let bank = try impulseBank()
    let result = try run(["render", "-", "-o", "/no/such/dir/o.wav", "--bank", bank], input: "C\n")
    #expect(
      result.stderr
        == "xylo-render: error: cannot write '/no/such/dir/o.wav': the folder '/no/such/dir' does not exist\n"
    )
    #expect(result.status == 1)
  }

  @Test func anOutputThatIsAFolderIsRefused() throws {
    let bank = try impulseBank()
    let folder = try temporaryFolder()
    let result = try run(
      ["render", "-", "-o", folder, "--bank", bank, "--format", "wav"], input: "C\n")
    #expect(result.stderr == "xylo-render: error: cannot write '\(folder)': it is a folder\n")
    #expect(result.status == 1)
    #expect(listing(folder).isEmpty)
  }

  @Test func aMissingBankFolderIsNamed() throws {
    let result = try run(["render", "-", "-o", "/tmp/x.wav", "--bank", "/no/bank"], input: "C\n")
    #expect(result.stderr == "xylo-render: error: cannot use '/no/bank': no such folder\n")
    #expect(result.status == 1)
  }

  /// Every signal that ends a process by default, SIGKILL and SIGSTOP aside.
  @Test(arguments: [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2,
  ])
  func interruptingARenderLeavesNoFile(_ signal: Int32) throws {
    let folder = try temporaryFolder()
    let old = try oldFile(in: folder)
    let score = try temporaryScore("tempo 60\n[C D E F G A B HighC]x450\n")
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = ["render", score, "-o", old.path, "--bank", appSounds, "--quiet"]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Wait until the temporary file exists, so the signal arrives mid-render.
    let deadline = Date().addingTimeInterval(20)
    while listing(folder).count < 2 && Date() < deadline && process.isRunning { usleep(10_000) }
    usleep(100_000)
    kill(process.processIdentifier, signal)
    let stopDeadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < stopDeadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    if signal == SIGQUIT || signal == SIGXCPU {
      // Their default would dump core; the tool exits as a shell reports a signal instead.
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 128 + signal)
    } else {
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(process.terminationStatus == signal)
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    #expect(message.isEmpty)  // no crash report
    #expect(listing(folder) == ["out.wav"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: old.path)) == old.bytes)
  }

  @Test(arguments: ["wav", "flac", "aiff", "caf", "w64", "rf64", "ogg", "opus", "mp3"])
  func aFileSizeLimitFailsCleanlyAndKeepsTheOldFile(_ ext: String) throws {
    let folder = try temporaryFolder()
    let path = folder + "/out.\(ext)"
    try Data("the previous render".utf8).write(to: URL(fileURLWithPath: path))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "ulimit -f 100; exec \"$0\" \"$@\"", binaryURL.path, "render",
      "Examples/scores/twinkle.xylo", "-o", path, "--bank", appSounds,
    ]
    process.currentDirectoryURL = packageRoot
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    // Refused from its estimated size, before a byte is written.
    #expect(
      message.hasPrefix("xylo-render: error: cannot write '\(path)': it would be about "),
      "\(message)")
    #expect(message.hasSuffix(", past the file-size limit (ulimit -f) of 51.2 kB\n"))
    #expect(listing(folder) == ["out.\(ext)"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "the previous render")
  }

  @Test(.unprivilegedRunIsPossible) func aFolderThatIsNotWritableIsNamed() throws {
    let bank = try impulseBank()
    try shareWithOthers(bank: bank)
    let folder = try temporaryFolder(mode: 0o555)
    defer { chmod(folder, 0o755) }
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", bank], input: "C\n", unprivileged: true)
    #expect(
      result.stderr
        == "xylo-render: error: cannot write '\(folder)/o.wav': the folder is not writable\n")
    #expect(result.status == 1)
    #expect(listing(folder).isEmpty)
  }

  @Test func aReaderOfStandardOutputThatGoesAwayLeavesNoTemporaryFile() throws {
    let temporary = try temporaryFolder()
    let process = Process()
    process.executableURL = binaryURL
    process.arguments = ["render", "Examples/scores/twinkle.xylo", "-o", "-", "--quiet"]
    process.currentDirectoryURL = packageRoot
    process.environment = ["TMPDIR": temporary]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try output.fileHandleForReading.close()  // nobody will read
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message == "xylo-render: error: cannot write standard output: Broken pipe\n")
    #expect(listing(temporary).isEmpty)
  }
}
