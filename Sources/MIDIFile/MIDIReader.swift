import ScoreParser

/// Reads a Standard MIDI File (format 0 or 1, ticks-per-quarter division) into its notes and
/// tempo map, enforcing `limits` while reading.
///
/// Grammar: `MThd` length(≥ 6) format(2) tracks(2) division(2) [extra header bytes], then
/// chunks of type(4) length(4, big-endian) body; `MTrk` chunks are tracks, other chunks are
/// skipped. Every track present is read, whatever count the header declares (and in format 0
/// too); a mismatch, several tracks in format 0 and fewer than 8 bytes after the last chunk
/// are warnings, a chunk longer than the bytes left an error.
public func readMIDI(_ bytes: [UInt8], limits: MIDILimits = MIDILimits()) throws(MIDIError)
  -> MIDISong
{
  var cursor = ByteCursor(bytes)
  let header = try readHeader(&cursor)
  var notes = NoteCollector(limit: limits.maxNotes)
  var tracks: [MIDITrack] = []
  var tempoEvents: [MIDITempoChange] = []
  var timeSignatures: [MIDITimeSignature] = []
  var keySignatures: [MIDIKeySignature] = []
  var programChanges: [MIDIProgramChange] = []
  var end = (tick: Int64(0), offset: cursor.offset, track: 1)
  var warnings: [MIDIWarning] = []
  while !cursor.isAtEnd {
    let chunkStart = cursor.offset
    guard let type = cursor.readChunkType(), let length = cursor.readBigEndian(4) else {
      let count = bytes.count - chunkStart
      guard !tracks.isEmpty else {
        throw MIDIError(
          offset: chunkStart,
          message: "truncated chunk: its header needs 8 bytes, \(count) remain")
      }
      warnings.append(
        MIDIWarning(
          offset: chunkStart,
          message:
            "\(count) \(count == 1 ? "byte" : "bytes") after the last chunk \(count == 1 ? "is" : "are") not a chunk; ignored"
        ))
      break
    }
    let number = tracks.count + 1
    let isTrack = type == Array("MTrk".utf8)
    guard Int(length) <= cursor.remaining else {
      throw MIDIError(
        offset: chunkStart, track: isTrack ? number : nil,
        message: "truncated chunk: it declares \(length) bytes, \(cursor.remaining) remain")
    }
    let bodyEnd = cursor.offset + Int(length)
    if isTrack {
      let contents = try readTrack(
        bytes, from: cursor.offset, to: bodyEnd, track: number, notes: &notes)
      tracks.append(MIDITrack(number: number, name: contents.name, program: contents.program))
      tempoEvents += contents.tempoChanges
      timeSignatures += contents.timeSignatures
      keySignatures += contents.keySignatures
      programChanges += contents.programs.changes
      if contents.endTick > end.tick { end = (contents.endTick, contents.endOffset, number) }
    }
    cursor.offset = bodyEnd
  }
  guard !tracks.isEmpty else {
    throw MIDIError(offset: bytes.count, message: "the file holds no tracks")
  }
  if header.declaredTracks != tracks.count {
    warnings.insert(
      MIDIWarning(
        offset: 10,
        message:
          "the header declares \(header.declaredTracks) \(header.declaredTracks == 1 ? "track" : "tracks"), the file holds \(tracks.count); every track present is read"
      ), at: 0)
  }
  if header.format == 0 && tracks.count > 1 {
    warnings.insert(
      MIDIWarning(
        offset: 8,
        message: "format 0 holds one track, this file \(tracks.count); all are read, as in format 1"
      ),
      at: 0)
  }
  let tempoChanges = mergedTempoChanges(tempoEvents)
  let tooLong = MIDIError(
    offset: end.offset, track: end.track,
    message: durationMessage(limits.maxDuration, ticksPerQuarter: header.ticksPerQuarter))
  guard let tempoMap = TempoMap(changes: tempoChanges, ticksPerQuarter: header.ticksPerQuarter),
    let duration = tempoMap.seconds(atTick: end.tick), duration <= limits.maxDuration
  else { throw tooLong }
  let keys = keySignatures.enumerated().sorted {
    ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
  }.map(\.element)
  var song = MIDISong(
    format: header.format, ticksPerQuarter: header.ticksPerQuarter, tracks: tracks,
    notes: spelled(notes.takeSortedNotes(), by: keys), tempoChanges: tempoChanges,
    timeSignatures: timeSignatures.enumerated().sorted {
      ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
    }.map(\.element),
    endTick: end.tick, title: tracks[0].name, warnings: warnings, tempoMap: tempoMap)
  // Stable: at one tick, by track, then file order.
  song.programChanges = programChanges.enumerated().sorted {
    ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
  }.map(\.element)
  return song
}

/// `notes` (sorted by tick) spelled by the key signature in force at each: flats in a key of
/// flats. Signatures come from every track, as a conductor track gives them for all.
private func spelled(_ notes: [MIDINote], by keys: [MIDIKeySignature]) -> [MIDINote] {
  guard keys.contains(where: { $0.sharps < 0 }) else { return notes }
  var notes = notes
  var next = 0
  var flats = false
  for index in notes.indices {
    while next < keys.count, keys[next].tick <= notes[index].tick {
      flats = keys[next].sharps < 0
      next += 1
    }
    notes[index].storedFlat = flats
  }
  return notes
}

/// The limit message, or, for a limit beyond what 64-bit times can reach, the overflow.
private func durationMessage(_ limit: Rational, ticksPerQuarter: Int) -> String {
  let reachable = Rational(Int64.max, 1_000_000 * Int64(ticksPerQuarter)) ?? .zero
  guard limit < reachable else { return "the song's times overflow exact 64-bit arithmetic" }
  return
    "the song runs past \(limit.decimalString(places: 0)) seconds, the limit (see --max-duration)"
}

/// The fields of the header chunk the reader uses.
private struct Header {
  var format: Int
  var declaredTracks: Int
  var ticksPerQuarter: Int
}

/// Reads `MThd` length format tracks division and moves past any extra header bytes.
private func readHeader(_ cursor: inout ByteCursor) throws(MIDIError) -> Header {
  guard cursor.bytes.starts(with: Array("MThd".utf8)) else {
    throw MIDIError(offset: 0, message: "not a Standard MIDI File (it does not start with 'MThd')")
  }
  guard cursor.remaining >= 8 else {
    throw MIDIError(
      offset: 0, message: "truncated chunk: its header needs 8 bytes, \(cursor.remaining) remain")
  }
  cursor.offset = 4
  let length = Int(cursor.readBigEndian(4) ?? 0)
  guard length >= 6 else {
    throw MIDIError(
      offset: 4, message: "the header chunk declares \(length) bytes; it needs at least 6")
  }
  guard length <= cursor.remaining else {
    throw MIDIError(
      offset: 0, message: "truncated chunk: it declares \(length) bytes, \(cursor.remaining) remain"
    )
  }
  let format = Int(cursor.readBigEndian(2) ?? 0)
  let declaredTracks = Int(cursor.readBigEndian(2) ?? 0)
  let division = Int(cursor.readBigEndian(2) ?? 0)
  switch format {
  case 0, 1: break
  case 2: throw MIDIError(offset: 8, message: "format 2 (independent sequences) is not supported")
  default: throw MIDIError(offset: 8, message: "unknown format \(format); formats 0 and 1 are read")
  }
  guard division & 0x8000 == 0 else {
    throw MIDIError(
      offset: 12,
      message:
        "SMPTE time division (frames per second) is not supported; only ticks per quarter note")
  }
  guard division > 0 else {
    throw MIDIError(offset: 12, message: "division 0: a quarter note needs at least 1 tick")
  }
  cursor.offset = 8 + length
  return Header(format: format, declaredTracks: declaredTracks, ticksPerQuarter: division)
}
