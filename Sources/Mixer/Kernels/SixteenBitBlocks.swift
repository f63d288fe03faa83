/// Blocks summed straight to 16-bit frames: in steps of 2^-15, sums of shared 16-bit values are
/// whole numbers, and each one clamped to 16 bits is the frame a plain 16-bit conversion gives.

extension MixRenderer {
  /// Renders the next block into `output` as 16-bit frames (interleaved for a stereo plan) and
  /// measures it into `peak`, when no voice sounds in it (zeros), or when it is summed in steps
  /// of 2^-15 and its sums need not be kept in planes: when every voice keeps one 16-bit value
  /// for every channel, their integer sums, clamped, are the frames; in a stereo plan, the
  /// sums of the leading such voices start each tile's float sums in registers, the other
  /// voices are added in order, and the tile is measured and converted as it is. Returns how
  /// many values clipped; nil, having only begun the block, when it is not such a block, to be
  /// rendered by `render(into:)`.
  ///
  /// The same frames, peak and clip count as summing in planes and converting: at most
  /// `MixScratch.passCapacity` values of at most 2^15 sum to less than 2^24, exactly, in any
  /// order; a whole number rounds to itself; every other value is added in the order and with
  /// the operations the planes' passes use.
  mutating func renderSixteenBit(
    into output: UnsafeMutableBufferPointer<Int16>, peak: inout PeakMeter
  ) -> Int? {
    let frameCount = output.count / channels
    guard channels <= 2, frameCount > 0, let out = output.baseAddress else { return nil }
    #if !_endian(little)
      // A stereo frame is stored as one 32-bit word, left value in the low half.
      guard channels == 1 else { return nil }
    #endif
    let block = beginBlock(frameCount: frameCount)
    if active.isEmpty {
      // Silence: zeros, which leave the peak as it is and never clip.
      output.update(repeating: 0)
      endBlock(block)
      return 0
    }
    guard scale == .sixteenBitSteps else { return nil }
    // The leading voices that keep one 16-bit value for every channel, as `startSums` takes them.
    var prefix = 0
    while prefix < min(active.count, MixScratch.passCapacity) {
      let sample = voices[active[prefix]].sampleIndex
      guard plan.storedChannels[sample] == 1, case .int16 = plan.bases[sample] else { break }
      prefix += 1
    }
    let mixed = prefix < active.count
    guard !mixed || (channels == 2 && active.count - prefix <= MixScratch.passCapacity) else {
      return nil
    }
    var tally = WholeNumberTally()
    var clipped: Int32 = 0
    var start = 0
    while start < frameCount {
      // Whole tiles of thirty-two frames up to the next frame where a voice starts or ends,
      // then the tile holding that frame, its partial voices copied with zeros around them.
      var (whole, others, end) = gatherSounding(from: start, of: block, prefix: prefix)
      if end < frameCount { end &= ~(MixScratch.tileFrames - 1) }
      if end <= start {
        end = min(start + MixScratch.tileFrames, frameCount)
        (whole, others) = gatherTile(start..<end, of: block, prefix: prefix)
      }
      let sources = UnsafeBufferPointer(start: scratch.prefixValues, count: whole)
      if mixed {
        clipped &+= writeMixedStereo(
          sources, count: others, scratch: scratch, frameCount: end - start,
          into: out + 2 * start, at: block.start + Int64(start), step: plan.sixteenBitStep,
          peak: &peak)
      } else if channels == 2 {
        writeSixteenBit(
          sources, frameCount: end - start, into: out + 2 * start, firstFrame: start,
          tally: &tally, StereoFrames.self)
      } else {
        writeSixteenBit(
          sources, frameCount: end - start, into: out + start, firstFrame: start,
          tally: &tally, MonoFrames.self)
      }
      start = end
    }
    if !mixed { keepPeak(of: tally, block: block, in: &peak) }
    endBlock(block)
    return mixed ? Int(clipped) : tally.clipped * channels
  }

  /// Keeps the peak of a block of whole-number sums in `peak`, looking for its first frame
  /// only when it passes the peak so far.
  private func keepPeak(
    of tally: WholeNumberTally, block: (start: Int64, end: Int64), in peak: inout PeakMeter
  ) {
    let blockPeak = Float(tally.largest) * plan.sixteenBitStep
    guard blockPeak > peak.peak else { return }
    let frameCount = Int(block.end - block.start)
    var frame = tally.largestGroup
    while frame < frameCount - 1, Int32(wholeSum(at: frame, of: block).magnitude) != tally.largest {
      frame += 1
    }
    peak.keep(blockPeak, at: block.start + Int64(frame))
  }

  /// Puts in the scratch memory the values, from block frame `start` on, of the active voices
  /// sounding there: those before active position `prefix` as 16-bit values to sum as
  /// integers, the others in pass slots. Returns how many of each, and the block frame where a
  /// voice starts or ends next.
  private func gatherSounding(
    from start: Int, of block: (start: Int64, end: Int64), prefix: Int
  ) -> (whole: Int, others: Int, end: Int) {
    var end = Int(block.end - block.start)
    var (whole, others) = (0, 0)
    for (position, index) in active.enumerated() {
      let voice = voices[index]
      let (first, last) = frames(of: voice, in: block)
      if first > start {
        end = min(end, first)
        continue
      }
      guard last > start else { continue }
      end = min(end, last)
      let source = source(of: voice, from: block.start + Int64(start), channels: 2)
      place(source, leading: position < prefix, whole: &whole, others: &others)
    }
    return (whole, others, end)
  }

  /// Puts `source` in the scratch memory: its 16-bit values after the `whole` leading voices'
  /// when it is one of them, else in pass slot `others`; counts it.
  private func place(_ source: Source, leading: Bool, whole: inout Int, others: inout Int) {
    if leading, case .int16(let values) = source.values {
      scratch.prefixValues[whole] = values
      whole += 1
    } else {
      fillSlot(others, with: source)
      others += 1
    }
  }

  /// `gatherSounding` over block frames `tile`: voices that sound through it where they are
  /// stored, the others copied into the scratch tiles with zeros where they are silent (adding
  /// a zero leaves a sum as it is: a sum that starts at +0 never becomes -0).
  private func gatherTile(
    _ tile: Range<Int>, of block: (start: Int64, end: Int64), prefix: Int
  ) -> (whole: Int, others: Int) {
    var (whole, others) = (0, 0)
    for (position, index) in active.enumerated() {
      let voice = voices[index]
      let (first, last) = frames(of: voice, in: block)
      guard first < tile.upperBound, last > tile.lowerBound else { continue }
      let sounding = max(first, tile.lowerBound)..<min(last, tile.upperBound)
      var source = source(of: voice, from: block.start + Int64(sounding.lowerBound), channels: 2)
      if sounding != tile {
        source = copied(
          source, sounding: sounding, of: tile,
          into: position < prefix ? whole : MixScratch.passCapacity + others)
      }
      place(source, leading: position < prefix, whole: &whole, others: &others)
    }
    return (whole, others)
  }

  /// `source`, whose values start at frame `sounding.lowerBound` of the block, as a copy over
  /// the whole of `tile` in scratch tile `slot`, zeros where it does not sound.
  private func copied(
    _ source: Source, sounding: Range<Int>, of tile: Range<Int>, into slot: Int
  ) -> Source {
    let planes = source.isShared ? 1 : 2
    let (from, length) = (sounding.lowerBound - tile.lowerBound, MixScratch.tileFrames)
    var copy = source
    copy.planeLength = length
    switch source.values {
    case .int16(let values):
      let target = scratch.int16Tile(slot)
      copyTile(
        values, planeLength: source.planeLength, planes: planes, sounding: sounding.count,
        from: from, into: target)
      copy.values = .int16(UnsafePointer(target))
    case .float(let values):
      let target = scratch.floatTile(slot)
      copyTile(
        values, planeLength: source.planeLength, planes: planes, sounding: sounding.count,
        from: from, into: target)
      copy.values = .float(UnsafePointer(target))
    }
    return copy
  }

  /// The block frames `voice` sounds from and until, within the block.
  private func frames(
    of voice: Voice, in block: (start: Int64, end: Int64)
  ) -> (first: Int, last: Int) {
    let first = min(max(voice.startFrame, block.start), block.end) - block.start
    let last = min(max(plan.mixEnd(of: voice), block.start), block.end) - block.start
    return (Int(first), Int(last))
  }

  /// The whole-number sum of block frame `frame`, one value at a time: where a block's peak
  /// first occurs is looked for this way, among the few frames of one group.
  private func wholeSum(at frame: Int, of block: (start: Int64, end: Int64)) -> Int32 {
    var sum: Int32 = 0
    for index in active {
      let voice = voices[index]
      let (first, last) = frames(of: voice, in: block)
      guard first <= frame, frame < last, case .int16(let base) = plan.bases[voice.sampleIndex]
      else { continue }
      sum &+= Int32(base[Int(block.start - voice.startFrame) + frame])
    }
    return sum
  }
}

/// Copies `sounding` frames of each of `planes` planes of `values` (the right plane
/// `planeLength` values after the left) to a tile of `MixScratch.tileFrames` frames a plane,
/// from its frame `from` on, zeros around them.
private func copyTile<Value: Numeric>(
  _ values: UnsafePointer<Value>, planeLength: Int, planes: Int, sounding: Int, from: Int,
  into target: UnsafeMutablePointer<Value>
) {
  let length = MixScratch.tileFrames
  target.update(repeating: 0, count: planes * length)
  for plane in 0..<planes {
    for frame in 0..<sounding {
      target[plane * length + from + frame] = values[plane * planeLength + frame]
    }
  }
}
