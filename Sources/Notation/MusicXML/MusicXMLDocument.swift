import ScoreParser

/// A MusicXML score as read, before repeats are unrolled: its title, its parts in the part
/// list's order with their measures, and what was passed over.
struct MusicXMLDocument: Sendable {
  var title: String?
  var parts: [WrittenPart]
  var ignored: MusicXMLIgnored
}

/// The most parts a score may have.
let maximumMusicXMLParts = 1_000

/// Reads a document: `<score-partwise>` (parts holding measures) or `<score-timewise>`
/// (measures holding parts), streamed one measure element at a time.
func readMusicXMLDocument(_ place: XMLSourcePlace) throws(NotationError) -> MusicXMLDocument {
  let reader = try XMLStreamReader(place)
  var walker = DocumentWalker(reader: reader, place: place)
  try walker.readRoot()
  return try walker.document()
}

private struct DocumentWalker {
  let reader: XMLStreamReader
  let place: XMLSourcePlace
  var workTitle: String?
  var movementTitle: String?
  /// The part list: ids and names, in order.
  var listed: [(id: String, name: String)] = []
  var readers: [String: MusicXMLPartReader] = [:]
  /// Parts met that the part list does not name, in order.
  var unlisted: [String] = []
  var ignored = MusicXMLIgnored()

  init(reader: XMLStreamReader, place: XMLSourcePlace) {
    self.reader = reader
    self.place = place
  }

  mutating func readRoot() throws(NotationError) {
    guard case .start(let name, _, let isEmpty)? = try reader.next() else {
      throw place.error("the document is empty")
    }
    guard name == "score-partwise" || name == "score-timewise" else {
      throw reader.placedError(
        "the root element is <\(name.prefix(40))>, not a MusicXML score (<score-partwise> or <score-timewise>)",
        element: String(name.prefix(40)))
    }
    let partwise = name == "score-partwise"
    guard !isEmpty else { return }
    var measureIndex = 0
    while let event = try reader.next() {
      switch event {
      case .start(let name, let attributes, let isEmpty):
        switch name {
        case "work", "movement-title", "part-list":
          let element = try reader.readElement(name: name, attributes: attributes, isEmpty: isEmpty)
          readHeader(element)
        case "part" where partwise:
          let id = attributes.first { $0.name == "id" }?.value ?? ""
          try readMeasures(ofPart: id, isEmpty: isEmpty)
        case "measure" where !partwise:
          try readParts(ofMeasure: measureIndex, isEmpty: isEmpty)
          measureIndex += 1
        default:
          try reader.skipElement(isEmpty: isEmpty)
        }
      case .end: return
      case .text: continue
      }
    }
  }

  /// The header's title and part list.
  mutating func readHeader(_ element: XMLElement) {
    switch element.name {
    case "work": workTitle = element.childText("work-title")
    case "movement-title": movementTitle = trimmed(element.text)
    default:
      for scorePart in element.children("score-part") {
        let id = scorePart.attribute("id") ?? ""
        guard !listed.contains(where: { $0.id == id }) else { continue }
        listed.append((id, scorePart.childText("part-name") ?? ""))
      }
    }
  }

  /// A partwise `<part>`: its measures, each element of each read in turn.
  mutating func readMeasures(ofPart id: String, isEmpty: Bool) throws(NotationError) {
    var part = try partReader(id)
    defer { readers[id] = part }
    guard !isEmpty else { return }
    var index = part.part.measures.count
    while let event = try reader.next() {
      switch event {
      case .start(let name, _, let isEmpty) where name == "measure":
        part.beginMeasure(index: index)
        try readMeasureContent(into: &part, isEmpty: isEmpty)
        part.endMeasure()
        index += 1
      case .start(_, _, let isEmpty): try reader.skipElement(isEmpty: isEmpty)
      case .end: return
      case .text: continue
      }
    }
  }

  /// A timewise `<measure>`: each part's elements of it.
  mutating func readParts(ofMeasure index: Int, isEmpty: Bool) throws(NotationError) {
    guard !isEmpty else { return }
    while let event = try reader.next() {
      switch event {
      case .start(let name, let attributes, let isEmpty) where name == "part":
        let id = attributes.first { $0.name == "id" }?.value ?? ""
        var part = try partReader(id)
        part.beginMeasure(index: index)
        try readMeasureContent(into: &part, isEmpty: isEmpty)
        part.endMeasure()
        readers[id] = part
      case .start(_, _, let isEmpty): try reader.skipElement(isEmpty: isEmpty)
      case .end: return
      case .text: continue
      }
    }
  }

  /// The elements of one measure of one part, each read whole and handed to the part.
  mutating func readMeasureContent(into part: inout MusicXMLPartReader, isEmpty: Bool)
    throws(NotationError)
  {
    guard !isEmpty else { return }
    while let event = try reader.next() {
      switch event {
      case .start(let name, let attributes, let isEmpty):
        let element = try reader.readElement(name: name, attributes: attributes, isEmpty: isEmpty)
        try part.read(element, ignored: &ignored)
      case .end: return
      case .text: continue
      }
    }
  }

  /// The reader of part `id`, taken out of `readers` while it reads (so its measures are not
  /// copied), or made when the part is first met.
  mutating func partReader(_ id: String) throws(NotationError) -> MusicXMLPartReader {
    if let reader = readers.removeValue(forKey: id) { return reader }
    guard readers.count < maximumMusicXMLParts else {
      throw reader.placedError("the score has more than \(maximumMusicXMLParts) parts")
    }
    if !listed.contains(where: { $0.id == id }) { unlisted.append(id) }
    let name = listed.first { $0.id == id }?.name ?? ""
    return MusicXMLPartReader(id: id, name: name.isEmpty ? id : name, place: place)
  }

  /// The score: parts in the part list's order (parts it does not list after them, as met);
  /// a listed part with no music stays, empty.
  func document() throws(NotationError) -> MusicXMLDocument {
    var parts: [WrittenPart] = []
    for (id, name) in listed {
      parts.append(readers[id]?.part ?? WrittenPart(id: id, name: name.isEmpty ? id : name))
    }
    for id in unlisted {
      if let part = readers[id]?.part { parts.append(part) }
    }
    guard !parts.isEmpty else {
      throw place.error("the score has no parts")
    }
    let title = [workTitle, movementTitle].compactMap { $0 }.first { !$0.isEmpty }
    return MusicXMLDocument(title: title, parts: parts, ignored: ignored)
  }
}
