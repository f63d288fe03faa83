import AudioDigest
import Platform

/// Text as HTML shows it, in an element or a quoted attribute: markup characters as entities,
/// and characters that could forge or hide what a name looks like (controls, bidirectional
/// overrides) shown as `\n`, `\u{1B}`, `\u{202E}`. File names are untrusted.
func htmlText(_ text: String) -> String {
  escaped(text) { scalar in
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&#39;"
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    case _ where isHidden(scalar): "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: nil
    }
  }
}

/// Control characters, and those that reorder or hide text around them.
private func isHidden(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0..<0x20, 0x7F..<0xA0, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
  default: false
  }
}

/// A word as a POSIX shell reads it back exactly: bare when it holds only safe characters, in
/// single quotes otherwise, and as `$'…'` (bash, zsh, ksh) when it holds characters a
/// terminal would act on, so that a pasted command never holds a raw newline or escape.
func shellQuoted(_ word: String) -> String {
  let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,:@%+=-")
  if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
  guard word.unicodeScalars.contains(where: isHidden) else {
    return "'" + escaped(word) { $0 == "'" ? "'\\''" : nil } + "'"
  }
  let inside = escaped(word) { scalar in
    switch scalar {
    case "\\": "\\\\"
    case "'": "\\'"
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    case _ where isHidden(scalar):
      scalar.value < 0x100 ? "\\x" + hexDigits(scalar.value, 2) : "\\u" + hexDigits(scalar.value, 4)
    default: nil
    }
  }
  return "$'" + inside + "'"
}

/// Bytes as Base64 (RFC 4648, with padding), for `data:` URLs.
func base64(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var output = [UInt8]()
  output.reserveCapacity((bytes.count + 2) / 3 * 4)
  var index = 0
  while index + 3 <= bytes.count {
    let value =
      UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
    for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
    index += 3
  }
  let rest = bytes.count - index
  if rest > 0 {
    let second = rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0
    let value = UInt32(bytes[index]) << 16 | second
    output.append(alphabet[Int(value >> 18 & 63)])
    output.append(alphabet[Int(value >> 12 & 63)])
    output.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
    output.append(UInt8(ascii: "="))
  }
  return String(decoding: output, as: UTF8.self)
}

/// `'sha256-…'`: the source expression with which a Content-Security-Policy allows exactly
/// this inline script or style and nothing else.
func cspHash(_ text: String) -> String {
  let digest = SHA256()
  digest.update(contentsOf: Array(text.utf8))
  let hex = Array(digest.finalizeHex().utf8)
  var bytes: [UInt8] = []
  for pair in stride(from: 0, to: hex.count - 1, by: 2) {
    bytes.append(hexValue(hex[pair]) << 4 | hexValue(hex[pair + 1]))
  }
  return "'sha256-" + base64(bytes) + "'"
}

private func hexValue(_ digit: UInt8) -> UInt8 {
  digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
}

/// `value` in lowercase hex, with leading zeros to at least `count` digits.
private func hexDigits(_ value: UInt32, _ count: Int) -> String {
  let digits = String(value, radix: 16)
  return String(repeating: "0", count: max(0, count - digits.count)) + digits
}
