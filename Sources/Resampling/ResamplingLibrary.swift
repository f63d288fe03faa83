import CSoxr

/// Facts about the libsoxr this program opens.
package enum ResamplingLibrary {
  /// libsoxr's own version string (`soxr_version`: `libsoxr-0.1.3`), or why it cannot be
  /// opened.
  package static var version: String {
    if let soxrFailure { return soxrFailure }
    return String(cString: soxr_version())
  }
}
