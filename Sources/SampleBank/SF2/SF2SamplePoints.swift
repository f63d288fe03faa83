/// One sample of a SoundFont, copied out of the file's data: its header and its points from
/// start to end, 16-bit, or 24-bit where the file has an `sm24` chunk.
struct SF2SamplePoints: Sendable {
  let header: SF2File.SampleHeader
  private let high: [Int16]
  private let low: [UInt8]

  /// Checks `header` against the data of `file` (read from `bytes`) and copies its points.
  init(_ header: SF2File.SampleHeader, bytes: [UInt8], in file: SF2File, path: String)
    throws(BankError)
  {
    try Self.check(header, in: file, path: path)
    self.header = header
    let data = file.sampleData.lowerBound + 2 * header.start
    let count = header.end - header.start
    high = bytes.withUnsafeBytes { raw in
      [Int16](unsafeUninitializedCapacity: count) { points, initialized in
        for index in 0..<count {
          points[index] = Int16(
            littleEndian: raw.loadUnaligned(fromByteOffset: data + 2 * index, as: Int16.self))
        }
        initialized = count
      }
    }
    if let extra = file.extraData {
      low = Array(bytes[extra.lowerBound + header.start..<extra.lowerBound + header.end])
    } else {
      low = []
    }
  }

  /// Refuses a sample that is not in the file's data, is empty, or has a rate no sample may.
  static func check(_ header: SF2File.SampleHeader, in file: SF2File, path: String)
    throws(BankError)
  {
    func fail(_ reason: String) -> BankError {
      BankError(path: path, reason: "at byte \(header.offset): sample '\(header.name)' \(reason)")
    }
    let count = file.sampleCount
    guard header.type & 0x8000 == 0 else {
      throw fail("lies in a sound card's memory (ROM), not in the file")
    }
    guard header.end <= count, header.loopStart <= count, header.loopEnd <= count else {
      throw fail(
        "runs to point \(max(header.end, header.loopStart, header.loopEnd)), past the "
          + "\(count) points of the file's sample data")
    }
    guard header.start < header.end else {
      throw fail("is empty (it starts at point \(header.start) and ends at \(header.end))")
    }
    guard SampleLimits.rates.contains(header.sampleRate) else {
      throw fail(
        "has a rate of \(header.sampleRate) Hz; a sample's rate must be from "
          + "\(SampleLimits.rates.lowerBound) to \(SampleLimits.rates.upperBound) Hz")
    }
  }

  /// Point `point` of the file's data (within start..<end), -1 to 1.
  func value(at point: Int) -> Double {
    let index = point - header.start
    guard !low.isEmpty else { return Double(high[index]) / 32_768 }
    return Double(Int(high[index]) << 8 | Int(low[index])) / 8_388_608
  }
}
