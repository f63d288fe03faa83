import AudioBasics
import Mixer
import Platform
import SampleBank
import ScoreParser
import Settings
import SoundFile

/// The bank `choice` names; a folder's file names become keys by the score language's title
/// rule.
public func openBank(_ choice: BankChoice = BankChoice()) throws(RenderError) -> any SampleBank {
  guard let path = choice.path else { return BuiltInBank(mallet: choice.mallet ?? .hard) }
  guard choice.mallet == nil else {
    throw .invalidSetting(
      "--mallet plays the built-in xylophone; the samples of --bank '\(displayText(path))' keep their sound"
    )
  }
  do {
    if Path.fileExtension(path).lowercased() == "sfz" && FileSystem.kind(of: path) != .directory {
      return try SFZBank(path: path, maximumSampleSeconds: choice.maximumSampleSeconds)
    }
    return try DirectoryBank(
      path: path, maximumSampleSeconds: choice.maximumSampleSeconds, isKeyTitle: isKeyTitle)
  } catch {
    throw .bank(error)
  }
}

/// Writes every key of the built-in bank to `folder` as `<title>.wav` (48 kHz, 24-bit, exact:
/// the values already sit on the 24-bit grid), creating the folder if needed. Returns how
/// many keys were written.
@discardableResult
public func exportBuiltInBank(to folder: String) throws(RenderError) -> Int {
  do {
    try FileSystem.createDirectories(folder)
  } catch {
    throw .output(OutputError(path: error.path, reason: error.reason))
  }
  let bank = BuiltInBank()
  for title in bank.titles {
    let path = Path.join(folder, "\(title).wav")
    let sample: DecodedSample
    do { sample = try bank.sample(for: title) } catch { throw .bank(error) }
    try export(sample, to: path)
  }
  return bank.titles.count
}

private func export(_ sample: DecodedSample, to path: String) throws(RenderError) {
  let target: OutputTarget
  do { target = try OutputTarget(.file(path)) } catch { throw .output(error) }
  guard case .success(let format) = OutputFormat.make(container: .wav, encoding: .pcm24) else {
    preconditionFailure("a WAV holds 24-bit samples")
  }
  var quantizer = Quantizer(width: .bits24, dither: nil)
  var ints = [Int32](repeating: 0, count: sample.values.count)
  sample.values.withUnsafeBufferPointer { input in
    ints.withUnsafeMutableBufferPointer { quantizer.quantize(input, firstIndex: 0, into: $0) }
  }
  do throws(SoundFileError) {
    let writer = try SoundFileWriter(
      path: target.temporaryPath, format: format, sampleRate: sample.sampleRate,
      channels: sample.channels,
      tags: Tags(title: sample.title, comment: "xylo-render built-in xylophone"))
    try ints.withUnsafeBufferPointer { (values) throws(SoundFileError) in try writer.write(values) }
    try writer.close()
    try verifyWrittenFile(
      path: target.temporaryPath, sampleRate: sample.sampleRate, channels: sample.channels,
      frameCount: Int64(sample.frameCount), exactLength: true)
  } catch {
    throw .output(OutputError(path: path, reason: error.reason))
  }
  do { try target.commit() } catch { throw .output(error) }
}
