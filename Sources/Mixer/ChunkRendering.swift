import AudioBasics

/// How a chunk's frames are delivered: as 16- or 32-bit integers (converted by a quantizer)
/// or as floats (float and lossy encodings, and measuring passes).
public enum ChunkEncoding: Sendable, Equatable {
  case int16
  /// 32-bit integers holding values of this width (24-bit values in the top 24 bits).
  case int32(IntegerWidth)
  case float
  /// Nothing delivered: only the peak is measured (the first pass of normalizing).
  case measureOnly
}

/// One stretch of finished output and what was seen in it.
public struct RenderedChunk: Sendable {
  public var start: Int64
  public var frameCount: Int
  public var int16: [Int16] = []
  public var int32: [Int32] = []
  public var float: [Float] = []
  public var peak = PeakMeter()
  /// Integer values clipped, or float values past ±1 for float delivery.
  public var clippedCount: Int64 = 0
  /// The gain a limiter multiplied each frame by, when the pipeline was asked to keep them;
  /// empty otherwise.
  public var limiterGains: [Float] = []

  /// An empty chunk, to be filled by `renderChunk(_:range:finishing:encoding:dither:blockFrames:into:)`.
  public init(start: Int64 = 0, frameCount: Int = 0) {
    self.start = start
    self.frameCount = frameCount
  }
}

/// Renders frames `range` of the plan, finished and converted, into `chunk`, reusing its
/// storage. A pure function of its inputs, so chunks can be rendered on any thread, in any
/// order, and give the same values as one render from the start.
public func renderChunk(
  _ plan: MixPlan, range: Range<Int64>, finishing: Finishing, encoding: ChunkEncoding,
  dither: Dither?, blockFrames: Int, into chunk: inout RenderedChunk
) {
  let channels = plan.channels
  let frameCount = Int(range.count)
  var quantizer = start(
    &chunk, range: range, channels: channels, encoding: encoding, dither: dither)
  var renderer = MixRenderer(plan: plan, startFrame: range.lowerBound)
  var block = [Float](repeating: 0, count: blockFrames * channels)
  var done = 0
  while done < frameCount {
    let frames = min(blockFrames, frameCount - done)
    let position = range.lowerBound + Int64(done)
    let unchanged = finishing.leavesUnchanged(frameCount: frames, at: position)
    // A block summed in steps of 2^-15, or a silent one, goes straight to 16-bit frames where
    // it can (`MixRenderer.renderSixteenBit`).
    if unchanged, encoding == .int16, quantizer?.convertsPlainSixteenBit == true {
      let clipped = chunk.int16.withUnsafeMutableBufferPointer { all in
        renderer.renderSixteenBit(
          into: UnsafeMutableBufferPointer(
            rebasing: all[(done * channels)..<((done + frames) * channels)]),
          peak: &chunk.peak)
      }
      if let clipped {
        quantizer?.addClipped(clipped)
        done += frames
        continue
      }
    }
    // A stereo block is measured and converted from the sums as the mixer holds them (mono,
    // or left and right planes) when nothing changes them after the mix: no pass to
    // interleave them, the same results.
    let keepsSums = channels == 2 && encoding == .int16 && unchanged
    block.withUnsafeMutableBufferPointer { whole in
      let buffer = UnsafeMutableBufferPointer(rebasing: whole[..<(frames * channels)])
      if let kept = renderer.render(into: buffer, keepingSums: keepsSums) {
        let converted = chunk.int16.withUnsafeMutableBufferPointer { all in
          let out = UnsafeMutableBufferPointer(rebasing: all[(done * 2)..<((done + frames) * 2)])
          switch kept.sums {
          case .mono(let mono):
            // Both channels from the one plane: measured and converted in the same pass.
            return measureAndConvert(
              left: mono, right: mono, step: kept.step, at: position, quantizer: &quantizer,
              into: out, peak: &chunk.peak)
          case .planes(let left, let right):
            return measureAndConvert(
              left: left, right: right, step: kept.step, at: position, quantizer: &quantizer,
              into: out, peak: &chunk.peak)
          }
        }
        if converted { return }
        kept.sums.write(into: buffer, scaledBy: kept.step)
      }
      finishing.apply(to: buffer, channels: channels, at: position)
      deliver(
        UnsafeBufferPointer(buffer), channels: channels, at: position, offset: done * channels,
        encoding: encoding, quantizer: &quantizer, into: &chunk)
    }
    done += frames
  }
  chunk.clippedCount += quantizer?.clippedCount ?? 0
}

/// Measures stereo frames held as left and right planes of sums, which `step` makes the mix's
/// values, into `peak` and converts them to interleaved 16-bit frames in the same pass, on the
/// guess (almost always right) that nothing clips; when the peak shows something may, converts
/// them again from the planes with clamping, counting what clipped in `quantizer`, as the full
/// path would. False when the quantizer is not a plain 16-bit one, and the block must be
/// converted by the full path.
private func measureAndConvert(
  left: UnsafeBufferPointer<Float>, right: UnsafeBufferPointer<Float>, step: Float,
  at position: Int64, quantizer: inout Quantizer?,
  into output: UnsafeMutableBufferPointer<Int16>, peak: inout PeakMeter
) -> Bool {
  #if _endian(little)
    if let plain = quantizer, plain.convertsPlainSixteenBit, let base = output.baseAddress {
      // 2^15 steps of 2^-15 make one: a sum times `fullScale` is its value times 2^15, exactly.
      let fullScale = step * sixteenBitScale
      let clipped = UnsafeMutableRawPointer(base).withMemoryRebound(
        to: UInt32.self, capacity: left.count
      ) { frames in
        let blockPeak = peak.measure(left: left, right: right, scaledBy: step, at: position) {
          frame in
          frames[frame] = Quantizer.unclippedStereoFrame(
            left: left[frame], right: right[frame], fullScale: fullScale)
        }
        var clipped: Int32 = 0
        guard !plain.convertsUnclipped(peak: blockPeak) else { return clipped }
        for frame in 0..<left.count {
          frames[frame] = Quantizer.clampedStereoFrame(
            left: left[frame], right: right[frame], fullScale: fullScale, clipped: &clipped)
        }
        return clipped
      }
      quantizer?.addClipped(Int(clipped))
      return true
    }
  #endif
  peak.measure(left: left, right: right, scaledBy: step, at: position)
  return false
}

/// Finishes and converts frames mixed already (and processed in order since, as by a room)
/// that start at frame `start`, into `chunk`: the same values `renderChunk` gives for them.
public func finishChunk(
  _ mixed: UnsafeMutableBufferPointer<Float>, start position: Int64, channels: Int,
  finishing: Finishing, encoding: ChunkEncoding, dither: Dither?, into chunk: inout RenderedChunk
) {
  let range = position..<(position + Int64(mixed.count / channels))
  var quantizer = start(
    &chunk, range: range, channels: channels, encoding: encoding, dither: dither)
  finishing.apply(to: mixed, channels: channels, at: position)
  deliver(
    UnsafeBufferPointer(mixed), channels: channels, at: position, offset: 0, encoding: encoding,
    quantizer: &quantizer, into: &chunk)
  chunk.clippedCount += quantizer?.clippedCount ?? 0
}

/// Readies `chunk` for the frames `range`: its place, its storage's size, nothing seen yet;
/// returns the quantizer for integer deliveries.
private func start(
  _ chunk: inout RenderedChunk, range: Range<Int64>, channels: Int, encoding: ChunkEncoding,
  dither: Dither?
) -> Quantizer? {
  let valueCount = Int(range.count) * channels
  chunk.start = range.lowerBound
  chunk.frameCount = Int(range.count)
  chunk.peak = PeakMeter()
  chunk.clippedCount = 0
  switch encoding {
  case .int16:
    chunk.int16.resize(to: valueCount)
    return Quantizer(width: .bits16, dither: dither)
  case .int32(let width):
    chunk.int32.resize(to: valueCount)
    return Quantizer(width: width, dither: dither)
  case .float:
    chunk.float.resize(to: valueCount)
    return nil
  case .measureOnly:
    return nil
  }
}

/// Measures finished frames starting at frame `position` and stores them in `chunk` from value
/// `offset` on, as `encoding` says.
private func deliver(
  _ input: UnsafeBufferPointer<Float>, channels: Int, at position: Int64, offset: Int,
  encoding: ChunkEncoding, quantizer: inout Quantizer?, into chunk: inout RenderedChunk
) {
  let peak = chunk.peak.measure(input, channels: channels, at: position)
  let firstIndex = position * Int64(channels)
  switch encoding {
  case .int16:
    chunk.int16.withUnsafeMutableBufferPointer { out in
      quantizer?.quantize(
        input, firstIndex: firstIndex,
        into: UnsafeMutableBufferPointer(rebasing: out[offset..<(offset + input.count)]),
        peak: peak)
    }
  case .int32:
    chunk.int32.withUnsafeMutableBufferPointer { out in
      quantizer?.quantize(
        input, firstIndex: firstIndex,
        into: UnsafeMutableBufferPointer(rebasing: out[offset..<(offset + input.count)]))
    }
  case .float:
    chunk.float.withUnsafeMutableBufferPointer { out in
      var over = 0
      for index in 0..<input.count {
        out[offset + index] = input[index]
        over &+= input[index] > 1 || input[index] < -1 ? 1 : 0
      }
      chunk.clippedCount += Int64(over)
    }
  case .measureOnly:
    break
  }
}
