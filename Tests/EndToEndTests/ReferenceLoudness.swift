import Foundation

/// A biquad's coefficients, normalised so that a0 is 1.
struct Biquad: Equatable {
  var b: (Double, Double, Double)
  var a: (Double, Double)

  static func == (lhs: Biquad, rhs: Biquad) -> Bool {
    lhs.b == rhs.b && lhs.a == rhs.a
  }

  /// Filters `input` (one channel) from rest, in direct form I.
  func filtered(_ input: [Double]) -> [Double] {
    var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
    return input.map { x in
      let y = b.0 * x + b.1 * x1 + b.2 * x2 - a.0 * y1 - a.1 * y2
      (x2, x1, y2, y1) = (x1, x, y1, y)
      return y
    }
  }
}

/// BS.1770-4's K-weighting at 48 kHz, as the recommendation publishes it: the pre-filter shelf
/// and the RLB high-pass.
let publishedKWeighting = [
  Biquad(
    b: (1.53512485958697, -2.69169618940638, 1.19839281085285),
    a: (-1.69065929318241, 0.73248077421585)),
  Biquad(b: (1.0, -2.0, 1.0), a: (-1.99004745483398, 0.99007225036621)),
]

/// K-weighting derived for `rate` from the filters' centre frequencies, Q and gain (the formulas
/// pyloudnorm and libebur128 document).
func derivedKWeighting(rate: Int) -> [Biquad] {
  let fs = Double(rate)
  let shelfK = tan(Double.pi * 1681.974450955533 / fs)
  let shelfQ = 0.7071752369554196
  let vh = pow(10.0, 3.999843853973347 / 20)
  let vb = pow(vh, 0.4996667741545416)
  let shelfA0 = 1 + shelfK / shelfQ + shelfK * shelfK
  let shelf = Biquad(
    b: (
      (vh + vb * shelfK / shelfQ + shelfK * shelfK) / shelfA0,
      2 * (shelfK * shelfK - vh) / shelfA0,
      (vh - vb * shelfK / shelfQ + shelfK * shelfK) / shelfA0
    ),
    a: (2 * (shelfK * shelfK - 1) / shelfA0, (1 - shelfK / shelfQ + shelfK * shelfK) / shelfA0))
  let passK = tan(Double.pi * 38.13547087602444 / fs)
  let passQ = 0.5003270373238773
  let passA0 = 1 + passK / passQ + passK * passK
  let highPass = Biquad(
    b: (1, -2, 1),
    a: (2 * (passK * passK - 1) / passA0, (1 - passK / passQ + passK * passK) / passA0))
  return [shelf, highPass]
}

/// The integrated loudness of `interleaved` in LUFS by ITU-R BS.1770-4, written independently of
/// libebur128: K-weighting, mean square per channel over 400 ms blocks overlapping by 75 %,
/// channel weight 1 (mono or left and right), an absolute gate at −70 LUFS and a relative gate
/// 10 LU below the loudness of the blocks above it. `-infinity` when no block passes the gates.
func referenceIntegratedLoudness(_ interleaved: [Float], channels: Int, rate: Int) -> Double {
  precondition(channels == 1 || channels == 2, "weights are defined here for mono and stereo")
  let frameCount = interleaved.count / channels
  let filters = rate == 48_000 ? publishedKWeighting : derivedKWeighting(rate: rate)
  let weighted = (0..<channels).map { channel in
    let samples = (0..<frameCount).map { Double(interleaved[$0 * channels + channel]) }
    return filters.reduce(samples) { $1.filtered($0) }
  }
  // Running sums of squares, so that each block's mean square is one subtraction.
  let sums: [[Double]] = weighted.map { samples in
    var running = [0.0]
    running.reserveCapacity(samples.count + 1)
    for sample in samples { running.append(running[running.count - 1] + sample * sample) }
    return running
  }
  let blockLength = Int((0.4 * Double(rate)).rounded())
  let step = Int((0.1 * Double(rate)).rounded())
  guard frameCount >= blockLength else { return -.infinity }
  let length = Double(blockLength)
  let starts = stride(from: 0, through: frameCount - blockLength, by: step)
  let powers: [Double] = starts.map { start in
    var power = 0.0
    for channelSums in sums {
      power += (channelSums[start + blockLength] - channelSums[start]) / length
    }
    return power
  }
  func loudness(_ power: Double) -> Double { -0.691 + 10 * log10(power) }
  func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
  let aboveAbsolute = powers.filter { loudness($0) > -70 }
  guard !aboveAbsolute.isEmpty else { return -.infinity }
  let relativeGate = loudness(mean(aboveAbsolute)) - 10
  return loudness(mean(aboveAbsolute.filter { loudness($0) > relativeGate }))
}
