import AudioBasics
import Dispatch
import Mixer
import SoundFile

/// The stems of each chunk of the mix: mixed (on `jobs` threads), finished like the mix,
/// converted to integers like the mix (whose own conversion, dither included, is kept here
/// too), and matched to the mix's integers.
struct StemMixing {
  let stems: [StemMix]
  let encoding: ChunkEncoding
  let finishing: Finishing
  let totalFrames: Int64
  /// Whether the mix went through a room or a limiter, and so was finished after mixing.
  let inOrder: Bool
  let blockFrames: Int
  let jobs: Int
  let dither: Dither?
  /// The mix's last chunk, as written.
  var mixFloat: [Float] = []
  var mixInt16: [Int16] = []
  var mixInt32: [Int32] = []
  /// The mix's values clipped in the last chunk.
  var mixClippedCount: Int64 = 0

  /// Mixes every stem for the frames of `chunk`, the full mix's finished floats.
  mutating func mix(_ chunk: RenderedChunk) {
    let range = chunk.start..<(chunk.start + Int64(chunk.frameCount))
    let (stems, finishing, totalFrames, inOrder, blockFrames) = (
      self.stems, self.finishing, self.totalFrames, self.inOrder, self.blockFrames
    )
    let gains = chunk.limiterGains
    let mixOne: @Sendable (Int) -> Void = { index in
      stems[index].mix(
        range, finishing: finishing, totalFrames: totalFrames, inOrder: inOrder,
        blockFrames: blockFrames, limiterGains: gains)
    }
    if jobs > 1 && stems.count > 1 {
      DispatchQueue.concurrentPerform(iterations: stems.count, execute: mixOne)
    } else {
      for index in stems.indices { mixOne(index) }
    }
    mixFloat = chunk.float
    let firstIndex = chunk.start * Int64(stems.first?.plan.channels ?? 1)
    for stem in stems { stem.quantize(encoding, firstIndex: firstIndex) }
    switch encoding {
    case .int16:
      var quantizer = Quantizer(width: .bits16, dither: dither)
      mixInt16.resize(to: mixFloat.count)
      mixFloat.withUnsafeBufferPointer { input in
        mixInt16.withUnsafeMutableBufferPointer {
          quantizer.quantize(input, firstIndex: firstIndex, into: $0)
        }
      }
      mixClippedCount = quantizer.clippedCount
      var columns = stems.map(\.int16)
      for stem in stems { stem.int16 = [] }  // each column held once, changed in place
      let adjusted = mixInt16.withUnsafeBufferPointer {
        matchSums(&columns, floats: stems.map(\.values), mix: $0, low: -32_768, high: 32_767)
      }
      for (index, stem) in stems.enumerated() {
        stem.int16 = columns[index]
        stem.adjustedCount += adjusted[index]
      }
    case .int32(let width):
      var quantizer = Quantizer(width: width, dither: dither)
      mixInt32.resize(to: mixFloat.count)
      mixFloat.withUnsafeBufferPointer { input in
        mixInt32.withUnsafeMutableBufferPointer {
          quantizer.quantize(input, firstIndex: firstIndex, into: $0)
        }
      }
      mixClippedCount = quantizer.clippedCount
      let shift: Int64 = width == .bits24 ? 8 : 0
      let scale = Int64(width.fullScale)
      var columns = stems.map(\.int32)
      for stem in stems { stem.int32 = [] }
      let adjusted = mixInt32.withUnsafeBufferPointer {
        matchSums(
          &columns, floats: stems.map(\.values), mix: $0, low: -scale << shift,
          high: (scale - 1) << shift)
      }
      for (index, stem) in stems.enumerated() {
        stem.int32 = columns[index]
        stem.adjustedCount += adjusted[index]
      }
    case .float, .measureOnly:
      mixClippedCount = chunk.clippedCount
    }
  }
}

/// One file being written: a stem or the mix, into its temporary file.
struct StemFile {
  let writer: SoundFileWriter
  /// The path it will have, for messages.
  let path: String
  let temporaryPath: String

  /// Where a chunk's values come from.
  enum Source {
    case stem(StemMix)
    case mix(StemMixing)
  }

  /// Writes the chunk's values of `source` in `encoding`.
  func write(_ source: Source, _ encoding: ChunkEncoding) throws(RenderError) {
    do throws(SoundFileError) {
      switch (encoding, source) {
      case (.int16, .stem(let stem)):
        try stem.int16.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case (.int16, .mix(let mix)):
        try mix.mixInt16.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case (.int32, .stem(let stem)):
        try stem.int32.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case (.int32, .mix(let mix)):
        try mix.mixInt32.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case (_, .stem(let stem)):
        try stem.values.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case (_, .mix(let mix)):
        try mix.mixFloat.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      }
    } catch {
      throw .output(OutputError(path: path, reason: error.reason))
    }
  }

  /// Closes the file and reads it back: the plan's rate, channels and length.
  func close(_ plan: RenderPlan, exactLength: Bool) throws(RenderError) {
    do throws(SoundFileError) {
      try writer.close()
      try verifyWrittenFile(
        path: temporaryPath, sampleRate: plan.rate, channels: plan.channels,
        frameCount: plan.totalFrames, exactLength: exactLength)
    } catch {
      throw .output(OutputError(path: path, reason: error.reason))
    }
  }
}
