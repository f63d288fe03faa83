import CommandLineOptions
import MIDIFile
import Platform
import SampleBank
import ScoreParser

/// A score ready to render: its taps, how it should sound (its own `options` line, then the
/// command line over it), and the bank that plays it.
public struct PreparedScore: Sendable {
  public var loaded: LoadedScore
  public var choices: SoundChoices
  public var bank: any SampleBank
}

/// Opens a bank folder (`nil`: the built-in xylophone); a front end may wrap it.
public typealias BankOpener = @Sendable (BankChoice) throws(RenderError) -> any SampleBank

/// `openBank(_:)` as a `BankOpener`.
public let defaultBankOpener: BankOpener = { (choice) throws(RenderError) in
  try openBank(choice)
}

/// Reads the score at `path` with the sound its `options` line asks for, overridden by
/// `commandLine` (options already checked by the caller): the bank of the result plays it.
///
/// A score whose `options` name a bank is read a second time with that bank's titles, so its
/// keys are checked against the bank that will play them.
package func prepareScore(
  at path: String, commandLine: ParsedArguments, limits: ParseOptions, midi: MIDIChoices,
  openBank: BankOpener = defaultBankOpener
) throws(RenderError) -> PreparedScore {
  let bytes = try readScoreFile(path)
  let name = displayPath(path)
  var fromCommandLine = SoundChoices()
  do { try SoundOptions.apply(commandLine, to: &fromCommandLine) } catch {
    throw .invalidSetting(error.message)
  }
  var options = limits
  if isMIDI(path: path, bytes: bytes) {
    let bank = try openBank(fromCommandLine.bank)
    options.keys = bank.titles
    return PreparedScore(
      loaded: try loadedMIDI(bytes, path: name, options: options, midi: midi),
      choices: fromCommandLine, bank: bank)
  }
  var bank = try openBank(fromCommandLine.bank)
  options.keys = bank.titles
  var result = parseScore(bytes, options: options)
  var choices = SoundChoices()
  if !result.options.isEmpty {
    let folder = Path.deletingLastComponent(path)
    try applyScoreOptions(
      result.options, to: &choices, relativeTo: path == "-" ? nil : (folder.isEmpty ? "." : folder),
      bytes: bytes, path: name)
    do { try SoundOptions.apply(commandLine, to: &choices) } catch {
      throw .invalidSetting(error.message)
    }
    if choices.bank != fromCommandLine.bank {
      bank = try openBank(choices.bank)
      options.keys = bank.titles
      result = parseScore(bytes, options: options)
    }
  } else {
    choices = fromCommandLine
  }
  guard let score = result.score else {
    let lines = sourceLines(bytes, numbers: Set(result.diagnostics.map(\.line)))
    throw .score(path: name, diagnostics: result.diagnostics, sourceLines: lines)
  }
  return PreparedScore(
    loaded: LoadedScore(score: score, notes: [], isMIDI: false), choices: choices, bank: bank)
}

/// Applies a score's `options` words; a word that is not a sound option, or a bad value, is a
/// score error at its column.
private func applyScoreOptions(
  _ words: [ScoreOptionWord], to choices: inout SoundChoices, relativeTo folder: String?,
  bytes: [UInt8], path: String
) throws(RenderError) {
  do throws(UsageError) {
    let parsed = try parseArguments(words.map(\.text), options: ScoreOptions.specs)
    if let stray = parsed.positionals.first {
      throw UsageError("'\(stray)' is not an option; an options line holds only options")
    }
    try SoundOptions.apply(parsed, to: &choices, relativeTo: folder)
  } catch {
    let word = words.first { error.message.contains("'\($0.text)'") } ?? words[0]
    let diagnostic = Diagnostic(
      .error, line: word.line, column: word.column, length: word.length,
      message: "in options: \(error.message)")
    throw .score(
      path: path, diagnostics: [diagnostic],
      sourceLines: sourceLines(bytes, numbers: [word.line]))
  }
}

/// The options a score's `options` line may hold: those that shape the sound or the format.
package enum ScoreOptions {
  package static let specs = SoundOptions.specs + SoundOptions.goldenSpecs
}
