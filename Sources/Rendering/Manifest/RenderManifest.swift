import AudioDigest
import Loudness
import Platform

/// The tool's version, as `xylo-render --version` prints it and manifests record it.
public let xyloRenderVersion = "0.1.0"
/// The day of that version (`YYYY-MM-DD`), for the manual's header: changed with it.
package let xyloRenderVersionDate = "2026-12-06"

/// What a render was made of and what came out, as values: the tool, the settings, the bank's
/// samples (by content hash), the score's tempi and taps at their frames, the length, the
/// loudness and peaks, and the content hash. `render --manifest FILE` writes it as JSON, and
/// the golden runner keeps one beside each golden, so a failure can say what changed.
///
/// The JSON shape is stable and documented (docs/golden-testing.md): snake_case keys, sorted;
/// frames and counts as integers; exact times and tempi as strings (`"1.5"`, `"1/3"`); gains as
/// the shortest decimal that reads back exactly; loudness in LUFS and peaks in dB to two
/// decimals (`null` for silence). `format_version` grows when a field changes meaning.
public struct RenderManifest: Codable, Equatable, Sendable {
  /// The version of the JSON shape this tool writes and reads.
  public static let currentFormatVersion = 1

  public var formatVersion: Int
  public var tool: Tool
  public var settings: Configuration
  /// Whether the score was a MIDI file, whose taps' and tempi's `line` is a track.
  public var linesAreTracks: Bool
  /// The tempi the score sets, in order, at the frames they start on; empty for the default.
  public var tempos: [Tempo]
  /// Every sample the render played: one per key and strike layer, as mixed (at the output's
  /// rate and channels).
  public var samples: [KeySample]
  /// The taps in render order (by frame, then text order), as the mixer placed them.
  public var taps: [Tap]
  public var length: Length
  /// The loudness and peaks of what was written; `nil` when not measured.
  public var loudness: Measurement?
  /// The content hash of what was written (as `hash` prints it); `nil` when not computed.
  public var contentHash: String?

  /// The tool that rendered.
  public struct Tool: Codable, Equatable, Sendable {
    public var name: String
    public var version: String

    public init(name: String = "xylo-render", version: String = xyloRenderVersion) {
      self.name = name
      self.version = version
    }
  }

  /// The settings the render ran with, every default filled in. Lengths in seconds are exact
  /// strings; a setting that does not apply (a normalizing peak for a fixed gain) is `nil`.
  public struct Configuration: Codable, Equatable, Sendable {
    /// Hz.
    public var rate: Int
    public var channels: Int
    /// `wav`, `flac`, … or `m4a`, `m4r` for AAC in MP4.
    public var container: String
    /// `pcm16`, `pcm24`, `pcm32`, `float`; `nil` for a lossy container.
    public var encoding: String?
    /// Bits a second of an AAC file.
    public var bitRate: Int?
    /// `built-in`, or the name of the bank's folder or SFZ file (not its path, which differs
    /// from machine to machine; the samples' hashes say what it held).
    public var bank: String
    /// The built-in bank's mallet.
    public var mallet: String?
    /// `none`, `small` or `hall`.
    public var room: String
    /// `gain`, `normalize` or `loudness`.
    public var level: String
    public var gainDecibels: Double?
    public var normalizePeakDecibels: Double?
    public var loudnessTargetLUFS: Double?
    public var truePeakCeilingDecibels: Double?
    /// `natural` (until the sound ends, then `tailSeconds`) or `exactly` (`durationSeconds`).
    public var length: String
    public var tailSeconds: String?
    public var durationSeconds: String?
    public var fadeOutSeconds: String
    /// `nil` for the default voice limit.
    public var polyphony: Int?
    public var cutFadeSeconds: String
    public var ditherSeed: UInt64?

    enum CodingKeys: String, CodingKey {
      case rate, channels, container, encoding, bank, mallet, room, level, length, polyphony
      case bitRate = "bit_rate"
      case gainDecibels = "gain_db"
      case normalizePeakDecibels = "normalize_peak_dbfs"
      case loudnessTargetLUFS = "loudness_target_lufs"
      case truePeakCeilingDecibels = "true_peak_ceiling_dbtp"
      case tailSeconds = "tail_seconds"
      case durationSeconds = "duration_seconds"
      case fadeOutSeconds = "fade_out_seconds"
      case cutFadeSeconds = "cut_fade_seconds"
      case ditherSeed = "dither_seed"
    }
  }

  /// A tempo the score sets.
  public struct Tempo: Codable, Equatable, Sendable {
    /// The frame it starts on.
    public var frame: Int64
    /// Seconds from the start, exactly: `"1.5"`, `"10/3"`.
    public var time: String
    /// Beats a minute, exactly.
    public var bpm: String
    /// The score line of its `tempo` (a MIDI file's tempi have none).
    public var line: Int?

    public init(frame: Int64, time: String, bpm: String, line: Int?) {
      self.frame = frame
      self.time = time
      self.bpm = bpm
      self.line = line
    }

    /// `bpm` as an exact number.
    public var beatsPerMinute: Rational? { Rational(parsing: bpm) }
  }

  /// One sample the render played.
  public struct KeySample: Codable, Equatable, Sendable {
    public var key: String
    /// 0 for the full strike; the built-in bank and SFZ velocity layers have more.
    public var layer: Int
    public var frames: Int
    /// The content hash of its values as mixed (`hash`'s canonical form, at the output's
    /// rate and channels).
    public var hash: String

    public init(key: String, layer: Int, frames: Int, hash: String) {
      self.key = key
      self.layer = layer
      self.frames = frames
      self.hash = hash
    }
  }

  /// A tap where the mixer placed it.
  public struct Tap: Codable, Equatable, Sendable {
    public var frame: Int64
    public var key: String
    /// Linear.
    public var gain: Double
    /// The score line (or MIDI track) it was written on.
    public var line: Int

    public init(frame: Int64, key: String, gain: Double, line: Int) {
      self.frame = frame
      self.key = key
      self.gain = gain
      self.line = line
    }
  }

  /// The output's length.
  public struct Length: Codable, Equatable, Sendable {
    public var frames: Int64
    /// `frames / rate`, exactly.
    public var seconds: String

    public init(frames: Int64, seconds: String) {
      self.frames = frames
      self.seconds = seconds
    }
  }

  /// EBU R128 loudness and peaks of what was written, to two decimals; `nil` for silence.
  public struct Measurement: Codable, Equatable, Sendable {
    public var integratedLUFS: Double?
    public var truePeakDecibels: Double?
    public var samplePeakDecibels: Double?

    public init(integratedLUFS: Double?, truePeakDecibels: Double?, samplePeakDecibels: Double?) {
      self.integratedLUFS = integratedLUFS
      self.truePeakDecibels = truePeakDecibels
      self.samplePeakDecibels = samplePeakDecibels
    }

    public init(_ measured: LoudnessMeasurement) {
      integratedLUFS = Self.rounded(measured.integratedLUFS)
      truePeakDecibels = Self.rounded(measured.truePeakDBTP)
      samplePeakDecibels = Self.rounded(measured.samplePeakDBFS)
    }

    /// To two decimals, as written; `nil` for −∞ (silence).
    private static func rounded(_ value: Double) -> Double? {
      value.isFinite ? Double(fixed(value, places: 2)) : nil
    }

    enum CodingKeys: String, CodingKey {
      case integratedLUFS = "integrated_lufs"
      case truePeakDecibels = "true_peak_dbtp"
      case samplePeakDecibels = "sample_peak_dbfs"
    }
  }

  enum CodingKeys: String, CodingKey {
    case tool, settings, tempos, samples, taps, length, loudness
    case formatVersion = "format_version"
    case linesAreTracks = "lines_are_tracks"
    case contentHash = "content_hash"
  }
}

extension RenderManifest {
  /// The manifest of `plan`, made from `song` and rendered as `summary` says. The loudness and
  /// content hash are there when the settings asked for them (`measuresLoudness`,
  /// `computesContentHash`), or after `measure(fileAt:)`.
  public init(song: Song, plan: RenderPlan, summary: RenderSummary) throws(RenderError) {
    let rate = Int64(plan.rate)
    let placed: [ScheduledTap]
    do { placed = try schedule(song.score, rate: rate) } catch {
      throw .doesNotFit("the score's taps do not fit at \(rate) Hz")
    }
    var tempos: [Tempo] = []
    for change in song.score.tempoChanges {
      guard let frame = change.time.roundedHalfUp(scale: rate) else {
        throw .doesNotFit("the score's tempi do not fit at \(rate) Hz")
      }
      tempos.append(
        Tempo(
          frame: frame, time: exactText(change.time), bpm: exactText(change.beatsPerMinute),
          line: change.line))
    }
    let samples = plan.mix.samples.indices.map { index in
      let sample = plan.mix.samples[index]
      return KeySample(
        key: plan.keys[index], layer: plan.strikeLayers[index], frames: sample.frameCount,
        hash: audioHash(of: sample.values, rate: plan.rate, channels: sample.channels))
    }
    self.init(
      formatVersion: Self.currentFormatVersion, tool: Tool(),
      settings: Configuration(plan, options: song.options, written: summary.format),
      linesAreTracks: song.isMIDI, tempos: tempos, samples: samples,
      taps: placed.map {
        Tap(frame: $0.frame, key: $0.tap.key, gain: $0.tap.gain, line: $0.tap.line)
      },
      length: Length(
        frames: summary.totalFrames,
        seconds: Rational(summary.totalFrames, rate).map(exactText) ?? "?"),
      loudness: summary.measurement.map(Measurement.init), contentHash: summary.contentHash)
  }

  /// Fills in the loudness, peaks and content hash from the file the render wrote (for a
  /// render whose settings did not measure them as it wrote).
  public mutating func measure(fileAt path: String) throws(RenderError) {
    let measured = try measureLoudness(ofFileAt: path)
    loudness = Measurement(measured)
    do { contentHash = try audioHash(ofFileAt: path) } catch { throw .soundFile(error) }
  }
}

/// An exact number as manifests write it: a decimal when it has one (`1.5`, `0.005`), else a
/// fraction (`1/3`); `Rational(parsing:)` reads either back.
func exactText(_ value: Rational) -> String {
  var denominator = value.denominator
  var twos = 0
  var fives = 0
  while denominator % 2 == 0 {
    denominator /= 2
    twos += 1
  }
  while denominator % 5 == 0 {
    denominator /= 5
    fives += 1
  }
  let places = max(twos, fives)
  // 18 places at most: 10^places must fit in 64 bits.
  guard denominator == 1, places > 0, places <= 18 else { return value.description }
  return value.decimalString(places: places)
}
