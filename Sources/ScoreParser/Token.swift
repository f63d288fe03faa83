/// A word of a score line: its text (a slice of the line, not a copy), where it starts
/// (1-based, in characters) and how many characters it spans.
struct Token {
  var text: Substring
  var line: Int
  var column: Int
  var length: Int
  /// Whether its line is all ASCII, each byte a character: read the fast way.
  var isASCII: Bool

  /// Where the token stands, without its text: what an item keeps for later diagnostics.
  var span: SourceSpan { SourceSpan(line: line, column: column, length: length) }

  /// The token made of `text` after its first `offset` characters, for diagnostics that point
  /// inside a word.
  func suffix(from offset: Int) -> Token {
    Token(
      text: text.dropFirst(offset), line: line, column: column + offset,
      length: max(0, length - offset), isASCII: isASCII)
  }
}

/// Where something was written: line, first column (1-based, in characters) and length in
/// characters. Items keep this instead of their text, so a parsed group holds no strings.
struct SourceSpan {
  var line: Int
  var column: Int
  var length: Int
}

/// Walks text a character (grapheme cluster) at a time, counting characters. A character that
/// is one ASCII scalar, as nearly all of a score's are, is read as its byte without building a
/// `Character`; in text known to be ASCII, every character is.
struct CharacterCursor {
  let text: Substring
  /// Whether `text` is all ASCII: each byte is then a character.
  let isASCII: Bool
  private(set) var index: String.Index
  /// Characters before `index`.
  private(set) var offset = 0

  /// A cursor at the start of `text`; `isASCII` only when it is known to be all ASCII.
  init(_ text: Substring, isASCII: Bool) {
    self.text = text
    self.isASCII = isASCII
    index = text.startIndex
  }

  /// A cursor at the start of `token`.
  init(_ token: Token) {
    self.init(token.text, isASCII: token.isASCII)
  }

  var isAtEnd: Bool { index == text.endIndex }

  /// The character at the cursor; only when not at the end.
  var character: Character { text[index] }

  /// The character at the cursor as its byte when it is one ASCII scalar alone; `nil` for any
  /// other character (and at the end).
  var ascii: UInt8? {
    guard index < text.endIndex else { return nil }
    let utf8 = text.utf8
    let byte = utf8[index]
    if isASCII { return byte }
    guard byte < 0x80 else { return nil }
    // Two ASCII bytes never join into one character (but CR LF, and a line holds no LF): a
    // non-ASCII byte next may be a combining mark, so that character is read whole.
    let next = utf8.index(after: index)
    if next == text.endIndex || utf8[next] < 0x80 { return byte }
    return text[index].asciiValue
  }

  /// Whether the character at the cursor is `byte`, an ASCII character.
  func isAt(_ byte: UInt8) -> Bool { ascii == byte }

  mutating func advance() {
    index = isASCII ? text.utf8.index(after: index) : text.index(after: index)
    offset += 1
  }

  /// Moves past the characters that `byte` accepts (those that are one ASCII scalar) or that
  /// `character` accepts (any other), stopping at the first refused. In ASCII text this is a
  /// loop over the bytes, with no `String.Index` per character.
  mutating func skip(whileByte byte: (UInt8) -> Bool, orCharacter character: (Character) -> Bool) {
    if isASCII {
      let rest = text.utf8[index...]
      if let count = rest.withContiguousStorageIfAvailable({
        $0.firstIndex { !byte($0) } ?? $0.count
      }) {
        index = rest.index(index, offsetBy: count)
        offset += count
        return
      }
    }
    while !isAtEnd, ascii.map(byte) ?? character(self.character) { advance() }
  }
}

/// Splits a line into tokens lazily, one per call of `next()`: words separated by spaces or
/// tabs, up to a `#` that starts a word (a comment). Nothing is copied and no list is built, so
/// a line of any length is read in constant memory.
///
/// Inside a word, `[` is a token of its own and `]` starts one (`[C D]x2` is `[`, `C`, `D`,
/// `]x2`), because the format lets repeat brackets touch their content.
struct Tokenizer: IteratorProtocol {
  let line: Int
  private var cursor: CharacterCursor
  /// Where the current token started, while inside a word.
  private var tokenStart: (index: String.Index, offset: Int)?
  /// Where the line's content ends: at the `#` of a comment, or the end of the line. Final once
  /// `next()` has returned `nil`.
  private(set) var contentEnd: String.Index
  private var isFinished = false

  init(_ line: SourceLine) {
    self.line = line.number
    cursor = CharacterCursor(line.text, isASCII: line.isASCII)
    contentEnd = line.text.endIndex
  }

  mutating func next() -> Token? {
    while !isFinished {
      if tokenStart == nil {
        cursor.skip(whileByte: isBlank, orCharacter: { _ in false })
        if cursor.isAt(UInt8(ascii: "#")) { contentEnd = cursor.index }
        if cursor.isAtEnd || contentEnd < cursor.text.endIndex {
          isFinished = true
          return nil
        }
        tokenStart = (cursor.index, cursor.offset)
      }
      guard let start = tokenStart else { continue }
      while !cursor.isAtEnd {
        cursor.skip(whileByte: isWordByte, orCharacter: { _ in true })
        let byte = cursor.ascii
        if cursor.isAtEnd || byte.map(isBlank) == true { break }
        if byte == UInt8(ascii: "[") {
          if cursor.index > start.index { return endToken(from: start) }
          cursor.advance()
          return endToken(from: start)
        }
        if byte == UInt8(ascii: "]") && cursor.index > start.index {
          return endToken(from: start)
        }
        cursor.advance()
      }
      tokenStart = nil
      if cursor.index > start.index { return token(from: start) }
    }
    return nil
  }

  /// The token from `start` to the cursor; the next one starts at the cursor, in the same word.
  private mutating func endToken(from start: (index: String.Index, offset: Int)) -> Token {
    tokenStart = (cursor.index, cursor.offset)
    return token(from: start)
  }

  private func token(from start: (index: String.Index, offset: Int)) -> Token {
    Token(
      text: cursor.text[start.index..<cursor.index], line: line, column: start.offset + 1,
      length: cursor.offset - start.offset, isASCII: cursor.isASCII)
  }
}

/// Whether `byte` continues a word without splitting it: not a blank nor a bracket.
private func isWordByte(_ byte: UInt8) -> Bool {
  !isBlank(byte) && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "]")
}

/// Whether `byte` is a blank: a space, a tab, or a stray CR, VT or FF.
func isBlank(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
}

func isBlank(_ character: Character) -> Bool {
  character.asciiValue.map(isBlank) ?? false
}

extension String {
  /// The string without leading and trailing blanks (`isBlank`).
  func trimmingBlanks() -> String {
    guard let start = firstIndex(where: { !isBlank($0) }),
      let end = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[start...end])
  }
}
