import CSystem

/// `value` with exactly `places` decimals, rounded half away from zero; locale-free.
/// `signed` puts `+` before values that round away from zero (zero has no sign).
package func fixed(_ value: Double, places: Int, signed: Bool = false) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  let units = (abs(value) * scale).rounded()
  guard units < 9.0e18 else { return String(value) }
  let whole = UInt64(units)
  let integer = whole / UInt64(scale)
  var text = String(integer)
  if places > 0 {
    let fraction = String(whole % UInt64(scale))
    text += "." + String(repeating: "0", count: places - fraction.count) + fraction
  }
  let negative = value < 0 && units != 0
  return (negative ? "-" : signed && units != 0 ? "+" : "") + text
}

/// A time as every message shows it: seconds with three decimals and the unit, `1.200 s`;
/// where one frame matters, the frame is shown beside it. `numerator / denominator` seconds
/// (a frame and the rate, or an exact fraction), rounded half up in integers.
package func timeText(_ numerator: Int64, over denominator: Int64) -> String {
  guard denominator > 0 else { return "? s" }
  let units = (2 * Int128(numerator) * 1_000 + Int128(denominator)) / (2 * Int128(denominator))
  let floored =
    units * (2 * Int128(denominator)) > 2 * Int128(numerator) * 1_000 + Int128(denominator)
    ? units - 1 : units
  let magnitude = floored.magnitude
  let fraction = String(magnitude % 1_000)
  return (floored < 0 ? "-" : "") + "\(magnitude / 1_000)."
    + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
}

/// A measured time in seconds as `timeText(_:over:)` shows it: `3.250 s`.
package func timeText(seconds: Double) -> String {
  seconds.isFinite ? fixed(seconds, places: 3) + " s" : "? s"
}

/// Seconds on a clock that only moves forward, for progress and timing.
/// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
package func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Hands memory freed so far back to the system: a video's workers, after their first picture's
/// scratch canvases. The corresponding C function is glibc's `malloc_trim`; elsewhere this does
/// nothing.
package func releaseFreedMemory() {
  _ = xylo_release_freed_memory()
}

/// `text` with each scalar `replacement` names replaced, the rest kept: the one loop behind
/// every escaping for a format (JSON, XML, workflow commands).
package func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    if let replaced = replacement(scalar) {
      result += replaced
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// Text as the inside of a JSON string.
package func jsonEscaped(_ text: String) -> String {
  escaped(text) { scalar in
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\t": "\\t"
    case _ where scalar.value < 0x20: unicodeEscape(scalar)
    default: nil
    }
  }
}

/// `\u001b`: a control character as JSON writes it.
private func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
  let hex = String(scalar.value, radix: 16)
  return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
}
