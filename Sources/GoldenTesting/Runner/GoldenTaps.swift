import AudioBasics
import Platform
import Rendering
import ScoreParser

/// A tap as a golden records it beside its audio (`NAME.golden.taps`), so a failing test can
/// say which score lines changed, not only where the audio differs: the manifest's tap.
public typealias RecordedTap = RenderManifest.Tap

/// The taps file's text: a header naming the rate, then `frame,key,gain,line` per tap in render
/// order; gains written so they read back exactly.
package func tapsText(_ taps: [RecordedTap], rate: Int) -> String {
  var text = "# xylo-render golden taps at \(rate) Hz: frame,key,gain,line\n"
  for tap in taps {
    text += "\(tap.frame),\(tap.key),\(tap.gain.description),\(tap.line)\n"
  }
  return text
}

/// Reads a taps file back: its rate and taps; `nil` when it is not one.
package func parseTapsText(_ text: String) -> (rate: Int, taps: [RecordedTap])? {
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
