import Mixer
import SoundFile

/// A key's sample as decoded from its file, before rate and channel conversion.
public struct DecodedSample: Sendable {
  public var title: String
  /// Where it came from: a file path, or `built-in` for synthesized keys.
  public var source: String
  /// Frames per second (Hz).
  public var sampleRate: Int
  public var channels: Int
  /// Interleaved values: 16-bit integers from 16-bit files, floats otherwise.
  public var storage: SampleValues

  public init(
    title: String, source: String, sampleRate: Int, channels: Int, storage: SampleValues
  ) {
    self.title = title
    self.source = source
    self.sampleRate = sampleRate
    self.channels = channels
    self.storage = storage
  }

  public init(title: String, source: String, sampleRate: Int, channels: Int, values: [Float]) {
    self.init(
      title: title, source: source, sampleRate: sampleRate, channels: channels,
      storage: .float(values))
  }

  /// The interleaved values as floats.
  public var values: [Float] { storage.floats }

  public var frameCount: Int { channels > 0 ? storage.count / channels : 0 }

  /// Length in seconds.
  public var seconds: Double { Double(frameCount) / Double(sampleRate) }
}

/// The limits a sample file must keep to.
public enum SampleLimits {
  /// The longest sample accepted by default, in seconds (`--max-sample-seconds`); longer files
  /// are refused from their header, before they are decoded.
  public static let defaultMaximumSeconds = 600
  public static let rates = 1_000...768_000
  public static let channels = 1...2
}

/// Decodes `path` into a sample for `title`, refusing what cannot be mixed.
public func decodeSample(
  title: String, path: String, maximumSeconds: Int = SampleLimits.defaultMaximumSeconds
) throws(BankError) -> DecodedSample {
  do {
    let reader = try SoundFileReader(path: path)
    let info = reader.info
    guard SampleLimits.channels.contains(info.channels) else {
      throw BankError(
        path: path, reason: "it has \(info.channels) channels; a sample may have 1 or 2")
    }
    guard SampleLimits.rates.contains(info.sampleRate) else {
      throw BankError(
        path: path,
        reason:
          "its sample rate is \(info.sampleRate) Hz; a sample's rate must be from \(SampleLimits.rates.lowerBound) to \(SampleLimits.rates.upperBound) Hz"
      )
    }
    let maxFrames = Int64(maximumSeconds) * Int64(info.sampleRate)
    if info.isSixteenBit {
      return DecodedSample(
        title: title, source: path, sampleRate: info.sampleRate, channels: info.channels,
        storage: .int16(try reader.readAllInt16(maxFrames: maxFrames)))
    }
    let values = try reader.readAll(maxFrames: maxFrames)
    if info.isFloatingPoint, let bad = values.firstIndex(where: { !$0.isFinite }) {
      throw BankError(
        path: path,
        reason: "it holds a value that is not a finite number at frame \(bad / info.channels)")
    }
    return DecodedSample(
      title: title, source: path, sampleRate: info.sampleRate, channels: info.channels,
      values: values)
  } catch let error as BankError {
    throw error
  } catch let error as SoundFileError {
    throw BankError(path: path, reason: error.reason)
  } catch {
    throw BankError(path: path, reason: "\(error)")
  }
}
