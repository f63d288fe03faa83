import Platform
// libFuzzer harness for the sample reader: any bytes saved as a bank's `C.wav` must load or
// be refused with a reason, never crash or take runaway memory. `scripts/fuzz` links it with
// libFuzzer, whose main calls `LLVMFuzzerTestOneInput`; nothing else in the package links it.
import Rendering
import SampleBank

private let folder: String = {
  let path = Path.join(FileSystem.temporaryDirectory, "xylo-fuzz-\(getpid())")
  try? FileSystem.createDirectories(path)
  return path
}()

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSampleReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let path = Path.join(folder, "C.wav")
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { return 0 }
  try? FileSystem.write(UnsafeRawBufferPointer(start: data, count: size), to: descriptor)
  close(descriptor)
  guard let bank = try? openBank(BankChoice(path: folder)) else { return 0 }
  do {
    let sample = try bank.sample(for: "C")
    precondition(sample.channels == 1 || sample.channels == 2, "only mono and stereo load")
    precondition(sample.storage.count == sample.frameCount * sample.channels)
    // Preparing at another rate and channel count must not crash either.
    _ = try prepare(sample, rate: sample.sampleRate == 48_000 ? 44_100 : 48_000, channels: 2)
  } catch {
    precondition(!error.reason.isEmpty, "a refusal has a reason")
  }
  return 0
}
