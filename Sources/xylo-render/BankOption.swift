import CommandLineOptions
import Platform
import Rendering
import SampleBank

/// `--bank DIR` and `--max-sample-seconds S`, shared by every command that reads keys; commands
/// that make sound also take `--mallet` and `--room` (`soundHelp`).
struct BankOption {
  var choice: BankChoice

  static let specs = [
    OptionSpec("--bank", takesValue: true),
    OptionSpec("--max-sample-seconds", takesValue: true),
  ]

  /// The options of commands that make sound: the mallet and the room.
  static let soundHelp = """
      --mallet soft|medium|hard
                              The built-in xylophone's mallet: rubber, plastic or hard heads
                              (default: hard)
      --room none|small|hall  Play in a room: a stereo reverb whose tail extends the output
                              (default: none)
    """

  static let help = """
      --bank DIR              Take key samples from DIR/<title>.<ext> (wav, flac, aiff, ...)
      --max-sample-seconds S  Refuse bank samples longer than S seconds (default: 600)
    """

  init(_ arguments: ParsedArguments) throws(UsageError) {
    var choices = SoundChoices()
    try SoundOptions.apply(arguments, to: &choices)
    choice = choices.bank
  }

  /// The bank, with decoders' own warnings kept off the terminal; `nil` after printing why it
  /// cannot be opened.
  func open(console: Console) -> (any SampleBank)? {
    do {
      return try QuietBank.opener(choice)
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

  func sample(for title: String) throws(BankError) -> DecodedSample {
    try quietly { () throws(BankError) in try bank.sample(for: title) }
  }

  func info(for title: String) throws(BankError) -> SampleInfo {
    try quietly { () throws(BankError) in try bank.info(for: title) }
  }

  func strikeLayer(forGain gain: Double) -> Int { bank.strikeLayer(forGain: gain) }

  func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample {
    try quietly { () throws(BankError) in try bank.sample(for: title, strikeLayer: strikeLayer) }
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
