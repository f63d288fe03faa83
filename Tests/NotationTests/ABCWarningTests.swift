import Notation
import Testing

/// What is not played is said once a kind, with the first few as written.
@Suite struct ABCWarningTests {
  @Test func eachKindPassedOverIsOneWarning() throws {
    let text = """
      X:1
      T:Marks
      P:AABB
      %%MIDI program 13
      %%score (1 2)
      L:1/4
      Q:"Andante"
      K:C
      !trill!c .d ~e Tf +fermata+g !trill!a !<(!b
      "Am"c "^go"d (ef) "G7"g "Am"a
      w: la la la
      W: words
      """
    let read = try readABCText(text)
    #expect(
      read.warnings == [
        "7 decorations (!trill!, ., ~, ...) are not played",
        "3 chord symbols (\"Am\", \"G7\") are not played",
        "1 annotation (\"^go\") is not played",
        "2 slur marks (()) are not played (notes keep their lengths)",
        "2 lyrics lines (w:, W:) are not sung",
        "1 tempo in words (\"Andante\") is not timed (Q: needs a number)",
        "2 directives (%%MIDI, %%score) are not followed",
        "1 parts order (P:AABB) is not followed; the tune plays as written",
      ])
  }

  @Test func aTuneWithoutSuchThingsHasNoWarnings() throws {
    #expect(try readABCText(tune("c d e f")).warnings.isEmpty)
  }
}
