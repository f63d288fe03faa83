import Drawing
import Foundation

/// A golden test that failed: seven xylophone notes in stereo at 48 kHz, 3 s long, and a render
/// that plays the fifth note 20 ms late and ends 0.1 s early.
enum SyntheticGolden {
  static let rate = 48_000
  static let frames = 3 * rate
  /// Where the moved note starts in the golden file.
  static let movedNoteFrame = 76_800

  static func picture() -> GoldenPicture {
    let expected = render(lateness: 0, frames: frames)
    let actual = render(lateness: rate / 50, frames: frames - rate / 10)
    let difference = (0..<frames).map { frame in
      (0..<2).reduce(0.0) { sum, channel in
        let index = frame * 2 + channel
        let a = index < actual.count ? actual[index] : 0
        return sum + (a - expected[index]) / 2
      }
    }
    let centers: [Double] = [
      50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500,
      3150, 4000, 5000, 6300, 8000, 10_000, 12_500, 16_000,
    ]
    return GoldenPicture(
      title: "arpeggio.xylo", expected: expected, actual: actual, channels: 2, rate: rate,
      firstDifferenceFrame: Int64(movedNoteFrame),
      bandLevels: bandLevels(difference, centers: centers, window: 480), bandCenters: centers,
      windowSeconds: 0.01)
  }

  /// Interleaved stereo: C5 E5 G5 C6 G5 E5 C5, one every 0.4 s, the fifth `lateness` frames late.
  private static func render(lateness: Int, frames: Int) -> [Double] {
    let notes = [72, 76, 79, 84, 79, 76, 72]
    var values = [Double](repeating: 0, count: frames * 2)
    for (index, note) in notes.enumerated() {
      let start = index * rate * 2 / 5 + (index == 4 ? lateness : 0)
      let frequency = 440 * pow(2, Double(note - 69) / 12)
      let pan = 0.2 + 0.1 * Double(index)
      for frame in start..<min(start + rate * 3 / 2, frames) {
        let t = Double(frame - start) / Double(rate)
        let tone =
          0.5 * exp(-t * 4) * sin(2 * .pi * frequency * t)
          + 0.15 * exp(-t * 14) * sin(2 * .pi * frequency * 3.93 * t)
        values[frame * 2] += tone * (1 - pan)
        values[frame * 2 + 1] += tone * pan
      }
    }
    return values
  }

  /// Each window's level at each band centre in dB (0 dB for a full-scale sine): Goertzel
  /// over a Hann window.
  private static func bandLevels(_ signal: [Double], centers: [Double], window: Int) -> [[Double]] {
    let hann = (0..<window).map { 0.5 - 0.5 * cos(2 * .pi * Double($0) / Double(window)) }
    let gain = hann.reduce(0, +) / 2
    return stride(from: 0, to: signal.count - window + 1, by: window).map { start in
      centers.map { center in
        let coefficient = 2 * cos(2 * .pi * center / Double(rate))
        var (previous, beforePrevious) = (0.0, 0.0)
        for offset in 0..<window {
          let next = signal[start + offset] * hann[offset] + coefficient * previous - beforePrevious
          beforePrevious = previous
          previous = next
        }
        let power =
          previous * previous + beforePrevious * beforePrevious
          - coefficient * previous * beforePrevious
        return 20 * log10(max(power.squareRoot() / gain, 1e-9))
      }
    }
  }
}
