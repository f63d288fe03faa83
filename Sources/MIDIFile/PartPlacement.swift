/// A part of a song as octave placement and melody selection treat it: a track, a channel of
/// a one-track (format 0) file, or the melody line picked across parts.
public enum MIDIPart: Hashable, Sendable {
  /// A track (1-based): a MIDI track, a MusicXML part, an ABC voice.
  case track(Int)
  /// A channel (1 to 16) of a format-0 file, whose one track holds every instrument.
  case channel(Int)
  /// The melody line (`PartSelection.melody`), moved as one piece whatever parts it came from.
  case melody
}

/// How one part was placed on the bank's keys: moved as a piece by whole octaves, then what
/// still did not fit handled note by note (`NoteMapping.OutOfRange`).
public struct PartPlacement: Equatable, Sendable {
  public var part: MIDIPart
  /// The track's name, for a track.
  public var name: String?
  /// Its notes that were looked up (drums left out).
  public var noteCount: Int
  /// Whole octaves the part moved (positive is up); 0 when it fit or `OctavePlacement.note`.
  public var octaves: Int
  /// Notes still outside the bank after the move, folded one by one.
  public var folded: Int
  /// Notes still outside the bank after the move, left out (`OutOfRange.skip`).
  public var skipped: Int

  public init(
    part: MIDIPart, name: String? = nil, noteCount: Int = 0, octaves: Int = 0, folded: Int = 0,
    skipped: Int = 0
  ) {
    self.part = part
    self.name = name
    self.noteCount = noteCount
    self.octaves = octaves
    self.folded = folded
    self.skipped = skipped
  }
}

/// The whole octaves that put the most of a part's notes on keys the bank has: ties go to the
/// smaller move, then to the lower one. A part that fits as written moves by 0.
///
/// `notes` counts the part's notes by MIDI number (after transposing); musicians move a line
/// as a piece, so every interval between its notes stays as written.
func octaveShift(placing notes: [Int: Int], on table: KeyTable) -> Int {
  guard let lowestKey = table.lowestNote, let highestKey = table.highestNote,
    let lowest = notes.keys.min(), let highest = notes.keys.max()
  else { return 0 }
  // Beyond these moves no note reaches a key; 200 octaves is past every note a bank can hold.
  let down = max(-200, floorDivision(lowestKey - highest, by: 12))
  let up = min(200, ceilingDivision(highestKey - lowest, by: 12))
  var best = (shift: 0, fitting: fitting(notes, movedBy: 0, on: table))
  guard down <= up else { return 0 }
  for shift in down...up where shift != 0 {
    let count = fitting(notes, movedBy: shift, on: table)
    let better =
      count > best.fitting
      || (count == best.fitting
        && (shift.magnitude, shift) < (best.shift.magnitude, best.shift))
    if better { best = (shift, count) }
  }
  return best.fitting == 0 ? 0 : best.shift
}

/// How many of `notes` land on a key after moving by `octaves`.
private func fitting(_ notes: [Int: Int], movedBy octaves: Int, on table: KeyTable) -> Int {
  var count = 0
  for (note, occurrences) in notes where table.hasKey(note + 12 * octaves) {
    count += occurrences
  }
  return count
}

private func floorDivision(_ value: Int, by divisor: Int) -> Int {
  value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}

private func ceilingDivision(_ value: Int, by divisor: Int) -> Int {
  -floorDivision(-value, by: divisor)
}
