import ScoreParser
import Testing

/// Files written on other systems, and the metadata directives.
@Suite struct SourceTextTests {
  @Test func crlfLineEndingsAndByteOrderMarkParseLikeLF() {
    let lf = "title Song\ntempo 90\nC D\n0.5 E\n"
    let crlf = Array("\u{FEFF}".utf8) + Array(lf.replacingLineEndings().utf8)
    let expected = parseScore(lf).score?.taps
    let other = parseScore(crlf).score
    #expect(other?.taps == expected)
    #expect(other?.title == "Song")
    #expect(expected?.count == 3)
  }

  @Test func tabsSeparateTokensAndCountAsOneColumn() {
    #expect(placedTaps("C\tD\t\tE") == ["0 C", "24000 D", "48000 E"])
    #expect(
      headlines("C\t@") == [
        "s.xylo:1:3: error: unknown token '@'; expected a key, a rest '.', '|', '[' or ']xN'"
      ])
  }

  @Test func columnsCountCharactersNotBytes() {
    #expect(
      headlines("title Frère\nÉ @") == [
        "s.xylo:2:1: error: unknown key 'É'; the bank has no such title",
        "s.xylo:2:3: error: unknown token '@'; expected a key, a rest '.', '|', '[' or ']xN'",
      ])
  }

  /// A character is what a reader sees: a letter with its combining accent is one, and a space
  /// that carries one is no longer a blank.
  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    #expect(
      headlines("E\u{301} @\n \u{301}C") == [
        "s.xylo:1:1: error: unknown key 'E\u{301}'; the bank has no such title",
        "s.xylo:1:3: error: unknown token '@'; expected a key, a rest '.', '|', '[' or ']xN'",
        "s.xylo:2:1: error: unknown token ' \u{301}C'; expected a key, a rest '.', '|', '[' or ']xN'",
      ])
  }

  @Test func metadataIsTheRestOfTheLineWithoutComment() {
    let score = parseScore(
      "title   Frère Jacques (canon) \nartist\tTraditional # who knows\ncomment C# and [brackets]\nC"
    ).score
    #expect(score?.title == "Frère Jacques (canon)")
    #expect(score?.artist == "Traditional")
    #expect(score?.comment == "C# and [brackets]")
  }

  @Test func emptyScoreHasNoTapsAndNoDuration() {
    let score = parseScore("# nothing here\n\n").score
    #expect(score?.taps.isEmpty == true)
    #expect(score?.duration == .zero)
  }

  @Test func durationIncludesTheLastLengthAndTrailingRests() {
    #expect(parseScore("C D:2 .").score?.duration == Rational(2))
    #expect(parseScore("3 C\n0 D").score?.duration == Rational(7, 2))
  }

  @Test func keysAreListedInTheOrderTheyFirstSound() {
    #expect(parseScore("1 G\n0 C E C").score?.keys == ["C", "E", "G"])
  }

  @Test func anyTitleIsAcceptedWithoutABank() {
    #expect(placedTaps("kick_2 F#5+Db7", keys: nil) == ["0 kick_2", "24000 F#5", "24000 Db7"])
  }
}

extension String {
  fileprivate func replacingLineEndings() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
  }
}
