/// Checks key titles against the bank's, suggesting the nearest title for a typo.
struct KeyChecker {
  let titles: [String]
  private let known: Set<String>

  init(titles: [String]) {
    self.titles = titles
    known = Set(titles)
  }

  /// `unknown key 'Cc'; did you mean 'C'?`, or `nil` when the title is known.
  func problem(with name: String) -> String? {
    if known.contains(name) { return nil }
    if let keyword = Keyword.allCases.first(where: { $0.rawValue == name.lowercased() }) {
      return "unknown key \(quoted(name)); did you mean the directive '\(keyword.rawValue)'?"
    }
    guard let suggestion = nearestTitle(to: name) else {
      return "unknown key \(quoted(name)); the bank has no such title"
    }
    return "unknown key \(quoted(name)); did you mean '\(suggestion)'?"
  }

  /// The title with the fewest edits from `name`, if close enough to be a likely typo.
  ///
  /// A difference of letter case alone counts as half an edit; ties go to the earlier title.
  func nearestTitle(to name: String) -> String? {
    let limit = name.count <= 1 ? 1 : max(2, name.count)  // in half-edits: half the characters
    var best: (title: String, cost: Int)?
    for title in titles {
      let cost = editCost(Array(name), Array(title))
      if cost <= limit && cost < (best?.cost ?? .max) { best = (title, cost) }
    }
    return best?.title
  }
}

/// Levenshtein distance in half-edits, where substituting a letter for its other case costs 1.
private func editCost(_ a: [Character], _ b: [Character]) -> Int {
  var previous = Array(stride(from: 0, through: b.count * 2, by: 2))
  var current = previous
  for i in 1...max(1, a.count) where !a.isEmpty {
    current[0] = i * 2
    for j in 1...max(1, b.count) where !b.isEmpty {
      let substitution: Int
      if a[i - 1] == b[j - 1] {
        substitution = 0
      } else if a[i - 1].lowercased() == b[j - 1].lowercased() {
        substitution = 1
      } else {
        substitution = 2
      }
      current[j] = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
    }
    swap(&previous, &current)
  }
  return a.isEmpty ? b.count * 2 : previous[b.count]
}
