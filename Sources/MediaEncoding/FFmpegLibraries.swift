import AudioBasics
import CFFmpeg

/// FFmpeg's libraries, opened on first use rather than at start-up (see `CSystem.h`), with
/// their log silenced: every failure reaches the caller as an `EncodingError`, and a library
/// prints nothing. Process-wide; this module is the only one that uses FFmpeg.
enum FFmpegLibraries {
  /// Why the libraries could not be opened, or nil once they are open and silenced.
  static let failure: String? = {
    if let failure = sharedLibraryFailure("FFmpeg", xylo_ffmpeg_open) { return failure }
    av_log_set_level(AV_LOG_QUIET)
    return nil
  }()

  /// Opens the libraries, once; called before any FFmpeg object is made for `path`.
  static func open(for path: String, access: EncodingError.Access) throws(EncodingError) {
    if let failure {
      throw EncodingError(operation: "loading FFmpeg", path: path, reason: failure, access: access)
    }
  }
}
