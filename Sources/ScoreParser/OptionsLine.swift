/// A word of a score's `options` line, unquoted, with where it was written.
///
/// The parser does not know which options exist; the command line reads the words and reports
/// a bad one at its column with `Diagnostic(.error, at: word, message: ...)`.
public struct ScoreOptionWord: Hashable, Sendable {
  /// The word as a program would receive it from a shell: quotes and escapes removed.
  public var text: String
  public var line: Int
  /// Where the word starts (1-based, in characters), at its opening quote if it has one.
  public var column: Int
  /// How many characters the word spans in the line, quotes and escapes included.
  public var length: Int

  public init(text: String, line: Int, column: Int, length: Int) {
    self.text = text
    self.line = line
    self.column = column
    self.length = length
  }
}

extension Diagnostic {
  /// A diagnostic about a word of the `options` line, underlining the whole word.
  public init(_ severity: Severity, at word: ScoreOptionWord, message: String) {
    self.init(severity, line: word.line, column: word.column, length: word.length, message: message)
  }
}

/// Reads `options` lines: keeps the words of the first, and refuses any other and one after a tap.
struct OptionsLineReader {
  private(set) var words: [ScoreOptionWord] = []
  /// The number of the first `options` line, accepted or not.
  private var firstLine: Int?

  /// Reads the line whose first token, `keyword`, is `options`: `rest` is the line after it.
  /// `firstTap` is the score's first tap so far, if any: what it says, quoted, and its line.
  mutating func read(
    _ keyword: Token, rest: Substring, after firstTap: (quoted: String, line: Int)?,
    diagnostics: inout DiagnosticList
  ) {
    var accepted = false
    if let firstLine {
      diagnostics.error(
        "a score has at most one 'options' line; move these words to the one on line \(firstLine)",
        at: keyword)
    } else if let firstTap {
      diagnostics.error(
        "'options' must come before the first tap, \(firstTap.quoted) on line \(firstTap.line); move it above that line",
        at: keyword)
    } else {
      accepted = true
    }
    if firstLine == nil { firstLine = keyword.line }
    guard
      let split = parseOptionWords(
        rest, line: keyword.line, column: keyword.column + keyword.length,
        diagnostics: &diagnostics),
      accepted
    else { return }
    if split.isEmpty {
      diagnostics.error(
        "'options' needs at least one option, as in 'options --bank sounds'", at: keyword)
    }
    words = split
  }
}

/// Splits the rest of an `options` line, `text`, whose first character stands at `column`, into
/// words, like a shell without expansion.
///
/// Grammar: words separated by blanks, each a run of plain characters, `\` and the character it
/// escapes, `'...'` (literal) and `"..."` (where `\"` and `\\` escape); a `#` that starts a
/// word begins a comment. Returns `nil` after reporting an unclosed quote or a final `\`.
func parseOptionWords(
  _ text: Substring, line: Int, column: Int, diagnostics: inout DiagnosticList
) -> [ScoreOptionWord]? {
  var words: [ScoreOptionWord] = []
  var cursor = CharacterCursor(text, isASCII: false)
  /// Reports `message` from the character `offset` to the last that is not blank.
  func report(_ message: String, at offset: Int) {
    var scan = CharacterCursor(text, isASCII: false)
    var last = offset
    while !scan.isAtEnd {
      if !isBlankCharacter(at: scan) { last = scan.offset }
      scan.advance()
    }
    diagnostics.append(
      .error, line: line, column: column + offset, length: last - offset + 1, message: message)
  }
  while !cursor.isAtEnd {
    if isBlankCharacter(at: cursor) {
      cursor.advance()
      continue
    }
    if cursor.isAt(UInt8(ascii: "#")) { break }  // a comment
    let start = cursor.offset
    var word = ""
    while !cursor.isAtEnd && !isBlankCharacter(at: cursor) {
      if cursor.isAt(UInt8(ascii: "'")) {
        let open = cursor.offset
        cursor.advance()
        var close = cursor
        while !close.isAtEnd && !close.isAt(UInt8(ascii: "'")) { close.advance() }
        guard !close.isAtEnd else {
          report("unclosed single quote; add a closing ' before the end of the line", at: open)
          return nil
        }
        word += text[cursor.index..<close.index]
        cursor = close
        cursor.advance()
      } else if cursor.isAt(UInt8(ascii: "\"")) {
        let open = cursor.offset
        cursor.advance()
        while !cursor.isAtEnd && !cursor.isAt(UInt8(ascii: "\"")) {
          if cursor.isAt(UInt8(ascii: "\\")) {
            var next = cursor
            next.advance()
            if next.isAt(UInt8(ascii: "\"")) || next.isAt(UInt8(ascii: "\\")) { cursor = next }
          }
          word.append(cursor.character)
          cursor.advance()
        }
        guard !cursor.isAtEnd else {
          report("unclosed double quote; add a closing \" before the end of the line", at: open)
          return nil
        }
        cursor.advance()
      } else if cursor.isAt(UInt8(ascii: "\\")) {
        let escape = cursor.offset
        cursor.advance()
        guard !cursor.isAtEnd else {
          report(
            "'\\' at the end of the line escapes nothing; write '\\\\' for a backslash", at: escape)
          return nil
        }
        word.append(cursor.character)
        cursor.advance()
      } else {
        word.append(cursor.character)
        cursor.advance()
      }
    }
    words.append(
      ScoreOptionWord(
        text: word, line: line, column: column + start, length: cursor.offset - start))
  }
  return words
}

/// Whether the character at `cursor` is a blank.
private func isBlankCharacter(at cursor: CharacterCursor) -> Bool {
  cursor.ascii.map(isBlank) ?? false
}
