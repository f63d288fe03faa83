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

extension SoundFileLibrary {
  /// File extensions of the formats libsndfile reads, lowercased, with their common aliases.
  /// The corresponding C commands are `SFC_GET_FORMAT_MAJOR_COUNT` and `SFC_GET_FORMAT_MAJOR`.
  public static let readableExtensions: Set<String> = {
    var extensions: Set<String> = ["aif", "aifc", "ogg", "opus", "mp3", "mp2", "snd"]
    var count: Int32 = 0
    _ = sf_command(nil, FormatCode.majorFormatCount, &count, Int32(MemoryLayout<Int32>.size))
    for index in 0..<count {
      var info = SF_FORMAT_INFO()
      info.format = index
      _ = sf_command(nil, FormatCode.majorFormat, &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
      if let cString = info.extension {
        extensions.insert(String(cString: cString).lowercased())
      }
    }
    extensions.remove("raw")  // headerless: nothing to tell its rate or channels
    return extensions
  }()
}
