import Mixer
import ScoreParser

/// A tap placed at an output frame: what the mixer consumes.
public struct ScheduledTap: Hashable, Sendable {
  /// The output frame where the key's sample starts: `floor(time * rate + 1/2)`.
  public var frame: Int64
  /// The tap as the score gave it.
  public var tap: Tap

  public init(frame: Int64, tap: Tap) {
    self.frame = frame
    self.tap = tap
  }
}

/// Why a score cannot be placed at a rate.
public enum ScheduleError: Error, Equatable, Sendable {
  /// The rate is not a positive number of frames per second.
  case invalidRate(Int64)
  /// A tap's frame does not fit in 64 bits at this rate.
  case frameOverflow(Tap)
}

/// Places every tap of `score` at its frame for `rate` frames per second, in render order:
/// by frame, then by text order, so equal frames always sum in the same order; taps of one key
/// on one frame are struck once, as the strongest of them.
public func schedule(_ score: Score, rate: Int64) throws(ScheduleError) -> [ScheduledTap] {
  var merged = 0
  return try inRenderOrder(score, rate: rate, merged: &merged) { frame, tap in
    ScheduledTap(frame: frame, tap: tap)
  }
}

/// The taps of `score` as the mixer takes them, in render order (frame, then text order),
/// without holding a copy of every `Tap`. `sample` gives the sample a key plays at a gain on
/// its `turn`-th tap (a bank may have several strikes or round-robin regions per key) and the
/// level it plays at; turns are counted only when `countsTurns` (otherwise each is 0).
public func mixTaps(
  for score: Score, rate: Int64, countsTurns: Bool = false,
  sample: (_ key: String, _ gain: Double, _ turn: Int) -> (index: Int, gain: Double)
) throws(ScheduleError) -> (taps: [MixTap], mergedUnisons: Int) {
  let placed = try mixTaps(
    for: score, rate: rate, countsTurns: countsTurns, recordingVoices: false, sample: sample)
  return (placed.taps, placed.mergedUnisons)
}

/// `mixTaps(for:rate:countsTurns:sample:)`, with each tap's voice (`Tap.voice`) beside it
/// when `recordingVoices` (empty otherwise): the stems a render can be split into.
package func mixTaps(
  for score: Score, rate: Int64, countsTurns: Bool, recordingVoices: Bool,
  sample: (_ key: String, _ gain: Double, _ turn: Int) -> (index: Int, gain: Double)
) throws(ScheduleError) -> (taps: [MixTap], mergedUnisons: Int, voices: [Int32]) {
  var last: (key: String, gain: Double, index: Int, level: Double)?
  var turns: [String: Int] = [:]
  var merged = 0
  var voices: [Int32] = []
  if recordingVoices { voices.reserveCapacity(score.taps.count) }
  let taps = try inRenderOrder(score, rate: rate, merged: &merged) { frame, tap in
    if recordingVoices { voices.append(Int32(clamping: tap.voice)) }
    if countsTurns {
      let turn = turns[tap.key, default: 0]
      turns[tap.key] = turn + 1
      let chosen = sample(tap.key, tap.gain, turn)
      return MixTap(frame: frame, sampleIndex: chosen.index, gain: Float(chosen.gain))
    }
    // Taps of one key and gain often follow each other: look them up once.
    if let last, last.key == tap.key, last.gain == tap.gain {
      return MixTap(frame: frame, sampleIndex: last.index, gain: Float(last.level))
    }
    let chosen = sample(tap.key, tap.gain, 0)
    last = (tap.key, tap.gain, chosen.index, chosen.gain)
    return MixTap(frame: frame, sampleIndex: chosen.index, gain: Float(chosen.gain))
  }
  return (taps, merged, voices)
}

/// Places every tap at its frame and makes an element of it, in render order, each unison
/// struck once: taps of one key on one frame (a folded octave, voices doubling each other,
/// `C+C`) become the strongest of them (the first in render order among equals), where the
/// first of them stood. A real bar struck twice at once sounds once; summing them would only
/// make it louder and spend voices. `merged` counts the taps merged away.
///
/// Taps come sorted by time, so frames only tie, never invert; a tie of different times may
/// be out of text order, and only such runs are reordered.
private func inRenderOrder<Element>(
  _ score: Score, rate: Int64, merged: inout Int, _ make: (Int64, Tap) -> Element
) throws(ScheduleError) -> [Element] {
  guard rate > 0 else { throw .invalidRate(rate) }
  let taps = score.taps
  var frames: [Int64] = []
  frames.reserveCapacity(taps.count)
  for tap in taps {
    guard let frame = tap.time.roundedHalfUp(scale: rate) else { throw .frameOverflow(tap) }
    frames.append(frame)
  }
  var elements: [Element] = []
  elements.reserveCapacity(taps.count)
  var start = 0
  while start < taps.count {
    var end = start + 1
    while end < taps.count && frames[end] == frames[start] { end += 1 }
    guard end - start > 1 else {
      elements.append(make(frames[start], taps[start]))
      start = end
      continue
    }
    var order = Array(start..<end)
    if !zip(order, order.dropFirst()).allSatisfy({ taps[$0].sequence < taps[$1].sequence }) {
      order.sort { taps[$0].sequence < taps[$1].sequence }
    }
    var kept: [Int] = []
    // A chord's few keys are searched in place; a pile of taps on one frame gets an index.
    var keptByKey: [String: Int]? = end - start > 16 ? [:] : nil  // position in `kept`
    for index in order {
      let key = taps[index].key
      let position =
        keptByKey.map { $0[key] } ?? kept.firstIndex { taps[$0].key == key }
      if let position {
        merged += 1
        if taps[index].gain > taps[kept[position]].gain { kept[position] = index }
      } else {
        keptByKey?[key] = kept.count
        kept.append(index)
      }
    }
    for index in kept { elements.append(make(frames[index], taps[index])) }
    start = end
  }
  return elements
}
