import Testing

@testable import ScoreParser

@Suite struct KeywordTests {
  @Test func everyDirectiveIsFoundByItsQuickLookup() {
    for keyword in Keyword.allCases {
      #expect(Keyword.named(keyword.rawValue) == keyword)
    }
    for word in ["Tempo", "temp", "titles", "C", "HighC", "option", "commentary", ""] {
      #expect(Keyword.named(word) == nil)
    }
  }

  @Test func keyTitlesAreLettersDigitsSharpsAndUnderscoresAfterALetter() {
    for title in ["C", "HighC", "F#4", "a_b", "É", "Ω2"] { #expect(isKeyTitle(title)) }
    for title in ["4C", "#", "_C", "tempo", "C-4", ""] { #expect(!isKeyTitle(title)) }
  }
}
