/// A key signature: the semitones each letter, C to B, is raised (or lowered) by.
struct ABCKey: Equatable, Sendable {
  var alterations = [Int](repeating: 0, count: 7)

  /// The letters' indices (C is 0, B is 6) in the order sharps are added, F C G D A E B;
  /// flats are added in the reverse order.
  private static let sharpOrder = [3, 0, 4, 1, 5, 2, 6]

  /// A key of `fifths` sharps (flats below 0), -7 to 7.
  init(fifths: Int = 0) {
    for index in Self.sharpOrder.prefix(max(0, fifths)) { alterations[index] = 1 }
    for index in Self.sharpOrder.reversed().prefix(max(0, -fifths)) { alterations[index] = -1 }
  }

  /// The index of a note letter, C (or c) 0 to B 6.
  static func letterIndex(_ byte: UInt8) -> Int? {
    switch byte | 0x20 {
    case UInt8(ascii: "c"): 0
    case UInt8(ascii: "d"): 1
    case UInt8(ascii: "e"): 2
    case UInt8(ascii: "f"): 3
    case UInt8(ascii: "g"): 4
    case UInt8(ascii: "a"): 5
    case UInt8(ascii: "b"): 6
    default: nil
    }
  }

  /// The semitones of each natural letter above C.
  static let naturalSemitones = [0, 2, 4, 5, 7, 9, 11]
}

/// What a `K:` (or `V:`) field sets: a key, when it names one, and the playback shifts.
struct ABCKeyField: Sendable {
  var key: ABCKey?
  /// `transpose=N`: semitones added when played.
  var transpose: Int?
  /// `octave=N`: octaves added to every note.
  var octave: Int?
  /// A tonic whose mode is unknown (`Es`, `Bn`), read as its major key: the key as written
  /// and where, for the warning.
  var unknownMode: (written: String, offset: Int)?
}

/// The modes and how many fifths each lies below its major key (`m` is minor).
private let modes: [(prefix: String, shift: Int)] = [
  ("maj", 0), ("ion", 0), ("min", -3), ("aeo", -3), ("m", -3), ("mix", -1), ("dor", -2),
  ("phr", -4), ("lyd", 1), ("loc", -5),
]

/// Fifths of each letter's major key, C to B.
private let majorFifths = [0, 2, 4, -1, 1, 3, 5]

/// Parses `K:`'s value: a tonic with an optional mode (`G`, `Bbmix`, `F#m`, `A dorian`),
/// `none`, or the pipes' `HP`/`Hp`; then accidentals (`^f _b =c`, `exp` for only those), and
/// parameters, of which `transpose=` and `octave=` are played (clefs only change how music is
/// drawn). A field without a tonic keeps the key; a tonic with a mode no reader knows (`Es`,
/// `Bn`) is its major key, as abc2midi and music21 read it, and `unknownMode` says so.
func parseKeyField(_ cursor: inout ABCCursor) throws(ABCProblem) -> ABCKeyField {
  var words = try fieldWords(&cursor)[...]
  var field = ABCKeyField()
  if let first = words.first, let key = try tonicKey(first, next: words.dropFirst().first, cursor) {
    field.key = key.key
    if key.unknownMode { field.unknownMode = (first.text, first.offset) }
    words = words.dropFirst(key.words)
  }
  var explicit = false
  var listed: [(index: Int, alteration: Int)] = []
  for word in words {
    let text = word.text
    if text == "exp" {
      explicit = true
    } else if let accidental = keyAccidental(text) {
      listed.append(accidental)
    }
  }
  let shifts = try playbackShifts(Array(words), cursor)
  field.transpose = shifts.transpose
  field.octave = shifts.octave
  if !listed.isEmpty {
    var key = explicit ? ABCKey() : field.key ?? ABCKey()
    for accidental in listed { key.alterations[accidental.index] = accidental.alteration }
    field.key = key
  }
  return field
}

/// The key a `K:` field's first word (and, for a separate mode, its second) names, with how
/// many words it took and whether its mode was unknown (and read as major); `nil` when the
/// first word is no key (a clef, a parameter).
private func tonicKey(
  _ word: (text: String, offset: Int), next: (text: String, offset: Int)?, _ cursor: ABCCursor
) throws(ABCProblem) -> (key: ABCKey, words: Int, unknownMode: Bool)? {
  let bytes = Array(word.text.utf8)
  if word.text == "none" || word.text == "HP" { return (ABCKey(), 1, false) }
  if word.text == "Hp" {
    var key = ABCKey(fifths: 2)
    key.alterations[4] = 0
    return (key, 1, false)
  }
  guard let letter = bytes.first, letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "G"),
    let index = ABCKey.letterIndex(letter), !word.text.contains("=")
  else { return nil }
  var fifths = majorFifths[index]
  var rest = bytes.dropFirst()
  if rest.first == UInt8(ascii: "#") {
    fifths += 7
    rest = rest.dropFirst()
  } else if rest.first == UInt8(ascii: "b") {
    fifths -= 7
    rest = rest.dropFirst()
  }
  var words = 1
  var modeText = String(decoding: rest, as: UTF8.self).lowercased()
  if modeText.isEmpty, let next, let shift = modeShift(next.text.lowercased()), shift.isMode {
    modeText = next.text.lowercased()
    words = 2
  }
  let shift = modeShift(modeText)
  fifths += shift?.value ?? 0
  guard (-7...7).contains(fifths) else {
    throw cursor.problem(
      "the key '\(word.text)' needs more than 7 \(fifths > 0 ? "sharps" : "flats"); write its enharmonic key",
      at: word.offset)
  }
  return (ABCKey(fifths: fifths), words, shift == nil)
}

/// The fifths a mode word shifts by (an empty word is major); `isMode` is false for the empty
/// word.
private func modeShift(_ text: String) -> (value: Int, isMode: Bool)? {
  if text.isEmpty { return (0, false) }
  if text == "m" { return (-3, true) }
  guard text.count >= 3, text.allSatisfy(\.isLetter) else { return nil }
  let prefix = String(text.prefix(3))
  return modes.first { $0.prefix == prefix }.map { ($0.shift, true) }
}

/// An accidental of a key's list, `^f`, `__b`, `=c`: the letter's index and alteration.
private func keyAccidental(_ text: String) -> (index: Int, alteration: Int)? {
  let bytes = Array(text.utf8)
  guard let last = bytes.last, let index = ABCKey.letterIndex(last) else { return nil }
  let alteration: Int
  switch String(decoding: bytes.dropLast(), as: UTF8.self) {
  case "^": alteration = 1
  case "^^": alteration = 2
  case "_": alteration = -1
  case "__": alteration = -2
  case "=": alteration = 0
  default: return nil
  }
  return (index, alteration)
}

/// The `transpose=N` (semitones) and `octave=N` among a `K:` or `V:` field's words.
func playbackShifts(
  _ words: [(text: String, offset: Int)], _ cursor: ABCCursor
) throws(ABCProblem) -> (transpose: Int?, octave: Int?) {
  var shifts: (transpose: Int?, octave: Int?) = (nil, nil)
  for word in words {
    if let value = parameter("transpose", in: word.text) {
      shifts.transpose = try boundedNumber(value, word: word, range: -48...48, cursor)
    } else if let value = parameter("octave", in: word.text) {
      shifts.octave = try boundedNumber(value, word: word, range: -4...4, cursor)
    }
  }
  return shifts
}

/// The value of `name=VALUE` in `text`; `nil` when `text` is another word.
func parameter(_ name: String, in text: String) -> String? {
  guard text.hasPrefix(name + "=") else { return nil }
  return String(text.dropFirst(name.count + 1))
}

/// A whole number (with an optional sign) within `range`.
private func boundedNumber(
  _ value: String, word: (text: String, offset: Int), range: ClosedRange<Int>,
  _ cursor: ABCCursor
) throws(ABCProblem) -> Int {
  let digits = value.hasPrefix("+") ? String(value.dropFirst()) : value
  guard digits.count <= 4, let number = Int(digits), range.contains(number) else {
    throw cursor.problem(
      "'\(word.text)' needs a whole number from \(range.lowerBound) to \(range.upperBound)",
      at: word.offset)
  }
  return number
}
