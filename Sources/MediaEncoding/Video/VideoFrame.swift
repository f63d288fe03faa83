/// One decoded video picture in 8-bit RGB, and when it is shown.
public struct VideoFrame: Sendable, Equatable {
  /// One pixel's colour, full range.
  public struct Pixel: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }
  }

  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int
  /// Red, green and blue bytes of each pixel, rows top to bottom, `3 * width` bytes a row.
  public var rgb: [UInt8]
  /// The presentation time: when the frame is shown, in seconds from the start.
  public var seconds: Double

  /// The pixel `x` from the left and `y` from the top (both from 0).
  public func pixel(x: Int, y: Int) -> Pixel {
    let offset = (y * width + x) * 3
    return Pixel(red: rgb[offset], green: rgb[offset + 1], blue: rgb[offset + 2])
  }
}
