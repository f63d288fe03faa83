import AudioBasics
import Foundation

/// A bank shaped like the app's own recordings, made in code so the suite needs nothing beside
/// the repository: `C`…`B` and `HighC` as `<title>.wav`, stereo 16-bit, with the app files'
/// lengths (180,798 frames; `F` and `G` 181,648) and quirks: leading silence, `F` and `G` with
/// a RIFF size 8 bytes too large, `HighC` at 44.1 kHz (165,375 frames) with `cue `, `LIST` and
/// an odd-sized `bext` chunk after its data. The samples are decaying tones computed with
/// `ExactMath`, so the files are the same bytes on every machine.
public enum AppLikeSounds {
  /// The folder holding the bank, made once per test process.
  public static let folder: String = {
    do {
      let folder = try temporaryFolder()
      for key in keys { try write(key, to: folder + "/\(key.title).wav") }
      return folder
    } catch {
      preconditionFailure("cannot make the app-like test bank: \(error)")
    }
  }()

  /// A key of the bank: its title, pitch (Hz), rate, length and quirks.
  public struct Key: Sendable {
    public var title: String
    public var frequency: Double
    public var rate: Int
    public var frameCount: Int
    var riffSizeTooLarge = false
    var chunksAfterData = false
  }

  public static let keys: [Key] = [
    Key(title: "C", frequency: 1_046.50, rate: 48_000, frameCount: 180_798),
    Key(title: "D", frequency: 1_174.66, rate: 48_000, frameCount: 180_798),
    Key(title: "E", frequency: 1_318.51, rate: 48_000, frameCount: 180_798),
    Key(title: "F", frequency: 1_396.91, rate: 48_000, frameCount: 181_648, riffSizeTooLarge: true),
    Key(title: "G", frequency: 1_567.98, rate: 48_000, frameCount: 181_648, riffSizeTooLarge: true),
    Key(title: "A", frequency: 1_760.00, rate: 48_000, frameCount: 180_798),
    Key(title: "B", frequency: 1_975.53, rate: 48_000, frameCount: 180_798),
    Key(
      title: "HighC", frequency: 2_093.00, rate: 44_100, frameCount: 165_375, chunksAfterData: true),
  ]

  /// Frames of silence before each tone starts, as in the app's files.
  static let leadingSilence = 96

  /// The key's interleaved stereo values: silence, then the fundamental and a quieter fourth
  /// partial decaying over about a second, the right channel slightly quieter than the left.
  /// Each partial turns by a fixed rotation a frame and the envelope shrinks by a fixed
  /// factor: plain IEEE arithmetic, the same everywhere.
  public static func values(of key: Key) -> [Int16] {
    var values = [Int16](repeating: 0, count: key.frameCount * 2)
    var partials = [(1.0, 0.3), (4.0, 0.08)].map { multiple, level in
      let angle = 2 * Double.pi * multiple * key.frequency / Double(key.rate)
      return Partial(
        level: level, turn: (ExactMath.cos(angle), ExactMath.sin(angle)), position: (1, 0))
    }
    let decay = ExactMath.exponential(-4 / Double(key.rate))
    var envelope = 1.0
    for frame in leadingSilence..<key.frameCount {
      var tone = 0.0
      for index in partials.indices {
        tone += partials[index].level * partials[index].position.sine
        partials[index].advance()
      }
      let left = ExactMath.roundToInteger(tone * envelope * 32_767)
      values[frame * 2] = Int16(left)
      values[frame * 2 + 1] = Int16(ExactMath.roundToInteger(left * 0.9))
      envelope *= decay
    }
    return values
  }

  /// A sine partial as a point turning round the unit circle.
  private struct Partial {
    var level: Double
    var turn: (cosine: Double, sine: Double)
    var position: (cosine: Double, sine: Double)

    mutating func advance() {
      position = (
        position.cosine * turn.cosine - position.sine * turn.sine,
        position.sine * turn.cosine + position.cosine * turn.sine
      )
    }
  }

  /// Writes the key's WAV byte by byte, quirks included.
  static func write(_ key: Key, to path: String) throws {
    let samples = values(of: key)
    var data: [UInt8] = []
    data.reserveCapacity(samples.count * 2)
    for value in samples {
      let bits = UInt16(bitPattern: value)
      data += [UInt8(bits & 0xFF), UInt8(bits >> 8)]
    }
    var body = Array("WAVE".utf8)
    body += chunk("fmt ", format(rate: key.rate))
    body += chunk("data", data)
    if key.chunksAfterData {
      body += chunk("cue ", [UInt8](repeating: 0, count: 28))
      body += chunk("LIST", Array("INFOISFT".utf8) + little32(16) + Array("xylo-render test".utf8))
      body += chunk("bext", [UInt8](repeating: 0x20, count: 603))
    }
    let riffSize = body.count + (key.riffSizeTooLarge ? 8 : 0)
    try Data(Array("RIFF".utf8) + little32(riffSize) + body).write(to: URL(fileURLWithPath: path))
  }

  /// 16-bit stereo PCM at `rate`.
  private static func format(rate: Int) -> [UInt8] {
    little16(1) + little16(2) + little32(rate) + little32(rate * 4) + little16(4) + little16(16)
  }

  /// A RIFF chunk: its id, size, bytes, and a pad byte when the size is odd.
  private static func chunk(_ id: String, _ bytes: [UInt8]) -> [UInt8] {
    Array(id.utf8) + little32(bytes.count) + bytes + (bytes.count % 2 == 1 ? [0] : [])
  }

  private static func little16(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
  }

  private static func little32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
  }
}

/// The app's own recordings, beside the checkout in `../shared` when a developer has them; the
/// tests that use them are skipped, saying why, where they are absent (a stranger's clone, CI).
public enum AppRecordings {
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/fixtures/app-sounds").standardized.path

  public static var available: Bool {
    FileManager.default.fileExists(atPath: folder + "/C.wav")
  }
}
