/// A line of an ABC file: its number (1-based) and its bytes, without the line ending; or a
/// part of a line (an inline field's value), which still counts columns from the line's start.
struct ABCLine: Sendable {
  var number: Int
  /// The bytes read: the whole line, or part of it.
  var bytes: ArraySlice<UInt8>
  /// The whole line, for columns and messages.
  var whole: ArraySlice<UInt8>

  init(number: Int, bytes: ArraySlice<UInt8>) {
    self.number = number
    self.bytes = bytes
    whole = bytes
  }

  /// The part of the line from `start` to `end` (indices of the file).
  func part(_ start: Int, _ end: Int) -> ABCLine {
    var part = self
    part.bytes = whole[max(start, whole.startIndex)..<min(max(start, end), whole.endIndex)]
    return part
  }

  /// The whole line as text, for messages.
  var text: String { String(decoding: whole, as: UTF8.self) }

  /// The column (1-based, in characters) of the byte at `offset` (an index of the file).
  func column(of offset: Int) -> Int {
    let end = min(max(offset, whole.startIndex), whole.endIndex)
    return String(decoding: whole[whole.startIndex..<end], as: UTF8.self).count + 1
  }

  /// Whether the line holds only blanks.
  var isEmpty: Bool { bytes.allSatisfy(ABCByte.isBlank) }

  /// A field line `K:G` (or `+:`): its letter and the bytes after the colon.
  var field: (letter: UInt8, value: ArraySlice<UInt8>)? {
    guard bytes.count >= 2, let letter = bytes.first,
      ABCByte.isLetter(letter) || letter == ABCByte.plus,
      bytes[bytes.startIndex + 1] == ABCByte.colon
    else { return nil }
    return (letter, bytes[(bytes.startIndex + 2)...])
  }

  /// Whether the line is a comment or a `%%` directive.
  var isComment: Bool { bytes.first == ABCByte.percent }
}

/// One tune of a file: the lines from its `X:` line up to the empty line (or the next `X:`)
/// that ends it.
struct ABCTuneLines: Sendable {
  /// The `X:` number; `nil` when the line holds no number.
  var number: Int?
  /// The first `T:` of its header.
  var title: String?
  var lines: [ABCLine]
}

/// An ABC file split into its file header (the lines before the first `X:`) and its tunes.
struct ABCFileLines: Sendable {
  var header: [ABCLine] = []
  var tunes: [ABCTuneLines] = []
}

/// Splits ABC bytes into lines (LF, CRLF or CR; a leading byte-order mark skipped) and the
/// lines into the file header and tunes. A tune starts at an `X:` line and ends at the first
/// empty line or the next `X:` line; text between tunes is free text, not read.
func splitABCFile(_ bytes: [UInt8]) -> ABCFileLines {
  var file = ABCFileLines()
  var current: ABCTuneLines?
  var inHeader = true
  var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  var number = 1
  while start <= bytes.count {
    var end = start
    while end < bytes.count, bytes[end] != ABCByte.newline, bytes[end] != ABCByte.carriageReturn {
      end += 1
    }
    let line = ABCLine(number: number, bytes: bytes[start..<end])
    if let field = line.field, field.letter == UInt8(ascii: "X") {
      if let tune = current { file.tunes.append(tune) }
      current = ABCTuneLines(number: abcWholeNumber(field.value), title: nil, lines: [line])
      inHeader = false
    } else if current != nil, line.isEmpty {
      if let tune = current { file.tunes.append(tune) }
      current = nil
    } else if current != nil {
      if current?.title == nil, let field = line.field, field.letter == UInt8(ascii: "T") {
        current?.title = abcFieldText(field.value)
      }
      current?.lines.append(line)
    } else if inHeader {
      // The file header ends at its first empty line; free text may follow.
      if line.isEmpty { inHeader = false } else { file.header.append(line) }
    }
    if end < bytes.count, bytes[end] == ABCByte.carriageReturn, end + 1 < bytes.count,
      bytes[end + 1] == ABCByte.newline
    {
      end += 1
    }
    start = end + 1
    number += 1
  }
  if let tune = current { file.tunes.append(tune) }
  return file
}

/// A field's text: without a `%` comment (`\%` is a percent sign) and surrounding blanks.
func abcFieldText(_ value: ArraySlice<UInt8>) -> String {
  var kept: [UInt8] = []
  var index = value.startIndex
  while index < value.endIndex {
    let byte = value[index]
    if byte == ABCByte.backslash, index + 1 < value.endIndex, value[index + 1] == ABCByte.percent {
      kept.append(ABCByte.percent)
      index += 2
      continue
    }
    if byte == ABCByte.percent { break }
    kept.append(byte)
    index += 1
  }
  return ABCByte.trimmed(String(decoding: kept, as: UTF8.self))
}

/// A whole number of at most 9 digits, with blanks around it; `nil` for anything else.
func abcWholeNumber(_ value: ArraySlice<UInt8>) -> Int? {
  let text = abcFieldText(value)
  guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy(ABCByte.isDigit) else { return nil }
  return Int(text)
}

/// The bytes ABC's syntax is made of, by name.
enum ABCByte {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let colon = UInt8(ascii: ":")
  static let percent = UInt8(ascii: "%")
  static let plus = UInt8(ascii: "+")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let quote = UInt8(ascii: "\"")
  static let bar = UInt8(ascii: "|")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
  static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

  /// `text` without leading and trailing spaces and tabs.
  static func trimmed(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }
}
