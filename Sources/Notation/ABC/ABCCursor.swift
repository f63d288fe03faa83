import ScoreParser

/// What is wrong with an ABC file, and where: turned into a `NotationError` with the file's
/// path once the reader returns.
struct ABCProblem: Error, Sendable {
  var message: String
  /// The line, and the byte (an index of the file) in it; `nil` for the whole tune.
  var line: ABCLine?
  var offset: Int

  init(_ message: String, line: ABCLine? = nil, offset: Int = 0) {
    self.message = message
    self.line = line
    self.offset = offset
  }

  /// The error as printed: `tune.abc:3:5: ...` with the source line.
  func error(path: String) -> NotationError {
    guard let line else { return NotationError(path: path, message: message) }
    return NotationError(
      path: path, line: line.number, column: line.column(of: offset), message: message,
      sourceLine: line.text)
  }
}

/// A reading position in one line.
struct ABCCursor {
  let line: ABCLine
  /// `line.bytes`, held apart: reading a byte then copies no line (a debug build copies the
  /// whole `ABCLine`, two buffers retained and released, for every byte read through it).
  private let bytes: ArraySlice<UInt8>
  private let end: Int
  var index: Int

  init(_ line: ABCLine, from index: Int? = nil) {
    self.line = line
    bytes = line.bytes
    end = line.bytes.endIndex
    self.index = index ?? line.bytes.startIndex
  }

  var atEnd: Bool { index >= end }

  /// The byte `ahead` bytes on; `nil` past the end.
  func peek(_ ahead: Int = 0) -> UInt8? {
    let at = index + ahead
    return at < end ? bytes[at] : nil
  }

  mutating func advance(_ count: Int = 1) { index = min(index + count, end) }

  /// Moves past `byte` if it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard index < end, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func skipBlanks() {
    while index < end, ABCByte.isBlank(bytes[index]) { index += 1 }
  }

  /// The text from `start` to the cursor.
  func text(from start: Int) -> String {
    String(decoding: bytes[min(start, index)..<index], as: UTF8.self)
  }

  /// A problem at `offset` (the cursor when `nil`).
  func problem(_ message: String, at offset: Int? = nil) -> ABCProblem {
    ABCProblem(message, line: line, offset: offset ?? index)
  }

  /// Digits as a number, or `nil` when none are next; more than 9 digits are a problem.
  mutating func number() throws(ABCProblem) -> Int64? {
    let start = index
    while index < end, ABCByte.isDigit(bytes[index]) { index += 1 }
    guard index > start else { return nil }
    guard index - start <= 9, let value = Int64(text(from: start)) else {
      throw problem("the number '\(text(from: start))' is too large", at: start)
    }
    return value
  }

  /// A length multiplier after a note or rest: `2`, `3/2`, `/`, `//`, `/4`; one when none.
  /// Grammar: `[DIGITS] ('/' [DIGITS])*`, each `/` without digits halving.
  mutating func multiplier() throws(ABCProblem) -> Rational {
    let start = index
    var value = Rational(try number() ?? 1)
    while take(ABCByte.slash) {
      let divisor = try number() ?? 2
      guard divisor > 0, let divided = value.divided(by: Rational(divisor)) else {
        throw problem("the length '\(text(from: start))' divides by zero", at: start)
      }
      value = divided
    }
    guard value > .zero else {
      throw problem(
        "the length '\(text(from: start))' is zero; leave it out for one unit (L:)", at: start)
    }
    return value
  }

  /// A fraction `N/D` or whole number `N` (as `L:` and `Q:` write note lengths); `nil` when
  /// no digit is next.
  mutating func fraction() throws(ABCProblem) -> Rational? {
    let start = index
    guard let numerator = try number() else { return nil }
    var denominator: Int64 = 1
    if take(ABCByte.slash) {
      guard let value = try number() else {
        throw problem("'\(text(from: start))' needs a number after '/', as in '1/8'", at: start)
      }
      denominator = value
    }
    guard denominator > 0, let value = Rational(numerator, denominator) else {
      throw problem("'\(text(from: start))' divides by zero", at: start)
    }
    return value
  }
}
