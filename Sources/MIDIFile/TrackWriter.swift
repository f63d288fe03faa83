/// Builds the events of one track chunk: delta times, running status, and the chunk header.
struct TrackWriter {
  /// The events written so far, without the chunk header.
  private(set) var data: [UInt8] = []
  /// The tick of the last event written.
  private(set) var tick: Int64 = 0
  private var runningStatus: UInt8?

  /// The longest delta time a variable-length quantity holds (4 bytes of 7 bits).
  static let maxDelta: Int64 = 0x0FFF_FFFF

  /// A channel message with two data bytes, its status left out when it repeats.
  mutating func channelMessage(_ status: UInt8, _ first: UInt8, _ second: UInt8, at tick: Int64) {
    move(to: tick)
    if runningStatus != status { data.append(status) }
    runningStatus = status
    data += [first, second]
  }

  /// A program change (`Cn program`): the instrument `channel` (0-based) plays from here on.
  mutating func programChange(_ program: UInt8, channel: UInt8, at tick: Int64) {
    move(to: tick)
    let status = 0xC0 | channel & 0x0F
    if runningStatus != status { data.append(status) }
    runningStatus = status
    data.append(program & 0x7F)
  }

  /// A meta event `FF type length data`; like every meta event it cancels running status.
  mutating func meta(_ type: UInt8, _ bytes: [UInt8], at tick: Int64) {
    move(to: tick)
    data += [0xFF, type] + variableLength(Int64(bytes.count)) + bytes
    runningStatus = nil
  }

  mutating func endOfTrack(at tick: Int64) {
    meta(0x2F, [], at: tick)
  }

  /// `MTrk`, the length, the events.
  var chunk: [UInt8] {
    Array("MTrk".utf8) + bigEndian(UInt32(clamping: data.count), bytes: 4) + data
  }

  /// Writes the delta time to `tick`; a gap longer than one delta holds is bridged with empty
  /// text events (`FF 01 00`), which readers ignore.
  private mutating func move(to tick: Int64) {
    var delta = max(0, tick - self.tick)
    while delta > Self.maxDelta {
      data += variableLength(Self.maxDelta) + [0xFF, 0x01, 0x00]
      runningStatus = nil
      delta -= Self.maxDelta
    }
    data += variableLength(delta)
    self.tick = max(self.tick, tick)
  }
}

/// `value` (0 to 0x0FFFFFFF) as a variable-length quantity: 7 bits a byte, most significant
/// first, the high bit set on every byte but the last.
func variableLength(_ value: Int64) -> [UInt8] {
  var bytes = [UInt8(value & 0x7F)]
  var rest = value >> 7
  while rest > 0 {
    bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
    rest >>= 7
  }
  return bytes
}

/// The low `bytes` bytes of `value`, most significant first.
func bigEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
  (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
}
