import Platform
import ScoreParser

/// The largest score file read: 64 MiB, far past any song, short of exhausting memory.
let maximumScoreBytes = 64 << 20

/// A score read from a file (or `-` for standard input) and parsed.
struct ScoreFile {
  /// The name diagnostics use: the path as given, or `<stdin>`.
  var displayPath: String
  var result: ParseResult
  var bytes: [UInt8]

  /// Reads and parses `path`; `nil` after printing why when the file cannot be read.
  static func load(_ path: String, options: ParseOptions, console: Console) -> ScoreFile? {
    let displayPath = path == "-" ? "<stdin>" : path
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readAll(path, limit: maximumScoreBytes)
    } catch {
      console.error("cannot read \(quote(path)): \(error.reason)")
      return nil
    }
    return ScoreFile(
      displayPath: displayPath, result: parseScore(bytes, options: options), bytes: bytes)
  }

  /// Prints every diagnostic with its source line; returns the score if there were no errors.
  func report(to console: Console) -> Score? {
    if !result.diagnostics.isEmpty {
      let lines = sourceLines(Set(result.diagnostics.map(\.line)))
      for diagnostic in result.diagnostics {
        console.print(diagnostic, path: displayPath, sourceLine: lines[diagnostic.line])
      }
    }
    return result.score
  }

  /// The lines `numbers` as shown under a diagnostic: BOM and CR removed, bad UTF-8 replaced,
  /// NUL shown as a space; a line too long to read is shown by its first 200 bytes.
  private func sourceLines(_ numbers: Set<Int>) -> [Int: String] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    var lines: [Int: String] = [:]
    var number = 1
    var start = body.startIndex
    for index in body.indices where body[index] == UInt8(ascii: "\n") || index == body.endIndex - 1
    {
      if numbers.contains(number) {
        var line = body[start..<(body[index] == UInt8(ascii: "\n") ? index : index + 1)]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if line.count > maximumLineBytes { line = line.prefix(200) }
        lines[number] = String(
          decoding: line.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
      }
      number += 1
      start = index + 1
    }
    return lines
  }
}
