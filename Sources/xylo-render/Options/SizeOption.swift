import Settings

/// `--size WIDTHxHEIGHT` of pictures and videos: whole numbers of pixels from 16 to 4096.
enum SizeOption {
  /// The size `text` gives; `even` for video, whose 4:2:0 pictures halve both sides.
  static func parse(_ text: String, example: String, even: Bool = false) throws(OptionError)
    -> (width: Int, height: Int)
  {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (16...4_096).contains(width), (16...4_096).contains(height)
    else {
      throw OptionError(
        "--size needs WIDTHxHEIGHT, each 16 to 4096 pixels, such as \(example); got \(quote(text))")
    }
    guard !even || (width % 2 == 0 && height % 2 == 0) else {
      throw OptionError("--size needs an even width and height (H.264 video); got \(quote(text))")
    }
    return (width, height)
  }
}
