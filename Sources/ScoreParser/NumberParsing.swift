/// Why a number token was refused.
enum NumberError: Error {
  case malformed
  case tooLarge
  case divisionByZero
}

/// Parses a number of the format: a decimal (`2`, `0.5`) or a fraction (`1/3`), exactly.
///
/// Grammar: `DIGITS ('.' DIGITS)?` or `DIGITS '/' DIGITS`. No sign and no exponent.
func parseNumber(_ text: Substring) -> Result<Rational, NumberError> {
  if let slash = text.firstIndex(of: "/") {
    guard case .success(let top) = parseDigits(text[..<slash]),
      case .success(let bottom) = parseDigits(text[text.index(after: slash)...])
    else {
      return parseDigitsFailure(text[..<slash], text[text.index(after: slash)...])
    }
    guard bottom != 0 else { return .failure(.divisionByZero) }
    guard let value = Rational(top, bottom) else { return .failure(.tooLarge) }
    return .success(value)
  }
  if let point = text.firstIndex(of: ".") {
    let wholePart = text[..<point]
    let fractionPart = text[text.index(after: point)...]
    guard !wholePart.isEmpty, !fractionPart.isEmpty,
      fractionPart.allSatisfy(isASCIIDigit), wholePart.allSatisfy(isASCIIDigit)
    else { return .failure(.malformed) }
    let digits = fractionPart.reversed().drop(while: { $0 == "0" }).reversed()
    guard digits.count <= 18 else { return .failure(.tooLarge) }
    var scale: Int64 = 1
    for _ in 0..<digits.count { scale *= 10 }
    guard case .success(let whole) = parseDigits(wholePart) else { return .failure(.tooLarge) }
    let fraction = Int64(String(digits)) ?? 0  // empty when the fraction is all zeros
    let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
    let (sum, sumOverflow) = scaled.addingReportingOverflow(fraction)
    guard !overflow, !sumOverflow, let value = Rational(sum, scale) else {
      return .failure(.tooLarge)
    }
    return .success(value)
  }
  return parseDigits(text).map { Rational($0) }
}

private func parseDigits(_ text: Substring) -> Result<Int64, NumberError> {
  guard !text.isEmpty, text.allSatisfy(isASCIIDigit) else { return .failure(.malformed) }
  guard let value = Int64(text) else { return .failure(.tooLarge) }
  return .success(value)
}

private func parseDigitsFailure(_ top: Substring, _ bottom: Substring) -> Result<
  Rational, NumberError
> {
  for part in [top, bottom] {
    if case .failure(let error) = parseDigits(part), error == .malformed {
      return .failure(.malformed)
    }
  }
  return .failure(.tooLarge)
}

func isASCIIDigit(_ character: Character) -> Bool {
  // Comparing Characters compares strings: slow. An ASCII one is compared as its byte.
  if let byte = character.asciiValue { return byte >= 0x30 && byte <= 0x39 }
  return character >= "0" && character <= "9"
}

/// The message for a refused number, quoting what was written.
func numberMessage(_ error: NumberError, _ text: some StringProtocol, what: String = "number")
  -> String
{
  switch error {
  case .malformed:
    return "malformed \(what) \(quoted(text)); write a decimal like '0.5' or a fraction like '1/3'"
  case .tooLarge:
    return "\(what) \(quoted(text)) has too many digits to hold exactly"
  case .divisionByZero:
    return "\(what) \(quoted(text)) divides by zero"
  }
}
