import Foundation
import SoundFile

/// Little-endian bytes of sound files built by hand, for layouts libsndfile does not write.
struct LittleEndianBytes {
  var bytes: [UInt8] = []

  mutating func append(_ text: String) { bytes += Array(text.utf8) }
  mutating func append<Value: FixedWidthInteger>(_ value: Value) {
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
  }
}

/// An RF64 file of 32-bit PCM mono at 44.1 kHz, laid out as scipy writes it: a `ds64` chunk
/// with the real sizes, and a `data` chunk whose 32-bit size field holds the real byte count
/// rather than RF64's 0xFFFFFFFF placeholder (or, with `placeholderDataSize`, the placeholder).
func rf64File(_ values: [Int32], placeholderDataSize: Bool = false) -> Data {
  let dataBytes = values.count * 4
  let riffSize = 4 + (8 + 28) + (8 + 16) + (8 + dataBytes)
  var file = LittleEndianBytes()
  file.append("RF64")
  file.append(UInt32.max)
  file.append("WAVE")
  file.append("ds64")
  file.append(UInt32(28))
  file.append(UInt64(riffSize))
  file.append(UInt64(dataBytes))
  file.append(UInt64(values.count))
  file.append(UInt32(0))  // table length
  file.append("fmt ")
  file.append(UInt32(16))
  file.append(UInt16(1))  // PCM
  file.append(UInt16(1))  // channels
  file.append(UInt32(44_100))
  file.append(UInt32(44_100 * 4))  // bytes per second
  file.append(UInt16(4))  // block align
  file.append(UInt16(32))  // bits per sample
  file.append("data")
  file.append(placeholderDataSize ? UInt32.max : UInt32(dataBytes))
  for value in values { file.append(value) }
  return Data(file.bytes)
}

/// A one-second 440 Hz mono tone at 44.1 kHz.
let toneValues = (0..<44_100).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 44_100)) }

/// Writes an MP3 whose LAME header claims 3 MPEG frames with 4095 frames of end padding, more
/// than the 3 × 1152 the frames hold; libmpg123 then reports a negative length, which
/// libsndfile passes on as 9223372036854775807 frames. The audio decodes to 3 × 1152 − 529
/// (the decoder's delay) = 2927 frames.
func writeMP3OfUnknownLength(_ path: String) throws {
  let format = try OutputFormat.make(container: .mp3, encoding: nil).get()
  let writer = try SoundFileWriter(path: path, format: format, sampleRate: 44_100, channels: 1)
  try toneValues.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
  var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  // The Xing tag sits after the first frame's 4-byte header and 17 bytes of side information
  // (MPEG-1 mono); with all four fields present the LAME tag follows 120 bytes later, and its
  // 12-bit encoder delay and padding 21 bytes into that.
  let xing = 4 + 17
  guard bytes.count > xing + 144, String(decoding: bytes[xing..<xing + 4], as: UTF8.self) == "Xing",
    bytes[xing + 4..<xing + 8] == [0, 0, 0, 0x0F],
    String(decoding: bytes[xing + 120..<xing + 124], as: UTF8.self) == "LAME"
  else { throw BuilderError(message: "the MP3 writer's first frame is not laid out as expected") }
  bytes.replaceSubrange(xing + 8..<xing + 12, with: [0, 0, 0, 3])  // MPEG frames
  bytes.replaceSubrange(xing + 141..<xing + 144, with: [0x00, 0x0F, 0xFF])  // delay 0, padding 4095
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Writes a 16-bit FLAC of `values` whose STREAMINFO gives its length as 0, "unknown" in the
/// FLAC format; libsndfile reports it as 9223372036854775807 frames.
func writeFLACOfUnknownLength(_ path: String, values: [Int16], rate: Int = 48_000) throws {
  let format = try OutputFormat.make(container: .flac, encoding: .pcm16).get()
  let writer = try SoundFileWriter(path: path, format: format, sampleRate: rate, channels: 1)
  try values.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
  var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  // "fLaC", a 4-byte block header, then STREAMINFO: the 36-bit total sample count ends at byte
  // 18 of the block, after 10 bytes of block and frame sizes and 28 bits of rate, channels, width.
  guard bytes.count > 26, String(decoding: bytes[0..<4], as: UTF8.self) == "fLaC",
    bytes[4] & 0x7F == 0
  else { throw BuilderError(message: "the FLAC writer's first block is not STREAMINFO") }
  bytes[21] &= 0xF0
  bytes.replaceSubrange(22..<26, with: [0, 0, 0, 0])
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

struct BuilderError: Error {
  var message: String
}
