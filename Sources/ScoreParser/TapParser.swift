/// Parses a tap or a rest token.
///
/// Grammar: `KEY ('+' KEY)* SUFFIX*` or `'.' SUFFIX*`, where `KEY` is a letter followed by
/// letters, digits, `#` and `_`, and `SUFFIX` is `':' NUMBER` (beats) or `'*' NUMBER` (gain),
/// each at most once.
func parseTap(
  _ token: Token, keyChecker: KeyChecker?, diagnostics: inout DiagnosticList
) -> ScoreItem? {
  var cursor = CharacterCursor(token)
  var keys: [KeyReference] = []
  var valid = true
  let isRest = cursor.isAt(UInt8(ascii: "."))
  if isRest {
    cursor.advance()
  } else {
    while true {
      let start = cursor
      guard !cursor.isAtEnd, isLetter(at: cursor) else {
        diagnostics.error(
          "expected a key after '+' in \(quoted(token.text))",
          at: token.suffix(from: max(0, cursor.offset - 1)))
        return nil
      }
      cursor.skip(whileByte: isKeyByte, orCharacter: isKeyCharacter)
      let keyToken = Token(
        text: token.text[start.index..<cursor.index], line: token.line,
        column: token.column + start.offset, length: cursor.offset - start.offset,
        isASCII: token.isASCII)
      let name = String(keyToken.text)
      if let problem = keyProblem(name, keyChecker: keyChecker) {
        diagnostics.error(problem, at: keyToken)
        valid = false
      }
      keys.append(
        KeyReference(
          name: name, line: Int32(clamping: keyToken.line),
          column: Int32(clamping: keyToken.column)))
      guard cursor.isAt(UInt8(ascii: "+")) else { break }
      cursor.advance()
    }
  }
  var length: Rational?
  var gain: Rational?
  while !cursor.isAtEnd {
    let isLength = cursor.isAt(UInt8(ascii: ":"))
    guard isLength || cursor.isAt(UInt8(ascii: "*")) else {
      let message =
        isRest
        ? "malformed rest \(quoted(token.text)); a rest is '.' or '.:BEATS'"
        : "unexpected \(quoted(String(cursor.character))) in \(quoted(token.text)); a key holds letters, digits, '#' and '_'"
      diagnostics.error(message, at: isRest ? token : token.suffix(from: cursor.offset))
      return nil
    }
    let start = cursor
    cursor.advance()
    cursor.skip(
      whileByte: { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "*") }, orCharacter: { _ in true })
    let suffixToken = Token(
      text: token.text[start.index..<cursor.index], line: token.line,
      column: token.column + start.offset, length: cursor.offset - start.offset,
      isASCII: token.isASCII)
    guard let value = parseSuffix(suffixToken, isRest: isRest, diagnostics: &diagnostics) else {
      valid = false
      continue
    }
    if isLength {
      if length != nil {
        diagnostics.error("more than one length in \(quoted(token.text))", at: suffixToken)
        valid = false
      }
      length = value
    } else {
      if gain != nil {
        diagnostics.error("more than one gain in \(quoted(token.text))", at: suffixToken)
        valid = false
      }
      gain = value
    }
  }
  guard valid else { return nil }
  if isRest { return .rest(length: length, at: token.span) }
  return .tap(keys: keys, length: length, gain: gain?.doubleValue, at: token.span)
}

/// Whether the character at `cursor` can start a key: a letter.
private func isLetter(at cursor: CharacterCursor) -> Bool {
  if let byte = cursor.ascii { return isASCIILetter(byte) }
  return isLetter(cursor.character)
}

/// Whether `byte`, an ASCII character, can continue a key: a letter, a digit, `#` or `_`.
private func isKeyByte(_ byte: UInt8) -> Bool {
  isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "#")
    || byte == UInt8(ascii: "_")
}

/// Parses `:BEATS` or `*GAIN`; both are numbers of 0 or more.
private func parseSuffix(
  _ token: Token, isRest: Bool, diagnostics: inout DiagnosticList
) -> Rational? {
  let isLength = token.text.first == ":"
  let what = isLength ? "length" : "gain"
  let number = token.text.dropFirst()
  if !isLength && isRest {
    diagnostics.error("a rest has no gain; remove \(quoted(token.text))", at: token)
    return nil
  }
  if number.isEmpty {
    diagnostics.error(
      "missing \(what) after \(quoted(token.text)), as in \(isLength ? "'C:2'" : "'C*0.5'")",
      at: token)
    return nil
  }
  if number.hasPrefix("-") {
    diagnostics.error(
      "\(what) must not be negative, got \(quoted(number))", at: token.suffix(from: 1))
    return nil
  }
  switch parseNumber(number) {
  case .success(let value):
    return value
  case .failure(let error):
    diagnostics.error(numberMessage(error, number, what: what), at: token.suffix(from: 1))
    return nil
  }
}

/// Why `name` cannot be a key here, or `nil` if it can.
private func keyProblem(_ name: String, keyChecker: KeyChecker?) -> String? {
  if Keyword.named(name) != nil {
    return "'\(name)' is a directive and cannot be a key"
  }
  return keyChecker?.problem(with: name)
}
