import AudioBasics
import Platform
import Rendering
import ScoreParser

/// A tap as a golden records it beside its audio (`NAME.golden.taps`), so a failing test can
/// say which score lines changed, not only where the audio differs.
public struct RecordedTap: Equatable, Sendable {
  public var frame: Int64
  public var key: String
  public var gain: Double
  /// The score line (or MIDI track) of the tap.
  public var line: Int

  public init(frame: Int64, key: String, gain: Double, line: Int) {
    self.frame = frame
    self.key = key
    self.gain = gain
    self.line = line
  }
}

/// The taps file's text: a header naming the rate, then `frame,key,gain,line` per tap in render
/// order; gains written so they read back exactly.
func tapsText(_ taps: [RecordedTap], rate: Int) -> String {
  var text = "# xylo-render golden taps at \(rate) Hz: frame,key,gain,line\n"
  for tap in taps {
    text += "\(tap.frame),\(tap.key),\(tap.gain.description),\(tap.line)\n"
  }
  return text
}

/// Reads a taps file back: its rate and taps; `nil` when it is not one.
func parseTapsText(_ text: String) -> (rate: Int, taps: [RecordedTap])? {
  var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
  guard let header = lines.first, header.hasPrefix("# xylo-render golden taps at "),
    let rate = Int(header.dropFirst(29).prefix { $0.isNumber })
  else { return nil }
  lines.removeFirst()
  var taps: [RecordedTap] = []
  for line in lines {
    let fields = line.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count == 4, let frame = Int64(fields[0]), let gain = Double(fields[2]),
      let number = Int(fields[3])
    else { return nil }
    taps.append(RecordedTap(frame: frame, key: String(fields[1]), gain: gain, line: number))
  }
  return (rate, taps)
}

/// What changed between a golden's taps and a render's, one line per change, by score line:
/// `alarm.xylo:2: E moved 0.240000 s → 0.250000 s (+480 frames)`, `gain 1 → 0.944 (-0.50 dB)`,
/// `key C → D`, taps added or removed. Taps of a line are paired in order. At most `limit`
/// lines, then how many more.
func tapChanges(
  from old: [RecordedTap], to new: [RecordedTap], rate: Int, scoreName: String,
  placeWord: String = "", limit: Int = 20
) -> [String] {
  var oldByLine: [Int: [RecordedTap]] = [:]
  var newByLine: [Int: [RecordedTap]] = [:]
  for tap in old { oldByLine[tap.line, default: []].append(tap) }
  for tap in new { newByLine[tap.line, default: []].append(tap) }
  let lines = Set(oldByLine.keys).union(newByLine.keys).sorted()
  var changes: [String] = []
  func time(_ frame: Int64) -> String {
    (Rational(frame, Int64(rate))?.decimalString(places: 6) ?? "?") + " s"
  }
  for line in lines {
    let before = oldByLine[line] ?? []
    let after = newByLine[line] ?? []
    let place = "\(scoreName):\(placeWord)\(line):"
    for index in 0..<max(before.count, after.count) {
      switch (index < before.count ? before[index] : nil, index < after.count ? after[index] : nil)
      {
      case (let a?, let b?):
        if a.key != b.key { changes.append("\(place) key \(a.key) → \(b.key) at \(time(b.frame))") }
        if a.frame != b.frame {
          let shift = b.frame - a.frame
          changes.append(
            "\(place) \(b.key) moved \(time(a.frame)) → \(time(b.frame)) (\(shift > 0 ? "+" : "")\(shift) frames)"
          )
        }
        if a.gain != b.gain {
          let change = a.gain > 0 && b.gain > 0 ? Decibels.of(b.gain / a.gain) : -.infinity
          changes.append(
            "\(place) \(b.key) at \(time(b.frame)) gain \(shortNumber(a.gain)) → \(shortNumber(b.gain)) (\(fixed(change, places: 2, signed: true)) dB)"
          )
        }
      case (let a?, nil): changes.append("\(place) \(a.key) at \(time(a.frame)) removed")
      case (nil, let b?): changes.append("\(place) \(b.key) at \(time(b.frame)) added")
      case (nil, nil): break
      }
    }
  }
  guard changes.count > limit else { return changes }
  return Array(changes.prefix(limit)) + ["... and \(changes.count - limit) more changes"]
}

/// A gain to three decimals without trailing zeros: `1`, `0.944`.
private func shortNumber(_ value: Double) -> String {
  var text = fixed(value, places: 3)
  while text.contains(".") && (text.hasSuffix("0") || text.hasSuffix(".")) { text.removeLast() }
  return text
}
