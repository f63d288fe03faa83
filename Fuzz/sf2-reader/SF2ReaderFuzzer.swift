import Platform
// libFuzzer harness for the SoundFont 2 reader: any bytes saved as `x.sf2` must list its
// presets and open them or be refused with a reason, and every key a preset plays must load,
// pitched and enveloped, or be refused: never a crash, a hang or runaway memory.
// `scripts/fuzz` links it with libFuzzer, whose main calls `LLVMFuzzerTestOneInput`.
import Rendering
import SampleBank

/// The folder the inputs are written to.
private let folder: String = {
  let path = Path.join(FileSystem.temporaryDirectory, "xylo-fuzz-sf2-\(getpid())")
  try? FileSystem.createDirectories(path)
  return path
}()

private func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { return }
  try? FileSystem.write(UnsafeRawBufferPointer(bytes), to: descriptor)
  close(descriptor)
}

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSF2Reader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let path = Path.join(folder, "x.sf2")
  write(UnsafeBufferPointer(start: data, count: size), to: path)
  let presets: [SF2Preset]
  do {
    presets = try SF2Bank.presets(in: path)
  } catch {
    precondition(!error.reason.isEmpty, "a refusal has a reason")
    return 0
  }
  for preset in presets.prefix(2) {
    let bank: SF2Bank
    do {
      bank = try SF2Bank(
        path: path, bank: preset.bank, program: preset.program, maximumSampleSeconds: 2)
    } catch {
      precondition(!error.reason.isEmpty, "a refusal has a reason")
      continue
    }
    // A few keys at a few strengths, each loaded and pitched to another rate.
    for title in bank.titles.prefix(3) {
      for gain in [1.0, 0.3, 0.0] {
        let layer = bank.strikeLayer(for: title, gain: gain, turn: 0)
        precondition(bank.level(forGain: gain, title: title, strikeLayer: layer).isFinite)
        do {
          let sample = try bank.sample(for: title, strikeLayer: layer)
          precondition(sample.values.allSatisfy(\.isFinite), "a sample's values are finite")
          _ = try prepare(sample, rate: 44_100, channels: 1)
        } catch {
          precondition(!error.reason.isEmpty, "a refusal has a reason")
        }
      }
    }
  }
  return 0
}
