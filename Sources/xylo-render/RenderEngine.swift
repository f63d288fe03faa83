import Mixer
import SoundFile

/// Streams the mix block by block through gain, fade and conversion into a writer; memory holds
/// one block and the samples, never the song.
struct RenderEngine {
  let setup: MixSetup
  let blockFrames: Int
  let totalFrames: Int64
  var finishing: Finishing

  /// What a pass saw: the peak of the finished mix, and how many values clipped.
  struct Outcome {
    var peak = PeakMeter()
    var clippedCount: Int64 = 0
  }

  /// Renders every block and hands it, finished, to `body` with its first frame.
  private func forEachBlock(
    progress: ProgressBar?,
    _ body: (UnsafeMutableBufferPointer<Float>, Int64) throws(SoundFileError) -> Void
  ) throws(SoundFileError) {
    var renderer = MixRenderer(
      samples: setup.samples, voices: setup.voices, channels: setup.channels)
    var block = [Float](repeating: 0, count: blockFrames * setup.channels)
    var position: Int64 = 0
    while position < totalFrames {
      let frames = Int(min(Int64(blockFrames), totalFrames - position))
      try block.withUnsafeMutableBufferPointer { (whole) throws(SoundFileError) in
        let buffer = UnsafeMutableBufferPointer(rebasing: whole[..<(frames * setup.channels)])
        renderer.render(into: buffer)
        finishing.apply(to: buffer, channels: setup.channels, at: position)
        try body(buffer, position)
      }
      position += Int64(frames)
      progress?.update(done: position)
    }
  }

  /// The first pass of `--normalize`: measures the finished mix without writing it.
  func measure(progress: ProgressBar?) -> PeakMeter {
    var meter = PeakMeter()
    try? forEachBlock(progress: progress) { buffer, position in
      meter.measure(UnsafeBufferPointer(buffer), channels: setup.channels, at: position)
    }
    return meter
  }

  /// Writes every frame, converted to the writer's encoding.
  func write(to writer: SoundFileWriter, dither: Dither?, progress: ProgressBar?)
    throws(SoundFileError) -> Outcome
  {
    var outcome = Outcome()
    let encoding = writer.format.encoding
    var quantizer = encoding?.fullScale.map { Quantizer(fullScale: $0, dither: dither) }
    var shorts = [Int16](
      repeating: 0, count: encoding == .pcm16 ? blockFrames * setup.channels : 0)
    var ints = [Int32](
      repeating: 0,
      count: encoding == .pcm24 || encoding == .pcm32 ? blockFrames * setup.channels : 0)
    try forEachBlock(progress: progress) { (buffer, position) throws(SoundFileError) in
      let input = UnsafeBufferPointer(buffer)
      outcome.peak.measure(input, channels: setup.channels, at: position)
      let firstIndex = position * Int64(setup.channels)
      if encoding == .pcm16, quantizer != nil {
        try shorts.withUnsafeMutableBufferPointer { (whole) throws(SoundFileError) in
          let out = UnsafeMutableBufferPointer(rebasing: whole[..<input.count])
          quantizer?.quantize(input, firstIndex: firstIndex, into: out)
          try writer.write(UnsafeBufferPointer(out))
        }
      } else if quantizer != nil {
        try ints.withUnsafeMutableBufferPointer { (whole) throws(SoundFileError) in
          let out = UnsafeMutableBufferPointer(rebasing: whole[..<input.count])
          quantizer?.quantize(input, firstIndex: firstIndex, into: out)
          try writer.write(UnsafeBufferPointer(out))
        }
      } else {
        if encoding == nil { outcome.clippedCount += Int64(input.count(where: { abs($0) > 1 })) }
        try writer.write(input)
      }
    }
    outcome.clippedCount += quantizer?.clippedCount ?? 0
    return outcome
  }
}
