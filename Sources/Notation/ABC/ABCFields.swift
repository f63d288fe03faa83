import ScoreParser

/// A meter (`M:`): `numerator` notes of 1/`denominator` a bar.
struct ABCMeter: Equatable, Sendable {
  var numerator: Int
  var denominator: Int

  /// A bar's length in whole notes.
  var barLength: Rational { Rational(Int64(numerator), Int64(denominator)) ?? .one }

  /// 6/8, 9/8, 12/8 ...: a numerator above 3 that 3 divides.
  var isCompound: Bool { numerator > 3 && numerator % 3 == 0 }

  /// ABC 2.1's unit length when a tune sets none: 1/16 of a whole note for a meter below 3/4
  /// (2/4: 0.5), 1/8 from 3/4 up.
  var defaultUnitLength: Rational {
    barLength < (Rational(3, 4) ?? .one) ? Rational(1, 16) ?? .one : Rational(1, 8) ?? .one
  }

  /// Whether a score's `meter` line can state it (and a MIDI time signature): 1 to 64 notes
  /// of 1, 2, 4 ... 64.
  var isWritable: Bool {
    (1...64).contains(numerator) && (1...64).contains(denominator)
      && denominator & (denominator - 1) == 0
  }
}

/// Parses `M:`'s value: `none` (or nothing) for free meter (`nil`), `C` (4/4), `C|` (2/2),
/// `N/D`, or a sum of numerators `2+3+2/8` or `(2+3+2)/8`. A word before a meter (the Essen
/// collection's `FREI4/4`, free meter) is free meter too, noted in `lenient`.
func parseMeter(_ cursor: inout ABCCursor, lenient: inout ABCLenient) throws(ABCProblem)
  -> ABCMeter?
{
  cursor.skipBlanks()
  let start = cursor.index
  if cursor.atEnd || cursor.peek() == ABCByte.percent { return nil }
  if cursor.take(UInt8(ascii: "C")) {
    return cursor.take(ABCByte.bar)
      ? ABCMeter(numerator: 2, denominator: 2) : ABCMeter(numerator: 4, denominator: 4)
  }
  if let letter = cursor.peek(), ABCByte.isLetter(letter) {
    while let byte = cursor.peek(), ABCByte.isLetter(byte) { cursor.advance() }
    if cursor.text(from: start) == "none" { return nil }
    cursor.skipBlanks()
    guard let digit = cursor.peek(), ABCByte.isDigit(digit) || digit == UInt8(ascii: "("),
      try parseMeter(&cursor, lenient: &lenient) != nil
    else {
      throw cursor.problem(meterHelp(restOfField(ABCCursor(cursor.line, from: start))), at: start)
    }
    lenient.note(
      .meterWord, ABCByte.trimmed(cursor.text(from: start)), line: cursor.line, offset: start)
    return nil
  }
  let parenthesized = cursor.take(UInt8(ascii: "("))
  var numerator: Int64 = 0
  repeat {
    guard let part = try cursor.number() else {
      throw cursor.problem(meterHelp(restOfField(ABCCursor(cursor.line, from: start))), at: start)
    }
    numerator += part
  } while cursor.take(ABCByte.plus) && numerator < 1_000
  if parenthesized, !cursor.take(UInt8(ascii: ")")) {
    throw cursor.problem(meterHelp(restOfField(ABCCursor(cursor.line, from: start))), at: start)
  }
  guard cursor.take(ABCByte.slash), let denominator = try cursor.number(), numerator > 0,
    denominator > 0, numerator <= 1_000, denominator <= 1_000
  else {
    throw cursor.problem(meterHelp(restOfField(ABCCursor(cursor.line, from: start))), at: start)
  }
  return ABCMeter(numerator: Int(numerator), denominator: Int(denominator))
}

private func meterHelp(_ written: String) -> String {
  "malformed meter '\(ABCByte.trimmed(written))'; write it as in 'M:6/8', 'M:C', 'M:C|' or 'M:none'"
}

/// Parses `L:`'s value, a fraction of a whole note such as `1/8` or `1/16`.
func parseUnitLength(_ cursor: inout ABCCursor) throws(ABCProblem) -> Rational {
  cursor.skipBlanks()
  let start = cursor.index
  guard let length = try cursor.fraction(), length > .zero else {
    throw cursor.problem(
      "malformed unit note length '\(restOfField(cursor))'; write a fraction such as 'L:1/8'",
      at: start)
  }
  return length
}

/// Parses `Q:`'s value as quarter notes a minute, with `unit` the unit note length (whole
/// notes); `nil` for a tempo given only in words (`Q:"Allegro"`). Accepts `1/4=120`, several
/// lengths making one beat (`1/4 3/8=60`), quoted text before or after, `C=120` or `C2=120`
/// (unit lengths), and the deprecated `120` (unit lengths a minute).
func parseTempo(_ cursor: inout ABCCursor, unit: Rational) throws(ABCProblem) -> ABCTempo? {
  var beat: Rational?
  var count: Rational?
  var afterEquals = false
  let start = cursor.index
  func malformed() -> ABCProblem {
    var whole = cursor
    whole.index = start
    return cursor.problem(
      "malformed tempo '\(ABCByte.trimmed(restOfField(whole)))'; write it as in 'Q:1/4=120'",
      at: start)
  }
  while true {
    cursor.skipBlanks()
    guard let byte = cursor.peek(), byte != ABCByte.percent else { break }
    if byte == ABCByte.quote {
      cursor.advance()
      while let inner = cursor.peek(), inner != ABCByte.quote { cursor.advance() }
      guard cursor.take(ABCByte.quote) else {
        throw cursor.problem("unclosed '\"' in the tempo; close the text with '\"'")
      }
    } else if byte == UInt8(ascii: "=") {
      guard !afterEquals else { throw malformed() }
      cursor.advance()
      afterEquals = true
    } else if byte == UInt8(ascii: "C") || byte == UInt8(ascii: "L") {
      cursor.advance()
      guard !afterEquals, let length = unit.multiplied(by: try cursor.multiplier()) else {
        throw malformed()
      }
      beat = beat.flatMap { $0.adding(length) } ?? length
    } else if ABCByte.isDigit(byte) {
      let numberStart = cursor.index
      while let next = cursor.peek(), ABCByte.isDigit(next) || next == UInt8(ascii: ".") {
        cursor.advance()
      }
      if !afterEquals, cursor.peek() == ABCByte.slash {
        cursor.index = numberStart
        guard let length = try cursor.fraction(), length > .zero else { throw malformed() }
        beat = beat.flatMap { $0.adding(length) } ?? length
        continue
      }
      guard count == nil, let value = Rational(parsing: cursor.text(from: numberStart)),
        value > .zero
      else { throw malformed() }
      count = value
    } else {
      throw malformed()
    }
  }
  guard let count else {
    if beat != nil || afterEquals { throw malformed() }
    return nil
  }
  guard let perMinute = (beat ?? unit).multiplied(by: Rational(4))?.multiplied(by: count) else {
    throw malformed()
  }
  return ABCTempo(quartersPerMinute: perMinute, beat: beat ?? unit)
}

/// A `Q:` tempo: quarter notes a minute, and the note the tune counts its beats in (a whole
/// note's fraction: 1/2 for `Q:1/2=112`), which `info` names.
struct ABCTempo: Equatable, Sendable {
  var quartersPerMinute: Rational
  var beat: Rational
}

/// The rest of the cursor's line, for messages.
func restOfField(_ cursor: ABCCursor) -> String {
  var end = cursor
  while let byte = end.peek(), byte != ABCByte.percent { end.advance() }
  return end.text(from: cursor.index)
}

/// The words of a field's value: split at blanks, `"..."` kept whole, up to a `%` comment;
/// each with the offset it starts at.
func fieldWords(_ cursor: inout ABCCursor) throws(ABCProblem) -> [(text: String, offset: Int)] {
  var words: [(text: String, offset: Int)] = []
  while true {
    cursor.skipBlanks()
    guard let byte = cursor.peek(), byte != ABCByte.percent else { break }
    let start = cursor.index
    while let next = cursor.peek(), !ABCByte.isBlank(next), next != ABCByte.percent {
      if cursor.take(ABCByte.quote) {
        while let inner = cursor.peek(), inner != ABCByte.quote { cursor.advance() }
        guard cursor.take(ABCByte.quote) else {
          throw cursor.problem("unclosed '\"'; close the text with '\"'", at: start)
        }
      } else {
        cursor.advance()
      }
    }
    words.append((cursor.text(from: start), start))
  }
  return words
}
