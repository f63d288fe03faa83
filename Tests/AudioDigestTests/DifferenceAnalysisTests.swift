import AudioDigest
import Foundation
import Testing

/// A short song of decaying tones at 48 kHz: 1.2 s, notes 0.36 s long starting at `starts`.
private func song(starts: [Double] = [0.05, 0.25, 0.7], channels: Int = 1) -> [Double] {
  let rate = 48_000.0
  let frames = Int(1.2 * rate)
  let noteFrames = Int(0.36 * rate)
  var values = [Double](repeating: 0, count: frames * channels)
  for (note, start) in starts.enumerated() {
    let frequency = 440.0 * Double(note + 2) / 2
    let first = Int((start * rate).rounded())
    for frame in first..<min(first + noteFrames, frames) {
      let time = Double(frame - first) / rate
      let value = 0.5 * exp(-time / 0.1) * sin(2 * .pi * frequency * time + 0.5)
      for channel in 0..<channels {
        // The second channel is quieter, so that the channels differ.
        values[frame * channels + channel] += value * (channel == 0 ? 1 : 0.7)
      }
    }
  }
  return values
}

/// `values` delayed by `shift` frames (early when negative), keeping their length and
/// filling with silence.
private func shifted(_ values: [Double], by shift: Int, channels: Int = 1) -> [Double] {
  let count = values.count
  return (0..<count).map { index in
    let source = index - shift * channels
    return source >= 0 && source < count ? values[source] : 0
  }
}

private func explain(_ expected: [Double], _ actual: [Double], channels: Int = 1) -> [String] {
  explainDifference(expected: expected, actual: actual, channels: channels, rate: 48_000)
}

@Suite struct DifferenceAnalysisTests {
  @Test(arguments: [
    (-0.5, "the render is the golden × 0.944 (-0.50 dB)"),
    (6, "the render is the golden × 1.995 (+6.00 dB)"),
    (-20, "the render is the golden × 0.100 (-20.00 dB)"),
  ])
  func aScaledRenderIsExplainedAsAGain(decibels: Double, line: String) {
    let golden = song()
    let factor = pow(10, decibels / 20)
    #expect(explain(golden, golden.map { $0 * factor }) == [line])
  }

  @Test func anInvertedRenderIsExplainedAsANegativeGain() {
    let golden = song()
    #expect(
      explain(golden, golden.map { -$0 }) == [
        "the render is the golden × -1.000 (inverted, 0.00 dB)"
      ])
  }

  @Test(arguments: [
    (480, "the render is the golden delayed by 480 frames (0.010 s)"),
    (-96, "the render is the golden early by 96 frames (0.002 s)"),
    (1, "the render is the golden delayed by 1 frame (0.000 s)"),
    (500, "the render is the golden delayed by 500 frames (0.010 s)"),
    (-2_401, "the render is the golden early by 2401 frames (0.050 s)"),
    (48_000, "the render is the golden delayed by 48000 frames (1.000 s)"),
  ])
  func aShiftedRenderIsExplainedAsAnOffset(shift: Int, line: String) {
    let golden = song()
    #expect(explain(golden, shifted(golden, by: shift)) == [line])
  }

  @Test func anOffsetAt44100HertzIsTimedAtThatRate() {
    let golden = song()
    let lines = explainDifference(
      expected: golden, actual: shifted(golden, by: 441), channels: 1, rate: 44_100)
    #expect(lines == ["the render is the golden delayed by 441 frames (0.010 s)"])
  }

  @Test func aDelayedAndLongerRenderIsExplainedAsAnOffset() {
    let golden = song()
    let render = [Double](repeating: 0, count: 480) + golden
    #expect(
      explain(golden, render) == ["the render is the golden delayed by 480 frames (0.010 s)"])
  }

  @Test func oneMovedNoteLeavesGainAndOffsetUnexplainedButNamesTheStretch() {
    let lines = explain(song(), song(starts: [0.05, 0.24, 0.7]))
    #expect(lines == ["the difference lies between 0.240 s and 0.610 s"])
  }

  @Test func aChangeEverywhereThatIsNeitherGainNorOffsetIsLeftUnexplained() {
    #expect(explain(song(), song(starts: [0.06, 0.26, 0.71]).map { $0 * 0.9 }) == [])
  }

  @Test(arguments: [
    (1, "length: 1 frame longer, the shared frames are identical"),
    (-1, "length: 1 frame shorter, the shared frames are identical"),
    (300, "length: 300 frames longer, the shared frames are identical"),
    (-2, "length: 2 frames shorter, the shared frames are identical"),
  ])
  func identicalSharedFramesExplainALengthChange(extra: Int, line: String) {
    let golden = song()
    let render =
      extra > 0
      ? golden + [Double](repeating: 0.25, count: extra) : Array(golden.dropLast(-extra))
    #expect(explain(golden, render) == [line])
  }

  @Test func identicalSignalsNeedNoExplanation() {
    #expect(explain(song(), song()) == [])
    #expect(explain(song(channels: 2), song(channels: 2), channels: 2) == [])
  }

  @Test func silenceIsNamedOrNeedsNoExplanation() {
    let silence = [Double](repeating: 0, count: 57_600)
    #expect(explain(silence, silence) == [])
    #expect(explain(song(), silence) == ["the render is silent"])
    #expect(explain(silence, song()) == ["the golden is silent"])
    #expect(
      explain(silence, silence + [0, 0])
        == ["length: 2 frames longer, the shared frames are identical"])
    #expect(explain([], []) == [])
    #expect(explain([], song()) == [])
  }

  @Test func stereoIsExplainedFrameByFrame() {
    let golden = song(channels: 2)
    #expect(
      explain(golden, golden.map { $0 * pow(10, -0.5 / 20) }, channels: 2)
        == ["the render is the golden × 0.944 (-0.50 dB)"])
    #expect(
      explain(golden, shifted(golden, by: 480, channels: 2), channels: 2)
        == ["the render is the golden delayed by 480 frames (0.010 s)"])
    #expect(
      explain(golden, shifted(golden, by: -96, channels: 2), channels: 2)
        == ["the render is the golden early by 96 frames (0.002 s)"])
    #expect(
      explain(golden, song(starts: [0.05, 0.24, 0.7], channels: 2), channels: 2)
        == ["the difference lies between 0.240 s and 0.610 s"])
    #expect(
      explain(golden, golden + [0, 0], channels: 2)
        == ["length: 1 frame longer, the shared frames are identical"])
  }

  @Test func aSwappedChannelPairIsNotMistakenForAnOffset() {
    let golden = song(channels: 2)
    // Shifting the interleaved values by one moves each channel into the other.
    let render = [0] + golden.dropLast()
    #expect(explain(golden, render, channels: 2) == [])
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteValuesLeaveEverythingUnexplained(value: Double) {
    let golden = song()
    var broken = golden.map { $0 * 0.5 }
    broken[100] = value
    #expect(explain(golden, broken) == [])
    #expect(explain(broken, golden) == [])
    #expect(explain(golden, golden + [value]) == [])
  }

  @Test func sumsAddedBlockByBlockEqualSumsAddedAtOnce() {
    let (golden, render) = (song(channels: 2), song(starts: [0.05, 0.24, 0.7], channels: 2))
    var whole = DifferenceSums(channels: 2)
    var blocks = DifferenceSums(channels: 2)
    golden.withUnsafeBufferPointer { e in
      render.withUnsafeBufferPointer { a in
        whole.add(expected: e, actual: a, at: 0)
        for start in stride(from: 0, to: e.count, by: 14) {
          let end = min(start + 14, e.count)
          blocks.add(
            expected: UnsafeBufferPointer(rebasing: e[start..<end]),
            actual: UnsafeBufferPointer(rebasing: a[start..<end]), at: start / 2)
        }
      }
    }
    #expect(blocks.differingFrames == 11_520..<29_280)
    #expect(blocks.differingFrames == whole.differingFrames)
    #expect(blocks.differenceEnergy == whole.differenceEnergy)
    #expect(blocks.gainFit?.gain == whole.gainFit?.gain)
    #expect(blocks.valuesCompared == 115_200)
  }
}
