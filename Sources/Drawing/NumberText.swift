import AudioBasics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers written for the picture, without Foundation: fixed decimals, a true minus sign.
enum NumberText {
  /// `fixed(-1.25, decimals: 1) == "−1.3"`: rounded half away from zero, never "−0".
  /// Infinities and NaN are written `∞`, `−∞` and `?`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard !value.isNaN else { return "?" }
    let scale = pow(10, Double(decimals))
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard value.isFinite, scaled < 1e15 else { return value < 0 ? "−∞" : "∞" }
    let units = Int64(scaled)
    let divisor = Int64(scale)
    var text = String(units / divisor)
    if decimals > 0 {
      let fraction = String(units % divisor)
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return units != 0 && value < 0 ? "−" + text : text
  }

  /// A time in seconds, `seconds(1.5, decimals: 3) == "1.500 s"`.
  static func seconds(_ value: Double, decimals: Int) -> String {
    fixed(value, decimals: decimals) + " s"
  }

  /// A linear amplitude in dB with one decimal: `decibels(0.5) == "−6.0 dB"`; 0 is `−∞ dB`.
  static func decibels(_ linear: Double) -> String {
    fixed(Decibels.of(linear), decimals: 1) + " dB"
  }

  /// A frequency for an axis label: `63 Hz`, `500 Hz`, `1 kHz`, `1.25 kHz`, `16 kHz`.
  static func hertz(_ value: Double) -> String {
    if abs(value) >= 1000 { return trimmed(fixed(value / 1000, decimals: 2)) + " kHz" }
    return trimmed(fixed(value, decimals: abs(value) < 100 ? 1 : 0)) + " Hz"
  }

  /// `1.50` → `1.5`, `2.00` → `2`.
  private static func trimmed(_ text: String) -> String {
    guard text.contains(".") else { return text }
    var result = Substring(text)
    while result.hasSuffix("0") { result.removeLast() }
    if result.hasSuffix(".") { result.removeLast() }
    return String(result)
  }
}
