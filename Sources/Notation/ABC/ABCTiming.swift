import ScoreParser

/// What every voice of a tune shares while it is read: what was passed over, and the notes
/// counted against the limit.
struct ABCTuneContext: Sendable {
  var ignored = ABCIgnored()
  var lenient = ABCLenient()
  var noteCount = 0
  let maxNotes: Int

  mutating func count(_ notes: Int) throws(ABCProblem) {
    noteCount += notes
    guard noteCount <= maxNotes else {
      throw ABCProblem("the tune holds more than \(maxNotes) notes, the limit (see --max-taps)")
    }
  }
}

extension ABCVoice {
  /// Plays one element of the voice's music: notes and rests move the position on, bar lines
  /// and endings are kept for unrolling repeats, fields change what is in force.
  mutating func play(_ element: ABCElement, context: inout ABCTuneContext) throws(ABCProblem) {
    do {
      try playUnlocated(element, context: &context)
    } catch {
      var located = error
      if located.line == nil {
        located.line = element.line
        if located.offset == 0 { located.offset = element.offset }
      }
      throw located
    }
  }

  private mutating func playUnlocated(_ element: ABCElement, context: inout ABCTuneContext)
    throws(ABCProblem)
  {
    switch element.kind {
    case .note(let note):
      try strike(CollectionOfOne(note), multiplier: .one, context: &context)
    case .chord(let notes, let multiplier):
      try strike(notes, multiplier: multiplier, context: &context)
    case .rest(let multiplier):
      try settle()
      pendingLength = try length(of: multiplier)
      takeGraces()
      record(.rest)
      tiedAlterations = [:]
      lastStruck = []
    case .barsRest(let bars):
      try settle()
      guard let meter else {
        throw element.problem("a rest of whole bars needs a meter; set one, as in 'M:4/4'")
      }
      takeGraces()
      record(.rest)
      lastStruck = []
      pendingLength = try product(product(meter.barLength, Rational(4)), Rational(Int64(bars)))
    case .grace(let notes):
      for note in notes {
        let sounding = try pitch(of: note)
        graces.append((sounding.pitch, sounding.flat))
      }
      try context.count(notes.count)
    case .broken(let count):
      guard pendingLength > .zero, brokenFactor == nil else {
        throw element.problem("a broken rhythm must stand between two notes, as in 'A>B'")
      }
      let short = Rational(1, Int64(1) << count.magnitude) ?? .one
      let long = Rational(2).subtracting(short) ?? .one
      pendingLength = try product(pendingLength, count > 0 ? long : short)
      brokenFactor = count > 0 ? short : long
    case .tuplet(let p, let q, let r):
      let time = q ?? defaultTupletTime(p)
      tuplet = (Rational(Int64(time), Int64(p)) ?? .one, r ?? p)
    case .bar(let bar):
      try settle()
      endOverlay()
      barAccidentals = [:]
      barStart = position
      record(.bar(bar))
    case .ending(let numbers):
      try settle()
      record(.ending(numbers))
    case .field(let letter, let value):
      try playField(letter, value: value, context: &context)
    case .decoration(let written):
      let name =
        written.count > 2 && (written.first == "!" || written.first == "+")
        ? String(written.dropFirst().dropLast()) : written
      if let velocity = Dynamics.velocity(of: name) {
        self.velocity = velocity
      } else {
        context.ignored.note(.decoration, written)
      }
    case .text(let text, let isAnnotation):
      context.ignored.note(isAnnotation ? .annotation : .chordSymbol, text)
    case .slur:
      context.ignored.note(.slur, "()")
    case .lenient(let kind, let written):
      context.lenient.note(kind, written, line: element.line, offset: element.offset)
    case .tie:
      guard pendingLength > .zero else {
        throw element.problem("a tie '-' must follow a note, as in 'c-c'")
      }
      // A tie after a rest (`z4-z`) ties nothing.
      for struck in lastStruck {
        if case .note(let pitch, let velocity, _, let flat) = events[struck.event].kind {
          events[struck.event].kind = .note(
            pitch: pitch, velocity: velocity, tied: true, flat: flat)
        }
        tiedAlterations[struck.key] = struck.alteration
      }
    case .overlay:
      try settle()
      guard channel < 15 else {
        throw element.problem("more than 14 overlays '&' in one bar")
      }
      if overlayEnd == nil { overlayEnd = position }
      channel += 1
      position = barStart
      tuplet = nil
      brokenFactor = nil
    }
  }

  /// Strikes the notes of a chord (or one note) together, as long as the first of them.
  private mutating func strike(
    _ notes: some Collection<ABCNoteToken>, multiplier: Rational, context: inout ABCTuneContext
  ) throws(ABCProblem) {
    try settle()
    let written = try product(notes.first?.multiplier ?? .one, multiplier)
    let length = try length(of: written)
    takeGraces()
    var tied: [Int: Int] = [:]
    lastStruck.removeAll(keepingCapacity: true)
    for note in notes {
      let (pitch, alteration, flat) = try pitch(of: note)
      lastStruck.append((events.count, Self.tieKey(note), alteration))
      record(.note(pitch: pitch, velocity: velocity, tied: note.tied, flat: flat))
      if note.tied { tied[Self.tieKey(note)] = alteration }
    }
    if !tied.isEmpty || !tiedAlterations.isEmpty { tiedAlterations = tied }
    pendingLength = length
    try context.count(notes.count)
  }

  /// A note or rest's length in quarter notes: `multiplier` units, with the broken rhythm and
  /// tuplet in force (and using them up).
  private mutating func length(of multiplier: Rational) throws(ABCProblem) -> Rational {
    var length = try product(product(unit, Rational(4)), multiplier)
    if let factor = brokenFactor {
      length = try product(length, factor)
      brokenFactor = nil
    }
    if let (ratio, remaining) = tuplet {
      length = try product(length, ratio)
      tuplet = remaining > 1 ? (ratio, remaining - 1) : nil
    }
    return length
  }

  /// ABC 2.1's `q` when a tuplet `(p` leaves it out: 3 for 2, 4 and 8; 2 for 3 and 6; else 3
  /// in a compound meter (6/8, 9/8 ...) and 2 otherwise.
  private func defaultTupletTime(_ p: Int) -> Int {
    switch p {
    case 2, 4, 8: 3
    case 3, 6: 2
    default: meter?.isCompound == true ? 3 : 2
    }
  }

  /// The waiting grace notes, at the note or rest that starts here.
  private mutating func takeGraces() {
    for grace in graces {
      record(.grace(pitch: grace.pitch, velocity: velocity, flat: grace.flat))
    }
    graces = []
  }

  /// Back to the voice's own music after overlays, where it reached in the bar.
  private mutating func endOverlay() {
    guard let end = overlayEnd else { return }
    position = end
    overlayEnd = nil
    channel = 1
  }

  /// Ends the voice: the last note settled, grace notes left over played where it ends.
  mutating func finish() throws(ABCProblem) {
    try settle()
    takeGraces()
    endOverlay()
  }

  /// A field in the music (`K:`, `L:`, `M:`, `Q:`, `I:` lines, or inline as `[K:G]`); the
  /// others (`T:`, `P:`, `N:` ...) change nothing played.
  mutating func playField(
    _ letter: UInt8, value: ABCLine, context: inout ABCTuneContext
  ) throws(ABCProblem) {
    var cursor = ABCCursor(value)
    switch letter {
    case UInt8(ascii: "K"):
      let field = try parseKeyField(&cursor)
      if let mode = field.unknownMode {
        context.lenient.note(.unknownMode, mode.written, line: value, offset: mode.offset)
      }
      if let key = field.key { self.key = key }
      if let shift = field.transpose { transpose = shift }
      if let shift = field.octave { octave = shift }
    case UInt8(ascii: "L"):
      unit = try parseUnitLength(&cursor)
    case UInt8(ascii: "M"):
      try settle()
      meter = try parseMeter(&cursor, lenient: &context.lenient)
      record(.meter(meter))
    case UInt8(ascii: "Q"):
      try settle()
      if let tempo = try parseTempo(&cursor, unit: unit) {
        record(.tempo(tempo))
      } else {
        context.ignored.note(.tempoText, abcFieldText(value.bytes))
      }
    case UInt8(ascii: "I"):
      if let scope = accidentalDirective(abcFieldText(value.bytes)) { accidentalScope = scope }
    default:
      break
    }
  }
}

/// The scope `propagate-accidentals not|octave|pitch` (a `%%` directive or `I:` field) sets;
/// `nil` for other instructions.
func accidentalDirective(_ text: String) -> ABCAccidentalScope? {
  let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
  guard words.count == 2, words[0] == "propagate-accidentals" else { return nil }
  return ABCAccidentalScope(rawValue: String(words[1]))
}
