import AudioBasics
import GoldenTesting
import Platform
import Rendering

/// A JSON report: the counts of the summary line, and per test its outcome, time and what
/// explains it, every fact a value (frames, decibels, hashes, the taps and settings that
/// changed), with the console's lines besides. Paths are relative to the working directory.
public func jsonReport(_ results: [GoldenTestResult], seconds: Double) -> String {
  var counts: [String: JSONValue] = [:]
  for outcome in [
    GoldenOutcome.failed, .passed, .written, .obsolete, .error, .updated, .removed,
  ] {
    counts[outcome.rawValue] = .number(results.filter { $0.outcome == outcome }.count)
  }
  counts["scores"] = .number(results.filter { !$0.test.score.isEmpty }.count)
  return JSONValue.object([
    "seconds": .number(fixed(seconds, places: 3)),
    "counts": .object(counts),
    "tests": .array(results.map(\.jsonValue)),
  ]).text
}

extension GoldenTestResult {
  fileprivate var jsonValue: JSONValue {
    func path(_ text: String) -> JSONValue {
      text.isEmpty ? .null : .string(Path.relativeToWorkingDirectory(text))
    }
    var object: [String: JSONValue] = [
      "score": path(test.score),
      "golden": .string(Path.relativeToWorkingDirectory(test.golden)),
      "outcome": .string(outcome.rawValue),
      "line": .optional(line, JSONValue.number),
      "seconds": .number(fixed(seconds, places: 3)),
      "rate": .number(rate),
      "tap_changes": .array(tapChanges.map(\.jsonValue)),
      "manifest_changes": .array(manifestChanges.map(\.jsonValue)),
      "audio_findings": .array(audioFindings.map(\.jsonValue)),
      "wrote_manifest": .bool(wroteManifest),
      "error": .optional(error) { .string($0.description) },
      "diagnostics": .array(diagnostics),
      "lines": .array(lines.map { .string($0) }),
    ]
    object["first_difference_frame"] = .null
    object["comparison"] = .null
    object["content_hashes"] = .null
    switch verdict {
    case .samples(let comparison)?:
      object["first_difference_frame"] = .optional(
        comparison.firstDifferenceFrame, JSONValue.number)
      object["comparison"] = comparison.jsonValue
    case .contentHash(let expected, let actual)?:
      object["content_hashes"] = .object(["expected": .string(expected), "actual": .string(actual)])
    case nil:
      break
    }
    switch artifacts {
    case .written(let paths)?:
      object["artifacts"] = .array(paths.map { path($0) })
      object["artifacts_error"] = .null
    case .failed(let reason)?:
      object["artifacts"] = .null
      object["artifacts_error"] = .string(reason)
    case nil:
      object["artifacts"] = .null
      object["artifacts_error"] = .null
    }
    return .object(object)
  }

  /// A score's diagnostics, each as values.
  private var diagnostics: [JSONValue] {
    guard case .score(_, let diagnostics, _)? = error else { return [] }
    return diagnostics.map { diagnostic in
      .object([
        "severity": .string(diagnostic.severity.rawValue), "line": .number(diagnostic.line),
        "column": .number(diagnostic.column), "message": .string(diagnostic.message),
      ])
    }
  }
}

extension GoldenComparison {
  fileprivate var jsonValue: JSONValue {
    let values = measurements
    func number(_ value: Double?) -> JSONValue { .optional(value) { .number($0) } }
    func frame(_ value: Int64?) -> JSONValue { .optional(value) { .number($0) } }
    var object: [String: JSONValue] = [
      "passed": .bool(passed),
      "expected_rate": .number(values.expectedRate),
      "actual_rate": .number(values.actualRate),
      "expected_channels": .number(values.expectedChannels),
      "actual_channels": .number(values.actualChannels),
      "expected_frames": .number(values.expectedFrames),
      "actual_frames": .number(values.actualFrames),
      "frames_compared": .number(values.framesCompared),
      "differing_frames": .number(values.differingFrames),
      "first_difference_frame": frame(firstDifferenceFrame),
      "first_difference_channel": .optional(values.firstDifferenceChannel, JSONValue.number),
      "largest_difference_dbfs": number(values.largestDifferenceDecibels),
      "largest_difference_frame": frame(values.largestDifferenceFrame),
      "difference_rms_dbfs": number(values.differenceRMSDecibels),
      "holds_non_finite": .bool(values.holdsNonFinite),
      "warnings": .array(warnings.map { .string($0) }),
    ]
    object["perceptual"] = .optional(values.perceptual) { perceptual in
      .object([
        "golden_lufs": .number(perceptual.goldenLUFS),
        "render_lufs": .number(perceptual.renderLUFS),
        "difference_lu": .number(perceptual.differenceLU),
        "worst_band_db": number(perceptual.worstBandDecibels),
        "worst_band_hz": number(perceptual.worstBandHertz),
        "worst_band_seconds": number(perceptual.worstBandSeconds),
      ])
    }
    return .object(object)
  }
}

extension TapChange {
  /// `{"change": "moved", "line": 3, "key": "G", "frame": 72480, "gain": 1, "from_frame": 72000}`.
  fileprivate var jsonValue: JSONValue {
    var object: [String: JSONValue] = [
      "line": .number(tap.line), "key": .string(tap.key), "frame": .number(tap.frame),
      "gain": .number(tap.gain),
    ]
    switch kind {
    case .keyChanged(let from):
      object["change"] = .string("key")
      object["from_key"] = .string(from)
    case .moved(let from):
      object["change"] = .string("moved")
      object["from_frame"] = .number(from)
    case .gainChanged(let from):
      object["change"] = .string("gain")
      object["from_gain"] = .number(from)
      object["gain_change_db"] =
        from > 0 && tap.gain > 0 ? .number(Decibels.of(tap.gain / from)) : .null
    case .removed: object["change"] = .string("removed")
    case .added: object["change"] = .string("added")
    }
    return .object(object)
  }
}

extension ManifestChange {
  fileprivate var jsonValue: JSONValue {
    switch self {
    case .setting(let name, let from, let to):
      return .object([
        "change": .string("setting"), "name": .string(name), "from": .string(from),
        "to": .string(to),
      ])
    case .tempo(let shift):
      return .object([
        "change": .string("tempo"), "line": .optional(shift.line, JSONValue.number),
        "from_bpm": .string(shift.fromBPM), "to_bpm": .string(shift.toBPM),
        "frame": .number(shift.frame), "proportional_taps": .number(shift.proportionalTaps),
        "shifted_taps": .number(shift.shiftedTaps),
        "shift_frames": .optional(shift.shiftFrames, JSONValue.number),
      ])
    case .sample(let key, let layer, let fromHash, let toHash, let moved):
      return .object([
        "change": .string("sample"), "key": .string(key), "layer": .number(layer),
        "from_hash": .string(fromHash), "to_hash": .string(toHash),
        "taps_moved": .optional(moved, JSONValue.number),
      ])
    case .toolVersion(let from, let to):
      return .object([
        "change": .string("tool_version"), "from": .string(from), "to": .string(to),
      ])
    }
  }
}

extension AudioFinding {
  fileprivate var jsonValue: JSONValue {
    switch self {
    case .length(let extra):
      return .object(["finding": .string("length"), "extra_frames": .number(extra)])
    case .silent(let render):
      return .object([
        "finding": .string("silent"), "side": .string(render ? "render" : "golden"),
      ])
    case .gain(let factor):
      return .object([
        "finding": .string("gain"), "factor": .number(factor),
        "decibels": .number(Decibels.of(abs(factor))), "inverted": .bool(factor < 0),
      ])
    case .offset(let frames):
      return .object(["finding": .string("offset"), "frames": .number(frames)])
    case .stretch(let start, let end):
      return .object([
        "finding": .string("stretch"), "start_frame": .number(start), "end_frame": .number(end),
      ])
    }
  }
}
