import Platform

/// The most bytes of index (`moov`) read into memory: a song's is tens of kilobytes.
let maxMP4IndexSize: Int64 = 64 << 20

/// Bytes moved at a time when the audio after the index moves.
private let moveChunkSize: Int64 = 1 << 20

/// Edits the index (`moov`) of the MP4 file at `path` in place: reads the top-level box
/// headers and the index only, hands the index to `edit`, and writes it back.
///
/// When the index grows or shrinks, what follows it (the audio, when the index comes first)
/// moves by as many bytes, and every chunk offset that points there moves too; an index at
/// the end of the file moves nothing. The same file and edit give the same bytes.
func editMP4Index(
  at path: String, _ operation: String,
  _ edit: (inout MP4Box) throws(MP4BoxError) -> Void
) throws(EncodingError) {
  func failed(_ reason: String) -> EncodingError {
    EncodingError(operation: operation, path: path, reason: reason)
  }
  let file: RandomAccessFile
  let fileSize: Int64
  do throws(SystemError) {
    file = try RandomAccessFile(path: path)
    fileSize = try file.size()
  } catch {
    throw failed(error.reason)
  }
  let header: MP4BoxHeader
  let moov: [UInt8]
  do throws(MP4BoxError) {
    header = try indexHeader(of: file, size: fileSize)
    guard header.size <= maxMP4IndexSize else {
      throw MP4BoxError(
        boxPath: "moov",
        reason: "\(header.size) bytes, more than the \(maxMP4IndexSize) read into memory")
    }
    var index = try MP4Box(parsing: try readBytes(file, count: header.size, at: header.offset))
    try edit(&index)
    // Counted from the bytes on disk: a rewritten header may be shorter than the one read.
    let delta = Int64(try index.serialized().count) - header.size
    try index.shiftChunkOffsets(from: header.end, by: delta)
    moov = try index.serialized()
  } catch {
    throw failed("its MP4 index cannot be edited: \(error)")
  }
  let delta = Int64(moov.count) - header.size
  do throws(SystemError) {
    try moveBytes(of: file, from: header.end, to: fileSize, by: delta)
    if delta < 0 { try file.truncate(to: fileSize + delta) }
    try file.write(moov, at: header.offset)
    try file.close()
  } catch {
    throw failed(error.reason)
  }
}

/// The header of the one top-level `moov` box, found by reading each top-level box's header
/// (16 bytes at most each) from the start of the file.
private func indexHeader(of file: RandomAccessFile, size: Int64) throws(MP4BoxError)
  -> MP4BoxHeader
{
  var found: MP4BoxHeader?
  var offset: Int64 = 0
  while offset < size {
    let head = try readBytes(file, count: min(16, size - offset), at: offset)
    let header = try MP4BoxHeader(head, at: offset, limit: size, path: "")
    if header.type == .moov {
      guard found == nil else { throw MP4BoxError(boxPath: "moov", reason: "there are two") }
      found = header
    }
    offset = header.end
  }
  guard let found else { throw MP4BoxError(boxPath: "", reason: "it has no moov box") }
  return found
}

/// `count` bytes of `file` from `offset`, a read error told as a box error.
private func readBytes(_ file: RandomAccessFile, count: Int64, at offset: Int64) throws(MP4BoxError)
  -> [UInt8]
{
  do throws(SystemError) {
    return try file.read(count: Int(count), at: offset)
  } catch {
    throw MP4BoxError(boxPath: "", reason: error.reason)
  }
}

/// Moves the bytes of `file` in `start..<end` by `delta` bytes, a chunk at a time: from the
/// end when they move later in the file, from the start when they move earlier.
private func moveBytes(of file: RandomAccessFile, from start: Int64, to end: Int64, by delta: Int64)
  throws(SystemError)
{
  if delta > 0 {
    var chunkEnd = end
    while chunkEnd > start {
      let chunkStart = max(start, chunkEnd - moveChunkSize)
      let bytes = try file.read(count: Int(chunkEnd - chunkStart), at: chunkStart)
      try file.write(bytes, at: chunkStart + delta)
      chunkEnd = chunkStart
    }
  } else if delta < 0 {
    var chunkStart = start
    while chunkStart < end {
      let count = min(moveChunkSize, end - chunkStart)
      let bytes = try file.read(count: Int(count), at: chunkStart)
      try file.write(bytes, at: chunkStart + delta)
      chunkStart += count
    }
  }
}
