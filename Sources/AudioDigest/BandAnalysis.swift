import AudioBasics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Levels in 1/3-octave bands over consecutive 50 ms windows: a coarse spectrogram, for
/// comparing lossy goldens band by band and for drawing where two renders differ.
package struct BandLevels: Sendable, Equatable {
  /// Band centres in Hz: the standard 1/3-octave centres (ISO 266) from 25 Hz up to the
  /// highest below 0.45 × the sample rate, and at most 100 kHz.
  package let centers: [Double]
  /// The length of a window in seconds; the last window holds what is left, and may be shorter.
  package let windowSeconds = windowLength
  /// Levels in dB, one row a window and one column a band: the RMS of the band's output over
  /// the window relative to 1 (a full-scale sine in the band reads −3.01 dB), at least −120.
  package let levels: [[Double]]
}

/// The 1/3-octave band levels of `interleaved`, `channels` channels at `rate` Hz, with the
/// channels averaged to mono first; no bands and no windows when `channels` or `rate` is not
/// positive. A trailing partial frame is ignored.
///
/// Each band is two RBJ cookbook band-pass biquads (constant 0 dB peak gain, Q 4.318, the
/// Q of a 1/3-octave band) in series: a 1/3-octave band 0 dB at its centre, −6 dB at its edges,
/// −14 dB at the neighbouring centres and −25 dB two bands away. A NaN or an infinity makes
/// every later level NaN.
package func bandLevels(_ interleaved: [Double], channels: Int, rate: Int) -> BandLevels {
  guard channels > 0 && rate > 0 else { return BandLevels(centers: [], levels: []) }
  let centers = standardCenters.filter { $0 < 0.45 * Double(rate) }
  var bank = FilterBank(centers: centers, rate: Double(rate))
  let frames = interleaved.count / channels
  let windowFrames = max(1, Int((windowLength * Double(rate)).rounded()))
  var levels: [[Double]] = []
  levels.reserveCapacity((frames + windowFrames - 1) / windowFrames)
  interleaved.withUnsafeBufferPointer { values in
    for start in stride(from: 0, to: frames, by: windowFrames) {
      let end = min(start + windowFrames, frames)
      bank.run(values, frames: start..<end, channels: channels)
      levels.append(bank.takeLevels(frameCount: end - start))
    }
  }
  return BandLevels(centers: centers, levels: levels)
}

/// The largest absolute difference in dB between two sets of band levels, and the window and
/// band where it is; the first such place when there are several. Only the windows and bands
/// both hold count, and only where either level is above −80 dB, so that two near-silences
/// do not; `nil` when there is no such place. A NaN level counts as an infinite difference.
package func worstBandDifference(
  _ a: BandLevels, _ b: BandLevels
) -> (decibels: Double, window: Int, band: Int)? {
  var worst: (decibels: Double, window: Int, band: Int)?
  for window in 0..<min(a.levels.count, b.levels.count) {
    let first = a.levels[window]
    let second = b.levels[window]
    for band in 0..<min(first.count, second.count) {
      let x = first[band]
      let y = second[band]
      let difference: Double
      if x.isNaN || y.isNaN {
        difference = .infinity
      } else if x > audibleFloor || y > audibleFloor {
        difference = abs(x - y)
      } else {
        continue
      }
      if difference > worst?.decibels ?? -1 {
        worst = (difference, window, band)
      }
    }
  }
  return worst
}

/// The length of a window in seconds.
private let windowLength = 0.05
/// The lowest level reported, in dB.
private let levelFloor = -120.0
/// Levels at or below this, in dB, are too quiet to compare.
private let audibleFloor = -80.0
/// Q of a band-pass filter one third of an octave wide: 2^(1/6) / (2^(1/3) − 1).
private let thirdOctaveQ = pow(2, 1.0 / 6) / (pow(2, 1.0 / 3) - 1)

/// The nominal 1/3-octave centre frequencies in Hz (ISO 266's R10 series) from 25 Hz to 100 kHz.
private let standardCenters: [Double] = [
  25, 31.5, 40, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800,
  1_000, 1_250, 1_600, 2_000, 2_500, 3_150, 4_000, 5_000, 6_300, 8_000,
  10_000, 12_500, 16_000, 20_000, 25_000, 31_500, 40_000, 50_000, 63_000, 80_000, 100_000,
]

/// The bands' filters, each two identical RBJ band-pass biquads in series in transposed direct
/// form II, with each band's output energy summed over the current window.
///
/// Held as one array per coefficient and state variable (all in one allocation), so that the
/// loop over the bands, whose recurrences are independent, vectorises.
private struct FilterBank {
  /// What `storage` holds, one run of `bandCount` values each, in this order.
  private enum Row: Int, CaseIterable {
    /// Normalised coefficients; b1 is 0 and b2 is −b0.
    case b0, a1, a2
    /// The state of the first and of the second section.
    case first1, first2, second1, second2
    case energy
  }

  private let bandCount: Int
  private var storage: [Double]

  /// The Audio EQ Cookbook's band-pass filter with constant 0 dB peak gain, divided through by
  /// a0, centred on each of `centers` Hz at `rate` Hz.
  init(centers: [Double], rate: Double) {
    bandCount = centers.count
    storage = Array(repeating: 0, count: Row.allCases.count * centers.count)
    for (band, center) in centers.enumerated() {
      let w0 = 2 * Double.pi * center / rate
      let alpha = sin(w0) / (2 * thirdOctaveQ)
      let a0 = 1 + alpha
      storage[Row.b0.rawValue * bandCount + band] = alpha / a0
      storage[Row.a1.rawValue * bandCount + band] = -2 * cos(w0) / a0
      storage[Row.a2.rawValue * bandCount + band] = (1 - alpha) / a0
    }
  }

  /// Filters the mono average of `frames` of `values` (interleaved, `channels` channels),
  /// adding each band's output energy to its window sum.
  mutating func run(_ values: UnsafeBufferPointer<Double>, frames: Range<Int>, channels: Int) {
    let scale = 1 / Double(channels)
    let count = bandCount
    storage.withUnsafeMutableBufferPointer { storage in
      func row(_ row: Row) -> UnsafeMutableBufferPointer<Double> {
        let start = row.rawValue * count
        return UnsafeMutableBufferPointer(rebasing: storage[start..<(start + count)])
      }
      let (b0, a1, a2) = (row(.b0), row(.a1), row(.a2))
      let (first1, first2) = (row(.first1), row(.first2))
      let (second1, second2) = (row(.second1), row(.second2))
      let energy = row(.energy)
      for frame in frames {
        var sum = 0.0
        for channel in 0..<channels {
          sum += values[frame * channels + channel]
        }
        let input = channels == 1 ? sum : sum * scale
        for band in 0..<count {
          let x = b0[band] * input
          let middle = x + first1[band]
          first1[band] = first2[band] - a1[band] * middle
          first2[band] = -x - a2[band] * middle
          let y = b0[band] * middle
          let output = y + second1[band]
          second1[band] = second2[band] - a1[band] * output
          second2[band] = -y - a2[band] * output
          energy[band] += output * output
        }
      }
    }
  }

  /// Each band's level over the window just run, `frameCount` frames, in dB; starts the next.
  mutating func takeLevels(frameCount: Int) -> [Double] {
    let start = Row.energy.rawValue * bandCount
    let levels = storage[start..<(start + bandCount)].map { sum in
      let level = Decibels.of((sum / Double(frameCount)).squareRoot())
      return level.isNaN ? level : max(level, levelFloor)
    }
    for index in start..<(start + bandCount) {
      storage[index] = 0
    }
    return levels
  }
}
