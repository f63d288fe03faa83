import CFFmpeg

/// FFmpeg's own log, which would print to stderr: silenced, because every failure reaches the
/// caller as an `EncodingError` and a library prints nothing. Process-wide, and this module is
/// the only one that uses FFmpeg.
enum LibraryLog {
  private static let silenced: Bool = {
    av_log_set_level(AV_LOG_QUIET)
    return true
  }()

  /// Silences the log, once; called before any FFmpeg object is made.
  static func silence() {
    _ = silenced
  }
}
