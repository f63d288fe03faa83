import AudioBasics
import Loudness
import Mixer
import Rendering
import SampleBank
import ScoreParser
import SoundFile

/// What makes a ringtone: one period that loops without a seam (or a one-shot alert), at most
/// so long, at a loudness a phone plays well.
public struct RingtoneSettings: Equatable, Sendable {
  /// Loop seamlessly: the file is exactly one period of the song, with everything still
  /// ringing at its end added onto its start.
  public var loops = true
  /// The longest file, in seconds; a longer song is cut at its last bar line before it. Under
  /// 30 s: some iOS versions refuse a ringtone of 30 s or more.
  public var maximumSeconds = Rational(299, 10) ?? Rational(29)
  /// Integrated loudness (LUFS) and true-peak ceiling (dBTP).
  public var loudnessLUFS = -14.0
  public var truePeakCeiling = -1.0
  /// A one-shot alert cut short fades out over this long.
  public var fadeSeconds = Rational(1, 20) ?? .zero
  /// The file FFmpeg writes (AAC for iPhone, Ogg with `ANDROID_LOOP`); `nil` writes the
  /// settings' libsndfile format.
  public var phoneFormat: PhoneFormat?

  public init() {}

  /// The phones' presets: the README lists their numbers.
  public enum Preset: String, CaseIterable, Sendable {
    /// AAC in `.m4r`, looping, at most 29.9 s (the iPhone refuses ringtones of 40 s or more,
    /// some iOS versions 30 s or more).
    case iphone
    /// Ogg Vorbis marked `ANDROID_LOOP=true`, looping, at most 29.9 s.
    case android
    /// A one-shot alert: no loop, at most 5 s.
    case notification
  }

  public init(preset: Preset) {
    switch preset {
    case .iphone, .android: break
    case .notification:
      loops = false
      maximumSeconds = Rational(5)
    }
  }
}

/// Renders `score` as a ringtone to `destination`.
///
/// A looping ringtone is the last period of the song played on repeat until the tails of
/// every earlier repetition have died out, so playing the file on repeat is, sample for
/// sample, the song played on repeat (polyphony cuts across the seam included).
public func renderRingtone(
  _ score: Score, bank: any SampleBank, settings: RenderSettings, ringtone: RingtoneSettings,
  scorePath: String? = nil, to destination: Destination
) throws(RenderError) -> RingtoneSummary {
  var song = score
  var cutAt: Rational?
  var settings = settings
  if ringtone.phoneFormat != nil {
    do { settings.rate = try encoderRate(for: settings.rate) } catch {
      throw .invalidSetting(error.message)
    }
  }
  let songTapCount = song.taps.count
  if ringtone.maximumSeconds < song.duration {
    let cut = lastBarLine(
      before: ringtone.maximumSeconds, tempos: song.tempoChanges, meters: song.meterChanges)
    song.taps = song.taps.filter { $0.time < cut }
    song.duration = cut
    cutAt = cut
  }
  var summary = try renderCutRingtone(
    song, bank: bank, settings: settings, ringtone: ringtone, scorePath: scorePath, cutAt: cutAt,
    to: destination)
  summary.songTapCount = songTapCount
  summary.keptTapCount = song.taps.count
  if let placed = try? mixTaps(for: song, rate: Int64(summary.rate), sample: { _, _, _ in (0, 1) })
  {
    summary.mergedUnisons = placed.mergedUnisons
  }
  return summary
}

/// Renders `song`, already cut to the ringtone's length, as a loop or a one-shot alert.
private func renderCutRingtone(
  _ song: Score, bank: any SampleBank, settings: RenderSettings, ringtone: RingtoneSettings,
  scorePath: String?, cutAt: Rational?, to destination: Destination
) throws(RenderError) -> RingtoneSummary {
  guard ringtone.loops else {
    var oneShot = settings
    oneShot.level = .loudness(
      lufs: ringtone.loudnessLUFS, truePeakCeiling: ringtone.truePeakCeiling)
    if let cutAt {
      oneShot.length = .exactly(seconds: cutAt)
      oneShot.fadeOut = ringtone.fadeSeconds
    } else {
      oneShot.length = .untilDecayed
    }
    var plan = try RenderPlan(score: song, bank: bank, settings: oneShot, scorePath: scorePath)
    let limit = ringtone.maximumSeconds.roundedHalfUp(scale: Int64(plan.rate)) ?? plan.totalFrames
    if plan.totalFrames > limit {  // the last notes ring past the limit: fade them out there
      oneShot.length = .exactly(seconds: ringtone.maximumSeconds)
      oneShot.fadeOut = ringtone.fadeSeconds
      plan = try RenderPlan(score: song, bank: bank, settings: oneShot, scorePath: scorePath)
    }
    let audio = try render(plan)
    let written = try write(
      audio.values, rate: audio.rate, channels: audio.channels, settings: settings,
      ringtone: ringtone, tags: plan.tags, to: destination, inputs: plan.inputPaths)
    return RingtoneSummary(
      rate: audio.rate, channels: audio.channels, frameCount: Int64(audio.frameCount),
      loops: false, cutAt: cutAt, loudness: written.adjusted(audio.loudness),
      clippedCount: written.clipped, codecReduction: written.reduction)
  }
  return try renderLoop(
    song, bank: bank, settings: settings, ringtone: ringtone, scorePath: scorePath, cutAt: cutAt,
    to: destination)
}

/// What writing a ringtone did: values clipped, and for a phone's lossy file how much it was
/// encoded quieter to hold the true-peak ceiling and the true peak it has.
private struct WrittenRingtone {
  var clipped: Int64
  var reduction = 0.0
  var encodedTruePeak: Double?

  /// `loudness` as the written file measures it.
  func adjusted(_ loudness: LoudnessResult?) -> LoudnessResult? {
    guard var loudness, let encodedTruePeak else { return loudness }
    loudness.achievedLUFS -= reduction
    loudness.truePeakDBTP = encodedTruePeak
    return loudness
  }
}

/// Writes a ringtone's frames in its format: FFmpeg's for phones (measured after encoding,
/// and encoded quieter where the codec lifted the true peak over the ceiling), else
/// libsndfile's.
private func write(
  _ values: [Float], rate: Int, channels: Int, settings: RenderSettings,
  ringtone: RingtoneSettings, tags: Tags, to destination: Destination, inputs: [String]
) throws(RenderError) -> WrittenRingtone {
  guard let phone = ringtone.phoneFormat else {
    return WrittenRingtone(
      clipped: try writeAudio(
        values, rate: rate, channels: channels, format: settings.format, tags: tags,
        to: destination, inputs: inputs))
  }
  let encoded = try writeEncodedAudio(
    values, rate: rate, channels: channels, format: phone, tags: tags, to: destination,
    inputs: inputs, truePeakCeiling: ringtone.truePeakCeiling)
  return WrittenRingtone(
    clipped: Int64(values.filter { $0 > 1 || $0 < -1 }.count), reduction: encoded.reducedBy,
    encodedTruePeak: encoded.truePeak)
}

private func renderLoop(
  _ song: Score, bank: any SampleBank, settings: RenderSettings, ringtone: RingtoneSettings,
  scorePath: String?, cutAt: Rational?, to destination: Destination
) throws(RenderError) -> RingtoneSummary {
  var plain = settings
  plain.level = .gain(decibels: 0)
  plain.fadeOut = .zero
  // One pass for the rate and the longest sound, then the song repeated until they die out.
  let probe = try RenderPlan(score: song, bank: bank, settings: plain, scorePath: scorePath)
  let rate = Int64(probe.rate)
  guard let period = song.duration.roundedHalfUp(scale: rate), period > 0,
    let step = Rational(period, rate)
  else { throw .invalidSetting("a looping ringtone needs a score that lasts (its length is 0)") }
  // Every sound, and the room's tail after it, dies out within the repeats before the last.
  let longest =
    probe.mix.longestVoice + Int64(Room.tailFrames(settings.room, sampleRate: probe.rate))
  let repeats = 1 + (longest + period - 1) / period
  var repeated = song
  repeated.taps = []
  for index in 0..<repeats {
    guard let offset = step.multiplied(by: Rational(index)) else {
      throw .doesNotFit("the ringtone's repeats do not fit")
    }
    for tap in song.taps {
      guard let time = tap.time.adding(offset) else {
        throw .doesNotFit("the ringtone's repeats do not fit")
      }
      repeated.taps.append(
        Tap(
          time: time, key: tap.key, gain: tap.gain, line: tap.line, column: tap.column,
          sequence: repeated.taps.count))
    }
  }
  guard let total = step.multiplied(by: Rational(repeats)) else {
    throw .doesNotFit("the ringtone's repeats do not fit")
  }
  plain.length = .exactly(seconds: total)
  plain.cutIsSeamless = true  // the kept period's end is continued by its own start
  plain.rate = probe.rate
  let plan = try RenderPlan(score: repeated, bank: bank, settings: plain, scorePath: scorePath)
  let audio = try render(plan)
  let channels = audio.channels
  var values = Array(audio.values[(Int(repeats - 1) * Int(period) * channels)...])
  // The level of what plays: one period, measured, then scaled (and limited) to the target.
  let (setting, result) = try meetLoudness(
    target: ringtone.loudnessLUFS, ceiling: ringtone.truePeakCeiling
  ) { (setting) throws(RenderError) in
    try loudness(
      of: playedOnRepeat(
        looped(values, at: setting, rate: Int(rate), channels: channels), rate: Int(rate),
        channels: channels),
      rate: rate, channels: channels)
  }
  values = looped(values, at: setting, rate: Int(rate), channels: channels)
  let written = try write(
    values, rate: Int(rate), channels: channels, settings: settings, ringtone: ringtone,
    tags: plan.tags, to: destination, inputs: plan.inputPaths)
  return RingtoneSummary(
    rate: Int(rate), channels: channels, frameCount: period, loops: true, cutAt: cutAt,
    loudness: written.adjusted(result), clippedCount: written.clipped,
    codecReduction: written.reduction)
}

/// One period of a loop at `setting`: scaled, then limited as it plays on repeat (the limiter
/// runs over the period twice, so at the seam it is in the state repetition gives it).
private func looped(_ period: [Float], at setting: LoudnessSetting, rate: Int, channels: Int)
  -> [Float]
{
  let factor = Float(Decibels.linear(setting.gainDecibels))
  var values = period.map { $0 * factor }
  guard let limit = setting.limit else { return values }
  var limiter = PeakLimiter(ceiling: limit, sampleRate: rate, channels: channels)
  let ahead = Array(values.prefix(limiter.lookaheadFrames * channels))
  var warmUp = values
  for pass in 0..<2 {
    ahead.withUnsafeBufferPointer { next in
      if pass == 0 {
        warmUp.withUnsafeMutableBufferPointer { limiter.process($0, lookahead: next) }
      } else {
        values.withUnsafeMutableBufferPointer { limiter.process($0, lookahead: next) }
      }
    }
  }
  return values
}

/// A loop's period repeated until it lasts `measuredSeconds`, as a phone plays it: a loop
/// shorter than BS.1770's 400 ms gating block measured alone reads as silence (-inf LUFS),
/// and one under a few seconds reads unsteadily.
private func playedOnRepeat(_ period: [Float], rate: Int, channels: Int) -> [Float] {
  let wanted = measuredSeconds * rate * channels
  guard !period.isEmpty, period.count < wanted else { return period }
  var values: [Float] = []
  values.reserveCapacity(wanted + period.count)
  while values.count < wanted { values += period }
  return values
}

/// How long a loop is played on repeat to be measured, in seconds.
private let measuredSeconds = 3

/// The loudness of interleaved frames in memory.
private func loudness(of values: [Float], rate: Int64, channels: Int) throws(RenderError)
  -> LoudnessMeasurement
{
  do throws(LoudnessError) {
    return try LoudnessMeter.measure(values, channelCount: channels, sampleRate: Int(rate))
  } catch {
    throw .invalidSetting(error.description)
  }
}

/// The last bar line at or before `limit`, on the score's tempo map and meters
/// (`walkMeterGrid`), or the last note of the meter's value when no whole bar fits.
func lastBarLine(
  before limit: Rational, tempos: [TempoChange], meters: [MeterChange] = []
) -> Rational {
  var lastBar = Rational.zero
  var lastNote = Rational.zero
  walkMeterGrid(tempos: tempos, meters: meters, through: limit) { time, startsBar in
    lastNote = time
    if startsBar { lastBar = time }
  }
  return lastBar > .zero ? lastBar : (lastNote > .zero ? lastNote : limit)
}
