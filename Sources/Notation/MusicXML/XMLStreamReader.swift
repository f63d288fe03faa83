import AudioBasics
internal import CXML2

/// What the XML stream holds next: an element's start (its attributes, and whether it is
/// empty, `<a/>`), its end, or text.
enum XMLEvent {
  case start(name: String, attributes: [(name: String, value: String)], isEmpty: Bool)
  case end
  case text(String)
}

/// Limits on what a document may hold, past libxml2's own (depth 256, 10 MB a text node, an
/// entity's expansion), so a hostile file costs a bounded amount of time and memory.
struct XMLLimits: Sendable {
  /// The largest document read: `xmlReaderForMemory` takes an `int`; MusicXML scores are far
  /// smaller (a symphony's is about 30 MB).
  var maxBytes = 64 << 20
  /// Elements nested deeper are refused; MusicXML needs fewer than 10.
  var maxDepth = 40
  /// Nodes (elements, text, comments) in the whole document.
  var maxNodes = 20_000_000
  /// Bytes of one text node or attribute value, and of all text together.
  var maxTextBytes = 1 << 20
  var maxTotalTextBytes = 64 << 20
  /// Attributes of one element.
  var maxAttributes = 256
}

/// A streaming reader of an XML document in memory (the only owner of a libxml2
/// `xmlTextReader`): no network, no DTD loaded, no entity expanded, nothing printed; errors
/// name the line and column. The corresponding C function is `xmlReaderForMemory`.
final class XMLStreamReader {
  private let reader: xmlTextReaderPtr
  /// The document, kept while libxml2 reads it (it does not copy it).
  private let buffer: UnsafeMutableBufferPointer<CChar>
  private let errors = XMLErrorLog()
  private let limits: XMLLimits
  private let place: XMLSourcePlace
  private var nodes = 0
  private var textBytes = 0
  /// How deep the element just started is: 1 for the root.
  private(set) var depth = 0

  /// Opens the document `place` holds; `place` names the file (and its text) in errors.
  init(_ place: XMLSourcePlace, limits: XMLLimits = XMLLimits()) throws(NotationError) {
    let bytes = place.bytes
    if let failure = XMLLibrary.failure { throw place.error(failure) }
    guard bytes.count <= limits.maxBytes else {
      throw place.error("the document is larger than \(limits.maxBytes >> 20) MiB")
    }
    self.limits = limits
    self.place = place
    let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(1, bytes.count))
    bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
    self.buffer = buffer
    xylo_xml2_quiet_thread()
    // NONET: nothing is fetched; BIG_LINES: elements past line 65,535 keep their line number.
    // Never NOENT, DTDLOAD, DTDATTR, DTDVALID, XINCLUDE or HUGE.
    let options = Int32(XYLO_XML_PARSE_NONET | XYLO_XML_PARSE_BIG_LINES)
    guard
      let reader = xmlReaderForMemory(
        buffer.baseAddress, Int32(bytes.count), place.path, nil, options)
    else {
      buffer.deallocate()
      throw place.error("libxml2 could not start reading the document")
    }
    self.reader = reader
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error else { return }
        Unmanaged<XMLErrorLog>.fromOpaque(context).takeUnretainedValue().record(error)
      }, Unmanaged.passUnretained(errors).toOpaque())
  }

  deinit {
    xmlFreeTextReader(reader)
    buffer.deallocate()
  }

  /// The next event; `nil` at the document's end. Comments, processing instructions, the
  /// DOCTYPE (without entity declarations) and whitespace between elements are passed over.
  func next() throws(NotationError) -> XMLEvent? {
    while true {
      let status = xmlTextReaderRead(reader)
      guard status == 1 else {
        if status == 0, errors.first == nil { return nil }
        throw parseError()
      }
      nodes += 1
      guard nodes <= limits.maxNodes else {
        throw placedError("the document holds more than \(limits.maxNodes) nodes")
      }
      switch Int(xmlTextReaderNodeType(reader)) {
      case XYLO_XML_READER_TYPE_ELEMENT:
        depth = Int(xmlTextReaderDepth(reader)) + 1
        guard depth <= limits.maxDepth else {
          throw placedError("elements are nested more than \(limits.maxDepth) deep")
        }
        let name = try text(xmlTextReaderConstLocalName(reader))
        let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
        return .start(name: name, attributes: try attributes(), isEmpty: isEmpty)
      case XYLO_XML_READER_TYPE_END_ELEMENT:
        return .end
      case XYLO_XML_READER_TYPE_TEXT, XYLO_XML_READER_TYPE_CDATA:
        let value = try text(xmlTextReaderConstValue(reader))
        textBytes += value.utf8.count
        guard textBytes <= limits.maxTotalTextBytes else {
          throw placedError(
            "the document holds more than \(limits.maxTotalTextBytes >> 20) MiB of text")
        }
        return .text(value)
      case XYLO_XML_READER_TYPE_ENTITY_REFERENCE:
        throw placedError(
          "an entity reference ('&name;') is not read here; write the character itself")
      case XYLO_XML_READER_TYPE_DOCUMENT_TYPE:
        try refuseEntityDeclarations()
      default:
        continue
      }
    }
  }

  /// The line of the node just read (where its start tag ends).
  var line: Int {
    guard let node = xmlTextReaderCurrentNode(reader) else {
      return Int(xmlTextReaderGetParserLineNumber(reader))
    }
    return max(1, xmlGetLineNo(node))
  }

  /// An error about the element just read: its line, and the column of its start tag.
  func placedError(_ message: String, element: String? = nil) -> NotationError {
    place.error(message, line: line, element: element)
  }

  /// The current element's attributes, by local name.
  private func attributes() throws(NotationError) -> [(name: String, value: String)] {
    var result: [(name: String, value: String)] = []
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      guard result.count < limits.maxAttributes else {
        throw placedError("an element holds more than \(limits.maxAttributes) attributes")
      }
      result.append(
        (try text(xmlTextReaderConstLocalName(reader)), try text(xmlTextReaderConstValue(reader))))
    }
    _ = xmlTextReaderMoveToElement(reader)
    return result
  }

  /// libxml2's UTF-8 text as a string, at most `maxTextBytes` long.
  private func text(_ pointer: UnsafePointer<xmlChar>?) throws(NotationError) -> String {
    guard let pointer else { return "" }
    var length = 0
    while length <= limits.maxTextBytes, pointer[length] != 0 { length += 1 }
    guard length <= limits.maxTextBytes else {
      throw placedError("a text or attribute is longer than \(limits.maxTextBytes >> 20) MiB")
    }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  /// A DOCTYPE that declares entities (an internal subset) is refused before any is used:
  /// MusicXML needs none, and they are how billion-laughs files and external entities work.
  private func refuseEntityDeclarations() throws(NotationError) {
    if xylo_xml2_declares_entities(xmlTextReaderCurrentNode(reader)) != 0 {
      // The DOCTYPE node has no line of its own: its line is where '<!DOCTYPE' is.
      let doctype = Array("<!DOCTYPE".utf8)
      let start = place.bytes.indices.first { place.bytes[$0...].starts(with: doctype) }
      let line = start.map { place.bytes[..<$0].count { $0 == UInt8(ascii: "\n") } + 1 }
      throw place.error(
        "the DOCTYPE declares entities; MusicXML needs none, and they are not read",
        line: line ?? 1, element: "!DOCTYPE")
    }
  }

  /// libxml2's first error, where it says it happened.
  private func parseError() -> NotationError {
    guard let first = errors.first else {
      return place.error(
        "not well-formed XML", line: Int(xmlTextReaderGetParserLineNumber(reader)),
        column: Int(xmlTextReaderGetParserColumnNumber(reader)))
    }
    let line = first.line > 0 ? first.line : Int(xmlTextReaderGetParserLineNumber(reader))
    let column = first.column > 0 ? first.column : Int(xmlTextReaderGetParserColumnNumber(reader))
    return place.error("not well-formed XML: \(first.message)", line: line, column: column)
  }
}

/// libxml2's errors for one reader: the first that is an error (not a warning) is kept.
private final class XMLErrorLog {
  var first: (message: String, line: Int, column: Int)?

  func record(_ error: OpaquePointer) {
    var isError: Int32 = 0
    var line: Int32 = 0
    var column: Int32 = 0
    var text: UnsafePointer<CChar>?
    xylo_xml2_error_fields(error, &isError, &line, &column, &text)
    guard first == nil, isError != 0 else { return }
    var message = text.map { String(cString: $0) } ?? "unknown error"
    // libxml2's messages may hold line breaks ("... encoding !\nBytes: 0x94 ..."): one line.
    message = trimmed(String(message.prefix(300))).split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    if let head = message.first, head.isUppercase, message.dropFirst().first?.isLowercase == true {
      message = head.lowercased() + message.dropFirst()
    }
    first = (message, Int(line), Int(column))
  }
}

/// libxml2, opened on first use and set up once, before any thread reads with it: its
/// initialization is not reentrant (two readers starting together once lost UTF-16's encoding
/// handler); the external entity loader refuses everything from then on.
enum XMLLibrary {
  /// Why libxml2 could not be opened, or nil once it is.
  static let failure: String? = {
    if let failure = sharedLibraryFailure("libxml2", xylo_xml2_open) { return failure }
    xmlInitParser()
    xylo_xml2_refuse_external_entities()
    return nil
  }()
}
