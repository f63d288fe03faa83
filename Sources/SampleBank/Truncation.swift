/// Why a file was cut short, from libsndfile's notes on its header, or `nil` when it holds all
/// it declares; `frameCount` is how many frames libsndfile found present.
///
/// libsndfile reads a cut-short file as far as it goes. For a WAV it notes
/// `data : 723192 (should be 56)`: the bytes declared, then the bytes present. An RF64 whose
/// 32-bit data size field holds the real count, as scipy writes it, gets
/// `data : 0x44E8 (should be 0xffffffff`: the field, then the placeholder RF64 expects, which is
/// no truncation; so the numbers decide, not the wording. A cut-short RF64 gets no note at all:
/// its `ds64` chunk's frame count and data size both promise more than was found.
func truncationReason(headerLog: String, frameCount: Int64) -> String? {
  let present = UInt64(max(0, frameCount))
  var ds64Seen = false
  var ds64Frames: UInt64?
  var ds64DataBytes: UInt64?
  var blockAlign: UInt64?
  for line in headerLog.split(separator: "\n") {
    if line.hasPrefix("data"), let numbers = declaredAndPresent(line), numbers.0 > numbers.1 {
      return "it is truncated (\(line.trimmingPrefixSpaces()))"
    }
    guard let (key, value) = field(line) else { continue }
    switch key {
    case "ds64": ds64Seen = true
    case "Frames" where ds64Seen && ds64Frames == nil: ds64Frames = value
    case "Data size" where ds64Seen && ds64DataBytes == nil: ds64DataBytes = value
    case "Block Align" where blockAlign == nil: blockAlign = value
    default: break
    }
  }
  if let frames = ds64Frames, let bytes = ds64DataBytes, let width = blockAlign, width > 0,
    frames > present, bytes / width > present
  {
    return "it is truncated: its header promises \(frames) frames, it holds \(present)"
  }
  return nil
}

/// The two numbers of a note `data : DECLARED (should be PRESENT`, decimal or `0x` hex.
private func declaredAndPresent(_ line: Substring) -> (UInt64, UInt64)? {
  guard let (_, declared) = field(line), let should = line.firstRange(of: "(should be ") else {
    return nil
  }
  let rest = line[should.upperBound...].prefix { $0 != ")" && $0 != " " }
  guard let present = logNumber(rest) else { return nil }
  return (declared, present)
}

/// A note's `KEY : NUMBER`, as in `  Block Align   : 4`; `nil` when the value is no number.
private func field(_ line: Substring) -> (String, UInt64)? {
  guard let colon = line.firstIndex(of: ":") else { return nil }
  let key = line[..<colon].split(separator: " ").joined(separator: " ")
  let token = line[line.index(after: colon)...].split(separator: " ").first ?? ""
  guard let value = logNumber(token) else { return nil }
  return (key, value)
}

/// `723192` or `0x44E8`.
private func logNumber(_ text: Substring) -> UInt64? {
  if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
  return UInt64(text)
}

extension Substring {
  /// The text without leading spaces, its runs of spaces made single.
  fileprivate func trimmingPrefixSpaces() -> String {
    split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
