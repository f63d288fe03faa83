/// Parses a tap or a rest token.
///
/// Grammar: `KEY ('+' KEY)* SUFFIX*` or `'.' SUFFIX*`, where `KEY` is a letter followed by
/// letters, digits, `#` and `_`, and `SUFFIX` is `':' NUMBER` (beats) or `'*' NUMBER` (gain),
/// each at most once.
func parseTap(
  _ token: Token, keyChecker: KeyChecker?, diagnostics: inout DiagnosticList
) -> ScoreItem? {
  let characters = Array(token.text)
  var index = 0
  var keys: [KeyReference] = []
  var valid = true
  let isRest = characters.first == "."
  if isRest {
    index = 1
  } else {
    while true {
      let start = index
      guard index < characters.count, isLetter(characters[index]) else {
        diagnostics.error(
          "expected a key after '+' in \(quoted(token.text))",
          at: token.suffix(from: max(0, index - 1)))
        return nil
      }
      while index < characters.count && isKeyCharacter(characters[index]) { index += 1 }
      let keyToken = Token(
        text: String(characters: characters[start..<index]), line: token.line,
        column: token.column + start)
      if let problem = keyProblem(keyToken.text, keyChecker: keyChecker) {
        diagnostics.error(problem, at: keyToken)
        valid = false
      }
      keys.append(
        KeyReference(
          name: keyToken.text, line: Int32(clamping: keyToken.line),
          column: Int32(clamping: keyToken.column)))
      guard index < characters.count, characters[index] == "+" else { break }
      index += 1
    }
  }
  var length: Rational?
  var gain: Rational?
  while index < characters.count {
    let marker = characters[index]
    guard marker == ":" || marker == "*" else {
      let message =
        isRest
        ? "malformed rest \(quoted(token.text)); a rest is '.' or '.:BEATS'"
        : "unexpected \(quoted(String(marker))) in \(quoted(token.text)); a key holds letters, digits, '#' and '_'"
      diagnostics.error(message, at: isRest ? token : token.suffix(from: index))
      return nil
    }
    var end = index + 1
    while end < characters.count && characters[end] != ":" && characters[end] != "*" { end += 1 }
    let suffixToken = Token(
      text: String(characters: characters[index..<end]), line: token.line,
      column: token.column + index)
    index = end
    guard let value = parseSuffix(suffixToken, isRest: isRest, diagnostics: &diagnostics) else {
      valid = false
      continue
    }
    if marker == ":" {
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
  if isRest { return .rest(length: length, token: token) }
  return .tap(keys: keys, length: length, gain: gain?.doubleValue ?? 1, token: token)
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
