import CEBUR128

/// Facts about the libebur128 this program opens.
package enum LoudnessLibrary {
  /// libebur128's version as it reports it (`ebur128_get_version`: `libebur128 1.2.6`), or why
  /// it cannot be opened.
  package static var version: String {
    if let ebur128Failure { return ebur128Failure }
    var (major, minor, patch): (Int32, Int32, Int32) = (0, 0, 0)
    ebur128_get_version(&major, &minor, &patch)
    return "libebur128 \(major).\(minor).\(patch)"
  }
}
