import MIDIFile
import Notation
import Platform
import SampleBank
import ScoreParser
import Settings

/// A score read and ready to render: its taps, the settings it renders with, and the bank that
/// plays it. The settings follow one rule: what the caller sets explicitly over the score's own
/// `options` line over the defaults (`SoundOptions.overridden(by:)`); the command line is such
/// a caller, so the library and the tool render the same score to the same bytes.
public struct Song: Sendable {
  public var score: Score
  /// The sound options in force: the caller's over the score's.
  public var options: SoundOptions
  /// How the song renders: `options.settings`, which the caller may change further (threads,
  /// block size, the output's format) before rendering.
  public var settings: RenderSettings
  /// The bank the options name, opened; the score's keys were checked against its titles.
  public var bank: any SampleBank
  /// One-line notes about what reading changed (MIDI drums left out, notes moved by octaves).
  public var notes: [String]
  /// The same for a MIDI file, in numbers (nil for score text).
  public var midiCounts: MIDINoteCounts?
  /// What the file gets wrong that reading tolerated: a MIDI header's misstated track count,
  /// bytes after the last chunk, each at its byte offset.
  public var warnings: [String]
  /// What the score text gets wrong without being unplayable (a bar line mid-bar), with the
  /// source lines they stand on, to print as a compiler prints warnings.
  public var scoreWarnings: [Diagnostic] = []
  public var scoreWarningLines: [Int: String] = [:]
  /// What the bank ignores of itself, each naming its file and line (an SFZ's unsupported
  /// opcodes), listed once when the bank is opened.
  public var bankWarnings: [String] { bank.warnings }
  /// Whether the file was MIDI or notation: its taps' `line` is then the track (part),
  /// `column` the channel (voice).
  public var isMIDI: Bool
  /// The notation the file was in (MusicXML, ABC); `nil` for score text and MIDI.
  public var notation: NotationFormat?
  /// The file the score was read from (`-` for standard input); a render never writes over it.
  public var path: String?
  /// The MIDI or notation file as read, when the song was made keeping it (`songInfo`).
  package var noteFile: NoteFile?

  /// Reads the score at `path` (`-` reads standard input): score text, or a Standard MIDI File
  /// when its name ends in `.mid` or `.midi` or it starts with `MThd`.
  ///
  /// `options` are the caller's explicit settings, over the score's `options` line; `limits`
  /// bound the score; `midi` says how a MIDI file's notes become taps and how fast any song
  /// plays (`changeTempo(_:limit:)`); `openBank` opens the
  /// bank the options name. A score whose `options` name a bank is read a second time with
  /// that bank's titles, so its keys are checked against the bank that will play them.
  public init(
    file path: String, options: SoundOptions = SoundOptions(),
    limits: ParseOptions = ParseOptions(),
    midi: MIDIChoices = MIDIChoices(), openBank: BankOpener = defaultBankOpener
  ) throws(RenderError) {
    try self.init(
      file: path, options: options, limits: limits, midi: midi, openBank: openBank,
      keepingNoteFile: false)
  }

  /// `init(file:...)`, keeping a MIDI or notation file as read in `noteFile` when asked.
  package init(
    file path: String, options: SoundOptions, limits: ParseOptions, midi: MIDIChoices,
    openBank: BankOpener, keepingNoteFile: Bool
  ) throws(RenderError) {
    let bytes = try readScoreFile(path)
    let name = displayPath(path)
    let folder = path == "-" ? nil : Path.deletingLastComponent(path)
    try self.init(
      bytes: bytes, name: name, isMIDI: isNoteFile(path: path, bytes: bytes),
      scoreFolder: folder.map { $0.isEmpty ? "." : $0 }, options: options, limits: limits,
      midi: midi, openBank: openBank, keepingNoteFile: keepingNoteFile)
    self.path = path
    if let tempo = midi.tempo { try changeTempo(tempo, limit: limits.maxDuration) }
  }

  /// Reads score text held in memory; `name` names it in diagnostics. A relative `--bank` in
  /// its `options` line is taken from the working directory.
  public init(
    text: String, name: String = "<text>", options: SoundOptions = SoundOptions(),
    limits: ParseOptions = ParseOptions(), openBank: BankOpener = defaultBankOpener
  ) throws(RenderError) {
    try self.init(
      bytes: Array(text.utf8), name: name, isMIDI: false, scoreFolder: nil, options: options,
      limits: limits, midi: MIDIChoices(), openBank: openBank, keepingNoteFile: false)
  }

  private init(
    bytes: [UInt8], name: String, isMIDI: Bool, scoreFolder: String?,
    options explicit: SoundOptions,
    limits: ParseOptions, midi: MIDIChoices, openBank: BankOpener, keepingNoteFile: Bool
  ) throws(RenderError) {
    do { try explicit.checkLengths(limit: limits.maxDuration) } catch {
      throw .invalidSetting(error.message)
    }
    var parsing = limits
    var bank = try openBank(explicit.bankChoice)
    parsing.keys = bank.titles
    if isMIDI {
      var loaded = try loadedMIDI(
        bytes, path: name, options: parsing, midi: midi, keepingNoteFile: keepingNoteFile)
      var options = explicit
      // A SoundFont with no --preset plays the preset the file's program changes choose.
      if explicit.preset == nil, let path = explicit.bank, !bank.soundFontPresets.isEmpty {
        let choice = programChoice(
          loaded.programCounts, presets: bank.soundFontPresets, bankName: Path.lastComponent(path))
        if let preset = choice.preset {
          options.preset = preset
          let playing = bank.soundFontPreset.map {
            PresetNumber(bank: $0.bank, program: $0.program)
          }
          if playing != preset {
            bank = try openBank(options.bankChoice)
            parsing.keys = bank.titles
            loaded = try loadedMIDI(
              bytes, path: name, options: parsing, midi: midi, keepingNoteFile: keepingNoteFile)
          }
        }
        loaded.notes += choice.notes
        loaded.warnings += choice.warnings
      }
      self.init(loaded, options: options, bank: bank)
      return
    }
    // Score text may also name pitches the bank lacks, which its voices are moved onto it by.
    parsing.keys = scoreTitles(bank)
    var result = parseScore(bytes, options: parsing)
    var options = explicit
    if !result.options.isEmpty {
      do throws(ScoreOptionsError) {
        options = try SoundOptions(
          scoreLine: result.options, relativeTo: scoreFolder, limit: limits.maxDuration,
          overriddenBy: explicit
        ).overridden(by: explicit)
      } catch {
        throw .score(
          path: name, diagnostics: [error.diagnostic],
          sourceLines: sourceLines(bytes, numbers: [error.diagnostic.line]))
      }
      if options.bankChoice != explicit.bankChoice {
        bank = try openBank(options.bankChoice)
        parsing.keys = scoreTitles(bank)
        result.score = nil  // its taps let go before the second reading, not after
        result = parseScore(bytes, options: parsing)
      }
    }
    guard var score = result.score else {
      let lines = sourceLines(bytes, numbers: Set(result.diagnostics.map(\.line)))
      throw .score(path: name, diagnostics: result.diagnostics, sourceLines: lines)
    }
    var notes: [String] = []
    if let placed = try placedVoices(score, bank: bank, midi: midi, bytes: bytes, name: name) {
      score = placed.score
      notes = describe(placed)
    }
    self.init(LoadedScore(score: score, notes: notes, isMIDI: false), options: options, bank: bank)
    scoreWarnings = result.diagnostics.filter { $0.severity == .warning }
    if !scoreWarnings.isEmpty {
      scoreWarningLines = sourceLines(bytes, numbers: Set(scoreWarnings.map(\.line)))
    }
  }

  private init(_ loaded: LoadedScore, options: SoundOptions, bank: any SampleBank) {
    score = loaded.score
    self.options = options
    settings = options.settings
    self.bank = bank
    notes = loaded.notes
    midiCounts = loaded.midiCounts
    warnings = loaded.warnings
    isMIDI = loaded.isMIDI
    notation = loaded.notation
    noteFile = loaded.noteFile
  }
}

/// Opens the bank a choice names (`nil` path: the built-in xylophone); a front end may wrap it.
public typealias BankOpener = @Sendable (BankChoice) throws(RenderError) -> any SampleBank

/// `openBank(_:)` as a `BankOpener`.
public let defaultBankOpener: BankOpener = { (choice) throws(RenderError) in
  try openBank(choice)
}

/// `openBank(_:)` with a small folder starting to load its keys at once, while the score is
/// still read (`PreloadingBank`): for a song that is read to be rendered, as `xylo-render
/// render` reads it. The output is the same bytes.
public let preloadingBankOpener: BankOpener = { (choice) throws(RenderError) in
  PreloadingBank.wrapping(try openBank(choice))
}

extension Song {
  /// The song's voices with their samples, at its settings: what every render starts from.
  public func plan() throws(RenderError) -> RenderPlan {
    try RenderPlan(score: score, bank: bank, settings: settings, scorePath: path)
  }

  /// Renders the song to `destination` as `file` (by default, what its name says: WAV for
  /// standard output), with the encoding the options ask for: `xylo-render render`.
  public func render(
    to destination: Destination, as file: OutputFile? = nil, progress: ProgressHandler? = nil
  ) throws(RenderError) -> RenderSummary {
    try Rendering.render(
      writing(to: destination, as: file).plan(), to: destination, progress: progress)
  }

  /// The song with its settings made to write `destination` as `file` (by default, what its
  /// name says), with the encoding the options ask for.
  func writing(to destination: Destination, as file: OutputFile?) throws(RenderError) -> Song {
    var song = self
    do throws(OptionError) {
      let output: OutputFile
      if let file {
        output = file
      } else {
        output = try OutputFile(path: destination.pathForFormat)
      }
      try song.settings.write(output, encoding: options.encoding)
    } catch {
      throw .invalidSetting(error.message)
    }
    return song
  }

  /// Streams the song's finished float frames to `body` a block at a time, in order
  /// (`render(_:progress:eachBlock:)`): memory does not grow with the song.
  @discardableResult
  public func render(
    progress: ProgressHandler? = nil,
    eachBlock body: (_ values: UnsafeBufferPointer<Float>, _ firstFrame: Int64)
      throws(RenderError) -> Void
  ) throws(RenderError) -> LoudnessResult? {
    try Rendering.render(plan(), progress: progress, eachBlock: body)
  }

  /// Renders the song into memory: finished float frames, before any conversion to integers.
  public func render(progress: ProgressHandler? = nil) throws(RenderError) -> RenderedAudio {
    try Rendering.render(plan(), progress: progress)
  }
}
