import ScoreParser

/// What follows a `[`: an inline field `[K:G]`, an ending `[1` or `[1,3`, a thick bar line
/// `[|`, or a chord `[CEG]2` (decorations and chord symbols inside it come out before it).
func lexBracket(
  _ cursor: inout ABCCursor, line: ABCLine, into sink: ABCElementSink
) throws(ABCProblem) {
  let start = cursor.index
  func add(_ kind: ABCElementKind) throws(ABCProblem) {
    try sink(ABCElement(kind: kind, line: line, offset: start))
  }
  if let letter = cursor.peek(1), ABCByte.isLetter(letter), cursor.peek(2) == ABCByte.colon {
    var end = cursor
    end.advance(3)
    while let byte = end.peek(), byte != ABCByte.closeBracket { end.advance() }
    guard end.peek() == ABCByte.closeBracket else {
      throw cursor.problem(
        "unclosed inline field '\(end.text(from: start))'; close it with ']'", at: start)
    }
    try add(.field(letter: letter, value: line.part(start + 3, end.index)))
    cursor.index = end.index + 1
  } else if let next = cursor.peek(1), ABCByte.isDigit(next) {
    cursor.advance()
    try add(.ending(try endingNumbers(&cursor, start: start)))
  } else if cursor.peek(1) == ABCByte.bar {
    try add(.bar(try lexBar(&cursor)))
  } else if closesBeforeBar(cursor) {
    try lexChord(&cursor, line: line, into: sink)
  } else {
    // `["Coda" e3g |`, `[f3a` at a line's end: a `[` no `]` closes, passed over.
    cursor.advance()
    try add(.lenient(.unclosedChord, written: "["))
  }
}

/// Whether the `[` at the cursor is closed by a `]` before a bar line or the line's end
/// (quoted text passed over).
private func closesBeforeBar(_ cursor: ABCCursor) -> Bool {
  var end = cursor
  end.advance()
  while let byte = end.peek(), byte != ABCByte.bar, byte != ABCByte.percent {
    if byte == ABCByte.closeBracket { return true }
    if byte == ABCByte.quote {
      end.advance()
      while let quoted = end.peek(), quoted != ABCByte.quote { end.advance() }
    }
    end.advance()
  }
  return false
}

/// `[notes]length[-]`: notes struck together, as long as the first (times the length after
/// `]`); a `-` after `]` ties every note.
private func lexChord(
  _ cursor: inout ABCCursor, line: ABCLine, into sink: ABCElementSink
) throws(ABCProblem) {
  let start = cursor.index
  cursor.advance()
  var notes: [ABCNoteToken] = []
  while let byte = cursor.peek(), byte != ABCByte.closeBracket {
    let at = cursor.index
    if ABCByte.isBlank(byte) {
      cursor.advance()
    } else if byte == UInt8(ascii: "!") || byte == ABCByte.plus || byte == ABCByte.quote {
      // Marks inside a chord apply as before it.
      var one = ABCCursor(line.part(at, cursor.line.bytes.endIndex))
      try lexOne(&one, into: sink)
      cursor.index = one.index
    } else if byte == UInt8(ascii: "z") || byte == UInt8(ascii: "x") {
      // `[C2z2]`: a rest struck with notes.
      cursor.advance()
      _ = try cursor.multiplier()
      try sink(
        ABCElement(
          kind: .lenient(.restInChord, written: cursor.text(from: at)), line: line, offset: at))
    } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
      // `[Ae>]`, `[A>3e>]`: a broken rhythm inside a chord, and the length after it.
      while let next = cursor.peek(),
        next == byte || ABCByte.isDigit(next) || next == ABCByte.slash
      {
        cursor.advance()
      }
      try sink(
        ABCElement(
          kind: .lenient(.strayMark, written: cursor.text(from: at)), line: line, offset: at))
    } else if isChordMark(byte, next: cursor.peek(1)) {
      // Staccato, shorthand decorations and slurs inside a chord are not played either.
      cursor.advance()
    } else if ABCByte.isLetter(byte) || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "=")
    {
      guard ABCKey.letterIndex(byte) != nil || !ABCByte.isLetter(byte) else {
        throw cursor.problem(
          "unexpected '\(UnicodeScalar(byte))' in a chord; a chord holds notes, as in '[CEG]'")
      }
      notes.append(try lexNote(&cursor))
    } else {
      throw cursor.problem(
        "unexpected '\(UnicodeScalar(byte))' in a chord; a chord holds notes, as in '[CEG]'")
    }
  }
  guard cursor.take(ABCByte.closeBracket) else {
    throw cursor.problem("unclosed chord '['; close it with ']', as in '[CEG]'", at: start)
  }
  guard !notes.isEmpty else {
    throw cursor.problem("an empty chord '[]'; a chord holds notes, as in '[CEG]'", at: start)
  }
  let multiplier = try cursor.multiplier()
  if cursor.take(UInt8(ascii: "-")) {
    for index in notes.indices { notes[index].tied = true }
  }
  try sink(ABCElement(kind: .chord(notes, multiplier: multiplier), line: line, offset: start))
}

/// Lexes the one element at the cursor (a decoration or quoted text inside a chord).
private func lexOne(_ cursor: inout ABCCursor, into sink: ABCElementSink) throws(ABCProblem) {
  let mark = cursor.peek() ?? ABCByte.quote
  var end = cursor
  end.advance()
  while let byte = end.peek(), byte != mark { end.advance() }
  guard end.take(mark) else {
    throw cursor.problem("unclosed '\(UnicodeScalar(mark))' in a chord; close it on its line")
  }
  try lexMusicLine(cursor.line.part(cursor.index, end.index), into: sink)
  cursor.index = end.index
}

/// A bar line: `|`, `||`, `[|`, `|]`, `.|`, `[|]`, with colons for repeats (`|:`, `:|`, `::`,
/// `:|:`, `:||:`) and an ending after it (`|1`, `:|2`, `|[1,3`).
func lexBar(_ cursor: inout ABCCursor) throws(ABCProblem) -> ABCBar {
  var bar = ABCBar()
  let thickFirst = cursor.take(ABCByte.openBracket)
  _ = cursor.take(UInt8(ascii: "."))
  var colonsBefore = 0
  while cursor.take(ABCByte.colon) { colonsBefore += 1 }
  var lines = 0
  while cursor.take(ABCByte.bar) { lines += 1 }
  var colonsAfter = 0
  if lines == 0 {
    if colonsBefore >= 2 {
      // `::` ends a repeat and starts the next.
      bar.repeatEnds = 1
      bar.startsRepeat = true
    } else if cursor.take(ABCByte.closeBracket) {
      // `:]`, read as `:|]`.
      bar.repeatEnds = 1
      bar.isDouble = true
    } else if cursor.peek() == ABCByte.openBracket, cursor.peek(1) == ABCByte.bar {
      // `:[|]`, read as `:|`.
      cursor.advance(2)
      _ = cursor.take(ABCByte.closeBracket)
      bar.repeatEnds = 1
    } else {
      // A lone `:`, what is left of a `|:` cut by a line break.
      bar.startsRepeat = true
    }
  } else {
    let thickLast = cursor.take(ABCByte.closeBracket)
    while cursor.take(ABCByte.colon) { colonsAfter += 1 }
    bar.repeatEnds = colonsBefore
    bar.startsRepeat = colonsAfter > 0
    bar.isDouble = lines >= 2 || (thickFirst != thickLast)
  }
  if let next = cursor.peek(), ABCByte.isDigit(next) {
    bar.ending = try endingNumbers(&cursor, start: cursor.index)
  } else if cursor.peek() == ABCByte.openBracket, let next = cursor.peek(1), ABCByte.isDigit(next) {
    let endingStart = cursor.index
    cursor.advance()
    bar.ending = try endingNumbers(&cursor, start: endingStart)
  }
  return bar
}

/// An ending's passes: `1`, `1,3`, `1-3`, `1,3-4` (1 to 64).
func endingNumbers(_ cursor: inout ABCCursor, start: Int) throws(ABCProblem) -> [Int] {
  var numbers: [Int] = []
  repeat {
    guard let first = try cursor.number(), (1...64).contains(first) else {
      throw cursor.problem(endingHelp(cursor.text(from: start)), at: start)
    }
    var last = first
    if cursor.take(UInt8(ascii: "-")) {
      guard let end = try cursor.number(), (first...64).contains(end) else {
        throw cursor.problem(endingHelp(cursor.text(from: start)), at: start)
      }
      last = end
    }
    numbers += (Int(first)...Int(last)).map { $0 }
  } while cursor.take(UInt8(ascii: ",")) && numbers.count <= 64
  return numbers
}

private func endingHelp(_ written: String) -> String {
  "malformed ending '\(written)'; write the passes that play it, as in '[1', '[2' or '[1,3' (1 to 64)"
}

/// A mark passed over inside a chord: `.` (not a dotted tie), `~`, `H`-`W`, `h`-`w`, `(`, `)`.
private func isChordMark(_ byte: UInt8, next: UInt8?) -> Bool {
  switch byte {
  case UInt8(ascii: "."): next != UInt8(ascii: "-")
  case UInt8(ascii: "~"), UInt8(ascii: "("), UInt8(ascii: ")"): true
  case UInt8(ascii: "H")...UInt8(ascii: "W"), UInt8(ascii: "h")...UInt8(ascii: "w"): true
  default: false
  }
}
