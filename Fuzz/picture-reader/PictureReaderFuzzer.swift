import MediaEncoding
// libFuzzer harness for the background picture reader: any bytes as a video's `--background`
// must decode, scaled to cover the frame, or be refused with a reason: never a crash, a hang or
// runaway memory (a picture is decoded by FFmpeg, so this fuzzes what we ask of it too).
// `scripts/fuzz` links it with libFuzzer, whose main calls `LLVMFuzzerTestOneInput`.
import Platform

private let path: String = {
  let folder = Path.join(FileSystem.temporaryDirectory, "xylo-fuzz-picture-\(getpid())")
  try? FileSystem.createDirectories(folder)
  return Path.join(folder, "background")
}()

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictureReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard descriptor >= 0 else { return 0 }
  try? FileSystem.write(UnsafeRawBufferPointer(start: data, count: size), to: descriptor)
  close(descriptor)
  // A wide frame and a tall one: a picture of any shape is cut and scaled to both.
  for (width, height) in [(64, 36), (18, 32)] {
    do {
      let picture = try PictureFileReader.read(path, covering: width, height: height)
      precondition(picture.width == width && picture.height == height)
      precondition(picture.pixels.count == 4 * width * height)
    } catch {
      precondition(!error.reason.isEmpty, "a refusal has a reason")
    }
  }
  return 0
}
