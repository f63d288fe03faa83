import Foundation
import SoundFile
import TestSupport

/// A bank shaped like the app's own sound files (their lengths, rates and quirks), made in code.
let appSounds = AppLikeSounds.folder

/// Writes a mono 16-bit WAV holding `values`.
func writeWav(_ path: String, _ values: [Int16], rate: Int = 48_000, channels: Int = 1) throws {
  let format = try OutputFormat.make(container: .wav, encoding: .pcm16).get()
  let writer = try SoundFileWriter(path: path, format: format, sampleRate: rate, channels: channels)
  try values.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
}

/// A bank of impulses: key `C` is the value 1000 then 9 zeros, `D` 2000, and so on, so every
/// tap in a render shows as one nonzero value on its frame.
func impulseBank(keys: [String] = ["C", "D", "E", "F", "G", "A", "B", "HighC"]) throws -> String {
  let folder = try temporaryFolder()
  for (index, key) in keys.enumerated() {
    try writeWav(
      "\(folder)/\(key).wav", [Int16(1000 * (index + 1))] + [Int16](repeating: 0, count: 9))
  }
  return folder
}

/// A file's sample values as integers of its own full scale, with its rate and channels.
func readInts(_ path: String, fullScale: Float = 32_768) throws -> (
  values: [Int32], info: AudioInfo
) {
  let reader = try SoundFileReader(path: path)
  let values = try reader.readAll(maxFrames: 100_000_000)
  return (values.map { Int32(($0 * fullScale).rounded()) }, reader.info)
}
