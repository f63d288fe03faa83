import AudioBasics
import AudioDigest
import Loudness
import Platform
import Rendering
import SoundFile

/// How a lossy render is judged against its golden: by what a listener hears, not by samples,
/// which a codec's noise changes everywhere.
struct PerceptualVerdict {
  var passed: Bool
  /// `loudness: -23.12 LUFS, render -23.30 LUFS (-0.18 LU); worst band: 1.4 dB at 2 kHz, 3.250 s`.
  var line: String
  var measurements: PerceptualMeasurements
}

/// Compares integrated loudness (EBU R128, libebur128) and the worst 1/3-octave band level
/// over 50 ms windows; within `loudnessLU` and `bandDecibels` is a pass. `nil` when the files
/// cannot be read as audio of the same shape.
func perceptualVerdict(
  expected: String, actual: String, loudnessLU: Double, bandDecibels: Double
) -> PerceptualVerdict? {
  guard let pair = DecodedPair(expected: expected, actual: actual) else { return nil }
  let (a, b) = (pair.expected, pair.actual)
  let rate = pair.rate
  let channels = pair.channels
  guard let loudnessA = integratedLoudness(a, channels: channels, rate: rate),
    let loudnessB = integratedLoudness(b, channels: channels, rate: rate)
  else { return nil }
  let bandsA = bandLevels(a, channels: channels, rate: rate)
  let bandsB = bandLevels(b, channels: channels, rate: rate)
  let worst = audibleBandDifference(bandsA, bandsB)
  let loudnessDifference =
    loudnessA.isFinite && loudnessB.isFinite
    ? loudnessB - loudnessA : (loudnessA == loudnessB ? 0 : .infinity)
  var line =
    "loudness: golden \(fixed(loudnessA, places: 2)) LUFS, render \(fixed(loudnessB, places: 2)) LUFS (\(fixed(loudnessDifference, places: 2, signed: true)) LU)"
  var measurements = PerceptualMeasurements(
    goldenLUFS: loudnessA, renderLUFS: loudnessB, differenceLU: loudnessDifference)
  if let worst {
    let seconds = Double(worst.window) * bandsA.windowSeconds
    line +=
      "; worst band: \(fixed(worst.decibels, places: 1)) dB at \(bandName(bandsA.centers[worst.band])), \(timeText(seconds: seconds))"
    measurements.worstBandDecibels = worst.decibels
    measurements.worstBandHertz = bandsA.centers[worst.band]
    measurements.worstBandSeconds = seconds
  }
  let passed =
    abs(loudnessDifference) <= loudnessLU && (worst?.decibels ?? 0) <= bandDecibels
  return PerceptualVerdict(passed: passed, line: line, measurements: measurements)
}

/// The worst band difference a listener would hear: among bands up to 16 kHz (where codecs cut
/// off), above -60 dBFS and within 30 dB of the loudest band of their window or the windows
/// either side, so that a codec's noise under the music (masked) does not count.
private func audibleBandDifference(_ a: BandLevels, _ b: BandLevels) -> (
  decibels: Double, window: Int, band: Int
)? {
  var worst: (decibels: Double, window: Int, band: Int)?
  let windows = min(a.levels.count, b.levels.count)
  // The loudest band of each window, in either file.
  let loudest = (0..<windows).map { window in
    (a.levels[window] + b.levels[window]).reduce(-Double.infinity) { max($0, $1.isNaN ? $0 : $1) }
  }
  for window in 0..<windows {
    let left = a.levels[window]
    let right = b.levels[window]
    let bands = min(left.count, right.count, a.centers.count)
    // Masking reaches a window either side: a codec's pre-echo before an attack is not heard.
    let nearby = loudest[max(0, window - 1)...min(windows - 1, window + 1)].max() ?? -.infinity
    let audible = max(-60, nearby - 30)
    for band in 0..<bands where a.centers[band] <= 16_000 {
      guard max(left[band], right[band]) >= audible else { continue }
      let difference =
        left[band].isNaN || right[band].isNaN ? .infinity : abs(left[band] - right[band])
      if difference > (worst?.decibels ?? -1) { worst = (difference, window, band) }
    }
  }
  return worst
}

/// Integrated loudness in LUFS (−∞ for silence), or `nil` when it cannot be measured.
private func integratedLoudness(_ values: [Double], channels: Int, rate: Int) -> Double? {
  try? LoudnessMeter.measure(values, channelCount: channels, sampleRate: rate).integratedLUFS
}

/// `2 kHz`, `630 Hz`.
private func bandName(_ hertz: Double) -> String {
  hertz >= 1_000
    ? "\(fixed(hertz / 1_000, places: hertz.truncatingRemainder(dividingBy: 1_000) == 0 ? 0 : 2)) kHz"
    : "\(fixed(hertz, places: 0)) Hz"
}
