/// The kinds of things an ABC tune may hold that are not played, each reported once.
enum ABCIgnoredKind: Int, CaseIterable, Sendable {
  case decoration
  case chordSymbol
  case annotation
  case slur
  case lyrics
  case tempoText
  case directive
  case partsOrder

  /// The noun, singular and plural, and what is not done with them.
  var wording: (one: String, many: String, fate: String) {
    switch self {
    case .decoration: ("decoration", "decorations", "not played")
    case .chordSymbol: ("chord symbol", "chord symbols", "not played")
    case .annotation: ("annotation", "annotations", "not played")
    case .slur: ("slur mark", "slur marks", "not played (notes keep their lengths)")
    case .lyrics: ("lyrics line", "lyrics lines", "not sung")
    case .tempoText: ("tempo in words", "tempi in words", "not timed (Q: needs a number)")
    case .directive: ("directive", "directives", "not followed")
    case .partsOrder: ("parts order", "parts orders", "not followed; the tune plays as written")
    }
  }
}

/// What a tune's reading passed over: how many of each kind, and the first few as written.
struct ABCIgnored: Sendable {
  private var counts = [Int](repeating: 0, count: ABCIgnoredKind.allCases.count)
  private var examples = [[String]](repeating: [], count: ABCIgnoredKind.allCases.count)

  mutating func note(_ kind: ABCIgnoredKind, _ written: String) {
    counts[kind.rawValue] += 1
    let shown = written.count > 24 ? String(written.prefix(24)) + "..." : written
    if examples[kind.rawValue].count < 3, !examples[kind.rawValue].contains(shown) {
      examples[kind.rawValue].append(shown)
    }
  }

  /// One line a kind: `3 decorations (!trill!, ., ~) are not played`.
  var warnings: [String] {
    ABCIgnoredKind.allCases.compactMap { kind in
      let count = counts[kind.rawValue]
      guard count > 0 else { return nil }
      let wording = kind.wording
      let listed = examples[kind.rawValue]
      let more = count > listed.count && listed.count == 3 ? ", ..." : ""
      return
        "\(count) \(count == 1 ? wording.one : wording.many) (\(listed.joined(separator: ", "))\(more)) \(count == 1 ? "is" : "are") \(wording.fate)"
    }
  }
}
