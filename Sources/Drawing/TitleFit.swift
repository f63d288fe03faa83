/// A title fitted to a width on one line or two: the one rule the video and the pictures fit
/// their titles by. Pure: text is measured by the closure given, so it can be tested without
/// fonts.
///
/// A title that fits stays one line at its size. One that does not shrinks, down to
/// `oneLineShrink` of its size; a longer one takes two lines, broken at the space that
/// balances them, at the largest size up to its own where both fit. A title that does not fit
/// two lines at the smallest size (or has a word too long for a line there) fills the first
/// line, broken at a space or, for a single overlong word, anywhere, at the smallest size; its
/// second line ends in an ellipsis (after a whole word where that keeps most of the line).
/// Lines are cut between characters (grapheme clusters), never inside one.
///
/// The work is bounded whatever the title's length: a title is cut to `longestTitle`
/// characters before anything is measured, and break points are found by binary search, so
/// text is measured at most `mostMeasurements` times.
struct TitleFit: Equatable, Sendable {
  /// The lines, top first: one or two, the last ending in `ellipsis` when the title was
  /// shortened.
  var lines: [String]
  /// The size the lines are drawn at.
  var size: Double

  /// The most characters of a title ever measured: more than two lines of the narrowest
  /// letters (a quarter of their size wide) hold at the smallest size of a 16:9 frame's title
  /// (about 530). A longer title is cut to these and ends in an ellipsis.
  static let longestTitle = 600
  /// A title too long for one line shrinks down to this fraction of its size before it takes
  /// two lines (the video's titles did before there were two).
  static let oneLineShrink = 0.75
  static let ellipsis = "…"
  /// Times a size is lowered when text measured at the size its width predicts is still too
  /// wide (hinted widths do not scale exactly with size).
  static let sizeTries = 4
  /// An upper bound of the measurements `init` makes: one line (1 + `sizeTries`), the
  /// balanced break (two a step of a binary search over at most `longestTitle` breaks, two
  /// more, then two a try), and the fill at the smallest size (three binary searches and one).
  static let mostMeasurements = 1 + sizeTries + (2 * 10 + 4 + 2 * sizeTries) + (3 * 10 + 1)

  /// Fits `title` within `room` (in the units `measure` returns), at `size` or smaller but
  /// not below `smallest`, on at most `lineCount` lines (1 or 2). `measure` gives the width
  /// of a text at a size.
  init(
    _ title: String, room: Double, size: Double, smallest: Double, lineCount: Int = 2,
    measure: (String, Double) -> Double
  ) {
    self = withoutActuallyEscaping(measure) { measure in
      Fitter(room: room, measure: measure).fit(
        title, size: size, smallest: min(smallest, size), lineCount: max(1, min(lineCount, 2)))
    }
  }

  init(lines: [String], size: Double) {
    self.lines = lines
    self.size = size
  }
}

/// The measuring behind `TitleFit`, with the room and the measure it was given.
private struct Fitter {
  let room: Double
  let measure: (String, Double) -> Double

  func width(_ text: String, _ size: Double) -> Double { measure(text, size) }

  /// `TitleFit.init`'s rule.
  func fit(_ title: String, size: Double, smallest: Double, lineCount: Int) -> TitleFit {
    let kept = Array(title.prefix(TitleFit.longestTitle + 1))
    let isCut = kept.count > TitleFit.longestTitle
    let characters = Array(kept.prefix(TitleFit.longestTitle))
    if !isCut {
      let width = width(title, size)
      if width <= room { return TitleFit(lines: [title], size: size) }
      let oneLine = largestSize(for: [title], from: size * room / width, down: smallest)
      if let oneLine, oneLine >= TitleFit.oneLineShrink * size || lineCount < 2 {
        return TitleFit(lines: [title], size: oneLine)
      }
      if lineCount == 2, let two = balancedLines(characters, size: size, down: smallest),
        two.size > oneLine ?? 0
      {
        return two
      }
      if let oneLine { return TitleFit(lines: [title], size: oneLine) }
    }
    return TitleFit(
      lines: filledLines(characters, size: smallest, lineCount: lineCount, isCut: isCut),
      size: smallest)
  }

  /// The largest size from `start` (predicted from a measured width) at which every line
  /// fits, lowered a little while a hinted width still overflows; nil below `smallest`.
  func largestSize(for lines: [String], from start: Double, down smallest: Double) -> Double? {
    var size = start
    for _ in 0..<TitleFit.sizeTries {
      guard size >= smallest else { return nil }
      let widest = lines.map { width($0, size) }.max() ?? 0
      if widest <= room { return size }
      size *= room / widest * 0.999
    }
    return nil
  }

  /// Two lines broken at the space that makes the wider of them narrowest, at the largest
  /// size up to `size` where both fit; nil when there is no such space or they fit only
  /// below `smallest`.
  func balancedLines(_ characters: [Character], size: Double, down smallest: Double)
    -> TitleFit?
  {
    // Spaces with letters on both sides.
    guard let firstLetter = characters.firstIndex(where: { !$0.isWhitespace }),
      let lastLetter = characters.lastIndex(where: { !$0.isWhitespace })
    else { return nil }
    let breaks = (firstLetter..<lastLetter).filter { characters[$0].isWhitespace }
    guard !breaks.isEmpty else { return nil }
    func halves(_ at: Int) -> (String, String) {
      (line(characters[..<breaks[at]]), line(characters[(breaks[at] + 1)...]))
    }
    // The first break whose first line is at least as wide as its second: the first line
    // widens and the second narrows with each break, so it or the one before is balanced.
    var (low, high) = (0, breaks.count - 1)
    while low < high {
      let middle = (low + high) / 2
      let (first, second) = halves(middle)
      if width(first, size) >= width(second, size) { high = middle } else { low = middle + 1 }
    }
    let best = [low - 1, low].filter { $0 >= 0 }.map { at in
      let (first, second) = halves(at)
      return (lines: [first, second], widest: max(width(first, size), width(second, size)))
    }.min { $0.widest < $1.widest }
    guard let best,
      let fitted = largestSize(
        for: best.lines, from: min(size, size * room / best.widest), down: smallest)
    else { return nil }
    return TitleFit(lines: best.lines, size: fitted)
  }

  /// The title's first `lineCount` lines at `size`: the first filled up to its last space
  /// that fits (anywhere, when its first word does not fit), the last ending in an ellipsis
  /// where the rest does not fit or the title was cut.
  func filledLines(_ characters: [Character], size: Double, lineCount: Int, isCut: Bool)
    -> [String]
  {
    guard lineCount == 2 else { return [ellipsized(characters[...], size: size, isCut: isCut)] }
    let breaks = characters.indices.filter { characters[$0].isWhitespace }
    let fitting = lastFitting(count: breaks.count) { width(line(characters[..<breaks[$0]]), size) }
    let end: Int
    let rest: Int
    if let fitting, !line(characters[..<breaks[fitting]]).isEmpty {
      (end, rest) = (breaks[fitting], breaks[fitting] + 1)
    } else {
      // No space to break at: as many characters as fit, at least one.
      let count = lastFitting(count: characters.count) {
        width(String(characters[...$0]), size)
      }
      (end, rest) = ((count ?? 0) + 1, (count ?? 0) + 1)
    }
    let first = line(characters[..<end])
    let remainder = characters[rest...].drop { $0.isWhitespace }
    if remainder.isEmpty {
      return [isCut ? ellipsized(characters[..<end], size: size, isCut: true) : first]
    }
    return [first, ellipsized(remainder, size: size, isCut: isCut)]
  }

  /// `characters` as one line if they fit and were not cut; else as many as fit before an
  /// ellipsis, up to a word's end where that keeps most of them.
  private func ellipsized(_ characters: ArraySlice<Character>, size: Double, isCut: Bool)
    -> String
  {
    let whole = line(characters)
    if !isCut && width(whole, size) <= room { return whole }
    let start = characters.startIndex
    let count = lastFitting(count: characters.count) {
      width(line(characters[start...(start + $0)]) + TitleFit.ellipsis, size)
    }
    var end = start + (count.map { $0 + 1 } ?? 0)
    // At the last space where that keeps two thirds of the line: "Stephen…", not "Stephen Fo…".
    if let space = characters[start..<end].lastIndex(where: \.isWhitespace),
      3 * (space - start) >= 2 * (end - start)
    {
      end = space
    }
    return line(characters[start..<end]) + TitleFit.ellipsis
  }

  /// The last of `count` indices whose width fits the room, widths growing with the index;
  /// nil when none does. A binary search: about log2(count) measurements.
  private func lastFitting(count: Int, width: (Int) -> Double) -> Int? {
    var (low, high) = (0, count)  // indices below `low` fit; from `high` on they do not
    while low < high {
      let middle = (low + high) / 2
      if width(middle) <= room { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }

  /// Characters as a line of text, without the spaces at its ends.
  private func line(_ characters: ArraySlice<Character>) -> String {
    guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
      let last = characters.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(characters[first...last])
  }
}
