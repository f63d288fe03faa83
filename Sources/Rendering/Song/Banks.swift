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
  let isSoundFont = isSoundFontFile(path)
  if let preset = choice.preset, !isSoundFont {
    throw .invalidSetting(
      "--preset \(preset.text) chooses a preset of a SoundFont; --bank '\(displayText(path))' is "
        + "not a .sf2 file")
  }
  do {
    if isSoundFont {
      return try SF2Bank(
        path: path, bank: choice.preset?.bank ?? 0, program: choice.preset?.program,
        maximumSampleSeconds: choice.maximumSampleSeconds)
    }
    if Path.fileExtension(path).lowercased() == "sfz" && FileSystem.kind(of: path) != .directory {
      return try SFZBank(path: path, maximumSampleSeconds: choice.maximumSampleSeconds)
    }
    return try DirectoryBank(
      path: path, maximumSampleSeconds: choice.maximumSampleSeconds, isKeyTitle: isKeyTitle)
  } catch {
    throw .bank(error)
  }
}

/// Whether `path` is a SoundFont: a file named `.sf2` or `.sf3`, or one that starts as one
/// (`RIFF` … `sfbk`).
public func isSoundFontFile(_ path: String) -> Bool {
  guard FileSystem.kind(of: path) == .file else { return false }
  if ["sf2", "sf3"].contains(Path.fileExtension(path).lowercased()) { return true }
  guard let start = FileSystem.prefix(of: path, count: 12), start.count == 12 else { return false }
  return start[0..<4].elementsEqual("RIFF".utf8) && start[8..<12].elementsEqual("sfbk".utf8)
}

/// What `exportBuiltInBank(to:)` wrote.
public struct BankExport: Equatable, Sendable {
  /// Plain `<title>.wav` files, one full-strength strike per key.
  public var keyCount: Int
  /// The SFZ instrument with every strike layer; `--bank` on it renders every tap exactly as
  /// the built-in bank does.
  public var instrumentPath: String
  /// Its samples: every key of F4-C8 at every strike layer.
  public var layerSampleCount: Int
}

/// Writes the built-in bank to `folder`, creating it if needed: `<title>.wav` for every key
/// (full strength, 48 kHz, 24-bit, exact: the values already sit on the 24-bit grid), and
/// `xylophone.sfz` with `layers/<note>-<layer>.wav` for every key and strike layer.
@discardableResult
public func exportBuiltInBank(to folder: String) throws(RenderError) -> BankExport {
  let layers = Path.join(folder, "layers")
  do {
    try FileSystem.createDirectories(layers)
  } catch {
    throw .output(OutputError(path: error.path, reason: error.reason))
  }
  let bank = BuiltInBank()
  for title in bank.titles {
    let sample: DecodedSample
    do { sample = try bank.sample(for: title) } catch { throw .bank(error) }
    try export(sample, to: Path.join(folder, "\(title).wav"))
  }
  let instrument = BuiltInInstrument()
  for region in instrument.regions {
    let sample: DecodedSample
    do {
      sample = try bank.sample(for: NoteName.name(of: region.note), strikeLayer: region.layer)
    } catch { throw .bank(error) }
    try export(sample, to: Path.join(layers, region.sampleName))
  }
  let instrumentPath = Path.join(folder, "xylophone.sfz")
  try writeAtomically(
    Array(instrument.text.utf8), to: .file(instrumentPath), inputs: [], check: { _ in true })
  return BankExport(
    keyCount: bank.titles.count, instrumentPath: instrumentPath,
    layerSampleCount: instrument.regions.count)
}

/// The built-in bank as an SFZ instrument: one region per key and strike layer, its
/// velocities the layer's (`StrikeLayers.lowestVelocity`), unpitched, at the tap's gain.
struct BuiltInInstrument {
  struct Region {
    var note: Int
    var layer: Int
    var sampleName: String { "\(note)-\(layer < 10 ? "0" : "")\(layer).wav" }
  }

  let regions: [Region] = BuiltInBank.notes.flatMap { note in
    (0..<BuiltInBank.strikeLayerCount).map { Region(note: note, layer: $0) }
  }

  var text: String {
    var lines = [
      "// The built-in xylophone of xylo-render (hard mallet), written by `xylo-render bank",
      "// export`. A tap's velocity is 127 x its gain (at least 1); the velocity picks the",
      "// strike layer, the gain sets the level (amp_veltrack=100). Rendered with",
      "// `--bank xylophone.sfz`, every tap sounds exactly as with the built-in bank.",
      "<control> default_path=layers/",
      "<global> amp_veltrack=100",
    ]
    for layer in 0..<BuiltInBank.strikeLayerCount {
      let (low, high) = BuiltInBank.velocities(ofStrikeLayer: layer)
      lines.append("")
      lines.append("<group> lovel=\(low) hivel=\(high) // \(-3 * layer) dB")
      for region in regions where region.layer == layer {
        lines.append("<region> key=\(region.note) sample=\(region.sampleName)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
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
