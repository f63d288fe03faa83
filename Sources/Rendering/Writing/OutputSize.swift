import Settings
import SoundFile

/// About how many bytes a file of `frameCount` frames takes, erring large: what its file
/// system must have room for before a render starts writing it.
package func estimatedBytes(
  frameCount: Int64, channels: Int, rate: Int, format: OutputFormat, phone: PhoneFormat? = nil
) -> Int64 {
  let header: Int64 = 64 << 10
  let seconds = frameCount / Int64(max(1, rate)) + 1
  switch phone {
  case .aac(let bitRate)?:
    return header + seconds * Int64(bitRate) / 8 * 5 / 4
  case .oggVorbis?:
    // Vorbis at the quality used runs well under 200 kb/s a channel.
    return header + seconds * Int64(channels) * 25_000
  case nil:
    break
  }
  if format.container.isLossless {
    // Uncompressed, or FLAC, which is at most a little larger than that for noise.
    let product = frameCount.multipliedReportingOverflow(
      by: Int64(format.bytesPerFrame(channels: channels)))
    let bytes = product.overflow ? Int64.max / 2 : product.partialValue
    return header + (format.container == .flac ? bytes / 100 * 101 : bytes)
  }
  // Ogg Vorbis, Opus and MP3 from libsndfile: at most 320 kb/s a channel.
  return header + seconds * Int64(channels) * 40_000
}
