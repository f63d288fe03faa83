import CCairo

/// Facts about the Cairo this program opens.
package enum DrawingLibrary {
  /// Cairo's version as it reports it (`cairo_version_string`: `Cairo 1.16.0`), or why it cannot
  /// be opened.
  package static var version: String {
    if let failure = CairoLibrary.failure { return failure }
    return "Cairo " + String(cString: cairo_version_string())
  }
}
