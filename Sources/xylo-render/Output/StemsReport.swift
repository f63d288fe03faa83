import AudioBasics
import Platform
import Rendering

extension RenderCommand {
  /// `wrote 3 stems to 'DIR': 01-main.wav, 02-bass.wav, 03-drums.wav (23.651 s each, ...)`,
  /// after a warning for each stem that clipped.
  static func reportStems(_ stems: StemsSummary, folder: String, console: Console) {
    let mix = stems.mix
    func seconds(_ frame: Int64) -> String {
      Rational(frame, Int64(mix.rate))?.decimalString(places: 3) ?? "?"
    }
    for stem in stems.stems where stem.clippedCount > 0 {
      let count = stem.clippedCount
      console.warning(
        "\(quote(Path.lastComponent(stem.path))): \(count) \(count == 1 ? "sample" : "samples") clipped (peak \(fixed(Decibels.of(Double(stem.peak.peak)), places: 1, signed: true)) dBFS at \(seconds(stem.peak.peakFrame)) s); the stems do not add up to the mix there; try --normalize or --gain"
      )
    }
    let names = stems.stems.map { Path.lastComponent($0.path) }.joined(separator: ", ")
    let encoding = mix.format.encoding.map { " \($0.rawValue)" } ?? ""
    console.err(
      "wrote \(stems.stems.count) \(stems.stems.count == 1 ? "stem" : "stems") to \(quote(folder, limit: displayedPathLength)): \(names) (\(seconds(mix.totalFrames)) s\(stems.stems.count == 1 ? "" : " each"), \(mix.totalFrames) frames, \(mix.rate) Hz, \(mix.channels == 1 ? "mono" : "stereo"), \(mix.format.container.rawValue)\(encoding))"
    )
  }
}
