/// What one track of a MIDI file plays, as `info` lists it: enough to choose the parts to
/// render (`--track`, `--channel`) without opening the file in another program.
public struct MIDITrackSummary: Equatable, Sendable {
  /// 1-based, in file order.
  public var number: Int
  public var name: String?
  /// The first program change's General MIDI program (0-based), if any.
  public var program: Int?
  /// The channels its notes are on (1-16), ascending.
  public var channels: [Int]
  public var noteCount: Int
  /// The lowest and highest note (MIDI numbers, after transposing), if it has notes.
  public var lowestNote: Int?
  public var highestNote: Int?
  /// Notes on channel 10, General MIDI's drums.
  public var drumNoteCount: Int
  /// Whole octaves the track moves as a piece onto the bank (`OctavePlacement.part`).
  public var octaves = 0
  /// Notes (not drums) the bank has at another octave only, after the track's move: folding
  /// moves them one by one.
  public var foldedNoteCount: Int
  /// Notes (not drums) of a pitch class the bank has at no octave.
  public var unplayableNoteCount: Int

  /// The program's General MIDI name, `nil` without a program change.
  public var programName: String? {
    program.flatMap {
      GeneralMIDI.programNames.indices.contains($0) ? GeneralMIDI.programNames[$0] : nil
    }
  }
}

/// Every track of `song` summarized against the bank `mapping` names (its keys, transpose and
/// octave placement; its track and channel choices are ignored, so every track is listed).
public func trackSummaries(of song: MIDISong, mapping: NoteMapping) -> [MIDITrackSummary] {
  let table = KeyTable(mapping.keys, folds: true)
  var histograms = Array(repeating: [Int: Int](), count: song.tracks.count)
  if mapping.octaves == .part {
    for note in song.notes where note.channel != 10 && histograms.indices.contains(note.track - 1) {
      histograms[note.track - 1][note.note + mapping.transpose, default: 0] += 1
    }
  }
  let shifts = histograms.map { octaveShift(placing: $0, on: table) }
  var summaries = song.tracks.map { track in
    MIDITrackSummary(
      number: track.number, name: track.name, program: track.program, channels: [],
      noteCount: 0, drumNoteCount: 0, octaves: shifts[track.number - 1], foldedNoteCount: 0,
      unplayableNoteCount: 0)
  }
  var channels = Array(repeating: Set<Int>(), count: summaries.count)
  for note in song.notes {
    let index = note.track - 1
    guard summaries.indices.contains(index) else { continue }
    let number = note.note + mapping.transpose
    summaries[index].noteCount += 1
    channels[index].insert(note.channel)
    summaries[index].lowestNote = min(summaries[index].lowestNote ?? number, number)
    summaries[index].highestNote = max(summaries[index].highestNote ?? number, number)
    if note.channel == 10 {
      summaries[index].drumNoteCount += 1
      continue
    }
    switch table.lookUp(number + 12 * summaries[index].octaves) {
    case .folded: summaries[index].foldedNoteCount += 1
    case .unplayable: summaries[index].unplayableNoteCount += 1
    case .key, .outOfRange: break
    }
  }
  for index in summaries.indices { summaries[index].channels = channels[index].sorted() }
  return summaries
}
