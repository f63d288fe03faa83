/// A word of a score line, with where it starts (1-based, in characters).
struct Token {
  var text: String
  var line: Int
  var column: Int

  /// The token made of `text[offset...]`, for diagnostics that point inside a word.
  func suffix(from offset: Int) -> Token {
    Token(text: String(text.dropFirst(offset)), line: line, column: column + offset)
  }
}

/// A line split into tokens, with its text before any comment (for `title` and friends).
struct TokenizedLine {
  var tokens: [Token]
  var content: [Character]
}

/// Splits a line into tokens: words separated by spaces or tabs, up to a `#` that starts a word.
///
/// Inside a word, `[` is a token of its own and `]` starts one (`[C D]x2` is `[`, `C`, `D`, `]x2`),
/// because the format lets repeat brackets touch their content.
func tokenize(_ line: SourceLine) -> TokenizedLine {
  let characters = line.characters
  var tokens: [Token] = []
  var index = 0
  var contentEnd = characters.count
  while index < characters.count {
    if isBlank(characters[index]) {
      index += 1
      continue
    }
    if characters[index] == "#" {
      contentEnd = index
      break
    }
    var end = index
    while end < characters.count && !isBlank(characters[end]) { end += 1 }
    splitWord(characters[index..<end], line: line.number, into: &tokens)
    index = end
  }
  return TokenizedLine(tokens: tokens, content: Array(characters[..<contentEnd]))
}

func isBlank(_ character: Character) -> Bool {
  character == " " || character == "\t" || character == "\r" || character == "\u{0B}"
    || character == "\u{0C}"
}

private func splitWord(_ word: ArraySlice<Character>, line: Int, into tokens: inout [Token]) {
  var start = word.startIndex
  var index = word.startIndex
  func flush(upTo end: Int) {
    if end > start {
      tokens.append(
        Token(text: String(characters: word[start..<end]), line: line, column: start + 1))
    }
    start = end
  }
  while index < word.endIndex {
    let character = word[index]
    if character == "[" {
      flush(upTo: index)
      flush(upTo: index + 1)
    } else if character == "]" {
      flush(upTo: index)
    }
    index += 1
  }
  flush(upTo: word.endIndex)
}

extension String {
  /// The text of `characters`, built from their UTF-8 at once rather than a character at a
  /// time (which made building tokens a fifth of parsing).
  init(characters: ArraySlice<Character>) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(characters.count)
    for character in characters { bytes.append(contentsOf: character.utf8) }
    self.init(decoding: bytes, as: UTF8.self)
  }
}
