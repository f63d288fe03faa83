import MIDIFile
import ScoreParser

/// A voice as a `V:` line defines it: its name and playback shifts.
private struct VoiceDefinition {
  var id: String
  var name: String?
  var transpose: Int?
  var octave: Int?
}

/// Reads one tune (after the file header's fields) into the song builder's terms: its voices
/// as parts, each note at its played position in quarter notes, tempi and meters; and what it
/// passed over, a line a kind.
func readABCTune(
  _ tune: ABCTuneLines, fileHeader: [ABCLine], limits: MIDILimits
) throws(ABCProblem) -> (builder: NotatedSongBuilder, warnings: [String]) {
  var reader = ABCTuneReader(maxNotes: limits.maxNotes)
  for line in fileHeader { _ = try reader.readHeader(line) }
  var body = tune.lines.dropFirst()[...]
  // A line before the header's `K:` that is not a field is text, as abc2midi reads it (a field
  // missing its colon, a directive's continuation); without a `K:`, music starts the body.
  let keyLine = body.firstIndex { $0.field?.letter == UInt8(ascii: "K") }
  header: while let line = body.first {
    switch try reader.readHeader(line) {
    case .more: body = body.dropFirst()
    case .endsWithThis:
      body = body.dropFirst()
      break header
    case .endedBefore:
      guard let keyLine, body.startIndex < keyLine else { break header }
      reader.noteHeaderText(line)
      body = body.dropFirst()
    }
  }
  try reader.startBody()
  for line in body { try reader.readBody(line) }
  return try reader.finish(title: tune.title, number: tune.number, maxNotes: limits.maxNotes)
}

private struct ABCTuneReader {
  var context: ABCTuneContext
  var meter: ABCMeter?
  var unit: Rational?
  var key = ABCKey()
  var scope = ABCAccidentalScope.octave
  var tempo: ABCLine?
  var startTempo: ABCTempo?
  var definitions: [VoiceDefinition] = []
  /// The header `K:`'s `transpose=` and `octave=`, for every voice without its own.
  var shifts: (transpose: Int?, octave: Int?) = (nil, nil)
  var voices: [ABCVoice] = []
  var current = 0

  init(maxNotes: Int) {
    context = ABCTuneContext(maxNotes: maxNotes)
  }

  /// Where a header line leaves the header.
  enum HeaderEnd {
    case more
    /// A `K:` line is the header's last.
    case endsWithThis
    /// Music before any `K:` starts the body.
    case endedBefore
  }

  /// Reads a header line.
  mutating func readHeader(_ line: ABCLine) throws(ABCProblem) -> HeaderEnd {
    if line.isComment {
      directive(line)
      return .more
    }
    guard let field = line.field else { return line.isEmpty ? .more : .endedBefore }
    var cursor = ABCCursor(line, from: field.value.startIndex)
    switch field.letter {
    case UInt8(ascii: "M"): meter = try parseMeter(&cursor, lenient: &context.lenient)
    case UInt8(ascii: "L"): unit = try parseUnitLength(&cursor)
    case UInt8(ascii: "Q"): tempo = line.part(field.value.startIndex, field.value.endIndex)
    case UInt8(ascii: "K"):
      let parsed = try parseKeyField(&cursor)
      if let mode = parsed.unknownMode {
        context.lenient.note(.unknownMode, mode.written, line: line, offset: mode.offset)
      }
      key = parsed.key ?? key
      shifts = (parsed.transpose ?? shifts.transpose, parsed.octave ?? shifts.octave)
      return .endsWithThis
    case UInt8(ascii: "V"): try define(&cursor)
    case UInt8(ascii: "I"):
      if let set = accidentalDirective(abcFieldText(field.value)) { scope = set }
    case UInt8(ascii: "P"): context.ignored.note(.partsOrder, "P:" + abcFieldText(field.value))
    default: break
    }
    return .more
  }

  /// Notes a line of text before the header's `K:`, passed over.
  mutating func noteHeaderText(_ line: ABCLine) {
    let start = line.bytes.firstIndex { !ABCByte.isBlank($0) } ?? line.bytes.startIndex
    let text = ABCByte.trimmed(String(decoding: line.bytes, as: UTF8.self))
    context.lenient.note(.headerText, text, line: line, offset: start)
  }

  /// The unit length and tempo, once the header is read.
  mutating func startBody() throws(ABCProblem) {
    let unit = self.unit ?? meter?.defaultUnitLength ?? Rational(1, 8) ?? .one
    self.unit = unit
    if let tempo {
      var cursor = ABCCursor(tempo)
      startTempo = try parseTempo(&cursor, unit: unit)
      if startTempo == nil { context.ignored.note(.tempoText, abcFieldText(tempo.bytes)) }
    }
  }

  mutating func readBody(_ line: ABCLine) throws(ABCProblem) {
    if line.isComment {
      directive(line)
      return
    }
    if let field = line.field, isField(line) {
      let value = line.part(field.value.startIndex, field.value.endIndex)
      switch field.letter {
      case UInt8(ascii: "V"):
        var cursor = ABCCursor(value)
        current = try voiceIndex(try define(&cursor))
      case UInt8(ascii: "w"), UInt8(ascii: "W"):
        context.ignored.note(.lyrics, String(UnicodeScalar(field.letter)) + ":")
      case UInt8(ascii: "I"):
        if let set = accidentalDirective(abcFieldText(value.bytes)) {
          scope = set
          for index in voices.indices { voices[index].accidentalScope = set }
        }
      case UInt8(ascii: "K"), UInt8(ascii: "L"), UInt8(ascii: "M"), UInt8(ascii: "Q"):
        let index = try voiceIndex(nil)
        try voices[index].playField(field.letter, value: value, context: &context)
      default:
        // T:, P:, N:, R:, U: and the others change nothing played.
        break
      }
      return
    }
    try lexMusicLine(line) { (element: ABCElement) throws(ABCProblem) in
      if case .field(UInt8(ascii: "V"), let value) = element.kind {
        var cursor = ABCCursor(value)
        current = try voiceIndex(try define(&cursor))
        return
      }
      let index = try voiceIndex(nil)
      try voices[index].play(element, context: &context)
    }
  }

  /// Whether a line that starts as a field (`X:`) is one: a note or rest letter followed by
  /// `:|` or `::` is music.
  private func isField(_ line: ABCLine) -> Bool {
    guard let letter = line.bytes.first, line.bytes.count > 2 else { return true }
    let next = line.bytes[line.bytes.startIndex + 2]
    let music =
      ABCKey.letterIndex(letter) != nil || letter == UInt8(ascii: "z")
      || letter == UInt8(ascii: "x")
    return !(music && (next == ABCByte.bar || next == ABCByte.colon))
  }

  /// A `%%` directive: `propagate-accidentals` is followed, the others counted as passed over.
  private mutating func directive(_ line: ABCLine) {
    guard line.bytes.starts(with: [ABCByte.percent, ABCByte.percent]) else { return }
    let text = abcFieldText(line.bytes.dropFirst(2))
    if let set = accidentalDirective(text) {
      scope = set
      for index in voices.indices { voices[index].accidentalScope = set }
    } else if let word = text.split(separator: " ").first {
      context.ignored.note(.directive, "%%" + word)
    }
  }

  /// Reads a `V:` line's id and parameters into the voice's definition; returns the id.
  @discardableResult
  private mutating func define(_ cursor: inout ABCCursor) throws(ABCProblem) -> String {
    let words = try fieldWords(&cursor)
    guard let id = words.first?.text else {
      throw cursor.problem("a V: line needs a voice id, as in 'V:1'")
    }
    var definition =
      definitions.first { $0.id == id } ?? VoiceDefinition(id: id)
    for word in words.dropFirst() {
      if let name = parameter("name", in: word.text) ?? parameter("nm", in: word.text) {
        definition.name = unquoted(name)
      }
    }
    let own = try playbackShifts(Array(words.dropFirst()), cursor)
    definition.transpose = own.transpose ?? definition.transpose
    definition.octave = own.octave ?? definition.octave
    if let known = definitions.firstIndex(where: { $0.id == id }) {
      definitions[known] = definition
    } else {
      definitions.append(definition)
    }
    if let index = voices.firstIndex(where: { $0.id == id }) {
      voices[index].name = definition.name ?? voices[index].name
      voices[index].transpose = definition.transpose ?? voices[index].transpose
      voices[index].octave = definition.octave ?? voices[index].octave
    }
    return id
  }

  /// The index of voice `id` (the current voice when `nil`), made when first used: music
  /// before any `V:` is the first voice the header defines, else voice `1`.
  private mutating func voiceIndex(_ id: String?) throws(ABCProblem) -> Int {
    if id == nil, !voices.isEmpty { return current }
    let wanted = id ?? definitions.first?.id ?? "1"
    if let index = voices.firstIndex(where: { $0.id == wanted }) { return index }
    var voice = ABCVoice(
      id: wanted, key: key, unit: unit ?? .one, meter: meter, scope: scope)
    // The header's K: shifts every voice; a V: definition's own shifts win.
    let definition = definitions.first { $0.id == wanted }
    voice.name = definition?.name
    voice.transpose = definition?.transpose ?? shifts.transpose ?? 0
    voice.octave = definition?.octave ?? shifts.octave ?? 0
    voices.append(voice)
    current = voices.count - 1
    return current
  }

  /// The tune as the song builder takes it.
  mutating func finish(title: String?, number: Int?, maxNotes: Int) throws(ABCProblem)
    -> (builder: NotatedSongBuilder, warnings: [String])
  {
    var builder = NotatedSongBuilder()
    builder.title = title
    if let startTempo {
      builder.tempos.append((.zero, startTempo.quartersPerMinute, startTempo.beat))
    }
    if let meter, meter.isWritable {
      builder.meters.append((.zero, meter.numerator, meter.denominator))
    }
    let budget = maxNotes > Int.max / 4 ? Int.max / 2 : 2 * maxNotes + 1_000_000
    var parts = 0
    for index in voices.indices {
      try voices[index].finish()
      // The written events are let go once unrolled: a voice's memory is held once.
      let written = voices[index].events
      voices[index].events = []
      let (played, end) = try unrollRepeats(
        written, end: voices[index].position, maxEvents: budget)
      let notes = soundingNotes(played, part: parts + 1)
      guard !notes.isEmpty else { continue }
      parts += 1
      builder.parts.append(partName(voices[index], title: title))
      builder.notes += notes
      guard builder.notes.count <= maxNotes else {
        throw ABCProblem("the tune plays more than \(maxNotes) notes, the limit (see --max-taps)")
      }
      // An overlay longer than its bar may sound past the voice's end: the song reaches it.
      builder.end = max(builder.end, end, notes.map(\.position).max() ?? .zero)
      for event in played {
        switch event.kind {
        case .tempo(let tempo):
          builder.tempos.append((event.position, tempo.quartersPerMinute, tempo.beat))
        case .meter(let meter?) where meter.isWritable:
          // One meter a position: the later one read (a body's `[M:]` over the header's).
          builder.meters.removeAll { $0.position == event.position }
          builder.meters.append((event.position, meter.numerator, meter.denominator))
        default: break
        }
      }
    }
    guard parts > 0 else {
      throw ABCProblem("tune \(number.map(String.init) ?? "") has no notes to play")
    }
    return (builder, context.lenient.warnings + context.ignored.warnings)
  }

  /// A part's name: the voice's `name=`, else its id; a tune of one voice without a name is
  /// named by its title.
  private func partName(_ voice: ABCVoice, title: String?) -> String {
    if let name = voice.name, !name.isEmpty { return name }
    if voices.count == 1, voice.id == "1", definitions.allSatisfy({ $0.id != "1" }) {
      return title ?? "1"
    }
    return voice.id
  }
}

/// `text` without the double quotes around it.
private func unquoted(_ text: String) -> String {
  guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
  return String(text.dropFirst().dropLast())
}
