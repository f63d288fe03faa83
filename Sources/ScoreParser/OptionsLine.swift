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

  /// Reads the line whose first token, `keyword`, is `options`; `firstTap` is the score's first
  /// tap so far, if any.
  mutating func read(
    _ keyword: Token, in line: SourceLine, after firstTap: Token?,
    diagnostics: inout DiagnosticList
  ) {
    var accepted = false
    if let firstLine {
      diagnostics.error(
        "a score has at most one 'options' line; move these words to the one on line \(firstLine)",
        at: keyword)
    } else if let firstTap {
      diagnostics.error(
        "'options' must come before the first tap, \(quoted(firstTap.text)) on line \(firstTap.line); move it above that line",
        at: keyword)
    } else {
      accepted = true
    }
    if firstLine == nil { firstLine = line.number }
    let start = keyword.column - 1 + keyword.text.count
    guard
      let split = parseOptionWords(
        line.characters[start...], line: line.number, diagnostics: &diagnostics),
      accepted
    else { return }
    if split.isEmpty {
      diagnostics.error(
        "'options' needs at least one option, as in 'options --bank sounds'", at: keyword)
    }
    words = split
  }
}

/// Splits the rest of an `options` line into words, like a shell without expansion.
///
/// Grammar: words separated by blanks, each a run of plain characters, `\` and the character it
/// escapes, `'...'` (literal) and `"..."` (where `\"` and `\\` escape); a `#` that starts a
/// word begins a comment. Returns `nil` after reporting an unclosed quote or a final `\`.
func parseOptionWords(
  _ characters: ArraySlice<Character>, line: Int, diagnostics: inout DiagnosticList
) -> [ScoreOptionWord]? {
  var words: [ScoreOptionWord] = []
  var index = characters.startIndex
  let end = characters.endIndex
  func report(_ message: String, at position: Int) {
    let last = characters.lastIndex(where: { !isBlank($0) }) ?? position
    diagnostics.append(
      .error, line: line, column: position + 1, length: last - position + 1, message: message)
  }
  while index < end {
    if isBlank(characters[index]) {
      index += 1
      continue
    }
    if characters[index] == "#" { break }  // a comment
    let start = index
    var text = ""
    while index < end && !isBlank(characters[index]) {
      switch characters[index] {
      case "'":
        guard let close = characters[(index + 1)...].firstIndex(of: "'") else {
          report("unclosed single quote; add a closing ' before the end of the line", at: index)
          return nil
        }
        text.append(contentsOf: characters[(index + 1)..<close])
        index = close + 1
      case "\"":
        let open = index
        index += 1
        while index < end && characters[index] != "\"" {
          if characters[index] == "\\" && index + 1 < end
            && (characters[index + 1] == "\"" || characters[index + 1] == "\\")
          {
            index += 1
          }
          text.append(characters[index])
          index += 1
        }
        guard index < end else {
          report("unclosed double quote; add a closing \" before the end of the line", at: open)
          return nil
        }
        index += 1
      case "\\":
        guard index + 1 < end else {
          report(
            "'\\' at the end of the line escapes nothing; write '\\\\' for a backslash", at: index)
          return nil
        }
        text.append(characters[index + 1])
        index += 2
      default:
        text.append(characters[index])
        index += 1
      }
    }
    words.append(
      ScoreOptionWord(text: text, line: line, column: start + 1, length: index - start))
  }
  return words
}
