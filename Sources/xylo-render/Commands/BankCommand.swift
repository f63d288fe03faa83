import Rendering

/// `xylo-render bank export DIR`: writes the built-in bank as `<title>.wav`, 48 kHz 24-bit.
enum BankCommand {
  static let command = Command(
    name: "bank",
    overview: "Write the built-in xylophone bank as WAV files, to listen to, edit or reuse.",
    synopsis: ["xylo-render bank export DIR"],
    about: """
      Writes DIR/<title>.wav for every built-in key (48 kHz, mono, 24-bit), creating DIR if
      needed, and DIR/xylophone.sfz with DIR/layers/: every key of F4-C8 at each of the 13
      strike layers. '--bank DIR/xylophone.sfz' renders every tap exactly as the built-in
      bank does, soft taps included. '--bank DIR' reads the plain files: taps at full
      strength render exactly, softer taps scale the full-strength sample.
      """,
    operands: [.choices(["export"]), .folders],
    sections: [OptionSection(title: "OPTIONS", options: [CommonOptions.quiet])], run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    guard arguments.positionals.first == "export", arguments.positionals.count == 2 else {
      let reason =
        arguments.positionals.first.map {
          $0 == "export" ? "missing DIR" : "unknown bank action \(quote($0))"
        }
        ?? "missing action; the bank command has 'export DIR'"
      console.error(usageError: reason, usage: command.usage)
      return .usage
    }
    let folder = arguments.positionals[1]
    do {
      let written = try exportBuiltInBank(to: folder)
      if !arguments.has("--quiet") {
        console.err(
          "wrote \(written.keyCount) keys to \(Destination.file(folder).displayName) as 48 kHz 24-bit WAV, and \(Destination.file(written.instrumentPath).displayName) with \(written.layerSampleCount) strike-layer samples"
        )
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }
}
