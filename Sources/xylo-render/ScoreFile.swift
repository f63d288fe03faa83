import Platform
import ScoreParser

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
      bytes = try FileSystem.readAll(path)
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
      let lines = sourceLines()
      for diagnostic in result.diagnostics {
        console.print(diagnostic, path: displayPath, sourceLines: lines)
      }
    }
    return result.score
  }

  /// The file's lines as shown under a diagnostic: BOM and CR removed, bad UTF-8 replaced.
  private func sourceLines() -> [String] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    return body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      var line = $0
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      return String(decoding: line.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
  }
}
