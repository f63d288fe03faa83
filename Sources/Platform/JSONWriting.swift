// JSON text as `JSONValue` writes it: sorted keys, short containers on one line.

extension JSONValue {
  /// The value as text ending in a newline, laid out as the type's summary says.
  package var text: String { written(indent: "", lead: 0) + "\n" }

  private static let lineLength = 120

  /// The value at `indent`, its first line after `lead` characters (a key) already written.
  private func written(indent: String, lead: Int) -> String {
    let flat = oneLine
    guard lead + flat.count > Self.lineLength else { return flat }
    let inner = indent + "  "
    switch self {
    case .array(let values) where !values.isEmpty:
      // Each element on a line of its own, whole: one tap, one sample a line.
      return "[\n" + values.map { inner + $0.oneLine }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members) where !members.isEmpty:
      return "{\n"
        + Self.sortedKeys(members).map { key in
          // The value goes on from its key, so a container opens on the key's line.
          let start = inner + "\"\(jsonEscaped(key))\": "
          return start + (members[key] ?? .null).written(indent: inner, lead: start.count)
        }.joined(separator: ",\n") + "\n\(indent)}"
    default:
      return flat
    }
  }

  /// The value on one line: `{"a": 1, "b": [2, 3]}`.
  private var oneLine: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): text
    case .string(let text): "\"\(jsonEscaped(text))\""
    case .array(let values): "[" + values.map(\.oneLine).joined(separator: ", ") + "]"
    case .object(let members):
      "{"
        + Self.sortedKeys(members).map {
          "\"\(jsonEscaped($0))\": \(members[$0]?.oneLine ?? "null")"
        }
        .joined(separator: ", ") + "}"
    }
  }

  /// Keys in the order of their UTF-8 bytes: the same on every machine and locale.
  private static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
    members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }
}
