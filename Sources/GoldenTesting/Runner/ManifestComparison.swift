import Platform
import Rendering
import SampleBank

/// What changed between the manifest recorded with a golden and the render's, as values: the
/// causes a failure names before any moved tap.
public enum ManifestChange: Equatable, Sendable {
  /// A setting changed: its name in the manifest (`rate`, `gain_db`) and both values as the
  /// manifest writes them (`(not set)` for unset).
  case setting(name: String, from: String, to: String)
  /// A tempo the score sets changed, and the taps that moved with it.
  case tempo(TempoShift)
  /// A sample of the bank changed (its content hash), while the output's rate and channels did
  /// not: the key, its strike layer, both hashes, and how many taps moved (`nil` when the
  /// taps cannot be paired: some were added or removed).
  case sample(key: String, layer: Int, fromHash: String, toHash: String, tapsMoved: Int?)
  /// The tool that rendered changed version.
  case toolVersion(from: String, to: String)
}

/// A tempo of the score changed: the taps after it that moved as the new tempo moves them.
public struct TempoShift: Equatable, Sendable {
  /// The score line of its `tempo` (`nil` for a MIDI file's).
  public var line: Int?
  /// Beats a minute before and after, exactly (`"120"`, `"97.5"`).
  public var fromBPM: String
  public var toBPM: String
  /// The frame it starts on.
  public var frame: Int64
  /// Taps after it, up to the next tempo, that moved in proportion to the tempo.
  public var proportionalTaps: Int
  /// Taps after the next tempo, all moved by `shiftFrames`, as the next tempo moved.
  public var shiftedTaps: Int
  public var shiftFrames: Int64?
}

/// The changes from `old` (recorded with the golden) to `new` (the render's): settings, the
/// first tempo that changed, the samples, the tool's version; and which of `new`'s taps the
/// tempo change accounts for (their indices), so a report lists only the others.
public func compareManifests(_ old: RenderManifest, _ new: RenderManifest) -> (
  changes: [ManifestChange], explainedTaps: Set<Int>
) {
  var changes = settingChanges(old.settings, new.settings)
  var explained = Set<Int>()
  if let (shift, taps) = tempoShift(old, new) {
    changes.append(.tempo(shift))
    explained = taps
  }
  // Every sample changes with the rate or the channels; only then is a changed one news.
  if old.settings.rate == new.settings.rate && old.settings.channels == new.settings.channels {
    let moved =
      old.taps.count == new.taps.count
      ? zip(old.taps, new.taps).filter { $0.frame != $1.frame }.count : nil
    var oldHashes: [String: String] = [:]
    for sample in old.samples { oldHashes["\(sample.layer) \(sample.key)"] = sample.hash }
    for sample in new.samples {
      guard let hash = oldHashes["\(sample.layer) \(sample.key)"], hash != sample.hash else {
        continue
      }
      changes.append(
        .sample(
          key: sample.key, layer: sample.layer, fromHash: hash, toHash: sample.hash,
          tapsMoved: moved))
    }
  }
  if old.tool.version != new.tool.version {
    changes.append(.toolVersion(from: old.tool.version, to: new.tool.version))
  }
  return (changes, explained)
}

/// Each setting whose value differs, in the manifest's (sorted) order.
private func settingChanges(
  _ old: RenderManifest.Configuration, _ new: RenderManifest.Configuration
) -> [ManifestChange] {
  guard case .object(let before) = old.jsonValue, case .object(let after) = new.jsonValue else {
    return []
  }
  return after.keys.sorted().compactMap { name in
    let (from, to) = (before[name] ?? .null, after[name] ?? .null)
    return from == to ? nil : .setting(name: name, from: settingText(from), to: settingText(to))
  }
}

/// A setting's value as a report shows it: `48000`, `hall`, `(not set)` for unset, which no
/// option's value reads like (`none` is one of `--mallet`'s words for something else).
private func settingText(_ value: JSONValue) -> String {
  switch value {
  case .null: "(not set)"
  case .string(let text): text
  case .number(let text): text
  case .bool(let flag): flag ? "true" : "false"
  case .array, .object: value.text.trimmingNewline
  }
}

/// The first tempo whose beats a minute changed, when it explains moved taps: those after it
/// (up to the next tempo) moved in proportion, and those after the next tempo by one shift.
/// Taps are paired in render order, which a tempo change keeps.
private func tempoShift(_ old: RenderManifest, _ new: RenderManifest) -> (TempoShift, Set<Int>)? {
  guard old.settings.rate == new.settings.rate, old.tempos.count == new.tempos.count,
    old.taps.count == new.taps.count,
    let index = old.tempos.indices.first(where: { old.tempos[$0].bpm != new.tempos[$0].bpm }),
    old.tempos[index].frame == new.tempos[index].frame,
    let before = old.tempos[index].beatsPerMinute, let after = new.tempos[index].beatsPerMinute,
    after.numerator > 0
  else { return nil }
  let start = old.tempos[index].frame
  // A beat lasts `before / after` times as long as it did.
  let ratio = before.doubleValue / after.doubleValue
  let next = index + 1 < old.tempos.count ? (old.tempos[index + 1], new.tempos[index + 1]) : nil
  // Frames are rounded from exact times: the rounding of the start, of the old frame scaled,
  // and of the new frame leave up to max(1, ratio) frames.
  let slack = max(1, ratio) + 1e-9
  var shift = TempoShift(
    line: new.tempos[index].line, fromBPM: old.tempos[index].bpm, toBPM: new.tempos[index].bpm,
    frame: start, proportionalTaps: 0, shiftedTaps: 0)
  var explained = Set<Int>()
  for (position, (was, now)) in zip(old.taps, new.taps).enumerated() {
    guard nameSameBar(was.key, now.key), was.line == now.line, was.gain == now.gain,
      was.frame >= start,
      was.frame != now.frame
    else { continue }
    if let (oldNext, newNext) = next, was.frame >= oldNext.frame {
      let offset = newNext.frame - oldNext.frame
      guard abs(now.frame - was.frame - offset) <= 1 else { continue }
      shift.shiftedTaps += 1
      shift.shiftFrames = offset
    } else {
      let expected = Double(start) + Double(was.frame - start) * ratio
      guard abs(Double(now.frame) - expected) <= slack else { continue }
      shift.proportionalTaps += 1
    }
    explained.insert(position)
  }
  return explained.isEmpty ? nil : (shift, explained)
}

extension String {
  fileprivate var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
