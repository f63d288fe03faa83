import AudioBasics
import Platform
import SoundFile

/// A key's sample as decoded from its file, before rate and channel conversion.
public struct DecodedSample: Sendable {
  public var title: String
  /// Where it came from: a file path, or `built-in` for synthesized keys.
  public var source: String
  /// Frames per second (Hz).
  public var sampleRate: Int
  public var channels: Int
  /// The values, each channel in a plane of its own as the mixer keeps them (a stereo sample
  /// with equal channels once): 16-bit integers from 16-bit files, floats otherwise.
  package var content: Sample
  /// How much faster than recorded the sample plays (an SFZ region pitched to another key):
  /// preparing it resamples from `sampleRate × pitchRatio`.
  public var pitchRatio = 1.0

  public init(
    title: String, source: String, sampleRate: Int, channels: Int, storage: SampleValues
  ) {
    self.init(
      title: title, source: source, sampleRate: sampleRate,
      content: Sample(storage: storage, channels: channels))
  }

  public init(title: String, source: String, sampleRate: Int, channels: Int, values: [Float]) {
    self.init(
      title: title, source: source, sampleRate: sampleRate, channels: channels,
      storage: .float(values))
  }

  package init(title: String, source: String, sampleRate: Int, content: Sample) {
    self.title = title
    self.source = source
    self.sampleRate = sampleRate
    channels = content.channels
    self.content = content
  }

  /// The values interleaved (a copy): 16-bit integers from 16-bit files, floats otherwise.
  public var storage: SampleValues {
    get { content.storage }
    set { content = Sample(storage: newValue, channels: channels) }
  }

  /// The interleaved values as floats.
  public var values: [Float] { storage.floats }

  public var frameCount: Int { content.frameCount }
}

/// The limits a sample file must keep to.
public enum SampleLimits {
  /// The longest sample accepted by default, in seconds (`--max-sample-seconds`); longer files
  /// are refused from their header before they are decoded, or while decoding when the header
  /// gives no usable length.
  public static let defaultMaximumSeconds = 600
  public static let rates = 1_000...768_000
  public static let channels = 1...2

  /// The most frames a sample at `rate` (Hz) may hold when limited to `seconds`.
  static func maximumFrames(seconds: Int, rate: Int) -> Int64 {
    let (frames, overflow) = Int64(seconds).multipliedReportingOverflow(by: Int64(rate))
    return overflow ? .max : frames
  }
}

/// Opens a bank's sample file, refusing what is not a complete sound file with a reason.
///
/// Decoders that libsndfile loads (libmpg123) may print warnings of their own on hostile
/// input; a front end that wants one clear line runs this in
/// `FileSystem.withStandardErrorSilenced`, as xylo-render does.
package func openSample(path: String) throws(BankError) -> SoundFileReader {
  // What it is before how long it is: a pipe or a device has no length to read.
  switch FileSystem.kind(of: path) {
  case .file, .missing: break
  case .directory: throw BankError(path: path, reason: "it is a folder, not a sound file")
  case .other: throw BankError(path: path, reason: "it is not a regular file (a pipe or a device)")
  }
  switch FileSystem.size(of: path) {
  case .failure(let error): throw BankError(path: path, reason: error.reason)
  case .success(0): throw BankError(path: path, reason: "it is empty")
  case .success: break
  }
  let opened = Result { try SoundFileReader(path: path) }
  let reader: SoundFileReader
  switch opened {
  case .success(let value): reader = value
  case .failure(let error as SoundFileError):
    throw BankError(path: path, reason: sampleReason(error.reason))
  case .failure(let error): throw BankError(path: path, reason: "\(error)")
  }
  if let reason = truncationReason(
    headerLog: reader.headerLog, frameCount: reader.info.frameCount)
  {
    throw BankError(path: path, reason: reason)
  }
  return reader
}

/// Decodes `path` into a sample for `title`, refusing what cannot be mixed.
package func decodeSample(
  title: String, path: String, maximumSeconds: Int = SampleLimits.defaultMaximumSeconds
) throws(BankError) -> DecodedSample {
  let reader = try openSample(path: path)
  let info = reader.info
  try checkShape(of: reader)
  let maxFrames = SampleLimits.maximumFrames(seconds: maximumSeconds, rate: info.sampleRate)
  let expected = reader.framesToReserve(maxFrames: maxFrames)
  // Each block goes straight to its channel's plane: no interleaved copy of the whole file.
  let content: Sample
  var firstUnfinite: Int64?
  do throws(SoundFileError) {
    if info.isSixteenBit {
      content = try Sample(channels: info.channels, expectedFrames: expected) {
        (add) throws(SoundFileError) in
        _ = try reader.readInt16Blocks(maxFrames: maxFrames, add)
      }
    } else {
      var framesRead: Int64 = 0
      content = try Sample(channels: info.channels, expectedFrames: expected) {
        (add) throws(SoundFileError) in
        _ = try reader.readFloatBlocks(maxFrames: maxFrames) { block in
          if info.isFloatingPoint, firstUnfinite == nil,
            let bad = block.firstIndex(where: { !$0.isFinite })
          {
            firstUnfinite = framesRead + Int64(bad / info.channels)
          }
          framesRead += Int64(block.count / info.channels)
          add(block)
        }
      }
    }
  } catch {
    throw BankError(path: path, reason: sampleReason(error.reason))
  }
  // A lossless file that holds fewer frames than its header says was cut short.
  let frames = Int64(content.frameCount)
  if !info.isLossy && !info.lengthIsUnknown && frames < info.frameCount {
    throw BankError(
      path: path,
      reason: "it is truncated: its header promises \(info.frameCount) frames, it holds \(frames)")
  }
  if let firstUnfinite {
    throw BankError(
      path: path, reason: "it holds a value that is not a finite number at frame \(firstUnfinite)")
  }
  return DecodedSample(title: title, source: path, sampleRate: info.sampleRate, content: content)
}

/// Refuses a sample whose channel count or rate the mixer cannot take, before it is decoded.
func checkShape(of reader: SoundFileReader) throws(BankError) {
  let info = reader.info
  guard SampleLimits.channels.contains(info.channels) else {
    throw BankError(
      path: reader.path, reason: "it has \(info.channels) channels; a sample may have 1 or 2")
  }
  guard SampleLimits.rates.contains(info.sampleRate) else {
    throw BankError(
      path: reader.path,
      reason:
        "its sample rate is \(info.sampleRate) Hz; a sample's rate must be from \(SampleLimits.rates.lowerBound) to \(SampleLimits.rates.upperBound) Hz"
    )
  }
}

/// libsndfile's reason for a file it cannot open or read, said as a reason about a sample.
func sampleReason(_ reason: String) -> String {
  switch reason {
  case "Format not recognised", "File does not exist or is not a regular file (possibly a pipe?)":
    return "it is not a sound file libsndfile can read"
  default:
    return reason
  }
}
