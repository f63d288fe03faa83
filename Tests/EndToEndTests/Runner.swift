import Foundation
import TestSupport
import Testing

/// What a run of the built `xylo-render` printed and how it exited.
struct RunResult {
  var status: Int32
  var stdoutData: Data
  var stderr: String

  var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
}

/// The binary under test: `XYLO_RENDER_BINARY` when set (scripts/test runs these tests against
/// the release build, which renders the same bytes many times faster), else the one built
/// beside the test bundle in the build folder.
let binaryURL: URL = {
  if let path = ProcessInfo.processInfo.environment["XYLO_RENDER_BINARY"], !path.isEmpty {
    return URL(fileURLWithPath: path, relativeTo: packageRoot).standardizedFileURL
  }
  let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var folder = testBinary.deletingLastPathComponent()
  while folder.path != "/" {
    let candidate = folder.appendingPathComponent("xylo-render")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder.deleteLastPathComponent()
  }
  return testBinary.deletingLastPathComponent().appendingPathComponent("xylo-render")
}()

/// The binary under test is not there: a failure that names it, not Foundation's numbered one.
struct MissingBinary: Error, CustomStringConvertible {
  var path: String
  var description: String {
    "\(path): no xylo-render binary here (XYLO_RENDER_BINARY names one; `swift build` makes one)"
  }
}

/// The package's root folder, for the example scores.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Runs `xylo-render` with `arguments` in the package root (or `workingDirectory`), feeding
/// `input` to standard input; `unprivileged` runs it without root's access to every file (see
/// `Unprivileged`). The run's `TMPDIR` is `temporaryDirectory`, or a fresh folder of its own,
/// so runs at once never see each other's scratch files.
func run(
  _ arguments: [String], input: String = "", unprivileged: Bool = false,
  temporaryDirectory: String? = nil, workingDirectory: String? = nil
) throws -> RunResult {
  guard FileManager.default.isExecutableFile(atPath: binaryURL.path) else {
    throw MissingBinary(path: binaryURL.path)
  }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "xylo-e2e-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let scratch = folder.appendingPathComponent("tmp")
  // Writable by anyone, as /tmp is, for an unprivileged run.
  try FileManager.default.createDirectory(
    at: scratch, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o1777])
  var environment = ProcessInfo.processInfo.environment
  environment["TMPDIR"] = temporaryDirectory ?? scratch.path
  let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
  try Data(input.utf8).write(to: paths[0])
  for path in paths.dropFirst() { FileManager.default.createFile(atPath: path.path, contents: nil) }
  let process = Process()
  (process.executableURL, process.arguments) =
    unprivileged ? Unprivileged.command(arguments) : (binaryURL, arguments)
  process.currentDirectoryURL = workingDirectory.map { URL(fileURLWithPath: $0) } ?? packageRoot
  process.environment = environment
  process.standardInput = try FileHandle(forReadingFrom: paths[0])
  process.standardOutput = try FileHandle(forWritingTo: paths[1])
  process.standardError = try FileHandle(forWritingTo: paths[2])
  try process.run()
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus,
    stdoutData: try Data(contentsOf: paths[1]),
    stderr: try String(contentsOf: paths[2], encoding: .utf8))
}

/// Writes `text` to a fresh temporary score file and returns its path.
func temporaryScore(_ text: String, name: String = "score.xylo") throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "xylo-score-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

/// The built-in bank as `bank export` writes it, exported once for the tests that only play it
/// (an export synthesizes every key at every strike layer: about 20 s of CPU in a debug build);
/// the tests of the command itself run their own. A failure with the reason when it failed.
private let sharedBankExport: Result<String, BankExportFailure> = {
  do {
    let folder = try temporaryFolder() + "/bank"
    let result = try run(["bank", "export", folder, "--quiet"])
    guard result.status == 0 else { return .failure(BankExportFailure(reason: result.stderr)) }
    return .success(folder)
  } catch {
    return .failure(BankExportFailure(reason: "\(error)"))
  }
}()

/// Why the shared `bank export` failed.
struct BankExportFailure: Error {
  var reason: String
}

/// Copies the built-in bank, as `bank export` wrote it once, to `folder` (which must not exist).
func copyExportedBank(to folder: String) throws {
  try FileManager.default.copyItem(atPath: try sharedBankExport.get(), toPath: folder)
}
