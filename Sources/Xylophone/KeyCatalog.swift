import AudioBasics

/// The built-in xylophone's keys: the app's titles and a concert xylophone's chromatic range.
package struct BuiltInKey: Equatable, Sendable {
  package var title: String
  /// MIDI note number: 60 is C4, 69 is A4.
  package var midiNote: Int
  /// Scientific pitch name, such as `C6` or `F#4`.
  package var pitchName: String
  /// Equal temperament with A4 = 440 Hz.
  package var frequency: Double
}

package enum KeyCatalog {
  /// The app's buttons are C6 to B6; its HighC is C7.
  package static let appNotes: [(String, Int)] = [
    ("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95), ("HighC", 96),
  ]
  package static let lowestNote = 65  // F4
  package static let highestNote = 108  // C8

  /// 2^(k/12) for k = 0...11, written out so no `pow` is needed.
  private static let semitoneRatios: [Double] = [
    1.0, 1.0594630943592953, 1.122462048309373, 1.189207115002721, 1.2599210498948732,
    1.3348398541700344, 1.4142135623730951, 1.4983070768766815, 1.5874010519681994,
    1.681792830507429, 1.7817974362806785, 1.8877486253633868,
  ]

  /// Every key: the app's titles first, then F4 to C8, sharps before flats.
  package static let keys: [BuiltInKey] = {
    var keys = appNotes.map { key(title: $0.0, midiNote: $0.1) }
    for note in lowestNote...highestNote {
      for name in NoteName.pitchClasses[note % 12] {
        keys.append(key(title: "\(name)\(note / 12 - 1)", midiNote: note))
      }
    }
    return keys
  }()

  package static let titles = keys.map(\.title)

  package static func key(named title: String) -> BuiltInKey? {
    keys.first { $0.title == title }
  }

  /// 440 Hz times 2^((note - 69) / 12), as a table ratio times an exact power of two.
  static func frequency(ofMidiNote note: Int) -> Double {
    let offset = note - 57  // A3 = 220 Hz starts the octave the table covers
    let octave = offset >= 0 ? offset / 12 : (offset - 11) / 12
    var value = 220.0 * semitoneRatios[offset - octave * 12]
    if octave >= 0 {
      for _ in 0..<octave { value *= 2 }
    } else {
      for _ in 0..<(-octave) { value /= 2 }
    }
    return value
  }

  private static func key(title: String, midiNote: Int) -> BuiltInKey {
    return BuiltInKey(
      title: title, midiNote: midiNote, pitchName: NoteName.name(of: midiNote),
      frequency: frequency(ofMidiNote: midiNote))
  }
}
