import Platform

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

/// `value` in lowercase hex, with leading zeros to at least `count` digits.
private func hexDigits(_ value: UInt32, _ count: Int) -> String {
  let digits = String(value, radix: 16)
  return String(repeating: "0", count: max(0, count - digits.count)) + digits
}
