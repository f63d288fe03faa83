/// The directive keywords; they are reserved and cannot be key titles.
enum Keyword: String, CaseIterable {
  case tempo
  case length
  /// The gain of a tap without `*GAIN` from here on: `gain 0.5`.
  case gain
  case title
  case artist
  case comment
  /// The bar's length from here on: `meter 6/8`.
  case meter
  /// The score's own render options; read by `OptionsLineReader`, not as a number or text.
  case options
  /// The voice (part) the taps after it belong to: `voice melody`; `render --stems` writes one
  /// file for each.
  case voice

  /// Whether the directive's argument is free text (the rest of the line) rather than a number.
  var takesText: Bool { self == .title || self == .artist || self == .comment || self == .voice }

  /// The keyword `text` spells, if any: `init(rawValue:)` after a check of length and first
  /// letter, which most words (key titles) fail, so they skip the string comparisons.
  static func named(_ text: some StringProtocol) -> Keyword? {
    let utf8 = text.utf8
    guard (4...7).contains(utf8.count), let first = utf8.first, "tlacomvg".utf8.contains(first)
    else { return nil }
    return Keyword(rawValue: String(text))
  }
}

/// Whether `character` may continue a key title: a letter, an ASCII digit, `#` or `_`.
func isKeyCharacter(_ character: Character) -> Bool {
  isLetter(character) || isASCIIDigit(character) || character == "#" || character == "_"
}

/// `character.isLetter`, without a Unicode property lookup for ASCII.
func isLetter(_ character: Character) -> Bool {
  if let byte = character.asciiValue { return isASCIILetter(byte) }
  return character.isLetter
}

/// Whether `byte` is an ASCII letter, `A` to `Z` or `a` to `z`.
func isASCIILetter(_ byte: UInt8) -> Bool {
  (0x61...0x7A).contains(byte | 0x20)
}

/// Whether `text` can be a key title: a letter, then letters, digits, `#` and `_`, and not a
/// directive keyword. Banks use it to tell which file names can be keys.
public func isKeyTitle(_ text: String) -> Bool {
  guard let first = text.first, isLetter(first), Keyword.named(text) == nil else {
    return false
  }
  return text.allSatisfy(isKeyCharacter)
}
