import AudioBasics
import AudioDigest
import Platform
import Rendering
import SampleBank
import ScoreParser
import SoundFile

/// The verdict of comparing an expected (golden) audio file with an actual one, and the lines
/// that explain it to a person: what differs, where, how much.
public struct GoldenComparison: Sendable {
  /// True when the files hold the same samples, or differ by no more than the tolerance.
  public var passed: Bool
  /// The report: a first line (`identical: …`, `within tolerance: …`, `different: …`) and
  /// indented details.
  public var lines: [String]
  /// Doubts about the golden itself: silent or empty files.
  public var warnings: [String]
  /// The first frame where the files differ, if they were compared sample by sample.
  public var firstDifferenceFrame: Int64?
  /// The files' sample rate (the expected file's).
  public var rate: Int
  /// What the comparison measured, as numbers: the facts `lines` states.
  public var measurements = ComparisonMeasurements()
}

/// The numbers behind a comparison's lines.
public struct ComparisonMeasurements: Equatable, Sendable {
  public var expectedRate = 0
  public var actualRate = 0
  public var expectedChannels = 0
  public var actualChannels = 0
  /// Frames each file holds; both 0 when their rates or channels differ (nothing is read).
  public var expectedFrames: Int64 = 0
  public var actualFrames: Int64 = 0
  /// Frames compared (those both hold) and those of them that differ.
  public var framesCompared: Int64 = 0
  public var differingFrames: Int64 = 0
  /// The channel (1-based) of the first difference.
  public var firstDifferenceChannel: Int?
  /// The largest difference between finite values (dBFS) and its first frame; `nil` when none.
  public var largestDifferenceDecibels: Double?
  public var largestDifferenceFrame: Int64?
  /// The RMS of the difference over the frames compared (dBFS); `nil` when none.
  public var differenceRMSDecibels: Double?
  /// Whether either file holds a NaN or an infinity.
  public var holdsNonFinite = false
  /// What a perceptual tolerance measured, when one judged.
  public var perceptual: PerceptualMeasurements?

  public init() {}
}

/// What `--tolerance perceptual` measures: loudness (LUFS) of both, and the worst audible band.
public struct PerceptualMeasurements: Equatable, Sendable {
  public var goldenLUFS: Double
  public var renderLUFS: Double
  /// The render's loudness less the golden's (LU).
  public var differenceLU: Double
  /// The worst audible 1/3-octave band difference (dB), its band's centre (Hz) and its
  /// window's start (seconds); `nil` when no band is audible.
  public var worstBandDecibels: Double?
  public var worstBandHertz: Double?
  public var worstBandSeconds: Double?
}

extension ComparisonMeasurements {
  /// The numbers of a run of the comparison.
  init(_ run: ComparisonRun) {
    let meter = run.meter
    expectedRate = run.expected.sampleRate
    actualRate = run.actual.sampleRate
    expectedChannels = run.expected.channels
    actualChannels = run.actual.channels
    expectedFrames = run.expectedFrames
    actualFrames = run.actualFrames
    framesCompared = meter.framesCompared
    differingFrames = meter.differingFrames
    firstDifferenceChannel = meter.firstDifference.map { $0.channel + 1 }
    if meter.largest.value > 0 {
      largestDifferenceDecibels = Decibels.of(meter.largest.value)
      largestDifferenceFrame = meter.largest.frame
      differenceRMSDecibels = Decibels.of(meter.differenceRMS)
    }
    holdsNonFinite = meter.holdsNonFinite
  }
}

/// The score a comparison explains differences with: the taps sounding at the first
/// difference, planned exactly as a render with these options plans them (the score's own
/// `options` line under them).
public struct ScoreContext: Sendable {
  public var path: String
  /// The caller's options over the score's; polyphony and cut fade decide which taps still
  /// sound.
  public var options: SoundOptions
  public var limits: ParseOptions
  /// How a MIDI score's notes became taps.
  public var midi: MIDIChoices
  public var openBank: BankOpener

  public init(
    path: String, options: SoundOptions = SoundOptions(), limits: ParseOptions = ParseOptions(),
    midi: MIDIChoices = MIDIChoices(), openBank: @escaping BankOpener = defaultBankOpener
  ) {
    self.path = path
    self.options = options
    self.limits = limits
    self.midi = midi
    self.openBank = openBank
  }
}

/// Compares the decoded samples (not the bytes) of `expected` and `actual`.
///
/// `tolerance` (dBFS, such as -90) accepts differences up to that size; `nil` asks for the same
/// samples. `diffOut` receives ACTUAL − EXPECTED as a float WAV. With a `score`, the report
/// names its taps sounding at the first difference. Throws `.soundFile` when a file cannot be
/// read and `.output` when the difference cannot be written.
public func compareGolden(
  expected: String, actual: String, tolerance: GoldenTolerance? = nil,
  diffOut: Destination? = nil, score: ScoreContext? = nil
) throws(RenderError) -> GoldenComparison {
  let readers: (any AudioReading, any AudioReading)
  do {
    readers = (try openAudio(path: expected), try openAudio(path: actual))
  } catch {
    // A checkout without `git lfs pull` holds pointers where the audio should be.
    if FileSystem.isGitLFSPointer(error.path) { throw .gitLFSPointer(path: error.path) }
    throw .soundFile(error)
  }
  return try compareGolden(
    expected: readers.0, actual: readers.1, tolerance: tolerance, diffOut: diffOut, score: score)
}

/// Compares audio already opened, from files or memory (`MemoryAudio`, such as
/// `renderAsWritten`'s): the same verdict and lines as comparing the files, with the readers'
/// paths as their names.
public func compareGolden(
  expected expectedReader: any AudioReading, actual actualReader: any AudioReading,
  tolerance: GoldenTolerance? = nil, diffOut: Destination? = nil, score: ScoreContext? = nil
) throws(RenderError) -> GoldenComparison {
  let readers = (expectedReader, actualReader)
  let (expected, actual) = (expectedReader.path, actualReader.path)
  let peak: Double?
  switch tolerance {
  case .peak(let decibels): peak = decibels
  case .leastSignificantBit:
    // Integer values differ by whole steps: half a step more accepts one step whatever the
    // rounding of the decibel conversion, and never two.
    peak = Decibels.of(1.5 / (readers.0.info.integerWidth ?? .bits16).fullScale)
  case .perceptual, nil: peak = nil
  }
  let lossy = [readers.0, readers.1].filter { $0.info.isLossy }.map(\.path)
  let run = try ComparisonRun(expected: readers.0, actual: readers.1, diffOut: diffOut)
  let report = ComparisonReport(run: run, paths: (expected, actual), tolerance: peak)
  var comparison = GoldenComparison(
    passed: report.passed, lines: report.lines, warnings: report.warnings,
    firstDifferenceFrame: run.meter.firstDifference?.frame, rate: run.rate,
    measurements: ComparisonMeasurements(run))
  if case .perceptual(let loudnessLU, let bandDecibels) = tolerance, !report.passed {
    let names = "'\(expected)' and '\(actual)'"
    guard
      let verdict = perceptualVerdict(
        expected: expected, actual: actual, loudnessLU: loudnessLU, bandDecibels: bandDecibels)
    else {
      comparison.lines.insert("  loudness: cannot be measured for files of different shapes", at: 1)
      return comparison
    }
    comparison.passed = verdict.passed && !run.meter.holdsNonFinite
    comparison.measurements.perceptual = verdict.measurements
    comparison.lines[0] =
      comparison.passed ? "within perceptual tolerance: \(names)" : "different: \(names)"
    comparison.lines.insert("  " + verdict.line, at: 1)
  } else if !lossy.isEmpty && !report.passed {
    comparison.warnings.append(
      "'\(lossy[0])' is lossy: a codec's noise changes every sample; compare it with --tolerance perceptual"
    )
  }
  if let score, let frame = comparison.firstDifferenceFrame {
    comparison.lines.append(soundingLine(score, frame: frame, rate: run.rate))
  }
  return comparison
}

/// A tap of a score that sounds at some frame.
public struct SoundingTap: Equatable, Sendable {
  public var key: String
  /// The score line it was written on, or its MIDI track.
  public var line: Int
  /// Whether `line` is a MIDI track.
  public var lineIsTrack = false
}

/// The taps of the score sounding at `frame` when rendered at `rate`, from the same voice plan
/// a render makes: samples resampled to the rate, voices stopped by the polyphony limit.
public func soundingTaps(at frame: Int64, rate: Int, in context: ScoreContext)
  throws(RenderError) -> [SoundingTap]
{
  var song = try Song(
    file: context.path, options: context.options, limits: context.limits, midi: context.midi,
    openBank: context.openBank)
  let placed: [ScheduledTap]
  do { placed = try schedule(song.score, rate: Int64(rate)) } catch {
    throw .doesNotFit("the score's taps do not fit at \(rate) Hz")
  }
  song.settings.rate = rate
  let plan = try song.plan()
  // Voices are planned from the taps in render order, the order `schedule` gives.
  return zip(plan.mix.voices, placed).compactMap { voice, tap in
    voice.startFrame <= frame && frame < voice.endFrame
      ? SoundingTap(key: tap.tap.key, line: tap.tap.line, lineIsTrack: song.isMIDI) : nil
  }
}

/// `  sounding there: C (line 3), E (line 4)`, or why it cannot say.
private func soundingLine(_ context: ScoreContext, frame: Int64, rate: Int) -> String {
  let prefix = "  sounding there: "
  do {
    let taps = try soundingTaps(at: frame, rate: rate, in: context)
    if taps.isEmpty { return prefix + "no tap of '\(context.path)'" }
    return prefix
      + taps.map { "\($0.key) (\($0.lineIsTrack ? "track" : "line") \($0.line))" }.joined(
        separator: ", ")
  } catch {
    return prefix + "unknown (\(error))"
  }
}
