import SampleBank

/// The titles of the built-in xylophone bank: the app's keys, then F4 to C8 chromatically.
///
/// Sharps and flats both name a black key (`F#4` and `Gb4`); E#, Fb, B# and Cb are not used.
enum BuiltInKeys {
  static let titles: [String] = {
    let names: [[String]] = [
      ["C"], ["C#", "Db"], ["D"], ["D#", "Eb"], ["E"], ["F"], ["F#", "Gb"], ["G"], ["G#", "Ab"],
      ["A"], ["A#", "Bb"], ["B"],
    ]
    var titles = AppKeys.titles
    for midiNote in 65...108 {  // F4 to C8
      let octave = midiNote / 12 - 1
      for name in names[midiNote % 12] { titles.append("\(name)\(octave)") }
    }
    return titles
  }()
}
