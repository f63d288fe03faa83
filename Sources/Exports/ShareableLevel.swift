import Rendering
import Settings

extension Song {
  /// The song at `RenderSettings.shareableLevel` when nothing set its level: neither the
  /// caller's options nor the score's `options` line, nor the caller's `settings` since. A
  /// video or a page is for people to hear, so it plays as loud as what they hear beside it.
  func leveledForSharing() -> Song {
    guard options.level == nil, settings.level == options.settings.level else { return self }
    var song = self
    song.settings.level = RenderSettings.shareableLevel
    return song
  }
}
