/// The directive keywords; they are reserved and cannot be key titles.
enum Keyword: String, CaseIterable {
  case tempo
  case length
  case title
  case artist
  case comment
  /// The score's own render options; read by `OptionsLineReader`, not as a number or text.
  case options

  /// Whether the directive's argument is free text (the rest of the line) rather than a number.
  var takesText: Bool { self == .title || self == .artist || self == .comment }
}

/// Whether `character` may continue a key title: a letter, an ASCII digit, `#` or `_`.
func isKeyCharacter(_ character: Character) -> Bool {
  character.isLetter || isASCIIDigit(character) || character == "#" || character == "_"
}

/// Whether `text` can be a key title: a letter, then letters, digits, `#` and `_`, and not a
/// directive keyword. Banks use it to tell which file names can be keys.
public func isKeyTitle(_ text: String) -> Bool {
  guard let first = text.first, first.isLetter, Keyword(rawValue: text) == nil else { return false }
  return text.allSatisfy(isKeyCharacter)
}
