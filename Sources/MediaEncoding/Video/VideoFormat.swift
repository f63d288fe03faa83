/// The picture size and frame rate of a video.
public struct VideoFormat: Sendable, Equatable {
  /// The widths and heights taken, in pixels; both must be even (yuv420p halves them for
  /// colour).
  public static let sizes = 16...4096
  /// The frame rates taken, in frames per second.
  public static let frameRates = 1...120

  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int
  /// Frames per second.
  public var framesPerSecond: Int

  public init(width: Int, height: Int, framesPerSecond: Int) {
    self.width = width
    self.height = height
    self.framesPerSecond = framesPerSecond
  }

  /// Throws unless the size is even and in `sizes` and the rate is in `frameRates`.
  func validate(path: String) throws(EncodingError) {
    let operation = "setting up the video encoder"
    for (name, size) in [("width", width), ("height", height)]
    where !Self.sizes.contains(size) || size % 2 != 0 {
      throw EncodingError(
        operation: operation, path: path,
        reason: "a \(name) of \(size) pixels given; the video takes an even \(name) "
          + "from 16 to 4096")
    }
    guard Self.frameRates.contains(framesPerSecond) else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "a rate of \(framesPerSecond) frames per second given; the video takes 1 to 120")
    }
  }
}
