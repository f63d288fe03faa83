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
  /// The key of each of `mix.samples`, in order; a key struck at several strengths has a
  /// sample for each (`SampleBank.strikeLayer(for:gain:turn:)`).
  public let keys: [String]
  /// The strike layer of each of `mix.samples` (`keys` says whose): 0 for the full strike.
  public let strikeLayers: [Int]
  public let mix: MixPlan
  /// The output's length in frames, after `length` in the settings.
  public let totalFrames: Int64
  /// Voices stopped early by the default voice limit (not by an explicit `polyphony`).
  public let voicesStoppedByLimit: Int
  /// Taps that struck a key already struck on the same frame, merged into the strongest
  /// (`mergingUnisons`): each bar sounds once.
  public let mergedUnisons: Int
  /// Taps that play no sample because the bank has none for their key at their velocity (an
  /// SFZ instrument with a gap between its `lovel`/`hivel` ranges); nil when every tap sounds.
  public let silentTaps: SilentTaps?
  /// Voices a polyphony limit stops without a fade while louder than -40 dBFS, if any: each
  /// leaves an audible step (a `cutFade` of a few milliseconds removes it).
  public let abruptCuts: CutSteps?
  /// What happens after summing: the gain (before normalizing) and the fade-out.
  public let finishing: Finishing
  public let settings: RenderSettings
  /// The score's title, artist and comment, for the file's tags.
  public let tags: Tags
  /// The files the render reads (the score, the bank's samples): an output may be none of them.
  public let inputPaths: [String]
  /// The score's voices that have taps (`voice` lines, or a MIDI file's tracks), in order:
  /// what `renderStems` writes one file for.
  public let parts: [VoicePart]
  /// The voice (`Tap.voice`) each of `mix.voices` sounds for, when the taps are in more than
  /// one; empty when they are all in one.
  package let partOfVoice: [Int32]

  /// Loads the keys `score` uses from `bank` (and only those), converts them, and plans the
  /// voices. The score's taps are emptied once turned into voices, to free their memory.
  /// `scorePath` names the score's file, if it came from one, so the render never writes
  /// over it.
  public init(
    score: consuming Score, bank: any SampleBank, settings: RenderSettings,
    scorePath: String? = nil
  ) throws(RenderError) {
    do { try settings.check() } catch { throw .invalidSetting(error.message) }
    self.settings = settings
    var score = consume score
    tags = Tags(title: score.title, artist: score.artist, comment: score.comment)
    // The keys in the order they first sound, found once: each finding reads every tap.
    let scoreKeys = score.keys
    // The strikes each key is played with: only those samples are made.
    // A round robin's turns are counted in render order while mixing; here every turn a key
    // has is loaded for each gain it is tapped at.
    let turnsByKey = Dictionary(
      uniqueKeysWithValues: scoreKeys.map { ($0, max(1, bank.roundRobinLength(for: $0))) })
    let countsTurns = turnsByKey.values.contains { $0 > 1 }
    var layersByKey: [String: Set<Int>] = [:]
    for tap in score.taps {
      for turn in 0..<(countsTurns ? turnsByKey[tap.key] ?? 1 : 1) {
        layersByKey[tap.key, default: []].insert(
          bank.strikeLayer(for: tap.key, gain: tap.gain, turn: turn))
      }
    }
    let used = scoreKeys.flatMap { key in
      (layersByKey[key] ?? [0]).sorted().map { (key: key, layer: $0) }
    }
    keys = used.map(\.key)
    strikeLayers = used.map(\.layer)
    // Headers first, for the output's rate and channels; then the samples are decoded and
    // converted a few at a time, so only that many decoded copies are in memory at once.
    var infos: [SampleInfo] = []
    for key in scoreKeys {
      do { infos.append(try bank.info(for: key)) } catch { throw .bank(error) }
    }
    rate = settings.rate ?? infos.map(\.sampleRate).max() ?? 48_000
    // A room is a stereo reverb: without a channel count asked for, it makes the output stereo.
    channels =
      settings.channels ?? (settings.room == .none ? infos.map(\.channels).max() ?? 2 : 2)
    // A format that cannot hold the rate is refused now, before a sample is decoded.
    if settings.phoneFormat == nil,
      let refusal = settings.format.refusal(sampleRate: rate, channels: channels)
    {
      throw .invalidSetting(refusal)
    }
    let infoByKey = Dictionary(zip(scoreKeys, infos)) { first, _ in first }
    let wanted = used.compactMap { sample in
      infoByKey[sample.key].map { SampleToLoad(key: sample.key, layer: sample.layer, info: $0) }
    }
    precondition(wanted.count == used.count, "every key's header was read")
    let loaded = loadSamples(
      wanted, from: bank, rate: rate, channels: channels, jobs: min(settings.jobs, 4),
      envelopes: settings.length == .untilDecayed)
    var samples: [Sample] = []
    var envelopes: [DecayBound.SampleEnvelope] = []
    var inputs = scorePath.map { $0 == "-" ? [] : [$0] } ?? []
    var sourced = Set<String>()
    // In the keys' order, so the error reported is the same whichever sample failed first.
    for (index, result) in loaded.enumerated() {
      switch result {
      case .success(let loaded):
        if sourced.insert(used[index].key).inserted {
          inputs.append(loaded.source)  // "built-in" names no file, so it matches none
        }
        samples.append(loaded.sample)
        if let envelope = loaded.envelope { envelopes.append(envelope) }
      case .failure(let error):
        throw .bank(error)
      }
    }
    inputPaths = inputs
    var sampleIndex: [String: [Int: Int]] = [:]
    for (index, sample) in used.enumerated() {
      sampleIndex[sample.key, default: [:]][sample.layer] = index
    }
    var silent: SilentTaps?
    parts = VoicePart.parts(of: score)
    let placed: (taps: [MixTap], mergedUnisons: Int, voices: [Int32])
    do {
      placed = try mixTaps(
        for: score, rate: Int64(rate), countsTurns: countsTurns, recordingVoices: parts.count > 1
      ) {
        key, gain, turn in
        let layer = bank.strikeLayer(for: key, gain: gain, turn: turn)
        if layer < 0 {
          if var known = silent {
            known.count += 1
            silent = known
          } else {
            // Another turn of the key's round robin playing it puts the gap in the turns.
            let length = bank.roundRobinLength(for: key)
            let playedOnAnotherTurn = (0..<min(length, 100)).contains {
              bank.strikeLayer(for: key, gain: gain, turn: $0) >= 0
            }
            silent = SilentTaps(
              count: 1, firstKey: key, firstVelocity: TapVelocity.of(gain: gain),
              firstRoundRobin: playedOnAnotherTurn
                ? SilentTaps.RoundRobinTurn(turn: turn % length + 1, length: length) : nil)
          }
        }
        return (
          sampleIndex[key]?[layer] ?? 0,
          bank.level(forGain: gain, title: key, strikeLayer: layer)
        )
      }
    } catch {
      throw .doesNotFit("the score's taps do not fit at \(rate) Hz")
    }
    score.taps = []
    // A bar struck twice on one frame sounds once, at the strongest tap.
    let taps = placed.taps
    mergedUnisons = placed.mergedUnisons
    silentTaps = silent
    partOfVoice = placed.voices
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
    // Until the last voice and the room's tail after it have died out.
    let soundingFrames =
      mixLength(of: voices) + Int64(Room.tailFrames(settings.room, sampleRate: rate))
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
      totalFrames = soundingFrames + frames
    case .untilDecayed:
      totalFrames =
        Self.decayedFrames(of: mix, envelopes: envelopes, level: settings.level)
        + Int64(Room.tailFrames(settings.room, sampleRate: rate))
    }
    var fadeFrames = settings.fadeOut.roundedHalfUp(scale: scale) ?? totalFrames
    // A decayed output ends below -90 dBFS: no step to fade out.
    if totalFrames < soundingFrames && !settings.cutIsSeamless && settings.length != .untilDecayed {
      // Cut while still sounding: a short fade instead of a step.
      fadeFrames = max(fadeFrames, Self.edgeFade.roundedHalfUp(scale: scale) ?? 0)
    }
    let gain: Double =
      switch settings.level {
      case .gain(let decibels): Decibels.linear(decibels)
      case .normalize, .loudness: 1
      }
    abruptCuts = Mixer.abruptCuts(
      in: mix, above: Float(Decibels.linear(-40) / gain), windowFrames: rate / 100)
    finishing = Finishing(gain: Float(gain), totalFrames: totalFrames, fadeOutFrames: fadeFrames)
  }

  /// The fade that ends an output cut short while keys still sound: 5 ms, too short to hear
  /// as a fade, long enough to remove the click of a step.
  public static let edgeFade = Rational(1, 200) ?? .zero  // never .zero: 200 is not 0
}

/// Taps no sample of the bank plays: how many, and the first one's key and MIDI velocity.
public struct SilentTaps: Equatable, Sendable {
  public var count: Int
  public var firstKey: String
  public var firstVelocity: Int
  /// The first one's turn of its key's round robin, when another turn plays the key at that
  /// velocity (the gap is in the round robin's `seq_position`s, not the velocities); else nil.
  public var firstRoundRobin: RoundRobinTurn?

  /// A turn (1-based) of a round robin of `length` turns.
  public struct RoundRobinTurn: Equatable, Sendable {
    public var turn: Int
    public var length: Int
  }
}
