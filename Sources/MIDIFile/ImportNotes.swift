import ScoreParser

/// The one-line notes about an import the front end prints: what was left out or moved, and
/// the option that changes it. Empty when every selected note became a tap as written.
/// `partNoun` is what the file calls a track: `track` (MIDI) or `part` (notation).
public func describe(_ import: MIDIImport, partNoun: String = "track") -> [String] {
  var lines: [String] = []
  if `import`.drumsSkipped > 0 {
    let count = `import`.drumsSkipped
    lines.append(
      "\(notes(count, "drum note")) (channel 10) left out; --drums keeps \(count == 1 ? "it" : "them")"
    )
  }
  if `import`.drumsKept > 0 {
    lines.append(
      "\(notes(`import`.drumsKept, "drum note")) (channel 10) played as pitched keys by their note numbers (--drums): a drum kit's sounds are not keys"
    )
  }
  if let melody = `import`.melody {
    lines.append(describe(melody, partNoun: partNoun) + "; --parts all plays every part")
  }
  lines += placementLines(`import`.placements, partNoun: partNoun, transposes: true)
  if `import`.folded > 0 {
    lines.append("--out-of-range skip or error changes what happens to a note the bank lacks")
  }
  if `import`.skipped > 0 {
    let count = `import`.skipped
    lines.append(
      "\(notes(count, "note")) outside the bank's range left out; "
        + "--out-of-range fold moves \(count == 1 ? "it" : "them") by octaves")
  }
  if `import`.unplayable > 0, let first = `import`.firstUnplayable {
    let count = `import`.unplayable
    let what =
      count == 1
      ? "1 note (\(first.description)) has" : "\(count) notes (first \(first.description)) have"
    lines.append(
      "\(what) no key in the bank at any octave and \(count == 1 ? "is" : "are") left out")
  }
  return lines
}

/// A line for each part moved or with notes folded alone, then the options that change it;
/// `transposes` when `--transpose` applies (MIDI and notation, not score text).
func placementLines(_ placements: [PartPlacement], partNoun: String, transposes: Bool)
  -> [String]
{
  var lines: [String] = []
  var moved = false
  for placement in placements where placement.octaves != 0 || placement.folded > 0 {
    var line = label(placement.part, name: placement.name, partNoun: partNoun) + ": "
    if placement.octaves != 0 {
      moved = true
      let octaves = placement.octaves.magnitude
      line +=
        "moved \(placement.octaves > 0 ? "up" : "down") \(octaves) octave\(octaves == 1 ? "" : "s")"
        + " into the bank's range"
        + (transposes ? " (as --transpose \(placement.octaves * 12) would)" : "")
      if placement.folded > 0 {
        line +=
          "; \(placement.folded) of its \(placement.noteCount) notes still outside it"
          + " moved by octaves one by one"
      }
    } else {
      line +=
        "\(placement.folded) of its \(placement.noteCount) notes moved by octaves into"
        + " the bank's range one by one"
    }
    lines.append(line)
  }
  if moved {
    lines.append(
      "--octaves note keeps every \(partNoun == "track" ? "part" : partNoun) where it is written"
        + (transposes ? "; --transpose SEMITONES moves them all" : ""))
  }
  return lines
}

/// `plays the melody, the highest note at each onset: 180 notes of 420, from track 2 'Flute'
/// (150), track 3 'Piano' (30)`; `partNoun` names a track as `describe(_:partNoun:)` does.
public func describe(_ melody: MelodyPick, partNoun: String = "track") -> String {
  let kept = melody.shares.reduce(0) { $0 + $1.noteCount }
  let sources = melody.shares.prefix(6).map {
    "\(label($0.part, name: $0.name, partNoun: partNoun)) (\($0.noteCount))"
  }
  let more = melody.shares.count > 6 ? ", and \(melody.shares.count - 6) more" : ""
  let how: String
  switch melody.rule {
  case .named: how = "the part named as the tune"
  case .highestLine: how = "the highest note at each onset"
  }
  return "plays the melody, \(how): \(notes(kept, "note")) of \(melody.candidateCount), from "
    + sources.joined(separator: ", ") + more
}

/// `track 2 'Bass'`, `part 1`, `channel 3`, `the melody`.
private func label(_ part: MIDIPart, name: String?, partNoun: String) -> String {
  switch part {
  case .track(let number):
    let shown = name.map { " '\(displayText($0))'" } ?? ""
    return "\(partNoun) \(number)\(shown)"
  case .channel(let number): return "channel \(number)"
  case .melody: return "the melody"
  }
}

/// `1 note`, `3 notes`.
private func notes(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
