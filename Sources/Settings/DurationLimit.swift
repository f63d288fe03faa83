import ScoreParser

/// One limit on every length a render can be asked for (`--max-duration`, two hours by
/// default): the score's end, checked by the parser and the MIDI reader, and each length
/// option here, wherever it was written, before anything is loaded or allocated.
extension SoundOptions {
  /// The length options set, with their option names: `--duration`, `--tail`, `--fade-out`,
  /// `--cut-fade`.
  package var lengths: [(option: String, seconds: Rational)] {
    var lengths: [(String, Rational)] = []
    switch length {
    case .exactly(let seconds)?: lengths.append(("--duration", seconds))
    case .natural(let tail)?: lengths.append(("--tail", tail))
    case .untilDecayed?, nil: break
    }
    if let fadeOut { lengths.append(("--fade-out", fadeOut)) }
    if let cutFade { lengths.append(("--cut-fade", cutFade)) }
    return lengths
  }

  /// Refuses the first length option past `limit` seconds:
  /// `--duration 999999 s is over the 7200 s limit (see --max-duration)`.
  public func checkLengths(limit: Rational) throws(OptionError) {
    for (option, seconds) in lengths where limit < seconds {
      throw OptionError(Self.overLimit(option, seconds, limit: limit))
    }
  }

  /// The one wording of a length past the limit.
  package static func overLimit(_ option: String, _ seconds: Rational, limit: Rational) -> String {
    "\(option) \(seconds.decimalString(places: 3).trimmingZeros) s is over the \(limit.decimalString(places: 3).trimmingZeros) s limit (see --max-duration)"
  }
}

extension String {
  /// `999999.000` → `999999`, `0.500` → `0.5`.
  fileprivate var trimmingZeros: String {
    guard contains(".") else { return self }
    var text = self
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
