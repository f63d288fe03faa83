import ScoreParser

/// An element read whole: its name, attributes, child elements and text, and the line of its
/// start tag. MusicXML is read one small element at a time (a note, a direction), never as one
/// tree of the whole document.
struct XMLElement: Sendable {
  var name: String
  var attributes: [(name: String, value: String)]
  var children: [XMLElement] = []
  /// The text directly inside, joined.
  var text = ""
  var line: Int

  /// The value of the attribute `name`.
  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The first child named `name`. By index: `first(where:)` copies each element it passes
  /// (its name, attributes and children retained, then released), which a debug build does
  /// not optimize away.
  func child(_ name: String) -> XMLElement? {
    for index in children.indices where children[index].name == name { return children[index] }
    return nil
  }

  /// The children named `name`.
  func children(_ name: String) -> [XMLElement] {
    children.filter { $0.name == name }
  }

  /// The trimmed text of the first child named `name`.
  func childText(_ name: String) -> String? {
    child(name).map { trimmed($0.text) }
  }

  /// Where an error about its child `name` points: that child's start tag, or this element's
  /// when it has none.
  func site(of name: String) -> (line: Int, element: String) {
    child(name).map { ($0.line, name) } ?? (line, self.name)
  }

  /// Every element below this one, depth first (this one not included).
  func descendants(_ body: (XMLElement) -> Void) {
    for child in children {
      body(child)
      child.descendants(body)
    }
  }
}

extension XMLStreamReader {
  /// The largest element read whole, in elements: a note has about 10, a direction 5.
  static let maxElementsInOne = 10_000

  /// The element whose start was just read, with everything up to its end.
  func readElement(
    name: String, attributes: [(name: String, value: String)], isEmpty: Bool
  ) throws(NotationError) -> XMLElement {
    var root = XMLElement(name: name, attributes: attributes, line: line)
    guard !isEmpty else { return root }
    // The open elements, innermost last; each closed one joins its parent.
    var open: [XMLElement] = [root]
    var count = 1
    while let event = try next() {
      switch event {
      case .start(let name, let attributes, let isEmpty):
        count += 1
        guard count <= Self.maxElementsInOne else {
          throw placedError("<\(root.name)> holds more than \(Self.maxElementsInOne) elements")
        }
        let element = XMLElement(name: name, attributes: attributes, line: line)
        if isEmpty {
          open[open.count - 1].children.append(element)
        } else {
          open.append(element)
        }
      case .end:
        let closed = open.removeLast()
        guard !open.isEmpty else { return closed }
        open[open.count - 1].children.append(closed)
      case .text(let text):
        guard open[open.count - 1].text.utf8.count + text.utf8.count <= 1 << 20 else {
          throw placedError("<\(open[open.count - 1].name)> holds more than 1 MiB of text")
        }
        open[open.count - 1].text += text
      }
    }
    root = open[0]
    throw placedError("the document ends inside <\(root.name)>")
  }

  /// Passes over the rest of the element whose start was just read.
  func skipElement(isEmpty: Bool) throws(NotationError) {
    guard !isEmpty else { return }
    var depth = 1
    while let event = try next() {
      switch event {
      case .start(_, _, let isEmpty): if !isEmpty { depth += 1 }
      case .end:
        depth -= 1
        if depth == 0 { return }
      case .text: continue
      }
    }
  }
}

/// The file a document came from, for errors: its path (for a compressed file,
/// `song.mxl(score.musicxml)`) and bytes, from which a line is shown under the message.
struct XMLSourcePlace: Sendable {
  var path: String
  var bytes: [UInt8]

  /// An error at `line` and `column`; without a column, at `<element` in the line if it is
  /// there, else at the line's start; without a line, about the whole file.
  func error(
    _ message: String, line: Int? = nil, column: Int? = nil, element: String? = nil
  ) -> NotationError {
    guard let line else { return NotationError(path: path, message: shown(message, limit: 400)) }
    let source = sourceLine(line)
    var at = column
    if at == nil, let source, let element, let range = source.firstRange(of: "<\(element)") {
      at = source.distance(from: source.startIndex, to: range.lowerBound) + 1
    }
    return NotationError(
      path: path, line: line, column: at ?? 1, message: shown(message, limit: 400),
      sourceLine: source)
  }

  /// The text of line `number`: UTF-8, or UTF-16 with a byte-order mark turned into it.
  private func sourceLine(_ number: Int) -> String? {
    var text = bytes
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let littleEndian = bytes[0] == 0xFF
      let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
        littleEndian
          ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
          : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
      }
      text = Array(String(decoding: units, as: UTF16.self).utf8)
    }
    return sourceLines(text, numbers: [number])[number]
  }
}

/// `text` without leading and trailing whitespace.
func trimmed(_ text: String) -> String {
  // Most texts (a step, a duration) start and end with a visible ASCII character: as they are,
  // without asking Unicode's properties of every scalar.
  if let first = text.utf8.first, let last = text.utf8.last, isVisibleASCII(first),
    isVisibleASCII(last)
  {
    return text
  }
  let scalars = text.unicodeScalars
  guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
    let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
  else { return "" }
  return String(scalars[start...end])
}

/// A byte of printable ASCII but the space: never part of whitespace (Unicode's whitespace in
/// ASCII is the space and 9 to 13).
private func isVisibleASCII(_ byte: UInt8) -> Bool {
  byte > 0x20 && byte < 0x7F
}

/// A file's text as a message quotes it: at most `limit` characters (then `...`), each control
/// character (a line break) shown as a space, so a message stays one line.
func shown(_ text: some StringProtocol, limit: Int = 20) -> String {
  let cut = text.count > limit ? String(text.prefix(limit)) + "..." : String(text)
  return String(
    cut.map { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 })
}
