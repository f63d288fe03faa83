import MediaEncoding
import TestSupport

/// The synthetic video of the video tests: 64×36 at 10 frames per second for 1 s, four
/// patches of pure colour that move round each frame, and a 48 kHz mono sine.
enum TestVideo {
  static let format = VideoFormat(width: 64, height: 36, framesPerSecond: 10)
  static let frameCount = 10
  static let sampleRate = 48_000
  static let audio = sine(seconds: 1, rate: sampleRate, channels: 1, frequency: 440)
  /// Red, green, blue and mid grey, as Cairo would store them opaque: 0xAARRGGBB.
  static let palette: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF80_8080]

  /// The colour of patch `patch` (0 top left, 1 top right, 2 bottom left, 3 bottom right)
  /// in frame `frame`.
  static func color(frame: Int, patch: Int) -> UInt32 { palette[(frame + patch) % 4] }

  /// Frame `frame`'s ARGB32 pixels, native-endian words, `width` words a row.
  static func pixels(frame: Int) -> [UInt32] {
    var pixels = [UInt32](repeating: 0, count: format.width * format.height)
    for y in 0..<format.height {
      for x in 0..<format.width {
        let patch = (y < format.height / 2 ? 0 : 2) + (x < format.width / 2 ? 0 : 1)
        pixels[y * format.width + x] = color(frame: frame, patch: patch)
      }
    }
    return pixels
  }

  /// Writes the video to `path`, giving the audio up to each frame's time (in blocks of at
  /// most `audioBlockFrames`) before the frame, as a renderer does, then finishes.
  static func write(to path: String, audioBlockFrames: Int = 4_096) throws {
    let writer = try VideoWriter(
      path: path, video: format, sampleRate: sampleRate, channelCount: 1, title: "Scale",
      artist: "Xylo")
    var written = 0
    func writeAudio(upTo end: Int) throws {
      while written < end {
        let blockEnd = min(end, written + audioBlockFrames)
        try audio[written..<blockEnd].withUnsafeBufferPointer { try writer.writeAudio($0) }
        written = blockEnd
      }
    }
    for frame in 0..<frameCount {
      try writeAudio(upTo: frame * sampleRate / format.framesPerSecond)
      try pixels(frame: frame).withUnsafeBytes { bytes in
        try writer.writeVideoFrame(bytes, bytesPerRow: format.width * 4)
      }
    }
    try writeAudio(upTo: audio.count)
    try writer.finish()
  }

  /// A freshly written test video's path.
  static func written(audioBlockFrames: Int = 4_096) throws -> String {
    let path = try temporaryFolder() + "/video.mp4"
    try write(to: path, audioBlockFrames: audioBlockFrames)
    return path
  }

  /// Every frame of the video at `path`, decoded.
  static func decodedFrames(_ path: String) throws -> [VideoFrame] {
    let reader = try VideoFileReader(path: path)
    var frames: [VideoFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
  }
}
