import AudioBasics
import AudioDigest
import Platform
import Rendering
import ScoreParser

/// The verdict of `compare` and the lines that explain it.
///
/// NaN or infinity in either file fails the comparison whatever the tolerance, even when both
/// files hold the same ones at the same places: a golden holding them hides a broken render.
struct ComparisonReport {
  var passed: Bool
  var lines: [String] = []
  var warnings: [String] = []

  init(run: ComparisonRun, paths: (String, String), tolerance: Double?) {
    let (expected, actual) = (run.expected, run.actual)
    let names = "'\(paths.0)' and '\(paths.1)'"
    guard run.shapesMatch else {
      passed = false
      lines.append("different: \(names) cannot be compared sample by sample")
      if expected.sampleRate != actual.sampleRate {
        lines.append(
          "  sample rate: expected \(expected.sampleRate) Hz, actual \(actual.sampleRate) Hz")
      }
      if expected.channels != actual.channels {
        lines.append("  channels: expected \(expected.channels), actual \(actual.channels)")
      }
      return
    }
    let meter = run.meter
    let rate = Int64(run.rate)
    func at(_ frame: Int64) -> String { "frame \(frame) (\(seconds(frame, rate)))" }
    let lengthsMatch = run.expectedFrames == run.actualFrames
    let threshold = tolerance.map(Decibels.linear) ?? 0
    let withinTolerance = meter.largest.value <= threshold
    passed = lengthsMatch && withinTolerance && !meter.holdsNonFinite

    if run.expectedFrames == 0 || run.actualFrames == 0 {
      warnings.append(
        "\(run.expectedFrames == 0 ? paths.0 : paths.1) holds no audio (0 frames); a golden without audio usually hides a broken render"
      )
    } else if meter.loudest == 0 && lengthsMatch && !meter.holdsNonFinite {
      warnings.append(
        "both files are silent; a golden of silence usually hides a broken render")
    }
    let shape =
      "\(run.expectedFrames) frames, \(run.rate) Hz, \(expected.channels) \(expected.channels == 1 ? "channel" : "channels")"
    if passed && meter.differingFrames == 0 {
      lines.append("identical: \(names) (\(shape))")
      return
    }
    if passed {
      lines.append(
        "within tolerance: \(names) (largest difference \(decibels(meter.largest.value)) dBFS, tolerance \(formatDB(tolerance ?? 0)) dBFS)"
      )
    } else {
      lines.append("different: \(names)")
    }
    if !lengthsMatch {
      lines.append(
        "  length: expected \(run.expectedFrames) frames (\(seconds(run.expectedFrames, rate))), actual \(run.actualFrames) frames (\(seconds(run.actualFrames, rate)))"
      )
    }
    for (side, name) in [(DifferenceMeter.Side.expected, "expected"), (.actual, "actual")] {
      if let value = meter.firstNonFinite(in: side) {
        lines.append(
          "  not finite: \(name) has \(sampleText(value.value)) at \(at(value.frame)), channel \(value.channel + 1)"
        )
      }
    }
    if let first = meter.firstDifference {
      lines.append(
        "  first difference: \(at(first.frame)), channel \(first.channel + 1): expected \(sampleText(first.expected)), actual \(sampleText(first.actual))"
      )
      // Sizes count finite values only; when only NaN or infinity differ there is none to give.
      if meter.largest.value > 0 {
        lines.append(
          "  largest difference: \(decibels(meter.largest.value)) dBFS at \(at(meter.largest.frame))"
        )
        lines.append("  difference RMS: \(decibels(meter.differenceRMS)) dBFS")
      }
      lines.append("  differing frames: \(meter.differingFrames) of \(meter.framesCompared)")
    }
  }
}

/// Frames as seconds, as every message shows a time.
private func seconds(_ frame: Int64, _ rate: Int64) -> String {
  timeText(frame, over: rate)
}

/// A linear magnitude in dBFS with one decimal: `-90.3`, or `-inf` for zero.
private func decibels(_ magnitude: Double) -> String {
  magnitude > 0 ? formatDB(Decibels.of(magnitude)) : "-inf"
}

private func formatDB(_ value: Double) -> String { fixed(value, places: 1) }

/// A sample value with six decimals, enough to tell 16-bit steps apart, or `NaN`, `infinity`,
/// `-infinity`.
private func sampleText(_ value: Double) -> String {
  guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity" }
  return fixed(value, places: 6)
}
