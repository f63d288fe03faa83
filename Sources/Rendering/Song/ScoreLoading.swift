import MIDIFile
import Platform
import SampleBank
import ScoreParser

/// The largest score file read: 16 MiB, eight times a two-hour tap log of 20 taps a second.
/// Parsing holds the file, its longest line and the taps expanded (56 bytes each, at most
/// `--max-taps`), not its tokens; past a limit or an error, nothing more.
public let maximumScoreBytes = 16 << 20

/// A score read from a file: text in the score language or a Standard MIDI File.
public struct LoadedScore: Sendable {
  public var score: Score
  /// One-line notes about what reading changed (MIDI drums left out, notes moved by octaves).
  public var notes: [String]
  /// Whether the file was MIDI: its taps' `line` is then the track, `column` the channel.
  public var isMIDI: Bool
  /// What the file's structure gets wrong that reading tolerated, each at its byte offset.
  public var warnings: [String] = []
  /// What reading a MIDI file did to its notes, in numbers; nil for score text.
  public var midiCounts: MIDINoteCounts?
}

/// Reads and parses the score at `path` (`-` reads standard input, named `<stdin>`): a MIDI
/// file when its name ends in `.mid` or `.midi` or it starts with `MThd`, else score text.
///
/// `options` give the bank's titles and the limits; `midi` how notes become taps. Throws
/// `.unreadableScore` when the file cannot be read, `.score` with every diagnostic for a text
/// with errors, `.midi` for a broken MIDI file or a note the bank cannot play.
public func loadScore(at path: String, options: ParseOptions, midi: MIDIChoices = MIDIChoices())
  throws(RenderError) -> LoadedScore
{
  let bytes = try readScoreFile(path)
  if isMIDI(path: path, bytes: bytes) {
    return try loadedMIDI(bytes, path: displayPath(path), options: options, midi: midi)
  }
  return LoadedScore(
    score: try parsedScore(bytes, path: displayPath(path), options: options), notes: [],
    isMIDI: false)
}

/// The bytes of a score file (`-`: standard input), at most `maximumScoreBytes`.
package func readScoreFile(_ path: String) throws(RenderError) -> [UInt8] {
  do {
    return try FileSystem.readAll(path, limit: maximumScoreBytes)
  } catch {
    throw .unreadableScore(path: path, reason: error.reason)
  }
}

/// A MIDI file's taps with the notes about what reading them changed.
func loadedMIDI(_ bytes: [UInt8], path: String, options: ParseOptions, midi: MIDIChoices)
  throws(RenderError) -> LoadedScore
{
  let imported = try importMIDI(bytes, path: path, options: options, midi: midi)
  return LoadedScore(
    score: imported.score, notes: describe(imported), isMIDI: true,
    warnings: imported.warnings.map(\.description), midiCounts: imported.counts)
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

/// Reads MIDI bytes into taps on the keys `options` name (the built-in titles when it names
/// none), within its limits; `path` names the file in errors.
public func importMIDI(
  _ bytes: [UInt8], path: String, options: ParseOptions, midi: MIDIChoices
) throws(RenderError) -> MIDIImport {
  let mapping = NoteMapping(
    keys: keyNotes(options.keys ?? BuiltInBank().titles), keepDrums: midi.keepDrums,
    outOfRange: NoteMapping.OutOfRange(rawValue: midi.outOfRange.rawValue) ?? .fold,
    tracks: midi.tracks, channels: midi.channels, transpose: midi.transpose)
  do {
    let song = try readMIDI(
      bytes, limits: MIDILimits(maxNotes: options.maxTaps, maxDuration: options.maxDuration))
    return try score(from: song, mapping: mapping)
  } catch {
    throw .midi(path: path, error)
  }
}

/// The bank's titles that name a pitch, with their MIDI notes: what MIDI notes map onto.
func keyNotes(_ titles: [String]) -> [(title: String, note: Int)] {
  titles.compactMap { title in midiNote(ofTitle: title).map { (title, $0) } }
}

/// Whether a score file is MIDI: by its extension, or by the chunk it starts with.
package func isMIDI(path: String, bytes: [UInt8]) -> Bool {
  let ext = Path.fileExtension(path).lowercased()
  return ext == "mid" || ext == "midi" || bytes.starts(with: Array("MThd".utf8))
}

/// The name diagnostics use for a score path: the path as given, or `<stdin>` for `-`.
public func displayPath(_ path: String) -> String { path == "-" ? "<stdin>" : path }
