import ScoreParser

/// Option values checked against their ranges, each kind of value with one wording:
/// `--rate needs a whole number of hertz from 1000 to 768000, got '5'`.
extension ParsedOptions {
  /// A whole number in `range`; `nil` when the option was not given.
  package func wholeNumber(_ option: String, in range: ClosedRange<Int>, unit: String? = nil)
    throws(OptionError) -> Int?
  {
    guard let text = values[option] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      let of = unit.map { " of \($0)" } ?? ""
      throw OptionError(
        "\(option) needs a whole number\(of) from \(range.lowerBound) to \(range.upperBound), got \(quote(text))"
      )
    }
    return value
  }

  /// Every value of a repeatable option, each a whole number in `range`; empty when not given.
  package func wholeNumbers(_ option: String, in range: ClosedRange<Int>, unit: String? = nil)
    throws(OptionError) -> [Int]
  {
    var numbers: [Int] = []
    for text in lists[option] ?? [] {
      let single = ParsedOptions(values: [option: text])
      if let value = try single.wholeNumber(option, in: range, unit: unit) { numbers.append(value) }
    }
    return numbers
  }

  /// One of `choices`: `--out-of-range needs one of fold, skip, error, got 'x'`.
  package func choice(_ option: String, of choices: [String]) throws(OptionError) -> String? {
    guard let text = values[option] else { return nil }
    guard choices.contains(text) else {
      throw OptionError(
        "\(option) needs one of \(choices.joined(separator: ", ")), got \(quote(text))")
    }
    return text
  }

  /// Any whole number from 0 to 2^64 - 1, such as a seed.
  package func unsignedNumber(_ option: String) throws(OptionError) -> UInt64? {
    guard let text = values[option] else { return nil }
    guard let value = UInt64(text) else {
      throw OptionError(
        "\(option) needs a whole number from 0 to \(UInt64.max), got \(quote(text))")
    }
    return value
  }

  /// Decibels in `range`.
  package func decibels(_ option: String, in range: ClosedRange<Double>) throws(OptionError)
    -> Double?
  {
    guard let text = values[option] else { return nil }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw OptionError(
        "\(option) needs decibels from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got \(quote(text))"
      )
    }
    return value
  }

  /// An exact time, 0 or more, in `unit` as written (seconds or milliseconds).
  package func duration(_ option: String, unit: String = "seconds", positive: Bool = false)
    throws(OptionError) -> Rational?
  {
    guard let text = values[option] else { return nil }
    guard let value = Rational(parsing: text), !positive || value > .zero else {
      let kind = positive ? "a positive number of \(unit)" : "a number of \(unit) (0 or more)"
      throw OptionError("\(option) needs \(kind), got \(quote(text))")
    }
    return value
  }
}
