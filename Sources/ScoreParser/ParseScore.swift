/// Parses a score from its bytes (UTF-8, optionally with a byte-order mark, LF or CRLF lines).
///
/// Reports every error of the file; the score is returned only when there are none.
public func parseScore(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) -> ParseResult {
  var parser = LineParser(
    keyChecker: options.keys.map(KeyChecker.init(titles:)),
    expander: Expander(maxTaps: options.maxTaps, maxDuration: options.maxDuration))
  forEachLine(bytes) { line in
    parser.parse(line)
    return !parser.diagnostics.isFull
  }
  parser.finish()
  var diagnostics = parser.diagnostics.items
  guard !parser.diagnostics.hasErrors else {
    return ParseResult(score: nil, diagnostics: diagnostics, options: parser.options.words)
  }
  if let failure = parser.player.failure {
    let span = failure.span
    diagnostics.append(
      Diagnostic(
        .error, line: span.line, column: span.column, length: span.length,
        message: failure.message))
    return ParseResult(score: nil, diagnostics: diagnostics, options: parser.options.words)
  }
  var expander = parser.takeExpander()
  if let (start, span) = expander.lateStart {
    let limit = expander.maxDuration.decimalString(places: 0)
    diagnostics.append(
      Diagnostic(
        .warning, line: span.line, column: span.column,
        message:
          "the tap log starts at \(start.decimalString(places: 3)) s, past the \(limit) s limit; it plays from its first tap, times counted from there"
      ))
  }
  for (span, message) in expander.misplacedBarLines {
    diagnostics.append(
      Diagnostic(.warning, line: span.line, column: span.column, message: message))
  }
  let taps = expander.takeSortedTaps()
  var score = Score(
    taps: taps, duration: expander.end, title: parser.title, artist: parser.artist,
    comment: parser.comment, tempoChanges: expander.tempoChanges, options: parser.options.words)
  score.meterChanges = expander.meterChanges
  score.voices = parser.voices
  return ParseResult(score: score, diagnostics: diagnostics, options: parser.options.words)
}

/// Parses a score from text already in memory.
public func parseScore(_ text: String, options: ParseOptions = ParseOptions()) -> ParseResult {
  parseScore(Array(text.utf8), options: options)
}
