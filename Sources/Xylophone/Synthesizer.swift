import AudioBasics

/// Makes a key's sample from the bar model: mono, 48 kHz, on the 24-bit grid so that an
/// exported 24-bit WAV holds exactly the same values.
package enum Synthesizer {
  package static let sampleRate = 48_000

  /// How many frames `sample(for:strike:)` makes for `key`: 1.2 times the fundamental's ring
  /// time, whatever the strike.
  package static func frameCount(for key: BuiltInKey) -> Int {
    let ring = BarModel.fundamentalRingSeconds(frequency: key.frequency)
    return Int(ExactMath.roundToInteger(ring * 1.2 * Double(sampleRate)))
  }

  /// The sample of `key` struck by `strike`, peaking at `BarModel.peakLevel`.
  package static func sample(for key: BuiltInKey, strike: Strike = Strike()) -> [Float] {
    let rate = Double(sampleRate)
    let contact = strike.contactSeconds * BarModel.contactScale(frequency: key.frequency)
    var values = [Double](repeating: 0, count: frameCount(for: key))
    var recursions: [ModeRecursion] = []
    for (index, mode) in BarModel.modes.enumerated() {
      let frequency = key.frequency * mode.ratio
      guard frequency < 0.45 * rate else { continue }  // no mode above the band
      var ring = BarModel.ringSeconds(of: mode, fundamental: key.frequency)
      if mode.ratio > 4 { ring *= 0.5 + 0.5 * strike.strength }  // soft: high modes die sooner
      var amplitude =
        mode.level * BarModel.contactPass(frequency: frequency, contactSeconds: contact)
      if index > 0 {
        amplitude *= BarModel.overtoneScale(of: mode, fundamental: key.frequency)
      } else {
        let share = BarModel.radiatingShare(frequency: key.frequency)
        recursions.append(
          ModeRecursion(
            frequency: frequency, amplitude: amplitude * share,
            ringSeconds: BarModel.ringSeconds(of: BarModel.radiating, fundamental: key.frequency),
            rate: rate))
        amplitude *= 1 - share
      }
      recursions.append(
        ModeRecursion(frequency: frequency, amplitude: amplitude, ringSeconds: ring, rate: rate))
    }
    addModes(recursions, into: &values)
    applyContact(to: &values, frames: Int(contact * rate))
    addClick(
      to: &values, level: strike.clickLevel * BarModel.clickScale(frequency: key.frequency),
      corner: min(
        0.45 * rate,
        BarModel.clickCornerPerContact
          / (strike.contactSeconds * BarModel.clickContactScale(frequency: key.frequency))),
      seed: UInt64(key.midiNote), rate: rate)
    fadeEnd(of: &values, frames: Int(0.02 * rate))
    return normalizedOnGrid(values)
  }

  /// A mode as A r^n sin(w n), made by a two-multiply recursion; r gives -60 dB after
  /// `ringSeconds`.
  struct ModeRecursion {
    let a1: Double
    let a2: Double
    /// The value at n = 1 (at n = 0 it is 0).
    let first: Double

    init(frequency: Double, amplitude: Double, ringSeconds: Double, rate: Double) {
      let w = 2 * Double.pi * frequency / rate
      let r = ExactMath.exponential(-6.907755278982137 / (ringSeconds * rate))  // ln(1000)
      a1 = 2 * r * ExactMath.cos(w)
      a2 = r * r
      first = amplitude * r * ExactMath.sin(w)
    }
  }

  /// Adds the modes to `values`, each frame's in the order given: the values of adding them
  /// one after another. Eight recursions run side by side in vector lanes, each lane doing
  /// what one would alone, so a frame costs one recursion's latency, not eight.
  static func addModes(_ modes: [ModeRecursion], into values: inout [Double]) {
    guard values.count > 1 else { return }
    for start in stride(from: 0, to: modes.count, by: 8) {
      let lanes = min(8, modes.count - start)
      var (a1, a2, current) = (SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>())
      for lane in 0..<lanes {
        (a1[lane], a2[lane]) = (modes[start + lane].a1, modes[start + lane].a2)
        current[lane] = modes[start + lane].first
      }
      var previous = SIMD8<Double>()
      values.withUnsafeMutableBufferPointer { values in
        for index in 1..<values.count {
          var sum = values[index]
          for lane in 0..<lanes { sum += current[lane] }
          values[index] = sum
          let next = a1 * current - a2 * previous
          previous = current
          current = next
        }
      }
    }
  }

  /// The mallet's contact: the modes build up along a smoothstep, 3t^2 - 2t^3, while it lasts.
  private static func applyContact(to values: inout [Double], frames: Int) {
    for index in 0..<min(frames, values.count) {
      let t = Double(index) / Double(frames)
      values[index] *= t * t * (3 - 2 * t)
    }
  }

  /// The strike's click: seeded noise, tilted up a little (+2 dB per octave in the middle),
  /// low-passed twice at the mallet's corner, with a fast and a slow decay.
  private static func addClick(
    to values: inout [Double], level: Double, corner: Double, seed: UInt64, rate: Double
  ) {
    var generator = SplitMix64(seed: seed)
    let fast = ExactMath.exponential(-1 / (BarModel.clickFastSeconds * rate))
    let slow = ExactMath.exponential(-1 / (BarModel.clickSlowSeconds * rate))
    let smoothing = 1 - ExactMath.exponential(-2 * Double.pi * corner / rate)
    var (fastLevel, slowLevel) = (level, level * BarModel.clickSlowLevel)
    var last = 0.0
    var (first, second) = (0.0, 0.0)
    for index in 0..<min(values.count, Int(8 * BarModel.clickSlowSeconds * rate)) {
      let noise = generator.nextUnit()
      first += smoothing * ((noise - 0.5 * last) - first)
      second += smoothing * (first - second)
      last = noise
      values[index] += (fastLevel + slowLevel) * second
      fastLevel *= fast
      slowLevel *= slow
    }
  }

  /// A linear fade over the last `frames`, so the sample ends at silence without a click.
  private static func fadeEnd(of values: inout [Double], frames: Int) {
    let count = min(frames, values.count)
    for offset in 0..<count {
      values[values.count - 1 - offset] *= Double(offset) / Double(count)
    }
  }

  /// The largest |value|, in eight chains side by side (the largest is the same in any order).
  private static func largestMagnitude(_ values: [Double]) -> Double {
    values.withUnsafeBufferPointer { values in
      var lanes = [Double](repeating: 0, count: 8)
      var index = 0
      while index + 8 <= values.count {
        for lane in 0..<8 { lanes[lane] = max(lanes[lane], abs(values[index + lane])) }
        index += 8
      }
      var largest = lanes.max() ?? 0
      while index < values.count {
        largest = max(largest, abs(values[index]))
        index += 1
      }
      return largest
    }
  }

  /// Scales the peak to `BarModel.peakLevel` and rounds every value to a 24-bit step.
  private static func normalizedOnGrid(_ values: [Double]) -> [Float] {
    let peak = largestMagnitude(values)
    let scale = peak > 0 ? BarModel.peakLevel / peak : 0
    let steps = IntegerWidth.bits24.fullScale
    return [Float](unsafeUninitializedCapacity: values.count) { grid, count in
      values.withUnsafeBufferPointer { values in
        guard let base = values.baseAddress else { return }
        var index = 0
        while index + 8 <= values.count {
          let eight = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Double>.self)
          let rounded = ExactMath.roundToInteger(eight * scale * steps) / steps
          for lane in 0..<8 { grid[index + lane] = Float(rounded[lane]) }
          index += 8
        }
        while index < values.count {
          grid[index] = Float(ExactMath.roundToInteger(values[index] * scale * steps) / steps)
          index += 1
        }
      }
      count = values.count
    }
  }
}
