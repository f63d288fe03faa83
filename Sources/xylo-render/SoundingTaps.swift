import Mixer
import SampleBank
import ScoreParser

/// Names the taps of a score that sound at a frame, for `compare --score`.
enum SoundingTaps {
  /// `  sounding there: C (line 3), E (line 4)`, or why it cannot say.
  static func describe(
    scorePath: String, bankPath: String?, frame: Int64, rate: Int, console: Console
  ) -> [String] {
    guard let bank = BankOption.open(bankPath, console: console) else { return [] }
    guard
      let file = ScoreFile.load(
        scorePath, options: ParseOptions(keys: bank.titles), console: console),
      let score = file.report(to: console),
      let placed = try? schedule(score, rate: Int64(rate))
    else { return ["  sounding there: unknown ('\(scorePath)' cannot be read)"] }
    var lengths: [String: Int64] = [:]
    var names: [String] = []
    for item in placed where item.frame <= frame {
      let key = item.tap.key
      if lengths[key] == nil {
        guard let info = try? quietly({ () throws(BankError) in try bank.info(for: key) }) else {
          continue
        }
        lengths[key] = info.frameCount * Int64(rate) / Int64(max(1, info.sampleRate))
      }
      if frame < item.frame + (lengths[key] ?? 0) { names.append("\(key) (line \(item.tap.line))") }
    }
    return [
      "  sounding there: "
        + (names.isEmpty ? "no tap of '\(scorePath)'" : names.joined(separator: ", "))
    ]
  }
}
