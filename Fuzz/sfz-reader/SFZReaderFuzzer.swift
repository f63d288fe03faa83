import Platform
// libFuzzer harness for the SFZ reader: any bytes saved as an instrument `x.sfz` beside a small
// sample (`a.wav`, `b.wav`) must open or be refused with a reason, and every key it plays must
// load, pitched, or be refused: never a crash, a hang or runaway memory. `scripts/fuzz` links
// it with libFuzzer, whose main calls `LLVMFuzzerTestOneInput`.
import Rendering
import SampleBank

/// A folder holding the samples the inputs may name: 64 frames of 16-bit mono at 48 kHz.
private let folder: String = {
  let path = Path.join(FileSystem.temporaryDirectory, "xylo-fuzz-sfz-\(getpid())")
  try? FileSystem.createDirectories(path)
  let frames = 64
  var wav: [UInt8] = Array("RIFF".utf8) + littleEndian(UInt32(36 + 2 * frames), 4)
  wav += Array("WAVEfmt ".utf8) + littleEndian(16, 4) + littleEndian(1, 2) + littleEndian(1, 2)
  wav += littleEndian(48_000, 4) + littleEndian(96_000, 4) + littleEndian(2, 2)
  wav += littleEndian(16, 2) + Array("data".utf8) + littleEndian(UInt32(2 * frames), 4)
  for frame in 0..<frames { wav += littleEndian(UInt32(UInt16(bitPattern: Int16(frame * 400))), 2) }
  for name in ["a.wav", "b.wav"] { write(wav, to: Path.join(path, name)) }
  return path
}()

private func littleEndian(_ value: UInt32, _ count: Int) -> [UInt8] {
  (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

private func write(_ bytes: [UInt8], to path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { return }
  try? FileSystem.write(bytes, to: descriptor)
  close(descriptor)
}

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSFZReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let path = Path.join(folder, "x.sfz")
  write(Array(UnsafeBufferPointer(start: data, count: size)), to: path)
  let bank: SFZBank
  do {
    bank = try SFZBank(path: path, maximumSampleSeconds: 2)
  } catch {
    precondition(!error.reason.isEmpty, "a refusal has a reason")
    return 0
  }
  // A few keys at a few strengths and turns, each loaded and pitched to another rate.
  for title in bank.titles.prefix(4) {
    for (gain, turn) in [(1.0, 0), (0.3, 1), (0.0, 2)] {
      let layer = bank.strikeLayer(for: title, gain: gain, turn: turn)
      precondition(bank.level(forGain: gain, title: title, strikeLayer: layer).isFinite)
      do {
        let sample = try bank.sample(for: title, strikeLayer: layer)
        _ = try prepare(sample, rate: 44_100, channels: 1)
      } catch {
        precondition(!error.reason.isEmpty, "a refusal has a reason")
      }
    }
  }
  return 0
}
