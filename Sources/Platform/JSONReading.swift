// JSON text read into a `JSONValue`, with the byte offset of what is wrong.

/// Why text is not the JSON asked for: where (a byte offset) and what.
package struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  package var offset: Int
  package var reason: String

  package init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  package var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
  /// Parses JSON text (RFC 8259): one value, with white space around it. Containers nest at
  /// most `maximumDepth` deep, so hostile text cannot exhaust the stack.
  package init(parsing text: String, maximumDepth: Int = 64) throws(JSONError) {
    var reader = JSONReader(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    reader.skipSpace()
    self = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.position == reader.bytes.count else {
      throw JSONError(offset: reader.position, reason: "text after the value")
    }
  }
}

/// A cursor over JSON text's bytes.
private struct JSONReader {
  let bytes: [UInt8]
  let maximumDepth: Int
  var position = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  private func failure(_ reason: String) -> JSONError {
    JSONError(offset: position, reason: reason)
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      position += 1
    }
  }

  /// value = object / array / string / number / true / false / null
  mutating func value(depth: Int) throws(JSONError) -> JSONValue {
    guard let byte = current else { throw failure("a value expected, found the end") }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONError)
    -> JSONValue
  {
    let expected = Array(word.utf8)
    guard bytes.count - position >= expected.count,
      Array(bytes[position..<(position + expected.count)]) == expected
    else { throw failure("a value expected") }
    position += expected.count
    return value
  }

  /// object = `{` [ string `:` value *( `,` string `:` value ) ] `}`
  private mutating func object(depth: Int) throws(JSONError) -> JSONValue {
    guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth)") }
    position += 1
    var members: [String: JSONValue] = [:]
    skipSpace()
    if current == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw failure("a key expected") }
      let key = try string()
      skipSpace()
      guard current == UInt8(ascii: ":") else { throw failure("':' expected") }
      position += 1
      skipSpace()
      guard members[key] == nil else { throw failure("the key '\(key)' twice") }
      members[key] = try value(depth: depth)
      skipSpace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      default: throw failure("',' or '}' expected")
      }
    }
  }

  /// array = `[` [ value *( `,` value ) ] `]`
  private mutating func array(depth: Int) throws(JSONError) -> JSONValue {
    guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth)") }
    position += 1
    var values: [JSONValue] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      position += 1
      return .array(values)
    }
    while true {
      skipSpace()
      values.append(try value(depth: depth))
      skipSpace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(values)
      default: throw failure("',' or ']' expected")
      }
    }
  }

  /// number = [ `-` ] int [ frac ] [ exp ], kept as written.
  private mutating func number() throws(JSONError) -> String {
    let start = position
    func digits() -> Int {
      let first = position
      while let byte = current, (0x30...0x39).contains(byte) { position += 1 }
      return position - first
    }
    if current == UInt8(ascii: "-") { position += 1 }
    let whole = position
    guard digits() > 0 else { throw failure("a value expected") }
    if bytes[whole] == 0x30 && position - whole > 1 { throw failure("a number with a leading 0") }
    if current == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw failure("digits expected after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard digits() > 0 else { throw failure("digits expected in the exponent") }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// string = `"` *char `"`, with the escapes JSON has (`\u` pairs for scalars past U+FFFF).
  private mutating func string() throws(JSONError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var run = position  // start of the bytes not yet copied
    func flush(_ end: Int) {
      scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard let byte = current else { throw failure("an unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        flush(position)
        position += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush(position)
        position += 1
        scalars.append(try escape())
        run = position
      case 0..<0x20:
        throw failure("a control character in a string")
      default:
        position += 1
      }
    }
  }

  private mutating func escape() throws(JSONError) -> Unicode.Scalar {
    guard let byte = current else { throw failure("an unterminated string") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hexQuad()
      if (0xD800..<0xDC00).contains(first) {
        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw failure("a lone surrogate") }
        position += 2
        let second = try hexQuad()
        guard (0xDC00..<0xE000).contains(second),
          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw failure("a lone surrogate") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate") }
      return scalar
    default:
      throw failure("an unknown escape")
    }
  }

  private mutating func hexQuad() throws(JSONError) -> UInt32 {
    guard bytes.count - position >= 4 else { throw failure("four hex digits expected") }
    var value: UInt32 = 0
    for byte in bytes[position..<(position + 4)] {
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw failure("four hex digits expected")
      }
      value = value << 4 | UInt32(digit)
    }
    position += 4
    return value
  }
}
