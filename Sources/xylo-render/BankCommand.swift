import Mixer
import Platform
import SampleBank
import SoundFile

/// `xylo-render bank export DIR`: writes the built-in bank as `<title>.wav`, 48 kHz 24-bit.
enum BankCommand {
  static let command = Command(
    name: "bank", options: [OptionSpec(name: "--quiet", takesValue: false)],
    usage: Help.bankUsage, help: Help.bank, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    guard arguments.positionals.first == "export", arguments.positionals.count == 2 else {
      let reason =
        arguments.positionals.first.map {
          $0 == "export" ? "missing DIR" : "unknown bank action '\($0)'"
        }
        ?? "missing action; the bank command has 'export DIR'"
      console.error(usageError: reason, usage: Help.bankUsage)
      return .usage
    }
    let folder = arguments.positionals[1]
    do {
      try FileSystem.createDirectories(folder)
    } catch {
      console.error("cannot write '\(error.path)': \(error.reason)")
      return .failure
    }
    let bank = BuiltInBank()
    for title in bank.titles {
      let path = Path.join(folder, "\(title).wav")
      do {
        try export(try bank.sample(for: title), to: path)
      } catch let error as OutputError {
        console.error(error.description)
        return .failure
      } catch let error as SoundFileError {
        console.error("cannot write '\(path)': \(error.reason)")
        return .failure
      } catch {
        console.error("cannot write '\(path)': \(error)")
        return .failure
      }
    }
    if !arguments.flags.contains("--quiet") {
      console.err("wrote \(bank.titles.count) keys to '\(folder)' as 48 kHz 24-bit WAV")
    }
    return .success
  }

  /// Writes one key exactly: its values already sit on the 24-bit grid.
  private static func export(_ sample: DecodedSample, to path: String) throws {
    let target = try OutputTarget(destination: path)
    let format = try OutputFormat.make(container: .wav, encoding: .pcm24).get()
    let writer = try SoundFileWriter(
      path: target.temporaryPath, format: format, sampleRate: sample.sampleRate,
      channels: sample.channels,
      tags: Tags(title: sample.title, comment: "xylo-render built-in xylophone"))
    var quantizer = Quantizer(fullScale: 8_388_608, dither: nil)
    var ints = [Int32](repeating: 0, count: sample.values.count)
    sample.values.withUnsafeBufferPointer { input in
      ints.withUnsafeMutableBufferPointer { quantizer.quantize(input, firstIndex: 0, into: $0) }
    }
    try ints.withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    try verifyWrittenFile(
      path: target.temporaryPath, sampleRate: sample.sampleRate, channels: sample.channels,
      frameCount: Int64(sample.frameCount), exactLength: true)
    try target.commit()
  }
}
