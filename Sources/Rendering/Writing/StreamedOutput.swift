import AudioBasics
import Platform
import SoundFile

/// An output that is a stream: standard output, a FIFO or a character device. It is written
/// front to back as the render makes it, never gathered first in a temporary file.
package final class OutputStream {
  package let destination: Destination
  package let descriptor: Int32
  /// `/dev/null` itself: nothing written there is kept, so nothing needs writing twice.
  package let discardsEverything: Bool
  private let ownsDescriptor: Bool

  /// The stream `destination` names, opened for writing; nil for a file or a new path, which
  /// `OutputTarget` replaces. Opening a FIFO waits for its reader, as every writer does.
  package init?(_ destination: Destination) throws(OutputError) {
    self.destination = destination
    let path: String
    switch destination {
    case .standardOutput:
      descriptor = STDOUT_FILENO
      ownsDescriptor = false
      discardsEverything = false
      return
    case .file(let named):
      if let standard = standardDescriptor(named: named) {
        descriptor = standard
        ownsDescriptor = false
        discardsEverything = false
        return
      }
      path = FileSystem.followingLinks(named)
    }
    let status = FileStatus(of: path)
    guard status?.kind == .fifo || status?.kind == .characterDevice else { return nil }
    let opened = open(path, O_WRONLY | O_CLOEXEC)
    guard opened >= 0 else {
      throw OutputError(path: destination.messagePath, reason: errorText(errno))
    }
    descriptor = opened
    ownsDescriptor = true
    let null = FileStatus(of: "/dev/null")
    discardsEverything = status.map { null.map($0.isSameFile) ?? false } ?? false
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }
}

/// The first pass of streaming a file whose header is only final once it is closed: every byte
/// is counted and the first megabyte kept, to learn the file's length and its final header (the
/// bytes libsndfile writes a second time on closing).
final class HeaderCapture: ByteDestination {
  /// How much of the file's start is kept: a header is far smaller.
  static let keptBytes: Int64 = 1 << 20
  private(set) var start: [UInt8] = []
  private(set) var length: Int64 = 0
  /// The end of the bytes written more than once; they and all before them are the header.
  private(set) var headerLength: Int64 = 0

  func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
    let end = offset + Int64(bytes.count)
    if offset < length { headerLength = max(headerLength, min(end, length)) }
    if offset < Self.keptBytes {
      let kept = Int(min(end, Self.keptBytes))
      if start.count < kept { start.appendZeros(kept - start.count) }
      copy(bytes, into: &start, at: Int(offset), count: kept - Int(offset))
    }
    length = max(length, end)
    return true
  }

  /// The final header, when it lies in the kept bytes; nil when the file was rewritten further
  /// in (no libsndfile format does that) and cannot be streamed.
  var header: [UInt8]? {
    headerLength <= Self.keptBytes ? Array(start[..<Int(headerLength)]) : nil
  }
}

/// The second pass of streaming: the header learned in the first pass goes out first, then
/// every later byte in the order it is written. Writes into the header are kept aside and must
/// end equal to it; a write anywhere else than the stream's end is refused.
final class StreamedFile: ByteDestination {
  private let stream: OutputStream
  private let header: [UInt8]
  /// This pass's own header bytes, compared with `header` at the end.
  private var ownHeader: [UInt8]
  private(set) var delivered: Int64 = 0
  private(set) var failure: String?

  init(_ stream: OutputStream, header: [UInt8]) {
    self.stream = stream
    self.header = header
    ownHeader = [UInt8](repeating: 0, count: header.count)
  }

  func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
    guard failure == nil else { return false }
    let headerEnd = Int64(header.count)
    let end = offset + Int64(bytes.count)
    if offset < headerEnd {
      copy(bytes, into: &ownHeader, at: Int(offset), count: Int(min(end, headerEnd) - offset))
    }
    guard end > headerEnd else { return true }
    guard sendHeader() else { return false }
    let from = max(offset, headerEnd)
    guard from == delivered else {
      failure = "the format cannot be streamed: its writer went back to byte \(from)"
      return false
    }
    return send(UnsafeRawBufferPointer(rebasing: bytes[Int(from - offset)...]))
  }

  /// Sends the header if nothing has gone out yet.
  private func sendHeader() -> Bool {
    guard delivered == 0, !header.isEmpty else { return true }
    return header.withUnsafeBytes { send($0) }
  }

  private func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
    do {
      try FileSystem.write(bytes, to: stream.descriptor)
    } catch {
      failure = error.reason
      return false
    }
    delivered += Int64(bytes.count)
    return true
  }

  /// Sends a header not yet sent (a file no longer than its header) and checks the stream
  /// carried `length` bytes (when known) and the header this pass wrote is the one sent.
  func finish(length: Int64?) throws(OutputError) {
    _ = sendHeader()
    if let failure { throw OutputError(path: stream.destination.messagePath, reason: failure) }
    guard length.map({ delivered == $0 }) ?? true, ownHeader == header else {
      throw OutputError(
        path: stream.destination.messagePath,
        reason: "the streamed file differs from the one measured first (\(delivered) bytes)")
    }
  }
}

/// Copies the first `count` of `bytes` into `target` from `offset` on.
private func copy(
  _ bytes: UnsafeRawBufferPointer, into target: inout [UInt8], at offset: Int, count: Int
) {
  target.withUnsafeMutableBytes { target in
    UnsafeMutableRawBufferPointer(rebasing: target[offset..<(offset + count)])
      .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<count]))
  }
}

/// The descriptor a path names directly: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
/// `/proc/self/fd/N`; written to as it is, not replaced.
func standardDescriptor(named path: String) -> Int32? {
  switch path {
  case "/dev/stdout": return STDOUT_FILENO
  case "/dev/stderr": return STDERR_FILENO
  default:
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
  }
}
