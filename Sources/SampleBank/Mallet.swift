import Xylophone

/// The mallets the built-in xylophone can be played with (`--mallet`): each changes how long
/// the head stays on the bar and how it clicks. Recorded banks keep their own sound.
public enum Mallet: String, CaseIterable, Sendable {
  /// Rubber: long contact, warm, almost no click.
  case soft
  /// Hard plastic: rounder than hard, a softer click.
  case medium
  /// Hard heads: the concert xylophone's bright attack and ~20 ms click. The default.
  case hard

  var model: MalletModel {
    switch self {
    case .soft: .rubber
    case .medium: .plastic
    case .hard: .hard
    }
  }
}
