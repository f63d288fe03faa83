/// The order measures are played in, from their repeats, endings and jumps.
///
/// - A backward repeat goes back to the last forward repeat, or, with none since, to the
///   measure after the last repeated section ended (the start of the piece at first), and is
///   taken until the section has been played `times` times (2 unless it says).
/// - An ending is played on the passes its number lists (`1, 2`); on other passes the measures
///   it spans are skipped. A section ends after its last ending.
/// - A jump (`dacapo`, `dalsegno` to the measure with the matching `segno`) is taken once, at
///   the end of its measure, after that measure's repeat is done. After a jump, repeats are not
///   taken again and only the last ending of each group is played; `fine` then ends the piece
///   at the end of its measure, and `tocoda` goes there to the measure with the matching `coda`.
/// - `nil` targets (a D.S. with no segno, a To Coda with no coda) are counted in `unfollowed`.
struct PlayOrder {
  /// The most measures played: a repeat of 10,000 times over a long piece is refused.
  static let maxMeasures = 1_000_000

  let marks: [MeasureMarks]
  /// For each measure starting an ending: the last measure it spans.
  private var endingEnd: [Int: Int] = [:]
  /// Measures starting an ending that is the last of its group, and where each such ends.
  private var lastEndings: Set<Int> = []
  private var lastEndingEnds: [Int: Int] = [:]

  init(marks: [MeasureMarks]) {
    self.marks = marks
    let starts = marks.indices.filter { marks[$0].endingNumbers != nil }
    for start in starts {
      // An ending spans to its stop, or to just before the next ending or forward repeat.
      var end = start
      while !marks[end].endingStops, end + 1 < marks.count,
        marks[end + 1].endingNumbers == nil, !marks[end + 1].forwardRepeat
      {
        end += 1
      }
      endingEnd[start] = end
      if end + 1 >= marks.count || marks[end + 1].endingNumbers == nil {
        lastEndings.insert(start)
        lastEndingEnds[end] = start
      }
    }
  }

  /// The measures' indices in the order played; `unfollowed` counts jumps with no target.
  func measures(unfollowed: inout [String]) -> [Int]? {
    var order: [Int] = []
    var index = 0
    var sectionStart = 0
    var pass = 1
    var returning = false
    var jumped = false
    var jumpsTaken: Set<Int> = []
    var codaJumpsTaken: Set<Int> = []
    while index < marks.count {
      guard order.count < Self.maxMeasures else { return nil }
      let mark = marks[index]
      if mark.forwardRepeat && !returning && !jumped {
        sectionStart = index
        pass = 1
      }
      returning = false
      if let numbers = mark.endingNumbers {
        let plays = jumped ? lastEndings.contains(index) : numbers.contains(pass)
        if !plays {
          index = (endingEnd[index] ?? index) + 1
          continue
        }
      }
      order.append(index)
      if !jumped, let times = mark.backwardRepeatTimes {
        if pass < times {
          pass += 1
          index = sectionStart
          returning = true
          continue
        }
        pass = 1
        sectionStart = index + 1
      } else if !jumped, lastEndingEnds[index] != nil {
        // The group's last ending is over: what follows is a new section.
        pass = 1
        sectionStart = index + 1
      }
      if jumped && mark.fine { break }
      if jumped, !mark.toCoda.isEmpty, codaJumpsTaken.insert(index).inserted {
        if let target = target(of: mark.toCoda, in: \.codas, after: index) {
          index = target
          continue
        }
        unfollowed.append("To Coda")
      }
      if mark.daCapo || !mark.dalSegno.isEmpty, jumpsTaken.insert(index).inserted {
        var destination: Int? = 0
        if !mark.daCapo {
          destination = target(of: mark.dalSegno, in: \.segnos, after: nil)
          if destination == nil { unfollowed.append("D.S.") }
        }
        if let destination {
          jumped = true
          index = destination
          sectionStart = destination
          pass = 1
          continue
        }
      }
      index += 1
    }
    return order
  }

  /// The measure whose `targets` (segnos, codas) hold one of `names`; else the first with any
  /// (after `after` when given).
  private func target(
    of names: [String], in targets: KeyPath<MeasureMarks, [String]>, after: Int?
  ) -> Int? {
    if let exact = marks.indices.first(where: { index in
      marks[index][keyPath: targets].contains { names.contains($0) }
    }) {
      return exact
    }
    return marks.indices.first { index in
      !marks[index][keyPath: targets].isEmpty && (after.map { index > $0 } ?? true)
    }
  }
}
