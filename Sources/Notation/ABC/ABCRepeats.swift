import ScoreParser

/// Unrolls a voice's repeats and endings: its events as played, each at its played position
/// (bar lines and endings left out), and where the voice ends once played.
///
/// The rules, as a player reads the bar lines left to right:
/// - `:|` goes back to the last `|:` (or `::`); without one, to the end of the previous
///   repeated section, else the last double bar (`||`, `[|`, `|]`), else the tune's start.
/// - A section plays twice, or as many times as its highest ending (`[1,3 ... :|[2 ... :|`
///   plays three times), or once more per colon (`::|` three times).
/// - An ending `[N` (or `|N`, `:|N`, `[1,3`, `[1-3`) is played on the passes it lists and passed
///   over on the others, up to the next `:|`, ending, `|:` or double bar.
/// - A section is over once its last pass has gone past its last ending.
func unrollRepeats(
  _ events: [ABCWrittenEvent], end: Rational, maxEvents: Int
) throws(ABCProblem) -> (events: [ABCWrittenEvent], end: Rational) {
  var unroller = Unroller(events: events, maxEvents: maxEvents)
  try unroller.run(end: end)
  return (unroller.played, unroller.playedStart)
}

/// The state of a player going through the bar lines.
private struct Unroller {
  let events: [ABCWrittenEvent]
  let maxEvents: Int
  var played: [ABCWrittenEvent] = []
  /// The played position where the current stretch, written from `stretchStart`, begins.
  var playedStart: Rational = .zero
  var stretchFrom = 0
  var stretchStart: Rational = .zero
  /// Where a `:|` goes back to: an event index and its written position.
  var section = (index: 0, position: Rational.zero)
  var startedByRepeat = false
  var pass = 1
  /// Once the section's first `:|` is reached: how many passes it has, and its last bar line
  /// (the last of its endings).
  var passes: Int?
  var lastOfSection: Int?
  var skipping = false
  var work = 0

  init(events: [ABCWrittenEvent], maxEvents: Int) {
    self.events = events
    self.maxEvents = maxEvents
  }

  mutating func run(end: Rational) throws(ABCProblem) {
    var index = 0
    while index < events.count {
      work += 1
      guard work <= maxEvents else {
        throw ABCProblem(
          "the repeats unroll to more than \(maxEvents) notes and bars, the limit (see --max-taps)")
      }
      guard var bar = Self.marker(events[index]) else {
        index += 1
        continue
      }
      if skipping {
        guard bar.repeatEnds > 0 || bar.startsRepeat || bar.isDouble || bar.ending != nil else {
          index += 1
          continue
        }
        // The `:|` closing a passed-over ending is not taken.
        skipping = false
        stretchFrom = index
        stretchStart = events[index].position
        bar.repeatEnds = 0
      }
      if let jump = try take(bar, at: index) {
        index = jump
      } else {
        index += 1
      }
    }
    if !skipping { try close(at: events.count, position: end) }
  }

  /// Takes the bar line at `index`; returns the index to go back to when it repeats.
  private mutating func take(_ bar: ABCBar, at index: Int) throws(ABCProblem) -> Int? {
    let position = events[index].position
    if let last = lastOfSection, index > last, pass >= passes ?? 1 {
      // Past the last ending of a section played to the end: a new section starts.
      section = (last + 1, events[last].position)
      (pass, passes, lastOfSection, startedByRepeat) = (1, nil, nil, false)
    }
    if bar.repeatEnds > 0 {
      if passes == nil { (passes, lastOfSection) = sectionEnd(from: index, colons: bar.repeatEnds) }
      if pass < passes ?? 2, index <= lastOfSection ?? index {
        try close(at: index, position: position)
        pass += 1
        stretchFrom = section.index
        stretchStart = section.position
        return section.index
      }
    }
    if bar.startsRepeat {
      section = (index + 1, position)
      (pass, passes, lastOfSection, startedByRepeat) = (1, nil, nil, true)
    } else if bar.isDouble, !startedByRepeat, passes == nil {
      section = (index + 1, position)
    }
    if let ending = bar.ending, !ending.contains(pass) {
      try close(at: index, position: position)
      skipping = true
    }
    return nil
  }

  /// The passes of the section whose first `:|` is at `index`, and its last bar line: the
  /// endings before it and those chained after it (each closed by a `:|`), up to a `|:`, a
  /// double bar, or a `:|` that closes no ending.
  private func sectionEnd(from index: Int, colons: Int) -> (passes: Int, last: Int) {
    var highest = 0
    for earlier in section.index..<index {
      if let ending = Self.marker(events[earlier])?.ending {
        highest = max(highest, ending.max() ?? 0)
      }
    }
    var last = index
    var inEnding = false
    var next = index
    while next < events.count {
      guard let bar = Self.marker(events[next]) else {
        next += 1
        continue
      }
      if next > index {
        if bar.repeatEnds > 0 {
          // A `:|` after the first belongs to the section only if it closes an ending.
          guard inEnding else { break }
          inEnding = false
          last = next
        }
        if bar.startsRepeat || bar.isDouble { break }
      }
      if let ending = bar.ending {
        highest = max(highest, ending.max() ?? 0)
        inEnding = true
        last = next
      }
      next += 1
    }
    return (max(min(colons, 8) + 1, highest), last)
  }

  /// Plays the stretch from `stretchFrom` up to `index` (written up to `position`).
  private mutating func close(at index: Int, position: Rational) throws(ABCProblem) {
    for event in events[stretchFrom..<index] where Self.marker(event) == nil {
      var moved = event
      guard let offset = event.position.subtracting(stretchStart),
        let placed = playedStart.adding(offset)
      else { throw timeOverflow() }
      moved.position = placed
      played.append(moved)
      work += 1
    }
    guard work <= maxEvents else {
      throw ABCProblem(
        "the repeats unroll to more than \(maxEvents) notes and bars, the limit (see --max-taps)")
    }
    guard let length = position.subtracting(stretchStart) else { throw timeOverflow() }
    playedStart = try sum(playedStart, max(.zero, length))
  }

  /// The bar line (or ending) an event is; `nil` for notes, rests, tempi and meters.
  static func marker(_ event: ABCWrittenEvent) -> ABCBar? {
    switch event.kind {
    case .bar(let bar): bar
    case .ending(let numbers): ABCBar(ending: numbers)
    default: nil
    }
  }
}
