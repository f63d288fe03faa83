import AudioBasics
import Drawing
import Mixer
import Rendering
import SampleBank
import ScoreParser
import SoundFile

/// A key the page draws and plays.
struct PageKey {
  var drawn: DrawnKey
  /// The bank's title a press plays (the score's name for the key), and its sample as 16-bit
  /// FLAC at the page's rate and channels; `nil` when the bank has no sample for the key.
  var plays: String?
  var flac: [UInt8]?
  /// The linear level a press plays it at: the bank's level for a full tap, times the render's
  /// gain.
  var level: Double
  /// The sample's highest absolute value at `level` 1.
  var peak: Double = 0
  /// The gain the song's level gave the key over a plain render's (`leveled(by:ceiling:)`):
  /// a tapped score writes it on each of the key's taps (`C*1.995`), so rendering that score
  /// plays the taps as loud as the page did.
  var tapGain = 1.0
  /// The keyboard keys that press it: its number (1 to 9), and its title when that is one
  /// letter (`C`).
  var shortcuts: [String]
}

/// The page's keys: the bars a video draws (`instrumentKeys`), each with the sample the
/// render's bank plays for a full tap on it, loaded as a render loads its samples (a
/// `RenderPlan` of one tap a key: the same strike layer, level, rate and channels as `plan`).
/// Also the arrangement, and the bar each of `plan`'s samples strikes.
func pageKeys(_ plan: RenderPlan, bank: any SampleBank) throws(RenderError) -> (
  keys: [PageKey], arrangement: KeyArrangement, barOfSample: [Int?]
) {
  let (drawn, arrangement, barOfSample) = instrumentKeys(plan)
  let titles = Set(bank.titles)
  // A drawn key plays its own title, or the title the song plays it by (`C6` drawn for `C`).
  let playedTitle = Dictionary(
    plan.keys.compactMap { title in midiNote(ofTitle: title).map { ($0, title) } }
  ) { first, _ in first }
  let titleOfKey = drawn.map { key in
    titles.contains(key.title) ? key.title : playedTitle[key.midiNote]
  }
  let wanted = Array(Set(titleOfKey.compactMap { $0 })).sorted()
  var settings = RenderSettings()
  settings.rate = plan.rate
  settings.channels = plan.channels
  settings.length = .natural(tail: .zero)
  settings.jobs = plan.settings.jobs
  let taps = wanted.enumerated().map { index, title in
    Tap(time: .zero, key: title, gain: 1, line: 1, column: index + 1, sequence: index)
  }
  let samples = try RenderPlan(
    score: Score(taps: taps, duration: .zero), bank: bank, settings: settings)
  // One voice a tap, in the taps' order (all on frame 0, so in text order).
  var byTitle: [String: (flac: [UInt8], level: Double, peak: Double)] = [:]
  for (index, voice) in samples.mix.voices.enumerated() {
    let sample = samples.mix.samples[voice.sampleIndex]
    byTitle[wanted[index]] = (
      try flacBytes(sample.values, rate: plan.rate, channels: plan.channels),
      Double(voice.gain) * Double(plan.finishing.gain),
      Double(sample.values.reduce(0) { max($0, abs($1)) })
    )
  }
  let keys = drawn.enumerated().map { index, key in
    let sample = titleOfKey[index].flatMap { byTitle[$0] }
    var shortcuts = index < 9 ? [String(index + 1)] : []
    if key.title.count == 1, key.title.first?.isLetter == true { shortcuts.append(key.title) }
    return PageKey(
      drawn: key, plays: sample == nil ? nil : titleOfKey[index], flac: sample?.flac,
      level: sample?.level ?? 0, peak: sample?.peak ?? 0, shortcuts: shortcuts)
  }
  return (keys, arrangement, barOfSample)
}

extension PageKey {
  /// The key as loud as the song plays it: at the gain a loudness target gave the song, and
  /// no louder than `ceiling` dB at its own peak, as the song's limiter holds the song's.
  func leveled(by loudness: LoudnessResult?, ceiling: Double?) -> PageKey {
    guard let loudness else { return self }
    var key = self
    key.tapGain = Decibels.linear(loudness.gainDecibels)
    if let ceiling, key.peak * level * key.tapGain > Decibels.linear(ceiling) {
      key.tapGain = Decibels.linear(ceiling) / (key.peak * level)
    }
    key.level = level * key.tapGain
    return key
  }
}

/// `values` (interleaved floats) as a 16-bit FLAC file in memory, rounded and clipped as a
/// render rounds them (`Quantizer`), without dither.
private func flacBytes(_ values: [Float], rate: Int, channels: Int) throws(RenderError)
  -> [UInt8]
{
  var quantizer = Quantizer(width: .bits16, dither: nil)
  var integers = [Int16](repeating: 0, count: values.count)
  values.withUnsafeBufferPointer { input in
    integers.withUnsafeMutableBufferPointer { output in
      quantizer.quantize(input, firstIndex: 0, into: output)
    }
  }
  let file = MemoryFile()
  guard case .success(let format) = OutputFormat.make(container: .flac, encoding: .pcm16) else {
    preconditionFailure("FLAC holds 16-bit values")
  }
  do throws(SoundFileError) {
    let writer = try SoundFileWriter(
      writingTo: file, name: "key sample", format: format, sampleRate: rate, channels: channels)
    try integers.withUnsafeBufferPointer { (buffer) throws(SoundFileError) in
      try writer.write(buffer)
    }
    try writer.close()
  } catch {
    throw .invalidSetting("cannot encode a key's sample as FLAC: \(error.reason)")
  }
  return file.bytes
}

/// A file's bytes held in memory, each write placed at its offset.
private final class MemoryFile: ByteDestination {
  private(set) var bytes: [UInt8] = []

  func write(_ written: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
    let start = Int(offset)
    if bytes.count < start + written.count {
      bytes += [UInt8](repeating: 0, count: start + written.count - bytes.count)
    }
    bytes.replaceSubrange(start..<(start + written.count), with: written)
    return true
  }
}
