import Platform
import Settings

/// The lines a score tapped along on the page starts with, before its timestamp lines: a
/// comment naming the song, a title, and the `options` that make `xylo-render render` play the
/// taps as the page does: at the page's rate (so each tap lands on the frame the page gave
/// it), with the song's mallet and gain, ending when the last sound does (`--tail 0`, as the
/// page's WAV ends), and, unless the keys were polyphonic, one sound at a time, each tap
/// stopping the one before as the app does (`--polyphony 1`).
func tappedScoreHeader(title: String, options: SoundOptions, rate: Int, polyphonic: Bool)
  -> String
{
  let shown = escaped(title) { isHidden($0) ? " " : nil }
  var lines = ["# Tapped along with '\(shown)' on its xylo-render page"]
  if let bank = options.bank {
    let name = escaped(Path.lastComponent(bank)) { isHidden($0) ? " " : nil }
    if let preset = options.preset {
      lines.append(
        "# The keys played preset \(preset.text) of the bank '\(name)': give the same --bank "
          + "and --preset \(preset.text) to render them")
    } else {
      lines.append("# The keys played the bank '\(name)': give the same --bank to render them")
    }
  }
  // A title is the rest of its line up to a comment: one with a '#' would be cut.
  if !shown.contains("#"), !shown.allSatisfy(\.isWhitespace) {
    lines.append("title \(shown) (tapped along)")
  }
  var words = ["--rate", String(rate)]
  if let mallet = options.mallet { words += ["--mallet", mallet.rawValue] }
  if case .gain(let decibels)? = options.level, decibels != 0 {
    words.append("--gain=\(jsonNumber(decibels))")
  }
  if !polyphonic { words += ["--polyphony", "1"] }
  words += ["--tail", "0"]
  lines.append("options " + words.joined(separator: " "))
  return lines.joined(separator: "\n") + "\n"
}
