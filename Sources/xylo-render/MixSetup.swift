import Mixer
import SampleBank
import ScoreParser

/// A score's voices with their samples at the output's rate and channel count.
struct MixSetup {
  var rate: Int
  var channels: Int
  var samples: [Sample]
  var voices: [Voice]
  /// Where the last sample ends.
  var mixFrames: Int64
  /// Voices stopped early by the default voice limit (not by an explicit `--polyphony`).
  var voicesStoppedByLimit = 0

  /// Voices sounding at once when `--polyphony` is not given: enough for any real score, and a
  /// bound on the work a hostile one can ask for (ten million taps on one frame).
  static let defaultVoiceLimit = 256

  /// Loads the keys `score` uses from `bank` (and only those), converts them, and plans the voices.
  /// The score's taps are emptied once turned into voices, to free their memory for the render.
  init(score: inout Score, bank: any SampleBank, settings: RenderSettings) throws(RenderFailure) {
    let keys = score.keys
    // Headers first, for the output's rate and channels; then each sample is decoded and
    // converted in turn, so only one decoded copy is in memory at a time.
    var infos: [SampleInfo] = []
    for key in keys {
      do {
        infos.append(try quietly { () throws(BankError) in try bank.info(for: key) })
      } catch {
        throw RenderFailure(error.description)
      }
    }
    rate = settings.rate ?? infos.map(\.sampleRate).max() ?? 48_000
    channels = settings.channels ?? infos.map(\.channels).max() ?? 2
    samples = []
    for key in keys {
      do {
        let sample = try quietly { () throws(BankError) in try bank.sample(for: key) }
        samples.append(try prepare(sample, rate: rate, channels: channels))
      } catch {
        throw RenderFailure(error.description)
      }
    }
    let sampleIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    let taps: [MixTap]
    do {
      taps = try mixTaps(for: score, rate: Int64(rate)) { sampleIndex[$0] ?? 0 }
    } catch {
      throw RenderFailure("the score's taps do not fit at \(rate) Hz")
    }
    score.taps = []
    let cutFadeFrames =
      settings.cutFade.divided(by: Rational(1000))?.roundedHalfUp(scale: Int64(rate)) ?? 0
    voices = planVoices(
      taps, sampleFrameCounts: samples.map(\.frameCount),
      polyphony: settings.polyphony ?? Self.defaultVoiceLimit,
      cutFadeFrames: cutFadeFrames)
    mixFrames = mixLength(of: voices)
    if settings.polyphony == nil {
      voicesStoppedByLimit = voices.reduce(0) { $0 + ($1.cutFrame == nil ? 0 : 1) }
    }
  }

  /// The output's length: `--duration` exactly, else the end of the last sample plus `--tail`.
  func outputFrames(_ settings: RenderSettings) throws(RenderFailure) -> Int64 {
    let scale = Int64(rate)
    if let duration = settings.duration {
      guard let frames = duration.roundedHalfUp(scale: scale) else {
        throw RenderFailure("--duration is too long")
      }
      return frames
    }
    guard let tail = settings.tail.roundedHalfUp(scale: scale) else {
      throw RenderFailure("--tail is too long")
    }
    return mixFrames + tail
  }
}

/// A render that cannot go on, with the one line that says why.
struct RenderFailure: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
