import CommandLineOptions
import Platform
import Rendering

/// `xylo-render loudness FILE...`: EBU R128 loudness, range and peaks per file, one line each.
enum LoudnessCommand {
  static let command = Command(
    name: "loudness", options: [OptionSpec("--json", takesValue: false)],
    usage: Help.loudnessUsage, help: Help.loudness, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      console.error(usageError: "missing FILE", usage: Help.loudnessUsage)
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
