import Platform
import Rendering
import SampleBank

/// `--bank DIR` and `--max-sample-seconds S`, for commands that read keys but make no sound.
struct BankOption {
  var choice: BankChoice

  init(_ arguments: ParsedOptions) throws(OptionError) {
    choice = try SoundOptions(reading: arguments).bankChoice
  }

  /// The bank, with decoders' own warnings kept off the terminal and its own (an SFZ's
  /// unsupported opcodes) printed; `nil` after printing why it cannot be opened.
  func open(console: Console) -> (any SampleBank)? {
    do {
      let bank = try QuietBank.opener(choice)
      for warning in bank.warnings { console.warning(displayText(warning, limit: 300)) }
      return bank
    } catch {
      console.error(error.description)
      return nil
    }
  }
}

/// A bank whose decoding runs with standard error silenced: decoders that libsndfile loads
/// (libmpg123) print warnings of their own on hostile input, which would break our one-line
/// messages. Only the front end does this; the libraries leave the process's streams alone.
struct QuietBank: SampleBank {
  let bank: any SampleBank

  init(_ bank: any SampleBank) {
    self.bank = bank
  }

  var titles: [String] { bank.titles }

  /// Opens banks quietly, for the library's functions that open them.
  static let opener: BankOpener = { (choice) throws(RenderError) in
    QuietBank(try openBank(choice))
  }

  /// Opens banks quietly, a small folder starting to load its keys at once
  /// (`PreloadingBank`): for commands that render what they read.
  static let preloadingOpener: BankOpener = { (choice) throws(RenderError) in
    QuietBank(PreloadingBank.wrapping(try openBank(choice)))
  }

  func sample(for title: String) throws(BankError) -> DecodedSample {
    try quietly { () throws(BankError) in try bank.sample(for: title) }
  }

  func info(for title: String) throws(BankError) -> SampleInfo {
    try quietly { () throws(BankError) in try bank.info(for: title) }
  }

  func strikeLayer(forGain gain: Double) -> Int { bank.strikeLayer(forGain: gain) }

  func strikeLayer(for title: String, gain: Double, turn: Int) -> Int {
    bank.strikeLayer(for: title, gain: gain, turn: turn)
  }

  func roundRobinLength(for title: String) -> Int { bank.roundRobinLength(for: title) }

  func level(forGain gain: Double, title: String, strikeLayer: Int) -> Double {
    bank.level(forGain: gain, title: title, strikeLayer: strikeLayer)
  }

  var warnings: [String] { bank.warnings }

  var definitionFiles: [String] { bank.definitionFiles }

  var soundFontPreset: SF2Preset? { bank.soundFontPreset }

  var soundFontPresets: [SF2Preset] { bank.soundFontPresets }

  func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample {
    try quietly { () throws(BankError) in try bank.sample(for: title, strikeLayer: strikeLayer) }
  }

  func resampling(_ title: String, strikeLayer: Int, to rate: Int) -> ResampledPlanes? {
    FileSystem.withStandardErrorSilenced {
      bank.resampling(title, strikeLayer: strikeLayer, to: rate)
    }
  }
}

/// Runs `body` with standard error silenced, passing its typed error on.
private func quietly<Value>(_ body: () throws(BankError) -> Value) throws(BankError) -> Value {
  let outcome: Result<Value, BankError> = FileSystem.withStandardErrorSilenced {
    do throws(BankError) {
      return .success(try body())
    } catch {
      return .failure(error)
    }
  }
  return try outcome.get()
}
