import Drawing
import Loudness
import MediaEncoding
import Platform
import Rendering
import Resampling
import SoundFile

/// `--version`: the tool's version and the commit it was built from, then each library it uses
/// as that library reports itself at run time (the versions installed, not those built against).
enum VersionText {
  static var text: String {
    let commit = BuildCommit.name.map { "commit \($0)" } ?? "unknown commit"
    return (["xylo-render \(XyloRender.version) (\(commit))"] + libraries).joined(separator: "\n")
  }

  /// A line a library: libsndfile, libsoxr, libebur128, FFmpeg and Cairo, or why one cannot be
  /// opened.
  static var libraries: [String] {
    [
      SoundFileLibrary.version, ResamplingLibrary.version, LoudnessLibrary.version,
      MediaLibraries.version, DrawingLibrary.version,
    ]
  }
}
