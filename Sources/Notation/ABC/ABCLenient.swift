/// What real collections write that ABC 2.1 does not allow, read as abc2midi and music21 read
/// it (passed over, or read as what was meant): each kind a warning at its first place.
enum ABCLenientKind: Int, CaseIterable, Sendable {
  /// `=` at a line's end, `=20` (mail's quoted-printable line break and space), `^3`.
  case strayAccidental
  /// `[C2z2]`: a rest struck with notes.
  case restInChord
  /// `+CEG+`: ABC 1.x's chord.
  case oldChord
  /// `+` that the line does not close as a decoration.
  case strayPlus
  /// `}`, `,`, `'`, a length (`2`, `/`) where no note, rest or bar line can stand.
  case strayMark
  /// `[` with no `]` before the bar line or the line's end; `]` that closes no chord.
  case unclosedChord
  /// `(1`: a tuplet of one note, which changes no length.
  case oneNoteTuplet
  /// A line that is not a field before the header's `K:` (a field missing its colon, a
  /// directive's continuation): text, as abc2midi reads it.
  case headerText
  /// `K:Es`, `K:Bn`: a tonic with a mode no reader knows; its major key, as abc2midi and
  /// music21 read it.
  case unknownMode
  /// `M:FREI4/4`: the Essen collection's free meter, a word before a meter.
  case meterWord

  /// What is done with it, after the text as written.
  func message(_ written: String) -> String {
    switch self {
    case .strayAccidental: "the accidental '\(written)' has no note after it; it is passed over"
    case .restInChord: "a rest '\(written)' in a chord is passed over"
    case .oldChord:
      "'\(written)' is read as the chord '[\(written.dropFirst().dropLast())]' (ABC 1.x's chord)"
    case .strayPlus: "a '+' the line does not close is passed over"
    case .strayMark: "'\(written)' stands where no note can; it is passed over"
    case .unclosedChord: "'\(written)' opens or closes no chord; it is passed over"
    case .oneNoteTuplet: "a tuplet '\(written)' of one note changes no length; it is passed over"
    case .headerText: "'\(written)' before the tune's K: line is text; it is passed over"
    case .unknownMode:
      "the key '\(written)' has an unknown mode; it is read as '\(tonic(of: written))' major, as abc2midi and music21 read it"
    case .meterWord: "the meter '\(written)' is read as free meter, 'M:none'"
    }
  }

  /// A key's tonic as written: its letter and a `#` or `b` after it (`Es` gives `E`).
  private func tonic(of key: String) -> String {
    let letter = key.prefix(1)
    let sign = key.dropFirst().prefix(1)
    return String(letter) + (sign == "#" || sign == "b" ? String(sign) : "")
  }
}

/// What a tune's reading read leniently: each kind's first place and how many in all.
struct ABCLenient: Sendable {
  private var first: [(line: Int, column: Int, written: String)?] =
    Array(repeating: nil, count: ABCLenientKind.allCases.count)
  private var counts = [Int](repeating: 0, count: ABCLenientKind.allCases.count)

  /// Counts one of `kind`, written as `written` at `offset` (a byte of the file) of `line`.
  mutating func note(_ kind: ABCLenientKind, _ written: String, line: ABCLine, offset: Int) {
    counts[kind.rawValue] += 1
    if first[kind.rawValue] == nil {
      first[kind.rawValue] = (line.number, line.column(of: offset), written)
    }
  }

  /// One line a kind, at its first place: `14:8: a '+' the line does not close is passed over
  /// (3 in all)`.
  var warnings: [String] {
    ABCLenientKind.allCases.compactMap { kind in
      guard let place = first[kind.rawValue] else { return nil }
      let count = counts[kind.rawValue]
      let shown =
        place.written.count > 24 ? String(place.written.prefix(24)) + "..." : place.written
      return "\(place.line):\(place.column): \(kind.message(shown))"
        + (count > 1 ? " (\(count) in all)" : "")
    }
  }
}

/// An accidental with no note after it (`=` at a line's end, and mail's quoted-printable
/// `=20` and `=3D`; `^3^F`, `=>g`), moved past with the digits after it, as abc2midi passes
/// them over; `nil` when a note follows (`^f`, or a microtonal `^3/2f` or `^/f`, which
/// `lexNote` refuses).
func strayAccidental(_ cursor: inout ABCCursor) -> String? {
  let start = cursor.index
  var end = cursor
  while let byte = end.peek(),
    byte == UInt8(ascii: "^") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "=")
  {
    end.advance()
  }
  let marks = end.index
  var microtonal = false
  while let byte = end.peek(), ABCByte.isDigit(byte) || byte == ABCByte.slash {
    microtonal = microtonal || byte == ABCByte.slash
    end.advance()
  }
  if let byte = end.peek(), ABCKey.letterIndex(byte) != nil, ABCByte.isLetter(byte),
    end.index == marks || microtonal
  {
    return nil
  }
  cursor.index = end.index
  return cursor.text(from: start)
}

/// The notes of ABC 1.x's chord `+CEG+` (two notes or more, all of the name); `nil` for a
/// decoration, `+ff+` among them.
func oldChordNotes(_ name: String, line: ABCLine, start: Int) -> [ABCNoteToken]? {
  guard name.first == "+", name.contains(where: { $0 != "f" && $0 != "+" }) else { return nil }
  var cursor = ABCCursor(line.part(start + 1, start + name.utf8.count - 1))
  var notes: [ABCNoteToken] = []
  while !cursor.atEnd {
    guard let note = try? lexNote(&cursor) else { return nil }
    notes.append(note)
  }
  return notes.count >= 2 ? notes : nil
}
