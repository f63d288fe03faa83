/// What one track chunk holds besides its notes, which go straight into a `NoteCollector`.
struct TrackContents {
  var name: String?
  /// The first program change's program (0-based), if the track has one.
  var program: Int?
  var tempoChanges: [MIDITempoChange] = []
  var timeSignatures: [MIDITimeSignature] = []
  var keySignatures: [MIDIKeySignature] = []
  /// Program changes with the bank selected on their channel, in file order.
  var programs = ChannelPrograms()
  /// The tick of the track's last event.
  var endTick: Int64 = 0
  /// Where the first event at `endTick` starts, for errors about the song's length.
  var endOffset: Int
}

/// Reads the events of the track chunk `bytes[start..<end]`, track `track` (1-based).
///
/// Grammar: event* where event = delta(VLQ) (status? data… | FF type length(VLQ) data |
/// F0/F7 length(VLQ) data). A data byte where a status belongs repeats the running status
/// (set by channel messages, cancelled by meta and sysex events); reading stops at the
/// end-of-track meta event (FF 2F) or the chunk's end.
func readTrack(
  _ bytes: [UInt8], from start: Int, to end: Int, track: Int, notes: inout NoteCollector
) throws(MIDIError) -> TrackContents {
  var cursor = ByteCursor(bytes, from: start, to: end)
  var contents = TrackContents(endOffset: start)
  var tick: Int64 = 0
  var runningStatus: UInt8?
  func failure(_ offset: Int, _ message: String) -> MIDIError {
    MIDIError(offset: offset, track: track, message: message)
  }
  func cutShort(_ eventStart: Int) -> MIDIError {
    failure(eventStart, "the track ends inside an event")
  }
  while !cursor.isAtEnd {
    let eventStart = cursor.offset
    switch cursor.readVariableLength() {
    case .value(let delta):
      let (sum, overflow) = tick.addingReportingOverflow(delta)
      guard !overflow else { throw failure(eventStart, "the track's ticks overflow") }
      if delta > 0 { contents.endOffset = eventStart }
      tick = sum
    case .truncated: throw cutShort(eventStart)
    case .tooLong: throw failure(eventStart, "a delta time longer than 4 bytes")
    }
    let statusOffset = cursor.offset
    guard let first = cursor.peek() else { throw cutShort(eventStart) }
    let status: UInt8
    if first >= 0x80 {
      status = first
      cursor.offset += 1
    } else {
      guard let running = runningStatus else {
        throw failure(statusOffset, "a data byte with no running status")
      }
      status = running
    }
    contents.endTick = tick
    switch status {
    case 0x80...0xEF:
      runningStatus = status
      let kind = status & 0xF0
      var data: (UInt8, UInt8) = (0, 0)
      for index in 0..<(kind == 0xC0 || kind == 0xD0 ? 1 : 2) {
        let byteOffset = cursor.offset
        guard let byte = cursor.readByte() else { throw cutShort(eventStart) }
        guard byte < 0x80 else {
          throw failure(byteOffset, "status byte \(hex(byte)) where a data byte belongs")
        }
        if index == 0 { data.0 = byte } else { data.1 = byte }
      }
      if kind == 0xC0, contents.program == nil { contents.program = Int(data.0) }
      if kind == 0xB0 || kind == 0xC0 {
        contents.programs.take(
          kind: kind, channel: Int(status & 0x0F), data: data, tick: tick, track: track)
      }
      if kind == 0x90, data.1 > 0 {
        let channel = Int(status & 0x0F) + 1
        guard notes.add(tick: tick, track: track, channel: channel, note: data.0, velocity: data.1)
        else { throw failure(statusOffset, notes.limitMessage) }
      }
    case 0xF0, 0xF7, 0xFF:
      runningStatus = nil
      var type: UInt8?
      if status == 0xFF {
        guard let byte = cursor.readByte() else { throw cutShort(eventStart) }
        type = byte
      }
      let lengthOffset = cursor.offset
      let length: Int64
      switch cursor.readVariableLength() {
      case .value(let value): length = value
      case .truncated: throw cutShort(eventStart)
      case .tooLong: throw failure(lengthOffset, "an event length longer than 4 bytes")
      }
      guard length <= Int64(cursor.remaining), let data = cursor.readBytes(Int(length)) else {
        throw failure(statusOffset, "a sysex/meta event runs past the end of the track")
      }
      guard let type else { continue }
      if type == 0x2F { return contents }
      try readMeta(type: type, data: data, tick: tick, into: &contents) { message in
        failure(statusOffset, message)
      }
    default:
      throw failure(statusOffset, "status byte \(hex(status)) cannot appear in a MIDI file")
    }
  }
  return contents
}

/// Keeps what the song needs from a meta event: set tempo (51), track name (03), time
/// signature (58) and key signature (59, for spelling); ignores the rest.
private func readMeta(
  type: UInt8, data: ArraySlice<UInt8>, tick: Int64, into contents: inout TrackContents,
  failure: (String) -> MIDIError
) throws(MIDIError) {
  switch type {
  case 0x51:
    guard data.count == 3 else {
      throw failure("a set-tempo event must hold 3 bytes, not \(data.count)")
    }
    let microseconds = data.reduce(0) { $0 << 8 | Int($1) }
    guard microseconds > 0 else {
      throw failure("tempo 0 (microseconds per quarter note) at tick \(tick)")
    }
    contents.tempoChanges.append(MIDITempoChange(tick: tick, microsecondsPerQuarter: microseconds))
  case 0x03 where contents.name == nil:
    contents.name = trackName(data)
  case 0x58 where data.count >= 2:
    // A denominator beyond 2^30 is no meter; such an event is left out like an unknown one.
    let exponent = data[data.startIndex + 1]
    guard exponent <= 30 else { return }
    contents.timeSignatures.append(
      MIDITimeSignature(
        tick: tick, numerator: Int(data[data.startIndex]), denominator: 1 << Int(exponent)))
  case 0x59 where data.count >= 1:
    // A count of sharps (-7 to 7) as a signed byte; anything else is no key and left out.
    let sharps = Int(Int8(bitPattern: data[data.startIndex]))
    guard (-7...7).contains(sharps) else { return }
    contents.keySignatures.append(MIDIKeySignature(tick: tick, sharps: sharps))
  default:
    break
  }
}

/// A track name as one line of text: UTF-8 (invalid bytes replaced), control characters such
/// as line breaks and NULs turned into spaces, trimmed; `nil` when nothing is left.
func trackName(_ bytes: ArraySlice<UInt8>) -> String? {
  let text = String(decoding: bytes, as: UTF8.self)
  var scalars = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
  }
  let name = String(scalars).trimmingWhitespace()
  return name.isEmpty ? nil : name
}

/// `0xF4`, as errors name bytes.
func hex(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return "0x" + (digits.count < 2 ? "0" : "") + digits
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
