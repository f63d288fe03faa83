import ScoreParser

/// The notes a voice's played events sound, as part `part`: a note tied (`-`) to a note of its
/// pitch at the next onset of its channel holds on instead of that note being struck again
/// (chains of ties hold on), and grace notes sound just before their note by `GraceTiming`.
func soundingNotes(_ events: [ABCWrittenEvent], part: Int) -> [QuarterNote] {
  var channels: [Int: [Int]] = [:]
  for (index, event) in events.enumerated() {
    switch event.kind {
    case .note, .grace, .rest: channels[event.channel, default: []].append(index)
    default: break
    }
  }
  var held = Set<Int>()
  var graceOnsets: [Int: Rational] = [:]
  for indices in channels.values {
    held.formUnion(heldNotes(events, indices))
    graceOnsets.merge(placedGraces(events, indices)) { first, _ in first }
  }
  var notes: [QuarterNote] = []
  for (index, event) in events.enumerated() where !held.contains(index) {
    let channel = event.channel < 10 ? event.channel : event.channel + 1
    switch event.kind {
    case .note(let pitch, let velocity, _, let flat):
      notes.append(
        QuarterNote(
          position: event.position, part: part, voice: channel, note: pitch, velocity: velocity,
          flat: flat))
    case .grace(let pitch, let velocity, let flat):
      notes.append(
        QuarterNote(
          position: graceOnsets[index] ?? event.position, part: part, voice: channel,
          note: pitch, velocity: velocity, flat: flat))
    default:
      break
    }
  }
  return notes
}

/// The notes of one channel that tied notes hold on through: for each tied note, a note of
/// its pitch among those starting at the channel's next onset.
private func heldNotes(_ events: [ABCWrittenEvent], _ indices: [Int]) -> Set<Int> {
  // The channel's notes and rests in order, grace notes apart; onsets are runs of one position.
  let timed = indices.filter {
    if case .grace = events[$0].kind { return false }
    return true
  }
  var held = Set<Int>()
  var start = 0
  while start < timed.count {
    var end = start + 1
    while end < timed.count, events[timed[end]].position == events[timed[start]].position {
      end += 1
    }
    var next = end
    while next < timed.count, events[timed[next]].position == events[timed[end]].position {
      next += 1
    }
    var waiting: [Int] = []
    for index in timed[start..<end] {
      if case .note(let pitch, _, true, _) = events[index].kind { waiting.append(pitch) }
    }
    for index in timed[end..<next] where !waiting.isEmpty {
      guard case .note(let pitch, _, _, _) = events[index].kind,
        let match = waiting.firstIndex(of: pitch)
      else { continue }
      held.insert(index)
      waiting.remove(at: match)
    }
    start = end
  }
  return held
}

/// Where each grace note of one channel sounds: a group of them before the note or rest they
/// belong to, after the channel's previous onset.
private func placedGraces(_ events: [ABCWrittenEvent], _ indices: [Int]) -> [Int: Rational] {
  var placed: [Int: Rational] = [:]
  var previous: Rational?
  var group: [Int] = []
  func place() {
    guard let first = group.first else { return }
    let principal = events[first].position
    let onsets = GraceTiming.onsets(count: group.count, principal: principal, previous: previous)
    for (index, onset) in zip(group, onsets) { placed[index] = onset }
    group = []
  }
  for index in indices {
    let event = events[index]
    if case .grace = event.kind {
      if let first = group.first, events[first].position != event.position { place() }
      group.append(index)
      continue
    }
    place()
    if previous.map({ $0 < event.position }) ?? true { previous = event.position }
  }
  place()
  return placed
}
