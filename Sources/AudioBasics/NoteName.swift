/// Scientific pitch names and MIDI note numbers: MIDI 60 is `C4`, 69 is `A4`, 84 is `C6`.
public enum NoteName {
  /// The names of the twelve pitch classes, sharps first: `names[1] == ["C#", "Db"]`.
  public static let pitchClasses: [[String]] = [
    ["C"], ["C#", "Db"], ["D"], ["D#", "Eb"], ["E"], ["F"], ["F#", "Gb"], ["G"], ["G#", "Ab"],
    ["A"], ["A#", "Bb"], ["B"],
  ]

  /// The name of a MIDI note with sharps: `name(of: 61) == "C#4"`; MIDI -1 is `B-2`.
  public static func name(of note: Int) -> String { name(of: note, flat: false) }

  /// The name of a MIDI note with flats where `flat` asks: `name(of: 70, flat: true) == "Bb4"`.
  public static func name(of note: Int, flat: Bool) -> String {
    let pitchClass = ((note % 12) + 12) % 12
    let octave = (note - pitchClass) / 12 - 1
    let spellings = pitchClasses[pitchClass]
    return (flat ? spellings[spellings.count - 1] : spellings[0]) + "\(octave)"
  }

  /// The MIDI note a scientific name stands for (`C#4`, `Db4`, `B-1`), or `nil` for anything
  /// else, such as the app's bare `C`.
  public static func note(named name: String) -> Int? {
    for (pitchClass, spellings) in pitchClasses.enumerated() {
      for spelling in spellings where name.hasPrefix(spelling) {
        let rest = name.dropFirst(spelling.count)
        guard let first = rest.first, first.isNumber || first == "-",
          let octave = Int(rest), (-1...9).contains(octave)
        else { continue }
        return (octave + 1) * 12 + pitchClass
      }
    }
    return nil
  }
}
