import Resampling
import Testing

@Suite struct PitchTests {
  /// Two seconds of a tone, resampled; the middle (away from the filter's edges) is measured.
  @Test(arguments: [(44_100, 48_000), (48_000, 44_100), (22_050, 48_000), (96_000, 48_000)])
  func theXylophonesHighCKeepsItsPitchWithinOneCent(_ from: Int, _ to: Int) throws {
    let output = try resample(
      tone(1_046.5, rate: from, frameCount: 2 * from), channels: 1, from: from, to: to)
    #expect(output.count == 2 * to)
    let middle = output[(to / 20)..<(2 * to - to / 20)]
    #expect(abs(cents(frequency(of: middle, rate: to), from: 1_046.5)) < 1)
  }

  @Test func theToneKeepsItsLoudnessAwayFromTheEdges() throws {
    let output = try resample(
      tone(1_046.5, rate: 44_100, frameCount: 44_100), channels: 1, from: 44_100, to: 48_000)
    let peak = output[2_400..<45_600].map { abs($0) }.max() ?? 0
    #expect(abs(peak - 0.5) < 0.001)
  }
}
