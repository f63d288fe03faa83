import ScoreParser

/// One voice of a score that has taps: a `voice` line's name, or a MIDI file's track.
public struct VoicePart: Equatable, Sendable {
  /// Its place in `Score.voices` (0 for the first), the `Tap.voice` of its taps.
  public var index: Int
  public var name: String

  public init(index: Int, name: String) {
    self.index = index
    self.name = name
  }

  /// Its number in stem file names: 1 for the first voice (a MIDI file's first track).
  public var number: Int { index + 1 }

  /// The voices of `score` that have taps, in the order of `Score.voices`.
  static func parts(of score: Score) -> [VoicePart] {
    guard let first = score.taps.first?.voice else { return [] }
    guard score.taps.contains(where: { $0.voice != first }) else {
      return [VoicePart(index: first, name: score.voiceName(first))]
    }
    // Voices are few and numbered from 0 (tracks, `voice` lines): a flag each, not a hash.
    let (lowest, highest) = score.taps.reduce((first, first)) {
      ($0.0 < $1.voice ? $0.0 : $1.voice, max($0.1, $1.voice))
    }
    let indices: [Int]
    if lowest >= 0 && highest < 1 << 16 {
      var used = [Bool](repeating: false, count: highest + 1)
      for tap in score.taps { used[tap.voice] = true }
      indices = used.indices.filter { used[$0] }
    } else {
      indices = Set(score.taps.map(\.voice)).sorted()
    }
    return indices.map { VoicePart(index: $0, name: score.voiceName($0)) }
  }
}
