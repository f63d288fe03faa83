/// An SFZ instrument's lines (`SFZText`), read into headers and opcodes with the place each
/// stands on: the format sample libraries ship in (sfizz's dialect). A `sample=` value runs to
/// the next opcode or header, so it may hold spaces. Linear in the text.
struct SFZFile: Equatable {
  /// One `name=value` as written, with where it stands.
  struct Opcode: Equatable {
    var name: String
    var value: String
    var place: SFZPlace
  }

  /// A `<header>` and the opcodes that follow it up to the next header.
  struct Section: Equatable {
    var header: String
    var place: SFZPlace
    var opcodes: [Opcode]
  }

  var sections: [Section] = []
  /// Directives read past (`#pragma`), with where each stands.
  var skipped: [(place: SFZPlace, text: String)] = []

  static func == (a: SFZFile, b: SFZFile) -> Bool {
    a.sections == b.sections && a.skipped.map(\.place) == b.skipped.map(\.place)
      && a.skipped.map(\.text) == b.skipped.map(\.text)
  }

  /// Reads `lines`; a line that breaks the format is refused with its place.
  init(lines: [SFZLine]) throws(BankError) {
    for line in lines {
      let place = line.place
      func fail(_ message: String) -> BankError {
        BankError(path: place.description, reason: message)
      }
      var rest = Substring(line.text)
      while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
        rest = rest[start...]
        if rest.hasPrefix("#") {
          skipped.append((place, String(rest.prefix { !$0.isWhitespace })))
          break
        }
        if rest.hasPrefix("<") {
          guard let close = rest.firstIndex(of: ">") else {
            throw fail("a header '<' is not closed with '>'")
          }
          let name = rest[rest.index(after: rest.startIndex)..<close]
          guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" }) else {
            throw fail("'<\(name)>' is not a header")
          }
          sections.append(Section(header: String(name).lowercased(), place: place, opcodes: []))
          rest = rest[rest.index(after: close)...]
          continue
        }
        guard let equals = rest.firstIndex(of: "="),
          case let name = rest[..<equals],
          !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
          let word = rest.prefix { !$0.isWhitespace }
          throw fail("'\(word)' is neither a header nor an opcode (name=value)")
        }
        let afterEquals = rest[rest.index(after: equals)...]
        let end = Self.valueEnd(in: afterEquals, spaces: name == "sample")
        let value = afterEquals[..<end].trimmingTrailingWhitespace()
        guard !sections.isEmpty else {
          throw fail("opcode '\(name)' comes before any header such as <region>")
        }
        sections[sections.count - 1].opcodes.append(
          Opcode(name: String(name), value: String(value), place: place))
        rest = afterEquals[end...]
      }
    }
  }

  /// Where a value ends: at whitespace, or for `sample=` (whose paths may hold spaces) at the
  /// whitespace before the next `name=` or `<header>`. Each run of whitespace and each word
  /// after one is looked at once.
  private static func valueEnd(in text: Substring, spaces: Bool) -> Substring.Index {
    guard spaces else { return text.firstIndex { $0.isWhitespace } ?? text.endIndex }
    var rest = text
    while let space = rest.firstIndex(where: \.isWhitespace) {
      let next = rest[space...].drop { $0.isWhitespace }
      if next.isEmpty || next.hasPrefix("<") { return space }
      let word = next.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !word.isEmpty, next[word.endIndex...].hasPrefix("=") { return space }
      rest = next
    }
    return text.endIndex
  }
}
