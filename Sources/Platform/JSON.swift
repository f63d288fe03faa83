/// A JSON value, read and written without Foundation: the tool's manifests and reports.
///
/// Numbers keep the text they were written with, so an integer past 2^53 or a gain written to
/// round-trip is read back exactly; `int`, `unsignedInt` and `double` read that text. Written
/// text is deterministic: object keys sorted by their UTF-8 bytes, no space before a colon,
/// a container on one line when it fits in 120 characters, else one member a line (an array's
/// elements each whole on its line).
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number as written: `-23.04`, `48000`, `1e-05`.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The number `value` as written by `jsonNumber(_:)`; `null` for NaN and infinities, which
  /// JSON cannot hold.
  package static func number(_ value: Double) -> JSONValue {
    value.isFinite ? .number(jsonNumber(value)) : .null
  }

  package static func number(_ value: Int64) -> JSONValue { .number(String(value)) }
  package static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  /// `nil` as `null`.
  package static func optional<Value>(_ value: Value?, _ make: (Value) -> JSONValue) -> JSONValue {
    value.map(make) ?? .null
  }

  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  package var string: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  package var int: Int? {
    guard case .number(let text) = self else { return nil }
    return Int(text)
  }

  package var int64: Int64? {
    guard case .number(let text) = self else { return nil }
    return Int64(text)
  }

  package var unsignedInt: UInt64? {
    guard case .number(let text) = self else { return nil }
    return UInt64(text)
  }

  package var double: Double? {
    guard case .number(let text) = self else { return nil }
    return Double(text)
  }

  package var bool: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  package var array: [JSONValue]? {
    guard case .array(let values) = self else { return nil }
    return values
  }

  package var isNull: Bool { self == .null }
}

/// A finite double as JSON writes it: the shortest text that reads back as the same double
/// (Swift's own, the same on every machine), without a `.0` on whole numbers: `1`, `0.944`,
/// `-23.04`, `1e-05`.
package func jsonNumber(_ value: Double) -> String {
  var text = value.description
  if text.hasSuffix(".0") { text.removeLast(2) }
  return text == "-0" ? "0" : text
}
