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
    let lowercased = name.lowercased()
    if let keyword = Keyword.allCases.first(where: { $0.rawValue == lowercased }) {
      return "unknown key \(quoted(name)); did you mean the directive '\(keyword.rawValue)'?"
    }
    guard let suggestion = nearestTitle(to: name) else {
      return "unknown key \(quoted(name)); the bank has no such title"
    }
    return "unknown key \(quoted(name)); did you mean '\(suggestion)'?"
  }

  /// The title with the fewest edits from `name`, if close enough to be a likely typo: at most
  /// half its characters.
  func nearestTitle(to name: String) -> String? {
    let limit = name.count <= 1 ? 1 : max(2, name.count)  // in half-edits
    return nearestMatch(to: name, among: titles, maximumHalfEdits: limit)
  }
}

/// The candidate with the fewest edits from `text`, if within `maximumHalfEdits`: the typo
/// suggester behind "did you mean" for keys and for command-line options.
///
/// A difference of letter case alone counts as half an edit, any other edit (insertion,
/// deletion, substitution, swap of neighbours) as one; ties go to the earlier candidate.
public func nearestMatch(to text: String, among candidates: [String], maximumHalfEdits: Int)
  -> String?
{
  var best: (candidate: String, cost: Int)?
  let length = text.count
  for candidate in candidates {
    // Each character of difference in length costs a whole edit: skip what cannot be near,
    // so a megabyte of unknown key costs no megabyte-sized table.
    guard abs(candidate.count - length) * 2 <= maximumHalfEdits else { continue }
    let cost = editCost(Array(text), Array(candidate))
    if cost <= maximumHalfEdits && cost < (best?.cost ?? .max) { best = (candidate, cost) }
  }
  return best?.candidate
}

/// Edit distance in half-edits (optimal string alignment): inserting, deleting, substituting or
/// swapping two neighbours costs 2; substituting a letter for its other case costs 1.
private func editCost(_ a: [Character], _ b: [Character]) -> Int {
  guard !a.isEmpty else { return b.count * 2 }
  guard !b.isEmpty else { return a.count * 2 }
  var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0...a.count { table[i][0] = i * 2 }
  for j in 0...b.count { table[0][j] = j * 2 }
  for i in 1...a.count {
    for j in 1...b.count {
      let substitution: Int
      if a[i - 1] == b[j - 1] {
        substitution = 0
      } else if a[i - 1].lowercased() == b[j - 1].lowercased() {
        substitution = 1
      } else {
        substitution = 2
      }
      var cost = min(table[i - 1][j] + 2, table[i][j - 1] + 2, table[i - 1][j - 1] + substitution)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        cost = min(cost, table[i - 2][j - 2] + 2)
      }
      table[i][j] = cost
    }
  }
  return table[a.count][b.count]
}
