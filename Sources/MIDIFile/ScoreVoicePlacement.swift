import AudioBasics
import ScoreParser

/// A score's voices placed on the bank as a MIDI file's parts are: taps that name a pitch the
/// bank lacks (`C4` on a bank of F4 to C8) move with their voice by whole octaves, then alone
/// (`NoteMapping.outOfRange`). A score whose every tap names one of the bank's titles is left
/// exactly as written.
public struct ScoreVoicePlacement: Sendable {
  public var score: Score
  /// Each voice that holds pitched taps, as it was placed (`MIDIPart.track` of voice + 1).
  public var placements: [PartPlacement]
  /// Taps left out (`OutOfRange.skip`).
  public var skipped: Int
  /// Taps the bank cannot play: no key of their pitch class at any octave, or outside its range
  /// with `OutOfRange.error`; a score names its keys, so each is an error at its line.
  public var refused: [Tap]
}

/// Places `score`'s voices on the keys `mapping` names (its keys, octave placement and
/// out-of-range handling; its track, channel and transpose choices are for MIDI files only).
/// `nil` when every tap names one of the bank's titles: nothing to place.
public func placeVoices(of score: Score, mapping: NoteMapping) -> ScoreVoicePlacement? {
  var noteOfTitle: [String: Int] = [:]
  for (title, note) in mapping.keys where noteOfTitle[title] == nil { noteOfTitle[title] = note }
  guard score.taps.contains(where: { noteOfTitle[$0.key] == nil }) else { return nil }
  let table = KeyTable(mapping.keys, folds: mapping.outOfRange == .fold)
  func pitch(_ key: String) -> Int? { noteOfTitle[key] ?? NoteName.note(named: key) }
  var order: [Int] = []
  var histograms: [Int: [Int: Int]] = [:]
  for tap in score.taps {
    guard let note = pitch(tap.key) else { continue }
    if histograms[tap.voice] == nil { order.append(tap.voice) }
    histograms[tap.voice, default: [:]][note, default: 0] += 1
  }
  var result = ScoreVoicePlacement(score: score, placements: [], skipped: 0, refused: [])
  var place: [Int: Int] = [:]
  for voice in order {
    let histogram = histograms[voice] ?? [:]
    place[voice] = result.placements.count
    result.placements.append(
      PartPlacement(
        part: .track(voice + 1), name: score.voiceName(voice),
        noteCount: histogram.values.reduce(0, +),
        octaves: mapping.octaves == .part ? octaveShift(placing: histogram, on: table) : 0))
  }
  var taps: [Tap] = []
  taps.reserveCapacity(score.taps.count)
  for var tap in score.taps {
    guard let note = pitch(tap.key), let index = place[tap.voice] else {
      taps.append(tap)  // a title that names no pitch (`kick_2`) plays as written
      continue
    }
    let octaves = result.placements[index].octaves
    if octaves == 0, noteOfTitle[tap.key] != nil {
      taps.append(tap)
      continue
    }
    let moved = note + 12 * octaves
    switch table.lookUp(moved, flat: tap.key == NoteName.name(of: note, flat: true)) {
    case .key(let title):
      tap.key = title
    case .folded(let title):
      tap.key = title
      result.placements[index].folded += 1
    case .outOfRange where mapping.outOfRange == .skip:
      result.placements[index].skipped += 1
      result.skipped += 1
      continue
    case .outOfRange, .unplayable:
      result.refused.append(tap)
      continue
    }
    taps.append(tap)
  }
  result.score.taps = taps
  return result
}

/// The one-line notes about a score's voices placed on the bank, as `describe(_:partNoun:)`
/// gives them for a MIDI file: each voice moved, what was folded or left out.
public func describe(_ placement: ScoreVoicePlacement) -> [String] {
  var lines = placementLines(placement.placements, partNoun: "voice", transposes: false)
  if placement.placements.contains(where: { $0.folded > 0 }) {
    lines.append("--out-of-range skip or error changes what happens to a key the bank lacks")
  }
  if placement.skipped > 0 {
    let count = placement.skipped
    lines.append(
      "\(count) tap\(count == 1 ? "" : "s") outside the bank's range left out; "
        + "--out-of-range fold moves \(count == 1 ? "it" : "them") by octaves")
  }
  return lines
}
