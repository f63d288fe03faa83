import CSndFile

/// Facts about the libsndfile this program is linked against.
public enum SoundFileLibrary {
  /// The library's own version string, such as `libsndfile-1.2.0`.
  /// The corresponding C function is `sf_version_string`.
  public static var version: String {
    guard let cString = sf_version_string() else { return "libsndfile (unknown version)" }
    return String(cString: cString)
  }
}
