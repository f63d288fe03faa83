import AudioBasics

/// Makes a key's sample from the bar model: mono, 48 kHz, on the 24-bit grid so that an
/// exported 24-bit WAV holds exactly the same values.
package enum Synthesizer {
  package static let sampleRate = 48_000

  /// How many frames `sample(for:)` makes for `key`: 1.2 times its ring time.
  package static func frameCount(for key: BuiltInKey) -> Int {
    let ring = BarModel.ringSeconds(frequency: key.frequency)
    return Int(ExactMath.roundToInteger(ring * 1.2 * Double(sampleRate)))
  }

  /// The sample of `key`, peaking at `BarModel.peakLevel`.
  package static func sample(for key: BuiltInKey) -> [Float] {
    let rate = Double(sampleRate)
    let ring = BarModel.ringSeconds(frequency: key.frequency)
    let frameCount = frameCount(for: key)
    var values = [Double](repeating: 0, count: frameCount)
    for mode in BarModel.modes {
      let frequency = key.frequency * mode.ratio
      guard frequency < 0.45 * rate else { continue }  // no mode above the band
      addMode(
        frequency: frequency, amplitude: mode.amplitude,
        ringSeconds: ring * mode.decayScale, rate: rate, into: &values)
    }
    applyContact(to: &values, rate: rate)
    addMallet(to: &values, seed: UInt64(key.midiNote), rate: rate)
    fadeEnd(of: &values, frames: Int(0.02 * rate))
    return normalizedOnGrid(values)
  }

  /// Adds A r^n sin(w n) with a two-multiply recursion; r gives -60 dB after `ringSeconds`.
  private static func addMode(
    frequency: Double, amplitude: Double, ringSeconds: Double, rate: Double,
    into values: inout [Double]
  ) {
    let w = 2 * Double.pi * frequency / rate
    let r = ExactMath.exp(-6.907755278982137 / (ringSeconds * rate))  // ln(1000)
    let a1 = 2 * r * ExactMath.cos(w)
    let a2 = r * r
    var previous = 0.0
    var current = amplitude * r * ExactMath.sin(w)
    guard values.count > 1 else { return }
    for index in 1..<values.count {
      values[index] += current
      let next = a1 * current - a2 * previous
      previous = current
      current = next
    }
  }

  /// The mallet's contact: the first moments ramp in along a smoothstep, 3t^2 - 2t^3.
  private static func applyContact(to values: inout [Double], rate: Double) {
    let frames = Int(BarModel.contactSeconds * rate)
    for index in 0..<min(frames, values.count) {
      let t = Double(index) / Double(frames)
      values[index] *= t * t * (3 - 2 * t)
    }
  }

  /// The strike's click: seeded white noise, differenced (brighter), decaying fast.
  private static func addMallet(to values: inout [Double], seed: UInt64, rate: Double) {
    var generator = SplitMix64(seed: seed)
    let decay = ExactMath.exp(-1 / (BarModel.malletSeconds * rate))
    var level = BarModel.malletLevel
    var last = 0.0
    for index in 0..<min(values.count, Int(12 * BarModel.malletSeconds * rate)) {
      let noise = generator.nextUnit()
      values[index] += level * (noise - last) / 2
      last = noise
      level *= decay
    }
  }

  /// A linear fade over the last `frames`, so the sample ends at silence without a click.
  private static func fadeEnd(of values: inout [Double], frames: Int) {
    let count = min(frames, values.count)
    for offset in 0..<count {
      values[values.count - 1 - offset] *= Double(offset) / Double(count)
    }
  }

  /// Scales the peak to `BarModel.peakLevel` and rounds every value to a 24-bit step.
  private static func normalizedOnGrid(_ values: [Double]) -> [Float] {
    let peak = values.reduce(0) { max($0, abs($1)) }
    let scale = peak > 0 ? BarModel.peakLevel / peak : 0
    let steps = IntegerWidth.bits24.fullScale
    return values.map { Float(ExactMath.roundToInteger($0 * scale * steps) / steps) }
  }
}
