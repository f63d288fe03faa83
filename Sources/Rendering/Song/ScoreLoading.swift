import MIDIFile
import Notation
import Platform
import SampleBank
import ScoreParser
import SoundFile

/// The largest score file read: 16 MiB, eight times a two-hour tap log of 20 taps a second.
/// Parsing holds the file, its longest line and the taps expanded (56 bytes each, at most
/// `--max-taps`), not its tokens; past a limit or an error, nothing more.
public let maximumScoreBytes = 16 << 20

/// A score read from a file: text in the score language, a Standard MIDI File, MusicXML or ABC.
public struct LoadedScore: Sendable {
  public var score: Score
  /// One-line notes about what reading changed (MIDI drums left out, notes moved by octaves).
  public var notes: [String]
  /// Whether the file was MIDI or notation: its taps' `line` is then the track (part),
  /// `column` the channel (voice).
  public var isMIDI: Bool
  /// The notation the file was in; `nil` for score text and MIDI.
  public var notation: NotationFormat? = nil
  /// What the file's structure gets wrong that reading tolerated, each at its byte offset.
  public var warnings: [String] = []
  /// What reading a MIDI file did to its notes, in numbers; nil for score text.
  public var midiCounts: MIDINoteCounts?
  /// The taps of each MIDI program (`MIDIImport.programCounts`); empty for score text.
  public var programCounts: [MIDIProgram: Int] = [:]
  /// The MIDI or notation file as read, kept only when asked for (`info` lists its tracks).
  package var noteFile: NoteFile? = nil
}

/// Reads and parses the score at `path` (`-` reads standard input, named `<stdin>`): a MIDI
/// file when its name ends in `.mid` or `.midi` or it starts with `MThd`, MusicXML or ABC by
/// their names (`.musicxml`, `.xml`, `.mxl`, `.abc`) or first bytes, else score text.
///
/// `options` give the bank's titles and the limits; `midi` how notes become taps. Throws
/// `.unreadableScore` when the file cannot be read, `.score` with every diagnostic for a text
/// with errors, `.midi` for a broken MIDI file or a note the bank cannot play.
public func loadScore(at path: String, options: ParseOptions, midi: MIDIChoices = MIDIChoices())
  throws(RenderError) -> LoadedScore
{
  let bytes = try readScoreFile(path)
  if isNoteFile(path: path, bytes: bytes) {
    return try loadedMIDI(bytes, path: displayPath(path), options: options, midi: midi)
  }
  return LoadedScore(
    score: try parsedScore(bytes, path: displayPath(path), options: options), notes: [],
    isMIDI: false)
}

/// The bytes of a score file (`-`: standard input), at most `maximumScoreBytes`.
package func readScoreFile(_ path: String) throws(RenderError) -> [UInt8] {
  let bytes: [UInt8]
  do {
    bytes = try FileSystem.readAll(path, limit: maximumScoreBytes)
  } catch {
    throw .unreadableScore(path: path, reason: error.reason)
  }
  try refuseAudio(bytes, path: path)
  return bytes
}

/// Refuses a file that is neither MIDI, notation nor UTF-8 text but that libsndfile opens as
/// audio (a render given in place of its score): one line that says so, in place of fifty
/// diagnostics about its bytes. Standard input cannot be opened again, so it is not tried.
func refuseAudio(_ bytes: [UInt8], path: String) throws(RenderError) {
  guard path != "-", !isNoteFile(path: path, bytes: bytes),
    String(validating: bytes, as: UTF8.self) == nil,
    let audio = try? SoundFileReader(path: path)
  else { return }
  let channels = audio.info.channels == 1 ? "1 channel" : "\(audio.info.channels) channels"
  throw .unreadableScore(
    path: path,
    reason:
      "it is audio (\(audio.info.sampleRate) Hz, \(channels)), not a score: xylo-render reads"
      + " scores as text, MIDI, MusicXML or ABC")
}

/// A MIDI or notation file's taps with the notes about what reading them changed.
func loadedMIDI(
  _ bytes: [UInt8], path: String, options: ParseOptions, midi: MIDIChoices,
  keepingNoteFile: Bool = false
) throws(RenderError) -> LoadedScore {
  let read = try readNoteFile(bytes, path: path, options: options, midi: midi)
  let imported = try importMIDI(read, path: path, options: options, midi: midi)
  return LoadedScore(
    score: imported.score,
    notes: describe(imported, partNoun: read.notation == nil ? "track" : "part"), isMIDI: true,
    notation: read.notation, warnings: read.warnings, midiCounts: imported.counts,
    programCounts: imported.programCounts, noteFile: keepingNoteFile ? read : nil)
}

/// A MIDI or notation file read as a song, before its notes become taps.
package struct NoteFile: Sendable {
  package var song: MIDISong
  /// The notation it was in; `nil` for MIDI.
  package var notation: NotationFormat?
  /// What reading tolerated (MIDI structure) or passed over (notation elements), a line each.
  package var warnings: [String]
  /// An ABC file's tunes; empty for the other kinds.
  package var tunes: [NotatedTune] = []
}

/// Reads MIDI, MusicXML or ABC bytes (by `path`'s name or the bytes' start) within the limits
/// `options` set; `path` names the file in errors.
package func readNoteFile(
  _ bytes: [UInt8], path: String, options: ParseOptions, midi: MIDIChoices
) throws(RenderError) -> NoteFile {
  let limits = MIDILimits(maxNotes: options.maxTaps, maxDuration: options.maxDuration)
  guard !isMIDI(path: path, bytes: bytes), let format = NotationFormat(path: path, bytes: bytes)
  else {
    do {
      let song = try readMIDI(bytes, limits: limits)
      return NoteFile(song: song, notation: nil, warnings: song.warnings.map(\.description))
    } catch {
      throw .midi(path: path, error)
    }
  }
  do {
    let read = try readNotation(
      bytes, format: format, path: path, choices: NotationChoices(tune: midi.tune),
      limits: limits)
    return NoteFile(
      song: read.song, notation: format, warnings: read.warnings, tunes: read.tunes)
  } catch {
    throw .notation(error)
  }
}

/// Parses score text held in memory; `path` names it in diagnostics.
public func parsedScore(_ bytes: [UInt8], path: String, options: ParseOptions)
  throws(RenderError) -> Score
{
  let result = parseScore(bytes, options: options)
  if let score = result.score { return score }
  let lines = sourceLines(bytes, numbers: Set(result.diagnostics.map(\.line)))
  throw .score(path: path, diagnostics: result.diagnostics, sourceLines: lines)
}

/// Reads MIDI, MusicXML or ABC bytes into taps on the keys `options` name (the built-in
/// titles when it names none), within its limits; `path` names the file in errors.
public func importMIDI(
  _ bytes: [UInt8], path: String, options: ParseOptions, midi: MIDIChoices
) throws(RenderError) -> MIDIImport {
  try importMIDI(
    readNoteFile(bytes, path: path, options: options, midi: midi), path: path, options: options,
    midi: midi)
}

/// A song's notes as taps on the keys `options` name, the tracks `midi` selects.
package func importMIDI(
  _ file: NoteFile, path: String, options: ParseOptions, midi: MIDIChoices
) throws(RenderError) -> MIDIImport {
  var tracks = midi.tracks
  if !midi.parts.isEmpty {
    let named = try trackNumbers(ofParts: midi.parts, in: file.song, path: path)
    tracks = (tracks ?? []).union(named)
  }
  let mapping = NoteMapping(
    keys: keyNotes(options.keys ?? BuiltInBank().titles), keepDrums: midi.keepDrums,
    outOfRange: NoteMapping.OutOfRange(rawValue: midi.outOfRange.rawValue) ?? .fold,
    tracks: tracks, channels: midi.channels, transpose: midi.transpose,
    octaves: NoteMapping.OctavePlacement(rawValue: midi.octaves.rawValue) ?? .part,
    selection: partSelection(midi))
  do {
    return try score(from: file.song, mapping: mapping)
  } catch {
    throw .midi(path: path, error)
  }
}

/// The parts `midi` asks to play.
private func partSelection(_ midi: MIDIChoices) -> PartSelection {
  switch midi.selection {
  case .all: .all
  case .melody: .melody
  case nil: midi.ringtoneMelody ? .melodyOfSeveralParts : .all
  }
}

/// The tracks `parts` name, each by its number (1-based) or its name (any case); a name or
/// number that is no track is an error listing the tracks.
func trackNumbers(ofParts parts: [String], in song: MIDISong, path: String)
  throws(RenderError) -> Set<Int>
{
  var numbers: Set<Int> = []
  for part in parts {
    if let number = Int(part), song.tracks.indices.contains(number - 1) {
      numbers.insert(number)
      continue
    }
    let matching = song.tracks.filter { $0.name?.lowercased() == part.lowercased() }
    guard !matching.isEmpty else {
      let names = song.tracks.map { "\($0.number) \($0.name.map { "'\($0)'" } ?? "(no name)")" }
      throw .invalidSetting(
        "\(path) has no part '\(displayText(part, limit: 40))'; its parts are \(names.prefix(12).joined(separator: ", "))\(names.count > 12 ? ", ..." : "")"
      )
    }
    numbers.formUnion(matching.map(\.number))
  }
  return numbers
}

/// The bank's titles that name a pitch, with their MIDI notes: what MIDI notes map onto.
func keyNotes(_ titles: [String]) -> [(title: String, note: Int)] {
  titles.compactMap { title in midiNote(ofTitle: title).map { (title, $0) } }
}

/// Whether a score file is MIDI or notation rather than score text.
package func isNoteFile(path: String, bytes: [UInt8]) -> Bool {
  isMIDI(path: path, bytes: bytes) || NotationFormat(path: path, bytes: bytes) != nil
}

/// Whether a score file is MIDI: by its extension, or by the chunk it starts with.
package func isMIDI(path: String, bytes: [UInt8]) -> Bool {
  let ext = Path.fileExtension(path).lowercased()
  return ext == "mid" || ext == "midi" || bytes.starts(with: Array("MThd".utf8))
}

/// The name diagnostics use for a score path: the path as given, or `<stdin>` for `-`.
public func displayPath(_ path: String) -> String { path == "-" ? "<stdin>" : path }
