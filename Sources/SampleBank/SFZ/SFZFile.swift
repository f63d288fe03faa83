/// An SFZ instrument's text, read into headers and opcodes with the line each stands on: the
/// format sample libraries ship in (sfizz's dialect). `//` and `/* */` are comments; a
/// `sample=` value runs to the next opcode or header, so it may hold spaces.
struct SFZFile: Equatable {
  /// One `name=value` as written, with its 1-based line.
  struct Opcode: Equatable {
    var name: String
    var value: String
    var line: Int
  }

  /// A `<header>` and the opcodes that follow it up to the next header.
  struct Section: Equatable {
    var header: String
    var line: Int
    var opcodes: [Opcode]
  }

  var sections: [Section] = []
  /// Lines of constructs read past: `#include`, `#define`, text outside `name=value`.
  var skipped: [(line: Int, text: String)] = []

  static func == (a: SFZFile, b: SFZFile) -> Bool {
    a.sections == b.sections && a.skipped.map(\.line) == b.skipped.map(\.line)
      && a.skipped.map(\.text) == b.skipped.map(\.text)
  }

  /// Parses `text`; `fail(line, message)` makes the error for a line that breaks the format.
  init(text: String, fail: (Int, String) -> BankError) throws(BankError) {
    var inBlockComment = false
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = index + 1
      var rest = Substring(Self.strippingComments(rawLine, inBlock: &inBlockComment))
      while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
        rest = rest[start...]
        if rest.hasPrefix("#") {
          skipped.append((line, String(rest.prefix { !$0.isWhitespace })))
          break
        }
        if rest.hasPrefix("<") {
          guard let close = rest.firstIndex(of: ">") else {
            throw fail(line, "a header '<' is not closed with '>'")
          }
          let name = rest[rest.index(after: rest.startIndex)..<close]
          guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" }) else {
            throw fail(line, "'<\(name)>' is not a header")
          }
          sections.append(Section(header: String(name).lowercased(), line: line, opcodes: []))
          rest = rest[rest.index(after: close)...]
          continue
        }
        guard let equals = rest.firstIndex(of: "="),
          case let name = rest[..<equals],
          !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
          let word = rest.prefix { !$0.isWhitespace }
          throw fail(line, "'\(word)' is neither a header nor an opcode (name=value)")
        }
        let afterEquals = rest[rest.index(after: equals)...]
        let end = Self.valueEnd(in: afterEquals, spaces: name == "sample")
        let value = afterEquals[..<end].trimmingTrailingWhitespace()
        guard !sections.isEmpty else {
          throw fail(line, "opcode '\(name)' comes before any header such as <region>")
        }
        sections[sections.count - 1].opcodes.append(
          Opcode(name: String(name), value: String(value), line: line))
        rest = afterEquals[end...]
      }
    }
  }

  /// The line without its comments; `inBlock` carries a `/* */` comment across lines.
  private static func strippingComments(_ line: Substring, inBlock: inout Bool) -> String {
    var kept = ""
    var index = line.startIndex
    while index < line.endIndex {
      let rest = line[index...]
      if inBlock {
        guard let star = rest.indices.first(where: { rest[$0...].hasPrefix("*/") }) else {
          return kept
        }
        inBlock = false
        index = line.index(star, offsetBy: 2)
      } else if rest.hasPrefix("/*") {
        inBlock = true
        index = line.index(index, offsetBy: 2)
      } else if rest.hasPrefix("//") {
        return kept
      } else {
        kept.append(line[index])
        index = line.index(after: index)
      }
    }
    return kept
  }

  /// Where a value ends: at whitespace, or for `sample=` (whose paths may hold spaces) at the
  /// whitespace before the next `name=` or `<header>`.
  private static func valueEnd(in text: Substring, spaces: Bool) -> Substring.Index {
    guard spaces else { return text.firstIndex { $0.isWhitespace } ?? text.endIndex }
    var index = text.startIndex
    while index < text.endIndex {
      if text[index].isWhitespace {
        let next = text[index...].drop { $0.isWhitespace }
        if next.isEmpty || next.hasPrefix("<") { return index }
        let word = next.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !word.isEmpty, next.dropFirst(word.count).hasPrefix("=") { return index }
      }
      index = text.index(after: index)
    }
    return text.endIndex
  }
}

extension Substring {
  fileprivate func trimmingTrailingWhitespace() -> Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
    return self[startIndex..<end]
  }
}
