/// One line of a score as text, with its 1-based number.
struct SourceLine {
  var number: Int
  var text: Substring
  /// Whether the line is all ASCII (each byte a character), as most are.
  var isASCII = false
  /// The first byte that is not UTF-8, if the line has one: its column and value. The line's
  /// text is then empty, and the rest of the file is still checked.
  var invalidByte: (column: Int, value: UInt8)?
}

/// Hands score bytes to `body` one line at a time, accepting a UTF-8 byte-order mark and CRLF
/// or LF endings; stops early when `body` returns false. Each line is made text only while it
/// is read, so a large score never holds more than its bytes and one line's text.
func forEachLine(_ bytes: [UInt8], _ body: (SourceLine) -> Bool) {
  forEachLineOfBytes(bytes) { number, line in body(decodeLine(line, number: number)) }
}

/// The score's lines `numbers` as shown under a diagnostic: bad UTF-8 replaced, control
/// characters shown as spaces.
public func sourceLines(_ bytes: [UInt8], numbers: Set<Int>) -> [Int: String] {
  var lines: [Int: String] = [:]
  guard let last = numbers.max() else { return lines }
  forEachLineOfBytes(bytes) { number, line in
    if numbers.contains(number) {
      // Control characters (but tabs) would act on the terminal: each shows as a space.
      lines[number] = String(
        decoding: line.map { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F ? UInt8(ascii: " ") : $0 },
        as: UTF8.self)
    }
    return number < last
  }
  return lines
}

/// Splits score bytes into numbered lines, the one place that knows where a line ends: after a
/// byte-order mark, at LF, without a CR before it. Stops early when `body` returns false.
private func forEachLineOfBytes(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Bool) {
  var start = 0
  if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
  var lineNumber = 1
  var lineStart = start
  var index = start
  while index <= bytes.count {
    if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
      var end = index
      if end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      guard body(lineNumber, bytes[lineStart..<end]) else { return }
      lineNumber += 1
      lineStart = index + 1
    }
    index += 1
  }
}

private func decodeLine(_ bytes: ArraySlice<UInt8>, number: Int) -> SourceLine {
  if bytes.allSatisfy({ $0 < 0x80 }) {
    return SourceLine(
      number: number, text: String(decoding: bytes, as: UTF8.self)[...], isASCII: true)
  }
  if let text = String(validating: bytes, as: UTF8.self) {
    return SourceLine(number: number, text: text[...])
  }
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var offset = bytes.startIndex
  while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
    offset += encoded.count
  }
  guard offset < bytes.endIndex else {
    return SourceLine(number: number, text: String(decoding: bytes, as: UTF8.self)[...])
  }
  let prefix = String(decoding: bytes[bytes.startIndex..<offset], as: UTF8.self)
  return SourceLine(
    number: number, text: "", invalidByte: (column: prefix.count + 1, value: bytes[offset]))
}
