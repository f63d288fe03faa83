import ScoreParser

/// Where the lexer hands each element, in the order written.
typealias ABCElementSink = (ABCElement) throws(ABCProblem) -> Void

/// Reads a music line into its elements, handed to `sink` in the order written. A `%` ends
/// the line (a comment), a `\` at its end continues it, and blanks, `` ` ``, `y`, `$` and `*`
/// only space the music out.
func lexMusicLine(_ line: ABCLine, into sink: ABCElementSink) throws(ABCProblem) {
  var cursor = ABCCursor(line)
  cursor.skipBlanks()
  if let first = cursor.peek(), ABCByte.isDigit(first) {
    // An ending whose bar line ended the line before: `|` then `1 abc :|` on the next line.
    let start = cursor.index
    try sink(
      ABCElement(
        kind: .ending(try endingNumbers(&cursor, start: start)), line: line, offset: start))
  }
  while let byte = cursor.peek() {
    let start = cursor.index
    func add(_ kind: ABCElementKind) throws(ABCProblem) {
      try sink(ABCElement(kind: kind, line: line, offset: start))
    }
    switch byte {
    case ABCByte.space, ABCByte.tab, UInt8(ascii: "`"), UInt8(ascii: "y"), UInt8(ascii: "$"),
      UInt8(ascii: "*"), ABCByte.backslash:
      cursor.advance()
    case ABCByte.percent:
      return
    case ABCByte.quote:
      let text = try quotedText(&cursor)
      let first = text.utf8.dropFirst().first
      let annotation = [
        UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "@"),
      ].contains { $0 == first }
      try add(.text(text, isAnnotation: annotation))
    case UInt8(ascii: "!"), ABCByte.plus:
      if let name = try decorationName(&cursor) {
        if let notes = oldChordNotes(name, line: line, start: start) {
          try add(.lenient(.oldChord, written: name))
          try add(.chord(notes, multiplier: .one))
        } else {
          try add(.decoration(name))
        }
      } else if byte == ABCByte.plus {
        try add(.lenient(.strayPlus, written: "+"))
      }
    case UInt8(ascii: "."):
      if cursor.peek(1) == ABCByte.bar {
        cursor.advance()
        try add(.bar(try lexBar(&cursor)))
      } else if cursor.peek(1) == UInt8(ascii: "(") {
        cursor.advance(2)
        try add(.slur)
      } else {
        cursor.advance()
        try add(.decoration("."))
      }
    case UInt8(ascii: "~"), UInt8(ascii: "H")...UInt8(ascii: "W"),
      UInt8(ascii: "h")...UInt8(ascii: "w"):
      cursor.advance()
      try add(.decoration(String(UnicodeScalar(byte))))
    case UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "="):
      if let stray = strayAccidental(&cursor) {
        try add(.lenient(.strayAccidental, written: stray))
      } else {
        try add(.note(try lexNote(&cursor)))
      }
    case UInt8(ascii: "A")...UInt8(ascii: "G"), UInt8(ascii: "a")...UInt8(ascii: "g"):
      try add(.note(try lexNote(&cursor)))
    case UInt8(ascii: "z"), UInt8(ascii: "x"):
      cursor.advance()
      try add(.rest(multiplier: try cursor.multiplier()))
    case UInt8(ascii: "Z"), UInt8(ascii: "X"):
      cursor.advance()
      let bars = try cursor.number() ?? 1
      guard bars > 0 else {
        throw cursor.problem("a rest of 0 bars; write 'Z' for one bar", at: start)
      }
      try add(.barsRest(Int(bars)))
    case ABCByte.openBracket:
      try lexBracket(&cursor, line: line, into: sink)
    case ABCByte.bar, ABCByte.colon:
      try add(.bar(try lexBar(&cursor)))
    case UInt8(ascii: "{"):
      try add(.grace(try lexGrace(&cursor, line: line, into: sink)))
      // A tie after grace notes (`{d}-c`) ties nothing.
      _ = cursor.take(UInt8(ascii: "-"))
    case UInt8(ascii: "("):
      cursor.advance()
      if let next = cursor.peek(), ABCByte.isDigit(next) {
        try add(try lexTuplet(&cursor, start: start))
      } else {
        try add(.slur)
      }
    case UInt8(ascii: ")"):
      cursor.advance()
      try add(.slur)
    case UInt8(ascii: ">"), UInt8(ascii: "<"):
      var count = 0
      while cursor.take(byte) { count += 1 }
      guard count <= 3, cursor.peek() != UInt8(ascii: ">"), cursor.peek() != UInt8(ascii: "<")
      else {
        throw cursor.problem(
          "malformed broken rhythm '\(cursor.text(from: start))'; write '>', '>>', '>>>' or '<', '<<', '<<<'",
          at: start)
      }
      try add(.broken(byte == UInt8(ascii: ">") ? count : -count))
    case UInt8(ascii: "&"):
      cursor.advance()
      try add(.overlay)
    case ABCByte.closeBracket:
      cursor.advance()
      try add(.lenient(.unclosedChord, written: "]"))
    case UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "'"):
      cursor.advance()
      try add(.lenient(.strayMark, written: cursor.text(from: start)))
    case UInt8(ascii: "0")...UInt8(ascii: "9"), ABCByte.slash:
      // A length with no note: `| 2z`, or `/` where a line break split `d/`.
      while let next = cursor.peek(), ABCByte.isDigit(next) || next == ABCByte.slash {
        cursor.advance()
      }
      try add(.lenient(.strayMark, written: cursor.text(from: start)))
    case UInt8(ascii: "-"):
      cursor.advance()
      try add(.tie)
    default:
      let character = String(decoding: line.bytes[start...].prefix(4), as: UTF8.self).first
      throw cursor.problem(
        "unexpected '\(character.map(String.init) ?? "?")'; expected a note, a rest, a bar line or a decoration"
      )
    }
  }
}

/// A note: `[accidental] letter [octave marks] [length] [-]`, where the accidental is one of
/// `^ ^^ _ __ =`, the octave marks `,` (down) and `'` (up).
func lexNote(_ cursor: inout ABCCursor) throws(ABCProblem) -> ABCNoteToken {
  let start = cursor.index
  var accidental: Int?
  if cursor.take(UInt8(ascii: "^")) {
    accidental = cursor.take(UInt8(ascii: "^")) ? 2 : 1
  } else if cursor.take(UInt8(ascii: "_")) {
    accidental = cursor.take(UInt8(ascii: "_")) ? -2 : -1
  } else if cursor.take(UInt8(ascii: "=")) {
    accidental = 0
  }
  guard let byte = cursor.peek(), let letter = ABCKey.letterIndex(byte),
    ABCByte.isLetter(byte)
  else {
    throw cursor.problem(
      "the accidental '\(cursor.text(from: start))' needs a note after it, as in '^f' (microtonal accidentals such as '^/' are not supported)",
      at: start)
  }
  cursor.advance()
  var octave = byte >= UInt8(ascii: "a") ? 1 : 0
  while let mark = cursor.peek(), mark == UInt8(ascii: ",") || mark == UInt8(ascii: "'") {
    octave += mark == UInt8(ascii: ",") ? -1 : 1
    cursor.advance()
  }
  let multiplier = try cursor.multiplier()
  var note = ABCNoteToken(
    letter: letter, octave: octave, accidental: accidental, multiplier: multiplier, offset: start)
  note.tied = takeTie(&cursor)
  return note
}

/// Moves past a tie `-` (or a dotted tie `.-`) if one is next.
private func takeTie(_ cursor: inout ABCCursor) -> Bool {
  if cursor.peek() == UInt8(ascii: "."), cursor.peek(1) == UInt8(ascii: "-") {
    cursor.advance(2)
    return true
  }
  return cursor.take(UInt8(ascii: "-"))
}

/// `"text"`: a chord symbol or annotation, closed on its line.
private func quotedText(_ cursor: inout ABCCursor) throws(ABCProblem) -> String {
  let start = cursor.index
  cursor.advance()
  while let byte = cursor.peek(), byte != ABCByte.quote { cursor.advance() }
  guard cursor.take(ABCByte.quote) else {
    throw cursor.problem("unclosed '\"'; close the chord symbol or annotation with '\"'", at: start)
  }
  return cursor.text(from: start)
}

/// `!name!` or `+name+`, as written; `nil` for a `!` the line does not close, or whose "name"
/// holds a blank or a bar line (ABC 1.x's line break, passed over).
private func decorationName(_ cursor: inout ABCCursor) throws(ABCProblem) -> String? {
  let start = cursor.index
  guard let mark = cursor.peek() else { return nil }
  cursor.advance()
  var end = cursor
  while let byte = end.peek(), byte != mark, !ABCByte.isBlank(byte), byte != ABCByte.bar {
    end.advance()
  }
  guard end.peek() == mark, end.index > cursor.index else {
    // A lone `+` (before a blank, a bar line or the line's end) is passed over.
    if mark == UInt8(ascii: "!") || end.index == cursor.index { return nil }
    throw cursor.problem(
      "unclosed decoration '\(end.text(from: start))'; close it with '+', as in '+trill+'",
      at: start)
  }
  cursor.index = end.index + 1
  return cursor.text(from: start)
}

/// `(p`, `(p:q`, `(p:q:r` or `(p::r`, after the `(`: p notes in the time of q for the next r.
private func lexTuplet(_ cursor: inout ABCCursor, start: Int) throws(ABCProblem) -> ABCElementKind {
  let p = try cursor.number() ?? 0
  var q: Int64?
  var r: Int64?
  if cursor.take(ABCByte.colon) {
    q = try cursor.number()
    if cursor.take(ABCByte.colon) { r = try cursor.number() }
  }
  // `(1`, a tuplet of one note, changes no length: abc2midi and music21 pass it over.
  if p == 1 { return .lenient(.oneNoteTuplet, written: cursor.text(from: start)) }
  guard (2...64).contains(p), (1...64).contains(q ?? 1), (1...64).contains(r ?? 1) else {
    throw cursor.problem(
      "malformed tuplet '\(cursor.text(from: start))'; write it as in '(3' or '(3:2:3', numbers from 2 to 64",
      at: start)
  }
  return .tuplet(p: Int(p), q: q.map { Int($0) }, r: r.map { Int($0) })
}

/// `{notes}` or `{/notes}` (acciaccatura, played the same): the grace notes.
private func lexGrace(
  _ cursor: inout ABCCursor, line: ABCLine, into sink: ABCElementSink
) throws(ABCProblem) -> [ABCNoteToken] {
  let start = cursor.index
  cursor.advance()
  _ = cursor.take(ABCByte.slash)
  var notes: [ABCNoteToken] = []
  while let byte = cursor.peek(), byte != UInt8(ascii: "}") {
    if ABCByte.isBlank(byte) || isGraceMark(byte) {
      // Decorations of grace notes are not played either.
      cursor.advance()
    } else if ABCKey.letterIndex(byte) != nil
      || [UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "=")].contains(byte)
    {
      notes.append(try lexNote(&cursor))
    } else if byte == ABCByte.openBracket || byte == ABCByte.closeBracket {
      // `{[Ge]}`: a chord of grace notes, played as its notes.
      try sink(
        ABCElement(
          kind: .lenient(.strayMark, written: String(UnicodeScalar(byte))), line: line,
          offset: cursor.index))
      cursor.advance()
    } else {
      throw cursor.problem(
        "unexpected '\(UnicodeScalar(byte))' in grace notes; write notes only, as in '{gag}'")
    }
  }
  guard cursor.take(UInt8(ascii: "}")) else {
    throw cursor.problem("unclosed '{'; close the grace notes with '}'", at: start)
  }
  return notes
}

/// A decoration's shorthand, `.`, `~`, `H`-`W` or `h`-`w`.
private func isGraceMark(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~")
    || (UInt8(ascii: "H")...UInt8(ascii: "W")).contains(byte)
    || (UInt8(ascii: "h")...UInt8(ascii: "w")).contains(byte)
}
