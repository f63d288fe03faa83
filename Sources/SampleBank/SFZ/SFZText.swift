/// Where something stands in an SFZ instrument: its file (as messages name it) and 1-based line.
struct SFZPlace: Equatable, Sendable, CustomStringConvertible {
  var file: String
  var line: Int

  var description: String { "\(file):\(line)" }
}

/// A line of an SFZ instrument as the lexer reads it: comments gone, `$NAME`s replaced by their
/// `#define`d values, `#include`d files' lines in place of the directive.
struct SFZLine: Equatable, Sendable {
  var place: SFZPlace
  var text: String
}

/// The lines of an SFZ instrument and of every file it `#include`s, as sfizz reads them: any
/// line ending (LF, CRLF, CR), a UTF-8 byte order mark ignored, `//` and `/* */` comments,
/// `#define $NAME value` replacing `$NAME` in every later line (of any file), and
/// `#include "path"` reading a file from the instrument's folder in place. Linear in the text,
/// bounded in depth and size.
struct SFZText {
  /// A file an `#include` names, as `load` finds it.
  struct IncludedFile {
    /// What tells two names of one file apart (its path with links resolved), for loops.
    var identity: String
    /// How messages name it.
    var displayPath: String
    var text: String
  }

  /// Files within files, at most: real libraries nest two or three.
  static let maximumIncludeDepth = 16
  /// The most text the lines may hold, every file and every `$NAME`'s value counted.
  static let maximumBytes = 16 << 20
  /// The longest `$NAME`, in characters.
  static let maximumNameLength = 64

  private(set) var lines: [SFZLine] = []
  private var defines: [Substring: String] = [:]
  private var bytes = 0
  private let load: (_ path: String, _ place: SFZPlace) throws(BankError) -> IncludedFile

  /// Reads `text`, the instrument at `path` (with `identity` for loops); `load` finds the file
  /// an `#include` at a place names, or throws why it may not be read.
  init(
    text: String, path: String, identity: String,
    load: @escaping (_ path: String, _ place: SFZPlace) throws(BankError) -> IncludedFile
  ) throws(BankError) {
    self.load = load
    try read(text, file: path, chain: [identity])
  }

  /// Appends the lines of `text`, the file `file`, included through `chain` (identities).
  private mutating func read(_ text: String, file: String, chain: [String]) throws(BankError) {
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = text.dropFirst() }
    var inBlockComment = false
    // A Character holds "\r\n" whole: isNewline splits on LF, CRLF and CR alike.
    for (index, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    )
    .enumerated() {
      let place = SFZPlace(file: file, line: index + 1)
      let line = Self.strippingComments(rawLine, inBlock: &inBlockComment)
      let directive = line.drop { $0.isWhitespace }
      if directive.hasPrefix("#define") {
        try define(directive.dropFirst("#define".count), at: place)
      } else if directive.hasPrefix("#include") {
        try include(directive.dropFirst("#include".count), at: place, chain: chain)
      } else {
        try append(SFZLine(place: place, text: substituted(Substring(line))))
      }
    }
  }

  /// `#define $NAME value`: the value (with earlier names replaced) from here on.
  private mutating func define(_ rest: Substring, at place: SFZPlace) throws(BankError) {
    let afterSpace = rest.drop { $0.isWhitespace }
    guard afterSpace.startIndex > rest.startIndex, afterSpace.hasPrefix("$") else {
      throw BankError(path: place.description, reason: "#define needs a $NAME and a value")
    }
    let name = afterSpace.dropFirst().prefix { Self.isNameCharacter($0) }
    let afterName = afterSpace.dropFirst(1 + name.count)
    let value = afterName.drop { $0.isWhitespace }
    guard !name.isEmpty, value.startIndex > afterName.startIndex, !value.isEmpty else {
      throw BankError(path: place.description, reason: "#define needs a $NAME and a value")
    }
    guard name.count <= Self.maximumNameLength else {
      throw BankError(
        path: place.description,
        reason: "#define's name is over \(Self.maximumNameLength) characters")
    }
    let expanded = substituted(Substring(value.trimmingTrailingWhitespace()))
    try count(expanded.utf8.count, at: place)
    defines[name] = expanded
  }

  /// `#include "path"`: the file's lines here.
  private mutating func include(_ rest: Substring, at place: SFZPlace, chain: [String])
    throws(BankError)
  {
    let quoted = rest.drop { $0.isWhitespace }
    guard quoted.hasPrefix("\""), let close = quoted.dropFirst().firstIndex(of: "\""),
      quoted[quoted.index(after: close)...].allSatisfy(\.isWhitespace)
    else {
      throw BankError(path: place.description, reason: "#include needs a \"path\" in quotes")
    }
    let path = substituted(quoted[quoted.index(after: quoted.startIndex)..<close])
    guard chain.count <= Self.maximumIncludeDepth else {
      throw BankError(
        path: place.description,
        reason: "#include files nest more than \(Self.maximumIncludeDepth) deep")
    }
    let included = try load(path, place)
    guard !chain.contains(included.identity) else {
      throw BankError(
        path: place.description,
        reason: "#include \"\(path)\" includes a file that includes it: a loop")
    }
    try count(included.text.utf8.count, at: place)
    try read(included.text, file: included.displayPath, chain: chain + [included.identity])
  }

  private mutating func append(_ line: SFZLine) throws(BankError) {
    try count(line.text.utf8.count, at: line.place)
    lines.append(line)
  }

  /// Counts `more` bytes of text against `maximumBytes`.
  private mutating func count(_ more: Int, at place: SFZPlace) throws(BankError) {
    bytes += more
    guard bytes <= Self.maximumBytes else {
      throw BankError(
        path: place.description,
        reason: "the instrument with its #include files and #define values is over "
          + "\(Self.maximumBytes >> 20) MB of text")
    }
  }

  /// `line` with each `$NAME` defined so far replaced by its value: the longest defined name
  /// that starts there (sfizz's rule); a `$` that starts none is kept.
  private func substituted(_ line: Substring) -> String {
    guard !defines.isEmpty, line.contains("$") else { return String(line) }
    var result = ""
    var rest = line
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest[rest.index(after: dollar)...]
      var name = after.prefix(Self.maximumNameLength).prefix { Self.isNameCharacter($0) }
      while !name.isEmpty, defines[name] == nil { name = name.dropLast() }
      if let value = defines[name] {
        result += value
        rest = after[name.endIndex...]
      } else {
        result += "$"
        rest = after
      }
    }
    return result + rest
  }

  static func isNameCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "_")
  }

  /// The line without its comments; `inBlock` carries a `/* */` comment across lines.
  private static func strippingComments(_ line: Substring, inBlock: inout Bool) -> String {
    var kept = ""
    var rest = line
    while !rest.isEmpty {
      if inBlock {
        guard let star = rest.indices.first(where: { rest[$0...].hasPrefix("*/") }) else {
          return kept
        }
        inBlock = false
        rest = rest[rest.index(star, offsetBy: 2)...]
      } else if let slash = rest.firstIndex(of: "/") {
        let from = rest[slash...]
        if from.hasPrefix("/*") {
          kept += rest[..<slash]
          inBlock = true
          rest = from.dropFirst(2)
        } else if from.hasPrefix("//") {
          return kept + rest[..<slash]
        } else {
          kept += rest[...slash]
          rest = from.dropFirst()
        }
      } else {
        return kept + rest
      }
    }
    return kept
  }
}

extension Substring {
  func trimmingTrailingWhitespace() -> Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
    return self[startIndex..<end]
  }
}
