import Testing

@testable import Xylophone

/// The modes summed side by side in vector lanes give, bit for bit, what adding them one after
/// another gives.
@Suite struct ModeRecursionTests {
  /// The definition: each mode's recursion run alone over the frames, added in order.
  private func oneAfterAnother(_ modes: [Synthesizer.ModeRecursion], frames: Int) -> [Double] {
    var values = [Double](repeating: 0, count: frames)
    for mode in modes {
      var (previous, current) = (0.0, mode.first)
      for index in 1..<frames {
        values[index] += current
        let next = mode.a1 * current - mode.a2 * previous
        previous = current
        current = next
      }
    }
    return values
  }

  @Test(arguments: [1, 3, 7, 8, 9, 16, 19])
  func modesSideBySideAreTheModesOneAfterAnother(_ count: Int) {
    let modes = (0..<count).map { index -> Synthesizer.ModeRecursion in
      let place = Double(index + 1)
      return Synthesizer.ModeRecursion(
        frequency: 301.4 * place, amplitude: 1 / place, ringSeconds: 0.05 + 0.3 / place,
        rate: 48_000)
    }
    var values = [Double](repeating: 0, count: 12_001)
    Synthesizer.addModes(modes, into: &values)
    let expected = oneAfterAnother(modes, frames: values.count)
    let differing = zip(values, expected).filter { $0.bitPattern != $1.bitPattern }.count
    #expect(values.count == expected.count && differing == 0)
    #expect(values[0] == 0 && values[1] != 0)
  }

  @Test func aSampleOfOneFrameOrNoneIsLeftAsItIs() {
    let mode = Synthesizer.ModeRecursion(
      frequency: 440, amplitude: 1, ringSeconds: 1, rate: 48_000)
    for frames in [0, 1] {
      var values = [Double](repeating: 0, count: frames)
      Synthesizer.addModes([mode], into: &values)
      #expect(values == [Double](repeating: 0, count: frames))
    }
  }
}
