import Platform
import Rendering
import SampleBank
import Settings

/// `xylo-render keys [--bank DIR]`: lists the bank's keys and what their samples are; for a
/// SoundFont without `--preset`, its presets.
enum KeysCommand {
  static let command = Command(
    name: "keys",
    overview:
      "List the bank's keys with their sample rate, channels and length; a SoundFont's presets.",
    synopsis: [
      "xylo-render keys [--bank DIR|FILE.sfz]", "xylo-render keys --bank FILE.sf2 [--preset N]",
    ],
    sections: [OptionSection(title: "OPTIONS", options: SoundOptions.bankSpecs)], run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    guard arguments.positionals.isEmpty else {
      console.error(usageError: "keys takes no arguments", usage: command.usage)
      return .usage
    }
    let bankOption: BankOption
    do {
      bankOption = try BankOption(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    if let path = bankOption.choice.path, bankOption.choice.preset == nil, isSoundFontFile(path) {
      return listPresets(path, console)
    }
    guard let bank = bankOption.open(console: console) else { return .failure }
    var rows = [["KEY", "PITCH", "HZ", "RATE", "CHANNELS", "SECONDS", "FRAMES", "SOURCE"]]
    var status = ExitStatus.success
    for title in bank.titles {
      do {
        let info = try bank.info(for: title)
        let seconds = Double(info.frameCount) / Double(max(1, info.sampleRate))
        rows.append([
          title, info.pitch?.name ?? "-", info.pitch.map { fixed($0.frequency, places: 2) } ?? "-",
          "\(info.sampleRate)", "\(info.channels)", fixed(seconds, places: 3), "\(info.frameCount)",
          shown(info.source),
        ])
      } catch {
        console.error(error.description)
        status = .failure
      }
    }
    for row in alignedColumns(rows) { console.out(row) }
    return status
  }
}

extension KeysCommand {
  /// The presets of the SoundFont at `path`, as `--preset` names them, with their names.
  static func listPresets(_ path: String, _ console: Console) -> ExitStatus {
    let presets: [SF2Preset]
    do { presets = try SF2Bank.presets(in: path) } catch {
      console.error(error.description)
      return .failure
    }
    let rows =
      [["PRESET", "NAME"]]
      + presets.map {
        [PresetNumber(bank: $0.bank, program: $0.program).text, displayText($0.name)]
      }
    for row in alignedColumns(rows) { console.out(row) }
    return .success
  }
}

/// Rows of cells padded to line up in columns; the last column is not padded.
func alignedColumns(_ rows: [[String]]) -> [String] {
  guard let columnCount = rows.map(\.count).max() else { return [] }
  let widths = (0..<columnCount).map { column in
    rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
  }
  return rows.map { row in
    row.enumerated().map { column, cell in
      column == row.count - 1
        ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
    }.joined(separator: "  ")
  }
}
