import Platform
import Rendering

/// `xylo-render loudness FILE...`: EBU R128 loudness, range and peaks per file, one line each.
enum LoudnessCommand {
  static let command = Command(
    name: "loudness",
    overview: "Measure the loudness of audio files as EBU R128 / ITU-R BS.1770 defines it.",
    synopsis: ["xylo-render loudness FILE... [--json]"],
    about: """
      Prints one line per file: integrated loudness (LUFS), loudness range (LU), true peak
      (dBTP, measured oversampled by libebur128) and sample peak (dBFS). Silence is -inf.
      """,
    operands: [.files(extensions: CommonOptions.audioExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS", options: [OptionSpec("--json", help: "Print a JSON array instead")])
    ],
    footer: "Exit status: 0 when every file was measured, 1 when any cannot be read.", run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      console.error(usageError: "missing FILE", usage: command.usage)
      return .usage
    }
    let json = arguments.has("--json")
    var status = ExitStatus.success
    var objects: [String] = []
    for path in arguments.positionals {
      do {
        let measured = try measureLoudness(ofFileAt: path)
        let values = [
          measured.integratedLUFS, measured.loudnessRangeLU, measured.truePeakDBTP,
          measured.samplePeakDBFS,
        ].map { fixed($0, places: 1) }
        if json {
          let numbers = values.map { $0.contains("inf") ? "null" : $0 }
          objects.append(
            "  {\"file\": \"\(jsonEscaped(path))\", \"integrated_lufs\": \(numbers[0]), \"range_lu\": \(numbers[1]), \"true_peak_dbtp\": \(numbers[2]), \"sample_peak_dbfs\": \(numbers[3])}"
          )
        } else {
          console.out(
            "\(values[0]) LUFS  range \(values[1]) LU  true peak \(values[2]) dBTP  sample peak \(values[3]) dBFS  \(path)"
          )
        }
      } catch {
        console.report(error)
        status = .failure
      }
    }
    if json { console.out("[\n" + objects.joined(separator: ",\n") + "\n]") }
    return status
  }
}
