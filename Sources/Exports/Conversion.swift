import MIDIFile
import Platform
import Rendering
import SampleBank
import ScoreParser

/// What `convert` made.
public struct ConversionSummary: Sendable {
  public var taps: Int
  /// One-line notes about what changed on the way (MIDI drums left out, keys without a pitch).
  public var notes: [String]
  /// Whether the output is MIDI (else score text).
  public var wroteMIDI: Bool
}

/// What `convert` writes, by a file's extension (any case): a score (`.xylo`), a MIDI file
/// (`.mid`, `.midi`) or MusicXML (`.musicxml`, `.xml`).
public enum ConversionOutput: Sendable {
  case score, midi, musicXML

  /// The kind `path` names; `nil` for another extension.
  public init?(path: String) {
    switch Path.fileExtension(path).lowercased() {
    case "xylo": self = .score
    case "mid", "midi": self = .midi
    case "musicxml", "xml": self = .musicXML
    default: return nil
    }
  }
}

/// Converts a MIDI file to a score, or a score to a MIDI file (format 1, 960 ticks a quarter),
/// by the input's kind; the output's extension must name the other kind (`.xylo` or
/// `.mid`/`.midi`). The taps of a converted MIDI file are exactly the file's; a MIDI file made
/// from a score places every tap exactly where its tempo is a whole number of microseconds a
/// beat, otherwise within half a millisecond. Written atomically, like a render.
public func convert(
  _ path: String, to destination: Destination, options: ParseOptions,
  midi: MIDIChoices = MIDIChoices()
) throws(RenderError) -> ConversionSummary {
  let bytes = try readScoreFile(path)
  let fromMIDI = isNoteFile(path: path, bytes: bytes)
  var toMusicXML = false
  if case .file(let output) = destination {
    let kind = ConversionOutput(path: output)
    toMusicXML = kind == .musicXML
    guard fromMIDI ? kind == .score : kind == .midi || toMusicXML else {
      let wanted = fromMIDI ? "a score ('.xylo')" : "a MIDI file ('.mid') or MusicXML ('.musicxml')"
      throw .invalidSetting(
        "'\(displayText(output, limit: displayedPathLength))' must name \(wanted): convert makes a score of a MIDI, MusicXML or ABC file, and a MIDI or MusicXML file of a score"
      )
    }
  }
  let name = displayPath(path)
  // A score converted keeps the pitches it names, whether or not the bank has them.
  var scoreOptions = options
  scoreOptions.keys = options.keys.map(withPitchNames)
  func readScore() throws(RenderError) -> Score {
    let score = try parsedScore(bytes, path: name, options: scoreOptions)
    guard let tempo = midi.tempo else { return score }
    return try retimed(score, tempo, limit: options.maxDuration)
  }
  if toMusicXML {
    return try writeMusicXML(try readScore(), to: destination, input: path)
  }
  if fromMIDI {
    let (text, summary) = try scoreText(fromMIDI: bytes, path: name, options: options, midi: midi)
    try writeAtomically(Array(text.utf8), to: destination, inputs: [path]) { written in
      parseScore(written, options: options).score?.taps.count == summary.taps
    }
    return summary
  }
  let score = try readScore()
  let export = midiBytes(from: score, noteOf: midiNote(ofTitle:))
  var notes: [String] = []
  if export.skippedTaps > 0 {
    notes.append("\(export.skippedTaps) taps on keys that name no pitch left out")
  }
  if export.unplacedTaps > 0 {
    notes.append("\(export.unplacedTaps) taps beyond what a MIDI file can time left out")
  }
  let placed = score.taps.count - export.skippedTaps - export.unplacedTaps
  try writeAtomically(export.bytes, to: destination, inputs: [path]) { written in
    (try? readMIDI(written).notes.count) == placed
  }
  return ConversionSummary(taps: placed, notes: notes, wroteMIDI: true)
}

/// Writes a score as MusicXML (`musicXML(from:noteOf:)`).
private func writeMusicXML(
  _ score: Score, to destination: Destination, input: String
) throws(RenderError) -> ConversionSummary {
  guard let export = musicXML(from: score, noteOf: midiNote(ofTitle:)) else {
    throw .doesNotFit("the score's beats cannot be written exactly as MusicXML divisions")
  }
  var notes: [String] = []
  if export.skippedTaps > 0 {
    notes.append("\(export.skippedTaps) taps on keys that name no pitch left out")
  }
  if export.mergedTaps > 0 {
    notes.append("\(export.mergedTaps) taps struck again on the same key at once written once")
  }
  try writeAtomically(Array(export.text.utf8), to: destination, inputs: [input]) { written in
    written.starts(with: Array("<?xml".utf8))
  }
  return ConversionSummary(
    taps: score.taps.count - export.skippedTaps - export.mergedTaps, notes: notes,
    wroteMIDI: false)
}

/// The score text of a MIDI file, on its own beat grid: ticks over ticks per quarter.
private func scoreText(
  fromMIDI bytes: [UInt8], path: String, options: ParseOptions, midi: MIDIChoices
) throws(RenderError) -> (String, ConversionSummary) {
  let file = try readNoteFile(bytes, path: path, options: options, midi: midi)
  let song = file.song
  let imported = try importMIDI(file, path: path, options: options, midi: midi)
  let quarter = Int64(song.ticksPerQuarter)
  func beat(_ tick: Int64) -> Rational { Rational(tick, quarter) ?? .zero }
  // `--tempo`/`--speed` change the tempi, not the beats: every tempo times one factor.
  var speed = Rational.one
  if let tempo = midi.tempo {
    // 120 a minute holds before a MIDI file's first tempo, as the song's render takes it.
    let first = song.tempoChanges.first.flatMap { $0.tick == 0 ? $0.beatsPerMinute : nil }
    speed = try speedFactor(tempo, firstTempo: first)
  }
  var tempi = song.tempoChanges.map { (tick: $0.tick, beatsPerMinute: $0.beatsPerMinute) }
  if speed != .one, tempi.first.map({ $0.tick > 0 }) ?? true {
    tempi.insert((0, Rational(120)), at: 0)  // MIDI's tempo before its first change
  }
  var events: [BeatEvent] = []
  for tempo in tempi {
    guard let beatsPerMinute = tempo.beatsPerMinute.multiplied(by: speed) else {
      throw .invalidSetting("the song's tempi overflow exact arithmetic at this speed")
    }
    events.append(.tempo(beat: beat(tempo.tick), beatsPerMinute: beatsPerMinute))
  }
  events += song.timeSignatures.map {
    .meter(beat: beat($0.tick), numerator: $0.numerator, denominator: $0.denominator)
  }
  for (tap, tick) in zip(imported.score.taps, imported.tapTicks) {
    let velocity = Int64((tap.gain * 127).rounded())
    events.append(
      .tap(
        beat: beat(tick), key: tap.key, gain: Rational(velocity, 127) ?? .one, part: tap.voice))
  }
  let text = ScoreParser.scoreText(
    BeatSong(
      title: song.title, events: events, endBeat: beat(song.endTick),
      parts: imported.score.voices))
  let summary = ConversionSummary(
    taps: imported.score.taps.count,
    notes: file.warnings + describe(imported), wroteMIDI: false)
  return (text, summary)
}
