/// One line of a score as characters, with its 1-based number.
struct SourceLine {
  var number: Int
  var characters: [Character]
}

/// Splits score bytes into lines, accepting a UTF-8 byte-order mark and CRLF or LF endings.
///
/// A line that is not valid UTF-8 yields a diagnostic at its first bad byte and no characters,
/// so the rest of the file is still checked.
func decodeLines(_ bytes: [UInt8], diagnostics: inout DiagnosticList) -> [SourceLine] {
  var start = 0
  if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
  var lines: [SourceLine] = []
  var lineNumber = 1
  var lineStart = start
  var index = start
  while index <= bytes.count {
    if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
      var end = index
      if end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let slice = bytes[lineStart..<end]
      lines.append(decodeLine(slice, number: lineNumber, diagnostics: &diagnostics))
      lineNumber += 1
      lineStart = index + 1
    }
    index += 1
  }
  return lines
}

private func decodeLine(
  _ bytes: ArraySlice<UInt8>, number: Int, diagnostics: inout DiagnosticList
) -> SourceLine {
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
      let hex = String(bytes[offset], radix: 16, uppercase: true)
      diagnostics.append(
        .error, line: number, column: prefix.count + 1,
        message: "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex); save the score as UTF-8")
      return SourceLine(number: number, characters: [])
    }
  }
}
