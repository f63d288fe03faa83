/// A program change: from its tick on, its channel's notes play `program`, of the bank the
/// channel's bank select (controllers 0 and 32) named before it in its track.
public struct MIDIProgramChange: Hashable, Sendable {
  public let tick: Int64
  /// The track (1-based) that holds it.
  public let track: Int
  /// 1 to 16.
  public let channel: Int
  public let program: MIDIProgram
}

/// What a channel plays: a program (0-127, as the file stores it; General MIDI's numbers are
/// one more) of the bank its bank select named (0 and 0 when none did).
public struct MIDIProgram: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// 0-127: 12 is General MIDI's Marimba, 13 its Xylophone.
  public var number: Int
  /// Controller 0, 0-127.
  public var bankMSB: Int
  /// Controller 32, 0-127.
  public var bankLSB: Int

  public init(number: Int, bankMSB: Int = 0, bankLSB: Int = 0) {
    self.number = number
    self.bankMSB = bankMSB
    self.bankLSB = bankLSB
  }

  /// By bank, then program.
  public static func < (left: MIDIProgram, right: MIDIProgram) -> Bool {
    (left.bankMSB, left.bankLSB, left.number) < (right.bankMSB, right.bankLSB, right.number)
  }

  /// `program 13 (Marimba)`, with `bank 8` (or `bank 8/1`, MSB/LSB) when a bank is selected;
  /// General MIDI's 1-based number.
  public var description: String {
    let bank =
      bankMSB == 0 && bankLSB == 0
      ? "" : ", bank \(bankMSB)" + (bankLSB == 0 ? "" : "/\(bankLSB)")
    return "program \(number + 1) (\(GeneralMIDI.programNames[number])\(bank))"
  }
}

/// A channel's bank select and program as a track's events set them.
struct ChannelPrograms {
  private var banks = [(msb: Int, lsb: Int)](repeating: (0, 0), count: 16)
  private(set) var changes: [MIDIProgramChange] = []

  /// Takes a control change (`Bn`) or program change (`Cn`) of `channel` (0-based).
  mutating func take(kind: UInt8, channel: Int, data: (UInt8, UInt8), tick: Int64, track: Int) {
    switch kind {
    case 0xB0 where data.0 == 0: banks[channel].msb = Int(data.1)
    case 0xB0 where data.0 == 32: banks[channel].lsb = Int(data.1)
    case 0xC0:
      changes.append(
        MIDIProgramChange(
          tick: tick, track: track, channel: channel + 1,
          program: MIDIProgram(
            number: Int(data.0), bankMSB: banks[channel].msb, bankLSB: banks[channel].lsb)))
    default: break
    }
  }
}

extension MIDISong {
  /// The program each of `notes` (indices into `notes`, in ascending order) plays: the last
  /// program change on its channel at its tick or before (at one tick, by track, then file
  /// order); `nil` for a note no program change comes before.
  func programs(of indices: [Int]) -> [MIDIProgram?] {
    var current = [MIDIProgram?](repeating: nil, count: 17)
    var next = 0
    return indices.map { index in
      let note = notes[index]
      while next < programChanges.count, programChanges[next].tick <= note.tick {
        let change = programChanges[next]
        current[change.channel] = change.program
        next += 1
      }
      return current[note.channel]
    }
  }
}
