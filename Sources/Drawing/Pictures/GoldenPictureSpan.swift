extension GoldenPicture {
  /// Where a drawn golden picture's time axis lies, in pixels of a picture `width` × `height`:
  /// a page can draw a playhead over it, or turn a click into a time.
  public struct TimeSpan: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// The x of the first frame and of the end of the longer signal.
    public var left: Double
    public var right: Double
    /// The top of the highest lane and the bottom of the lowest panel, which a playhead spans.
    public var top: Double
    public var bottom: Double
    /// The seconds from `left` to `right`.
    public var seconds: Double
  }

  /// Where the time axis lies in the picture `write(to:width:height:)` draws at this size.
  public func timeSpan(width: Int = 1200, height: Int = 720) -> TimeSpan {
    let layout = PictureLayout(
      width: width, height: height, withSpectrogram: hasSpectrogram, withTaps: score != nil)
    let frames = channels > 0 ? max(expected.count, actual.count) / channels : 0
    return TimeSpan(
      width: width, height: height, left: layout.plotLeft, right: layout.plotRight,
      top: layout.lanesTop, bottom: layout.axisTop,
      seconds: frames > 0 && rate > 0 ? Double(frames) / Double(rate) : 1)
  }
}
