import AudioBasics
import Platform

/// What changed between a golden and a render, told from the audio alone: a longer or shorter
/// file, a silent one, a change of gain, a time offset, or a change confined to a short stretch.
///
/// Works on whole signals held in memory: 8 bytes a value, so 3 minutes of 48 kHz stereo is
/// 138 MB a file. The analysis adds only two energy envelopes of 8 bytes a millisecond each.
/// Explains nothing when either signal holds a NaN or an infinity, or has no frames.
package struct DifferenceExplanation: Sendable, Equatable {
  /// One thing that changed, in the order `findings` lists them.
  package enum Finding: Sendable, Equatable {
    /// The render has this many more frames than the golden (fewer when negative), and the
    /// frames both hold are identical.
    case length(extraFrames: Int)
    /// This file is all zeros and the other is not.
    case silent(DifferenceMeter.Side)
    /// The render is the golden times this linear factor.
    case gain(Double)
    /// The render is the golden delayed by this many frames; early when negative.
    case offset(frames: Int)
    /// Every frame that differs lies in this stretch, at most half the frames both files hold.
    case stretch(frames: Range<Int>)
  }

  /// Frames per second of both signals.
  package let rate: Int
  /// Zero or more findings, in the order of `Finding`'s cases: at most one of gain, offset and
  /// stretch, and none of them when the length or silence says it all.
  package private(set) var findings: [Finding] = []

  /// Explains how `actual` differs from `expected`, two interleaved signals of the same
  /// channel count and rate; a trailing partial frame is ignored.
  ///
  /// A gain or an offset counts only when what it leaves of the difference is at least
  /// 40 dB below the difference (in RMS). An offset is sought within ±1 s, coarsely on 1 ms
  /// blocks over the loudest 30 s of the render, then frame by frame over its loudest second.
  package init(expected: [Double], actual: [Double], channels: Int, rate: Int) {
    self.rate = rate
    guard channels > 0 && rate > 0 else { return }
    let expectedFrames = expected.count / channels
    let actualFrames = actual.count / channels
    guard expectedFrames > 0 && actualFrames > 0 else { return }
    let shared = min(expectedFrames, actualFrames) * channels
    var sums = DifferenceSums(channels: channels)
    expected.withUnsafeBufferPointer { e in
      actual.withUnsafeBufferPointer { a in
        sums.add(
          expected: UnsafeBufferPointer(rebasing: e[..<shared]),
          actual: UnsafeBufferPointer(rebasing: a[..<shared]), at: 0)
      }
    }
    guard
      !sums.holdsNonFinite && expected[shared..<(expectedFrames * channels)].allSatisfy(\.isFinite)
        && actual[shared..<(actualFrames * channels)].allSatisfy(\.isFinite)
    else { return }
    guard let differing = sums.differingFrames else {
      if expectedFrames != actualFrames {
        findings.append(.length(extraFrames: actualFrames - expectedFrames))
      }
      return
    }
    let silent = { (values: [Double], frames: Int) in
      values.prefix(frames * channels).allSatisfy { $0 == 0 }
    }
    if silent(actual, actualFrames) {
      findings.append(.silent(.actual))
      return
    }
    if silent(expected, expectedFrames) {
      findings.append(.silent(.expected))
      return
    }
    // What a fit may leave: 40 dB under the difference, or the rounding of 16-bit files
    // (each rounds by up to half a step), which no gain or shift removes.
    let limit = max(Decibels.linear(-40) * sums.differenceRMS, 0.5 / IntegerWidth.bits16.fullScale)
    if let fit = sums.gainFit, fit.residualRMS <= limit {
      findings.append(.gain(fit.gain))
      return
    }
    if let shift = Self.offset(expected, actual, channels: channels, rate: rate, limit: limit) {
      findings.append(.offset(frames: shift))
      return
    }
    if differing.count * 2 <= shared / channels {
      findings.append(.stretch(frames: differing))
    }
  }

  /// The shift that lines the render up with the golden, when what it leaves is within `limit`
  /// RMS over every value of the render.
  private static func offset(
    _ expected: [Double], _ actual: [Double], channels: Int, rate: Int, limit: Double
  ) -> Int? {
    let actualFrames = actual.count / channels
    return expected.withUnsafeBufferPointer { e in
      actual.withUnsafeBufferPointer { whole in
        let a = UnsafeBufferPointer(rebasing: whole[..<(actualFrames * channels)])
        let shift = bestShift(
          expected: e, actual: a, channels: channels, blockFrames: max(1, rate / 1000),
          limit: rate, coarseWindowFrames: 30 * rate, fineWindowFrames: rate)
        guard shift != 0 else { return nil }
        let residual = shiftedResidualEnergy(
          expected: e, actual: a, channels: channels, shift: shift, frames: 0..<actualFrames)
        let residualRMS = (residual / Double(a.count)).squareRoot()
        return residualRMS <= limit ? shift : nil
      }
    }
  }

  /// One line per finding, lowercase, without a final period.
  package var lines: [String] {
    findings.map { finding in
      switch finding {
      case .length(let extra):
        let direction = extra > 0 ? "longer" : "shorter"
        return "length: \(frames(abs(extra))) \(direction), the shared frames are identical"
      case .silent(let side):
        return side == .actual ? "the render is silent" : "the golden is silent"
      case .gain(let gain):
        let decibels = fixed(Decibels.of(abs(gain)), places: 2, signed: true)
        let note = gain < 0 ? "inverted, \(decibels)" : decibels
        return "the render is the golden × \(fixed(gain, places: 3)) (\(note) dB)"
      case .offset(let shift):
        let direction = shift > 0 ? "delayed by" : "early by"
        let time = timeText(Int64(abs(shift)), over: Int64(rate))
        return "the render is the golden \(direction) \(frames(abs(shift))) (\(time))"
      case .stretch(let range):
        let (start, end) = (
          timeText(Int64(range.lowerBound), over: Int64(rate)),
          timeText(Int64(range.upperBound), over: Int64(rate))
        )
        return start == end
          ? "the difference lies at \(start)"
          : "the difference lies between \(start) and \(end)"
      }
    }
  }
}

/// Explains how a render differs from its golden: see `DifferenceExplanation`.
package func explainDifference(
  expected: [Double], actual: [Double], channels: Int, rate: Int
) -> [String] {
  DifferenceExplanation(expected: expected, actual: actual, channels: channels, rate: rate).lines
}

private func frames(_ count: Int) -> String {
  count == 1 ? "1 frame" : "\(count) frames"
}
