/// Edits of an MP4 file's index, the `moov` box held as an `MP4Box`: iTunes metadata items and
/// the chunk offsets that point past it.
extension MP4Box {
  /// Sets the iTunes freeform item (`----`) of `domain` and `name` in `udta/meta/ilst` to the
  /// UTF-8 `text`, after the items already there (an old item of that name is replaced).
  /// Creates `udta`, `meta` (with the `hdlr` of type `mdir` iTunes expects) and `ilst` where
  /// they are missing.
  mutating func setFreeformItem(domain: String, name: String, text: String) throws(MP4BoxError) {
    let item = Self.freeformItem(domain: domain, name: name, text: text)
    let path: [(MP4BoxType, MP4Box)] = [
      (.udta, MP4Box(.udta, children: [])),
      (.meta, MP4Box(.meta, prefix: [0, 0, 0, 0], children: [Self.metadataHandler])),
      (.ilst, MP4Box(.ilst, children: [])),
    ]
    try editChildren(along: path[...], path: type.description) { items in
      items.removeAll { $0.isFreeformItem(domain: domain, name: name) }
      items.append(item)
    }
  }

  /// Adds `delta` to every chunk offset (each track's `stco` or `co64`) at or past `start`:
  /// the bytes from there on move by `delta` when the index before them grows or shrinks.
  mutating func shiftChunkOffsets(from start: Int64, by delta: Int64, path: String = "")
    throws(MP4BoxError)
  {
    guard delta != 0 else { return }
    let boxPath = path.isEmpty ? type.description : "\(path)/\(type)"
    switch content {
    case .container(let prefix, var children):
      for index in children.indices {
        try children[index].shiftChunkOffsets(from: start, by: delta, path: boxPath)
      }
      content = .container(prefix: prefix, children: children)
    case .raw where type == .stco || type == .co64:
      let width = type == .stco ? 4 : 8
      guard let payload, payload.count >= 8 else {
        throw MP4BoxError(boxPath: boxPath, reason: "too short for its entry count")
      }
      let entries = Int(UInt32(bigEndianBytes: payload.dropFirst(4)))
      guard payload.count - 8 >= entries * width else {
        throw MP4BoxError(
          boxPath: boxPath, reason: "\(entries) entries do not fit in \(payload.count) bytes")
      }
      var shifted = Array(payload.prefix(8))
      for entry in 0..<entries {
        let at = payload.startIndex + 8 + entry * width
        let bytes = payload[at..<(at + width)]
        let offset =
          width == 4 ? Int64(UInt32(bigEndianBytes: bytes)) : Int64(bigEndianBytes: bytes)
        let moved = offset >= start ? offset + delta : offset
        if width == 4 {
          guard let narrow = UInt32(exactly: moved) else {
            throw MP4BoxError(
              boxPath: boxPath, reason: "a chunk offset of \(moved) does not fit in 32 bits")
          }
          shifted += narrow.bigEndianBytes
        } else {
          shifted += moved.bigEndianBytes
        }
      }
      shifted += payload[(payload.startIndex + 8 + entries * width)...]
      self = MP4Box(type, payload: shifted)
    case .raw:
      return
    }
  }

  /// Whether this is a freeform item (`----`) whose `mean` is `domain` and `name` is `name`.
  func isFreeformItem(domain: String, name: String) -> Bool {
    guard type == .freeform else { return false }
    /// A `mean` or `name` box's text, after its 4 bytes of version and flags.
    func text(_ type: MP4BoxType) -> [UInt8]? {
      children.first { $0.type == type }?.payload.map { Array($0.dropFirst(4)) }
    }
    return text(.mean) == Array(domain.utf8) && text(.name) == Array(name.utf8)
  }

  /// An iTunes freeform item: `mean` (the domain), `name`, and `data` of type 1 (UTF-8 text),
  /// each text after 4 bytes of version and flags; `data`'s are the type, then a locale of 0.
  static func freeformItem(domain: String, name: String, text: String) -> MP4Box {
    MP4Box(
      .freeform,
      children: [
        MP4Box(.mean, payload: [0, 0, 0, 0] + Array(domain.utf8)),
        MP4Box(.name, payload: [0, 0, 0, 0] + Array(name.utf8)),
        MP4Box(.data, payload: [0, 0, 0, 1, 0, 0, 0, 0] + Array(text.utf8)),
      ])
  }

  /// The `hdlr` of an iTunes `meta` box, as FFmpeg's muxer writes it: version and flags 0,
  /// pre-defined 0, handler type `mdir`, reserved `appl` 0 0, an empty name.
  static let metadataHandler = MP4Box(
    .hdlr,
    payload: [0, 0, 0, 0] + [0, 0, 0, 0] + Array("mdirappl".utf8) + [UInt8](repeating: 0, count: 9))

  /// Runs `body` on the children of the box at `descendants` below this one (the first child of
  /// each type on the way), appending each box that is missing as `descendants` gives it.
  private mutating func editChildren(
    along descendants: ArraySlice<(MP4BoxType, MP4Box)>, path: String,
    _ body: (inout [MP4Box]) -> Void
  ) throws(MP4BoxError) {
    guard case .container(let prefix, var children) = content else {
      throw MP4BoxError(boxPath: path, reason: "it is not a container")
    }
    if let (type, newBox) = descendants.first {
      let index = children.firstIndex { $0.type == type } ?? children.count
      if index == children.count { children.append(newBox) }
      try children[index].editChildren(
        along: descendants.dropFirst(), path: "\(path)/\(type)", body)
    } else {
      body(&children)
    }
    content = .container(prefix: prefix, children: children)
  }
}
