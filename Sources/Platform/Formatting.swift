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

/// Seconds on a clock that only moves forward, for progress and timing.
/// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
package func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Hands memory freed so far back to the system, so that a large parse does not stay in the
/// process's footprint while the render runs. The corresponding C function is glibc's
/// `malloc_trim`; elsewhere this does nothing.
package func releaseFreedMemory() {
  _ = xylo_release_freed_memory()
}

/// Text as the inside of a JSON string.
package func jsonEscaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}
