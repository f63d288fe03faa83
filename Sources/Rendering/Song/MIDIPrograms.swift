import MIDIFile
import Platform
import SampleBank
import Settings

/// The SoundFont preset a MIDI file's program changes choose when no `--preset` does.
struct ProgramChoice: Equatable {
  /// The preset to play; nil keeps the bank's default (14, the xylophone, else the first).
  var preset: PresetNumber?
  /// What chose it, a line each.
  var notes: [String] = []
  /// Programs left unplayed: several under one preset, or missing from the file.
  var warnings: [String] = []
}

/// The preset `counts` (taps of each program, drums left out) choose among `presets` (the
/// SoundFont's, named `bankName`): program p (0-based) of bank select MSB m is preset `m:p+1`,
/// as FluidSynth reads bank selects by default (controller 32 does not choose). The program
/// of the most taps that the file has wins (ties: the lower bank, then program); the others'
/// taps play it too, with one warning. Programs the file lacks are named in a warning; with
/// none it has, the default stands.
func programChoice(
  _ counts: [MIDIProgram: Int], presets: [SF2Preset], bankName: String
) -> ProgramChoice {
  guard !counts.isEmpty else { return ProgramChoice() }
  func preset(_ program: MIDIProgram) -> PresetNumber {
    PresetNumber(bank: program.bankMSB, program: program.number + 1)
  }
  func has(_ program: MIDIProgram) -> Bool {
    let number = preset(program)
    return presets.contains { $0.bank == number.bank && $0.program == number.program }
  }
  let ranked = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
  func listed(_ entries: some Sequence<(key: MIDIProgram, value: Int)>) -> String {
    entries.map { "\($0.key): \($0.value) \($0.value == 1 ? "note" : "notes")" }
      .joined(separator: ", ")
  }
  var choice = ProgramChoice()
  let missing = ranked.filter { !has($0.key) }
  let found = ranked.filter { has($0.key) }
  if !missing.isEmpty {
    let numbers = missing.map { "preset \(preset($0.key).text)" }.joined(separator: ", ")
    choice.warnings.append(
      "'\(displayText(bankName))' has no \(numbers) for \(listed(missing))"
        + (found.isEmpty
          ? "; its default preset plays them" : "; preset \(preset(found[0].key).text) plays them"))
  }
  guard let chosen = found.first else { return choice }
  choice.preset = preset(chosen.key)
  let name = presets.first {
    $0.bank == choice.preset?.bank && $0.program == choice.preset?.program
  }?.name
  choice.notes.append(
    "plays preset \(preset(chosen.key).text) '\(displayText(name ?? ""))' of "
      + "'\(displayText(bankName))': the \(chosen.key) of its notes; --preset N chooses another")
  if found.count > 1 {
    choice.warnings.append(
      "its notes play \(found.count) programs; all play preset \(preset(chosen.key).text), "
        + "the program of the most (\(listed(found.prefix(1)))), not "
        + "\(listed(found.dropFirst())); --preset N chooses one")
  }
  return choice
}
