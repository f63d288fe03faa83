import SoundFile

/// Audio formats a bank may hold that libsndfile cannot decode, kept as keys that say so.
///
/// Without them a bank's `C.m4a` would vanish and the score's `C` read as an unknown key.
enum UnreadableFormats {
  /// Lowercased extensions of common audio formats libsndfile has no decoder for (MPEG-4 and
  /// AAC, Windows Media, Monkey's Audio, WavPack, AMR, Matroska and WebM, AC-3, DTS, TTA),
  /// less any a future libsndfile learns to read.
  static let extensions: Set<String> = Set([
    "3gp", "aac", "ac3", "alac", "amr", "ape", "dts", "m4a", "m4b", "m4r", "mka", "mp4", "tta",
    "webm", "wma", "wv",
  ]).subtracting(SoundFileLibrary.readableExtensions)

  /// Why a file with `fileExtension` cannot be used, with the way out.
  static func reason(fileExtension: String) -> String {
    "libsndfile cannot read \(fileExtension.lowercased()) files; convert it to WAV or FLAC"
  }
}
