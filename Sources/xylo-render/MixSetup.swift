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

  /// Loads the keys `score` uses from `bank` (and only those), converts them, and plans the voices.
  init(score: Score, bank: any SampleBank, settings: RenderSettings) throws(RenderFailure) {
    let keys = score.keys
    // Headers first, for the output's rate and channels; then each sample is decoded and
    // converted in turn, so only one decoded copy is in memory at a time.
    var infos: [SampleInfo] = []
    for key in keys {
      do {
        infos.append(try bank.info(for: key))
      } catch {
        throw RenderFailure(error.description)
      }
    }
    rate = settings.rate ?? infos.map(\.sampleRate).max() ?? 48_000
    channels = settings.channels ?? infos.map(\.channels).max() ?? 2
    samples = []
    for key in keys {
      do {
        samples.append(try prepare(try bank.sample(for: key), rate: rate, channels: channels))
      } catch {
        throw RenderFailure(error.description)
      }
    }
    let sampleIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    let placed: [ScheduledTap]
    do {
      placed = try schedule(score, rate: Int64(rate))
    } catch {
      throw RenderFailure("the score's taps do not fit at \(rate) Hz")
    }
    let taps = placed.map { item in
      MixTap(
        frame: item.frame, sampleIndex: sampleIndex[item.tap.key] ?? 0, gain: Float(item.tap.gain))
    }
    let cutFadeFrames =
      settings.cutFade.divided(by: Rational(1000))?.roundedHalfUp(scale: Int64(rate)) ?? 0
    voices = planVoices(
      taps, sampleFrameCounts: samples.map(\.frameCount), polyphony: settings.polyphony,
      cutFadeFrames: cutFadeFrames)
    mixFrames = mixLength(of: voices)
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
