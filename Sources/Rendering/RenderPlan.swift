import AudioBasics
import Mixer
import SampleBank
import ScoreParser
import SoundFile

/// A score's voices with their samples at the output's rate and channel count: everything the
/// engine needs, fixed before the first frame is mixed.
public struct RenderPlan: Sendable {
  public let rate: Int
  public let channels: Int
  /// The keys in the order of `mix.samples`.
  public let keys: [String]
  public let mix: MixPlan
  /// The output's length in frames, after `length` in the settings.
  public let totalFrames: Int64
  /// Voices stopped early by the default voice limit (not by an explicit `polyphony`).
  public let voicesStoppedByLimit: Int
  /// What happens after summing: the gain (before normalizing) and the fade-out.
  public let finishing: Finishing
  public let settings: RenderSettings
  /// The score's title, artist and comment, for the file's tags.
  public let tags: Tags
  /// The files the render reads (the score, the bank's samples): an output may be none of them.
  public let inputPaths: [String]

  /// Loads the keys `score` uses from `bank` (and only those), converts them, and plans the
  /// voices. The score's taps are emptied once turned into voices, to free their memory.
  /// `scorePath` names the score's file, if it came from one, so the render never writes
  /// over it.
  public init(
    score: consuming Score, bank: any SampleBank, settings: RenderSettings,
    scorePath: String? = nil
  ) throws(RenderError) {
    try settings.check()
    self.settings = settings
    var score = consume score
    tags = Tags(title: score.title, artist: score.artist, comment: score.comment)
    keys = score.keys
    // Headers first, for the output's rate and channels; then each sample is decoded and
    // converted in turn, so only one decoded copy is in memory at a time.
    var infos: [SampleInfo] = []
    for key in keys {
      do { infos.append(try bank.info(for: key)) } catch { throw .bank(error) }
    }
    rate = settings.rate ?? infos.map(\.sampleRate).max() ?? 48_000
    channels = settings.channels ?? infos.map(\.channels).max() ?? 2
    var samples: [Sample] = []
    var inputs = scorePath.map { $0 == "-" ? [] : [$0] } ?? []
    for key in keys {
      do {
        let decoded = try bank.sample(for: key)
        inputs.append(decoded.source)  // "built-in" names no file, so it matches none
        samples.append(try prepare(decoded, rate: rate, channels: channels))
      } catch {
        throw .bank(error)
      }
    }
    inputPaths = inputs
    let sampleIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    let taps: [MixTap]
    do {
      taps = try mixTaps(for: score, rate: Int64(rate)) { sampleIndex[$0] ?? 0 }
    } catch {
      throw .doesNotFit("the score's taps do not fit at \(rate) Hz")
    }
    score.taps = []
    let scale = Int64(rate)
    guard let cutFadeFrames = settings.cutFade.roundedHalfUp(scale: scale) else {
      throw .doesNotFit("the cut fade is too long")
    }
    let voices = planVoices(
      taps, sampleFrameCounts: samples.map(\.frameCount),
      polyphony: settings.polyphony ?? RenderSettings.defaultVoiceLimit,
      cutFadeFrames: cutFadeFrames)
    voicesStoppedByLimit =
      settings.polyphony == nil ? voices.reduce(0) { $0 + ($1.cutFrame == nil ? 0 : 1) } : 0
    mix = MixPlan(samples: samples, voices: voices, channels: channels)
    switch settings.length {
    case .exactly(let seconds):
      guard let frames = seconds.roundedHalfUp(scale: scale) else {
        throw .doesNotFit("the duration is too long")
      }
      totalFrames = frames
    case .natural(let tail):
      guard let frames = tail.roundedHalfUp(scale: scale) else {
        throw .doesNotFit("the tail is too long")
      }
      totalFrames = mixLength(of: voices) + frames
    }
    let fadeFrames = settings.fadeOut.roundedHalfUp(scale: scale) ?? totalFrames
    let gain: Double =
      switch settings.level {
      case .gain(let decibels): Decibels.linear(decibels)
      case .normalize, .loudness: 1
      }
    finishing = Finishing(gain: Float(gain), totalFrames: totalFrames, fadeOutFrames: fadeFrames)
  }
}
