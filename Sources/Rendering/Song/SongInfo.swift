import MIDIFile
import Notation
import ScoreParser

/// What a score or MIDI file holds, for choosing what to render: its length, tempo and meter
/// changes, and for MIDI each track's part (`xylo-render info`).
public struct SongInfo: Sendable {
  public var isMIDI: Bool
  /// The notation the file was in (MusicXML, ABC); `nil` for score text and MIDI.
  public var notation: NotationFormat?
  public var title: String?
  /// Seconds, exactly.
  public var duration: Rational
  /// Taps once read as a render reads it (MIDI: with the options' tracks, channels, drums).
  public var tapCount: Int
  /// Of those, the taps struck: unisons (one key, one frame at the render's rate) merged.
  public var struckTapCount: Int
  /// The keys those taps play, in the order the score first uses them.
  public var keys: [String]
  public var tempoChanges: [TempoChange]
  /// The meters a score sets (`meter 6/8`) or a MIDI file's time signatures.
  public var meterChanges: [MeterChange]
  /// A MIDI file's tracks, every one whatever the options select; none for a score.
  public var tracks: [MIDITrackSummary]
  /// What the file gets wrong that reading tolerated (MIDI structure), each a line.
  public var warnings: [String]
  /// An ABC file's tunes (`X:` number and title), whichever `--tune` reads; none for the
  /// other kinds.
  public var tunes: [NotatedTune] = []
}

/// Reads `path` (a score, or a MIDI file by its name or its first bytes) as `Song(file:)`
/// does, and what it holds besides; the bank decides which MIDI notes fold or cannot play.
public func songInfo(
  file path: String, options: SoundOptions = SoundOptions(), limits: ParseOptions = ParseOptions(),
  midi: MIDIChoices = MIDIChoices(), openBank: BankOpener = defaultBankOpener
) throws(RenderError) -> SongInfo {
  let song = try Song(
    file: path, options: options, limits: limits, midi: midi, openBank: openBank,
    keepingNoteFile: true)
  var info = SongInfo(
    isMIDI: song.isMIDI, notation: song.notation, title: song.score.title,
    duration: song.score.duration,
    tapCount: song.score.taps.count,
    struckTapCount: (try? schedule(song.score, rate: Int64(song.settings.rate ?? 48_000)).count)
      ?? song.score.taps.count,
    keys: song.score.keys,
    tempoChanges: song.score.tempoChanges, meterChanges: song.score.meterChanges, tracks: [],
    warnings: song.warnings)
  guard let file = song.noteFile else { return info }
  info.tunes = file.tunes
  info.tracks = trackSummaries(
    of: file.song,
    mapping: NoteMapping(
      keys: keyNotes(song.bank.titles), transpose: midi.transpose,
      octaves: NoteMapping.OctavePlacement(rawValue: midi.octaves.rawValue) ?? .part))
  return info
}
