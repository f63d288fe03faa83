import Platform
import ScoreParser

/// The largest score file read: 64 MiB, far past any song, short of exhausting memory.
public let maximumScoreBytes = 64 << 20

/// Reads and parses the score at `path` (`-` reads standard input, named `<stdin>`).
///
/// Throws `.unreadableScore` when the file cannot be read and `.score` with every diagnostic
/// and the source lines they point at when it has errors.
public func loadScore(at path: String, options: ParseOptions) throws(RenderError) -> Score {
  let bytes: [UInt8]
  do {
    bytes = try FileSystem.readAll(path, limit: maximumScoreBytes)
  } catch {
    throw .unreadableScore(path: path, reason: error.reason)
  }
  return try parsedScore(bytes, path: displayPath(path), options: options)
}

/// Parses score text held in memory; `path` names it in diagnostics.
public func parsedScore(_ bytes: [UInt8], path: String, options: ParseOptions)
  throws(RenderError) -> Score
{
  let result = parseScore(bytes, options: options)
  if let score = result.score { return score }
  let lines = sourceLines(bytes, numbers: Set(result.diagnostics.map(\.line)))
  throw .score(path: path, diagnostics: result.diagnostics, sourceLines: lines)
}

/// The name diagnostics use for a score path: the path as given, or `<stdin>` for `-`.
public func displayPath(_ path: String) -> String { path == "-" ? "<stdin>" : path }
