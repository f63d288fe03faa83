import AudioDigest
import Rendering
import SoundFile

/// Reads two files side by side in blocks, measuring their difference and, if asked, writing
/// it (ACTUAL − EXPECTED) as a float WAV through the same safe output as a render.
struct ComparisonRun {
  let expected: AudioInfo
  let actual: AudioInfo
  private(set) var meter: DifferenceMeter
  /// Frames read from each file; they differ when the lengths do.
  private(set) var expectedFrames: Int64 = 0
  private(set) var actualFrames: Int64 = 0

  var rate: Int { expected.sampleRate }
  var shapesMatch: Bool {
    expected.sampleRate == actual.sampleRate && expected.channels == actual.channels
  }

  init(expected reader: any AudioReading, actual other: any AudioReading, diffOut: Destination?)
    throws(RenderError)
  {
    expected = reader.info
    actual = other.info
    meter = DifferenceMeter(channels: reader.info.channels)
    guard shapesMatch else { return }
    let channels = expected.channels
    let blockFrames = 16_384
    var left = [Double](repeating: 0, count: blockFrames * channels)
    var right = left
    var difference = [Float](repeating: 0, count: diffOut == nil ? 0 : blockFrames * channels)
    let target: OutputTarget?
    do {
      target = try diffOut.map { (destination) throws(OutputError) in
        try OutputTarget(destination, inputs: [reader.path, other.path])
      }
    } catch { throw .output(error) }
    /// Reads go wrong as `.soundFile`; the difference file's writes as `.output`.
    func writing<Value>(_ step: () throws(SoundFileError) -> Value) throws(RenderError) -> Value {
      do {
        return try step()
      } catch {
        throw .output(OutputError(path: diffOut?.messagePath ?? "", reason: error.reason))
      }
    }
    func reading<Value>(_ step: () throws(SoundFileError) -> Value) throws(RenderError) -> Value {
      do { return try step() } catch { throw .soundFile(error) }
    }
    let writer = try target.map { (target) throws(RenderError) in
      try writing { () throws(SoundFileError) in
        try SoundFileWriter(
          path: target.temporaryPath, format: .floatWAV, sampleRate: expected.sampleRate,
          channels: channels)
      }
    }
    var position: Int64 = 0
    while true {
      let leftCount = try reading { () throws(SoundFileError) in
        try left.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) in
          try reader.read(into: buffer, frameCount: blockFrames)
        }
      }
      let rightCount = try reading { () throws(SoundFileError) in
        try right.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) in
          try other.read(into: buffer, frameCount: blockFrames)
        }
      }
      if leftCount == 0 && rightCount == 0 { break }
      expectedFrames += Int64(leftCount)
      actualFrames += Int64(rightCount)
      let common = min(leftCount, rightCount) * channels
      left.withUnsafeBufferPointer { a in
        right.withUnsafeBufferPointer { b in
          meter.add(
            expected: UnsafeBufferPointer(rebasing: a[..<common]),
            actual: UnsafeBufferPointer(rebasing: b[..<common]), at: position)
        }
      }
      if leftCount != rightCount {
        // The longer file's frames past the shorter one's end may still hold NaN or infinity.
        let (longer, count, side): ([Double], Int, DifferenceMeter.Side) =
          leftCount > rightCount ? (left, leftCount, .expected) : (right, rightCount, .actual)
        longer.withUnsafeBufferPointer { values in
          meter.addUnpaired(
            UnsafeBufferPointer(rebasing: values[common..<(count * channels)]), of: side,
            at: position + Int64(min(leftCount, rightCount)))
        }
      }
      if let writer {
        // Past the shorter file's end, the missing side counts as silence.
        let longer = max(leftCount, rightCount) * channels
        for index in 0..<longer {
          let a = index < leftCount * channels ? left[index] : 0
          let b = index < rightCount * channels ? right[index] : 0
          difference[index] = Float(b - a)
        }
        try writing { () throws(SoundFileError) in
          try difference.withUnsafeBufferPointer { (values) throws(SoundFileError) in
            try writer.write(UnsafeBufferPointer(rebasing: values[..<longer]))
          }
        }
      }
      position += Int64(max(leftCount, rightCount))
    }
    if let writer { try writing { () throws(SoundFileError) in try writer.close() } }
    // A difference of nothing is no file: identical files write none (an old one is left).
    if meter.differingFrames > 0 || expectedFrames != actualFrames {
      do { try target?.commit() } catch { throw .output(error) }
    } else {
      target?.discard()
    }
  }
}
