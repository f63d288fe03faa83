import AudioBasics
import CCairo

/// Cairo, opened on first use rather than at start-up (see `CSystem.h`). This module is the
/// only one that uses Cairo; every public way to draw opens it first.
enum CairoLibrary {
  /// Why Cairo could not be opened, or nil once it is open.
  static let failure: String? = sharedLibraryFailure("Cairo", xylo_cairo_open)

  /// Opens Cairo, once; called before anything is drawn for `path`.
  static func open(for path: String) throws(DrawingError) {
    if let failure { throw DrawingError(path: path, reason: failure) }
  }
}
