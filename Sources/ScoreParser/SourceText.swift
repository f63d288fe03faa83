/// One line of a score as characters, with its 1-based number.
struct SourceLine {
  var number: Int
  var characters: [Character]
  /// Why the line could not be read, if it could not; its characters are then empty.
  var problem: LineProblem?
}

/// A line refused before it is tokenized.
enum LineProblem {
  /// Not valid UTF-8: the column and value of the first bad byte.
  case invalidByte(column: Int, value: UInt8)
  /// Longer than `maximumLineBytes`, which no score needs and would cost memory to read.
  case tooLong(bytes: Int)
}

/// The longest line read, in bytes: 1 MiB, far past any real line.
public let maximumLineBytes = 1 << 20

/// Hands score bytes to `body` one line at a time, accepting a UTF-8 byte-order mark and CRLF
/// or LF endings; stops early when `body` returns false. Lines are decoded one by one so a
/// large score never holds all its characters at once.
///
/// A line that is not valid UTF-8 yields a diagnostic at its first bad byte and no characters,
/// so the rest of the file is still checked.
func forEachLine(_ bytes: [UInt8], _ body: (SourceLine) -> Bool) {
  forEachLineOfBytes(bytes) { number, line in body(decodeLine(line, number: number)) }
}

/// The score's lines `numbers` as shown under a diagnostic: bad UTF-8 replaced, control
/// characters shown as spaces; a line too long to read is shown by its first 200 bytes.
public func sourceLines(_ bytes: [UInt8], numbers: Set<Int>) -> [Int: String] {
  var lines: [Int: String] = [:]
  guard let last = numbers.max() else { return lines }
  forEachLineOfBytes(bytes) { number, line in
    if numbers.contains(number) {
      let shown = line.count > maximumLineBytes ? line.prefix(200) : line
      // Control characters (but tabs) would act on the terminal: each shows as a space.
      lines[number] = String(
        decoding: shown.map { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F ? UInt8(ascii: " ") : $0 },
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
  if bytes.count > maximumLineBytes {
    return SourceLine(number: number, characters: [], problem: .tooLong(bytes: bytes.count))
  }
  if bytes.allSatisfy({ $0 < 0x80 }) {
    return SourceLine(number: number, characters: bytes.map { Character(Unicode.Scalar($0)) })
  }
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var offset = bytes.startIndex
  while true {
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded):
      offset += encoded.count
    case .emptyInput:
      return SourceLine(number: number, characters: Array(String(decoding: bytes, as: UTF8.self)))
    case .error:
      let prefix = String(decoding: bytes[bytes.startIndex..<offset], as: UTF8.self)
      return SourceLine(
        number: number, characters: [],
        problem: .invalidByte(column: prefix.count + 1, value: bytes[offset]))
    }
  }
}
