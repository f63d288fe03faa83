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
    var used = Set<Int>()
    for tap in score.taps { used.insert(tap.voice) }
    return used.sorted().map { VoicePart(index: $0, name: score.voiceName($0)) }
  }
}
