/// The notes of every track in file order, refusing one past the limit before taking memory
/// for it.
struct NoteCollector {
  let limit: Int
  private(set) var notes: [MIDINote] = []

  init(limit: Int) {
    self.limit = limit
  }

  var limitMessage: String {
    "the song holds more than \(limit) notes, the limit (see --max-taps)"
  }

  /// Adds a note; `false` when the song already holds `limit` notes.
  mutating func add(tick: Int64, track: Int, channel: Int, note: UInt8, velocity: UInt8) -> Bool {
    guard notes.count < limit else { return false }
    if notes.count == notes.capacity {
      // Grows by doubling like an array would, but never past the limit.
      notes.reserveCapacity(min(limit, max(256, notes.count * 2)))
    }
    notes.append(
      MIDINote(
        tick: tick, track: track, channel: channel, note: note, velocity: velocity,
        sequence: notes.count))
    return true
  }

  /// Hands the notes over ordered by tick, then track, then file order, without copying them.
  mutating func takeSortedNotes() -> [MIDINote] {
    var sorted = notes
    notes = []
    // `sequence` is file order, and tracks come in file order, so it also orders tracks.
    let inOrder = zip(sorted, sorted.dropFirst()).allSatisfy { $0.tick <= $1.tick }
    if !inOrder { sorted.sort { ($0.tick, $0.sequence) < ($1.tick, $1.sequence) } }
    return sorted
  }
}
