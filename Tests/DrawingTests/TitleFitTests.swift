import Testing

@testable import Drawing

/// A measure of fixed-width letters, half their size wide, that counts what it measures.
private final class Ruler {
  var measured: [String] = []

  func width(_ text: String, _ size: Double) -> Double {
    measured.append(text)
    return 0.5 * size * Double(text.count)
  }

  /// Fits `title` in `room` at size 10, down to 4.5, as the video does.
  func fit(_ title: String, room: Double, lineCount: Int = 2) -> TitleFit {
    TitleFit(title, room: room, size: 10, smallest: 4.5, lineCount: lineCount, measure: width)
  }
}

/// `TitleFit`, with letters 5 units wide at size 10.
@Suite struct TitleFitTests {
  @Test func aTitleThatFitsIsOneLineAtItsSizeMeasuredOnce() {
    let ruler = Ruler()
    #expect(ruler.fit("Twinkle", room: 100) == TitleFit(lines: ["Twinkle"], size: 10))
    #expect(ruler.measured == ["Twinkle"])
  }

  @Test func aLittleTooLongTitleShrinksOnOneLine() {
    // 24 letters: 120 units at size 10, 100 at 8.33 (more than 75% of 10).
    let fit = Ruler().fit("Twinkle Twinkle Little S", room: 100)
    #expect(fit.lines == ["Twinkle Twinkle Little S"])
    #expect(fit.size > 8.3 && fit.size <= 10 * 100 / 120)
  }

  @Test func aLongTitleTakesTwoBalancedLinesAtItsSize() {
    // 32 letters would be 6.25 on one line: two lines of 15 and 16 letters fit at 10.
    let fit = Ruler().fit("Jeanie With The Light Brown Hair", room: 100)
    #expect(fit == TitleFit(lines: ["Jeanie With The", "Light Brown Hair"], size: 10))
  }

  @Test func twoLinesShrinkUntilTheWiderFits() {
    // Lines of 21 and 25 letters (27 and 19 would be wider): 25 fit at 8.
    let fit = Ruler().fit("Jeanie With The Light Brown Hair Beside A River", room: 100)
    #expect(
      fit == TitleFit(lines: ["Jeanie With The Light", "Brown Hair Beside A River"], size: 8))
  }

  @Test func aTitleTooLongForTwoLinesEndsInAnEllipsisOnTheSecondAtTheSmallestSize() {
    // At 4.5 a line holds 44 letters.
    let title = String(repeating: "Twinkle twinkle little star ", count: 6)
    let fit = Ruler().fit(title, room: 100)
    #expect(fit.size == 4.5)
    #expect(fit.lines.count == 2)
    #expect(fit.lines[0] == "Twinkle twinkle little star Twinkle twinkle")
    #expect(fit.lines[1] == "little star Twinkle twinkle little star…")
    #expect(fit.lines.allSatisfy { 0.5 * 4.5 * Double($0.count) <= 100 })
  }

  @Test func aSingleOverlongWordBreaksAnywhere() {
    let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"  // 45 letters
    let fit = Ruler().fit(word, room: 100)
    #expect(fit == TitleFit(lines: [String(word.prefix(44)), "s"], size: 4.5))
  }

  @Test func anOverlongFirstWordBreaksAnywhereAndTheRestFollows() {
    let fit = Ruler().fit(String(repeating: "x", count: 50) + " and more", room: 100)
    #expect(fit.lines == [String(repeating: "x", count: 44), "xxxxxx and more"])
  }

  @Test func oneLineAtMostIsShortenedAfterShrinking() {
    let fit = Ruler().fit("Jeanie With The Light Brown Hair", room: 60, lineCount: 1)
    #expect(fit == TitleFit(lines: ["Jeanie With The Light…"], size: 4.5))
  }

  @Test func aFortyThousandCharacterTitleIsMeasuredAFewTimesInShortPieces() {
    let ruler = Ruler()
    let title = String(repeating: "Twinkle twinkle little star ", count: 1_429)
    #expect(title.count > 40_000)
    let fit = ruler.fit(title, room: 100)
    #expect(fit.lines.count == 2 && fit.lines[1].hasSuffix("…"))
    #expect(ruler.measured.count <= TitleFit.mostMeasurements, "\(ruler.measured.count)")
    #expect(TitleFit.mostMeasurements < 100)
    #expect(ruler.measured.allSatisfy { $0.count <= TitleFit.longestTitle + 1 })
  }

  @Test func aTitleJustLongerThanWhatIsMeasuredEndsInAnEllipsisEvenWhereItWouldFit() {
    let title = String(repeating: "a ", count: TitleFit.longestTitle)
    let fit = Ruler().fit(title, room: 10_000)
    #expect(fit.lines.last?.hasSuffix("…") == true)
  }

  @Test(arguments: [
    "e\u{301}",  // e and a combining acute accent
    "\u{1F1EB}\u{1F1F7}",  // a flag: two regional indicators
    "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",  // a family: three emoji joined
    "\u{5E9}\u{5C1}",  // Hebrew shin with its dot
  ])
  func linesAreCutBetweenCharactersNeverInsideOne(cluster: String) {
    #expect(cluster.count == 1 && cluster.unicodeScalars.count > 1)
    for title in [
      String(repeating: cluster, count: 200),
      Array(repeating: cluster, count: 200)
        .joined(separator: " "),
    ] {
      let fit = Ruler().fit(title, room: 100)
      for line in fit.lines {
        let letters = line.hasSuffix("…") ? String(line.dropLast()) : line
        #expect(letters.allSatisfy { $0 == Character(cluster) || $0 == " " }, "\(line)")
      }
    }
  }

  @Test func everyMeasureOfARealTitleStaysBounded() {
    // Widths that vary by letter, as a font's do: the bound holds whatever the widths.
    var count = 0
    let title = (0..<40_000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined()
    let fit = TitleFit(title, room: 993.6, size: 105.6, smallest: 47.52) { text, size in
      count += 1
      return text.unicodeScalars.reduce(0) { $0 + Double($1.value % 7 + 3) } * size / 16
    }
    #expect(fit.lines.count == 2 && fit.size == 47.52)
    #expect(count <= TitleFit.mostMeasurements)
  }
}
