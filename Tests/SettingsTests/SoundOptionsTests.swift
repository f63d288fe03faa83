import Mixer
import ScoreParser
import Settings
import Testing

/// One precedence rule: what the caller sets over the score's `options` line over the defaults.
@Suite struct SoundOptionsTests {
  private func words(_ texts: String...) -> [ScoreOptionWord] { words(texts) }

  private func words(_ texts: [String]) -> [ScoreOptionWord] {
    var column = 9  // after "options "
    return texts.map { text in
      defer { column += text.count + 1 }
      return ScoreOptionWord(text: text, line: 1, column: column, length: text.count)
    }
  }

  @Test func theCallersOptionsWinFieldByFieldAndTheScoresFillTheRest() throws {
    let score = try SoundOptions(
      scoreLine: words("--rate", "44100", "--loudness", "-16", "--room", "small"), relativeTo: nil)
    let caller = SoundOptions(level: .gain(decibels: -3), polyphony: 1)
    let merged = score.overridden(by: caller)
    #expect(merged.rate == 44_100)
    #expect(merged.room == .small)
    #expect(merged.level == .gain(decibels: -3))
    #expect(merged.polyphony == 1)
    let settings = merged.settings
    #expect(settings.rate == 44_100 && settings.room == .small && settings.polyphony == 1)
    #expect(settings.length == .untilDecayed)  // set by neither: the default
  }

  @Test(arguments: [
    (["--tail", "auto"], RenderSettings.Length.untilDecayed),
    (["--tail", "0"], .natural(tail: .zero)),
    (["--tail=1/2"], .natural(tail: Rational(1, 2) ?? .zero)),
  ])
  func tailIsAutoOrSeconds(words texts: [String], length: RenderSettings.Length) throws {
    let parsed = try parseArguments(texts, options: SoundOptions.specs)
    #expect(try SoundOptions(reading: parsed).length == length)
    #expect(try SoundOptions(scoreLine: words(texts), relativeTo: nil).length == length)
  }

  @Test func aTailThatIsNeitherAutoNorSecondsIsRefused() throws {
    let parsed = try parseArguments(["--tail", "long"], options: SoundOptions.specs)
    #expect(
      throws: OptionError("--tail needs 'auto' or a number of seconds (0 or more), got 'long'")
    ) {
      _ = try SoundOptions(reading: parsed)
    }
    let both = try parseArguments(
      ["--tail", "auto", "--duration", "2"], options: SoundOptions.specs)
    #expect(
      throws: OptionError("--tail and --duration cannot be combined; --duration sets the length")
    ) { _ = try SoundOptions(reading: both) }
  }

  @Test func anAutomaticTailHasNoLengthToCheckAgainstTheLimit() throws {
    #expect(throws: Never.self) {
      try SoundOptions(length: .untilDecayed).checkLengths(limit: Rational(1))
    }
    #expect(throws: OptionError("--tail 5 s is over the 1 s limit (see --max-duration)")) {
      try SoundOptions(length: .natural(tail: Rational(5))).checkLengths(limit: Rational(1))
    }
  }

  @Test func nothingSetGivesTheDefaultSettings() {
    let settings = SoundOptions().settings
    let defaults = RenderSettings()
    #expect(settings.rate == defaults.rate && settings.level == defaults.level)
    #expect(settings.length == defaults.length && settings.room == defaults.room)
    #expect(SoundOptions().bankChoice == BankChoice())
  }

  @Test func aRelativeBankInAScoreIsTakenFromTheScoresFolder() throws {
    let options = try SoundOptions(scoreLine: words("--bank", "sounds"), relativeTo: "songs")
    #expect(options.bank == "songs/sounds")
    let absolute = try SoundOptions(scoreLine: words("--bank", "/srv/sounds"), relativeTo: "songs")
    #expect(absolute.bank == "/srv/sounds")
  }

  @Test(arguments: [
    (
      ["--rate", "5"], 16,
      "in options: --rate needs a whole number of hertz from 1000 to 768000, got '5'"
    ),
    (["--output", "x.wav"], 9, "in options: unknown option '--output'"),
    (
      ["song.xylo"], 9,
      "in options: 'song.xylo' is not an option; an options line holds only options"
    ),
  ])
  func aBadWordIsAnErrorAtItsColumn(_ texts: [String], _ column: Int, _ message: String) {
    var column9 = 9
    let line = texts.map { text in
      defer { column9 += text.count + 1 }
      return ScoreOptionWord(text: text, line: 1, column: column9, length: text.count)
    }
    do {
      _ = try SoundOptions(scoreLine: line, relativeTo: nil)
      Issue.record("\(texts) was accepted")
    } catch {
      #expect(error.diagnostic.column == column)
      #expect(error.diagnostic.message == message)
    }
  }

  @Test(
    arguments: [
      ("song.wav", nil, OutputFile.sound(.wav)),
      ("song.FLAC", nil, .sound(.flac)),
      ("song.aif", nil, .sound(.aiff)),
      ("-", nil, .sound(.wav)),
      ("song.m4r", nil, .aac(bitRate: 256_000)),
      ("song.data", "ogg", .sound(.ogg)),
      ("song.data", "m4a", .aac(bitRate: 256_000)),
    ] as [(String, String?, OutputFile)])
  func theOutputsKindComesFromTheFormatNameOrTheExtension(
    _ path: String, _ format: String?, _ expected: OutputFile
  ) throws {
    #expect(try OutputFile(path: path, formatName: format) == expected)
  }

  @Test func anOutputWhoseKindCannotBeToldIsRefusedWithTheChoices() {
    #expect(
      throws: OptionError(
        "cannot tell the format of 'song.xyz' from its extension; name one with --format (wav, flac, aiff, caf, w64, rf64, ogg, opus, mp3, m4a, m4r)"
      )
    ) { try OutputFile(path: "song.xyz") }
    #expect(throws: OptionError("--bitrate is for .m4a and .m4r (AAC)")) {
      try OutputFile(path: "song.wav", bitRate: 128_000)
    }
  }
}
