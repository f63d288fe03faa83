/// The picture a failed golden test leaves: the score's taps as a piano roll, the expected,
/// actual and difference waveforms, and a spectrogram of the difference, on one time axis, with
/// the first difference marked.
///
/// Writing the same picture twice gives the same PNG bytes with the same Cairo and fonts.
public struct GoldenPicture: Sendable {
  /// The score's name, first on the title line.
  public var title: String
  /// The golden file's sample values, interleaved.
  public var expected: [Double]
  /// The render's sample values, interleaved.
  public var actual: [Double]
  /// Sample values a frame, in both signals.
  public var channels: Int
  /// Frames per second of both signals.
  public var rate: Int
  /// The first frame that differs, marked across every lane; `nil` for no marker.
  public var firstDifferenceFrame: Int64?
  /// The difference's level in dB (about -120...0), windows × bands; empty for no spectrogram.
  public var bandLevels: [[Double]]
  /// The centre frequency of each band in Hz, lowest first.
  public var bandCenters: [Double]
  /// Seconds each window of `bandLevels` covers, the first starting at frame 0.
  public var windowSeconds: Double
  /// The score, its keys and taps drawn in a lane over the waveforms on their time axis (its
  /// title, duration and bar lines unused); `nil` for no lane.
  public var score: ScorePicture?

  public init(
    title: String, expected: [Double], actual: [Double], channels: Int, rate: Int,
    firstDifferenceFrame: Int64?, bandLevels: [[Double]] = [], bandCenters: [Double] = [],
    windowSeconds: Double = 0, score: ScorePicture? = nil
  ) {
    self.title = title
    self.expected = expected
    self.actual = actual
    self.channels = channels
    self.rate = rate
    self.firstDifferenceFrame = firstDifferenceFrame
    self.bandLevels = bandLevels
    self.bandCenters = bandCenters
    self.windowSeconds = windowSeconds
    self.score = score
  }

  /// Draws the picture `width` × `height` pixels (1...32767 each) and writes it as a PNG
  /// file at `path`, replacing any file there.
  public func write(to path: String, width: Int = 1200, height: Int = 720) throws(DrawingError) {
    guard (1...32_767).contains(width) && (1...32_767).contains(height) else {
      throw DrawingError(
        path: path, reason: "a picture of \(width)×\(height) pixels; each side must be 1 to 32767")
    }
    guard channels > 0 && rate > 0 else {
      throw DrawingError(
        path: path, reason: "\(channels) channels at \(rate) Hz; both must be positive")
    }
    try CairoLibrary.open(for: path)
    let canvas = Canvas(width: width, height: height)
    draw(on: canvas)
    try canvas.writePNG(to: path)
  }

  /// Whether the spectrogram has anything to show.
  var hasSpectrogram: Bool {
    !bandLevels.isEmpty && !bandCenters.isEmpty && windowSeconds > 0 && windowSeconds.isFinite
  }
}
