import AudioBasics

/// Mixes voices into consecutive blocks of output frames, holding only the voices that sound.
///
/// Each output value is the sum of its voices' contributions added in voice order (frame, then
/// score order), starting from zero, so the result is the same for every block size and for
/// renders started at any frame.
public struct MixRenderer: Sendable {
  public let plan: MixPlan
  var voices: [Voice] { plan.voices }
  var channels: Int { plan.channels }
  /// The first frame of the next block.
  public private(set) var position: Int64
  private var nextVoice = 0
  /// Voices that may sound in the next block, in voice order.
  private(set) var active: [Int] = []
  /// Memory reused block after block (see `MixScratch`).
  private(set) var scratch = MixScratch()
  /// The units the block being summed is summed in.
  private(set) var scale = Scale.asStored

  /// A renderer whose first block starts at `startFrame`; the plan's voices must be in render
  /// order and every sample must have the plan's channel count.
  public init(plan: MixPlan, startFrame: Int64 = 0) {
    self.plan = plan
    position = startFrame
    nextVoice = plan.firstVoice(soundingAt: startFrame)
    while nextVoice < plan.voices.count && plan.voices[nextVoice].startFrame < startFrame {
      if plan.mixEnd(of: plan.voices[nextVoice]) > startFrame { active.append(nextVoice) }
      nextVoice += 1
    }
  }

  /// A renderer of `voices` over `samples`, from `startFrame`.
  public init(samples: [Sample], voices: [Voice], channels: Int, startFrame: Int64 = 0) {
    self.init(
      plan: MixPlan(samples: samples, voices: voices, channels: channels), startFrame: startFrame)
  }

  /// Fills `output` with the next `output.count / channels` frames and moves on past them.
  public mutating func render(into output: UnsafeMutableBufferPointer<Float>) {
    _ = render(into: output, keepingSums: false)
  }

  /// `render(into:)`, except that with `keepingSums`, a stereo block's sums are returned as
  /// the mixer holds them (valid until the next block), with the factor that makes them the
  /// mix's values, and `output` is not written, so a caller can convert them without
  /// interleaving them first. Otherwise returns nil.
  mutating func render(
    into output: UnsafeMutableBufferPointer<Float>, keepingSums: Bool
  ) -> KeptSums? {
    let frameCount = output.count / channels
    guard frameCount > 0, let outBase = output.baseAddress else { return nil }
    let block = beginBlock(frameCount: frameCount)
    let sums = sum(block, frameCount: frameCount, output: outBase)
    let step = step(of: scale)
    var kept: KeptSums?
    if channels == 1 {
      if step != 1 { multiply(outBase, count: frameCount, by: step) }
    } else if keepingSums {
      kept = KeptSums(sums: sums, step: step)
    } else {
      sums.write(into: output, scaledBy: step)
    }
    endBlock(block)
    return kept
  }

  /// Takes in the voices that start before the next `frameCount` frames end and picks the
  /// units to sum them in. Beginning the same block again changes nothing: each voice is
  /// taken once, and the units follow from the voices.
  mutating func beginBlock(frameCount: Int) -> (start: Int64, end: Int64) {
    let block = (start: position, end: position + Int64(frameCount))
    while nextVoice < voices.count && voices[nextVoice].startFrame < block.end {
      active.append(nextVoice)
      nextVoice += 1
    }
    // A copy of this renderer shares the scratch memory until one of them makes its own.
    if !isKnownUniquelyReferenced(&scratch) { scratch = MixScratch() }
    scale = scale(for: block)
    return block
  }

  /// Drops the voices that end with `block` and moves on past it.
  mutating func endBlock(_ block: (start: Int64, end: Int64)) {
    // In place: a closure would copy the plan each block.
    var staying = 0
    for index in active.indices where plan.mixEnd(of: voices[active[index]]) > block.end {
      active[staying] = active[index]
      staying += 1
    }
    active.removeLast(active.count - staying)
    position = block.end
  }

  /// Sums the active voices over the block, in the renderer's `scale`: a mono output's sums
  /// in `output`, a stereo one's in the scratch planes (mono while every voice keeps one value
  /// for both channels).
  private func sum(
    _ block: (start: Int64, end: Int64), frameCount: Int, output: UnsafeMutablePointer<Float>
  ) -> StereoSums {
    if channels == 1 {
      let started = startSums(
        block, sharedEnd: active.count, in: output, frameCount: frameCount)
      addVoices(started..<active.count, block: block, into: Sums(left: output))
      return .mono(UnsafeBufferPointer(start: output, count: frameCount))
    }
    // While every voice added so far keeps one value for both channels, the left and right
    // sums are equal: they are summed once, in mono. From the first voice with channels of
    // its own on, the left and right sums go on in two planes, interleaved at the end.
    var sharedCount = 0
    while sharedCount < active.count
      && plan.storedChannels[voices[active[sharedCount]].sampleIndex] == 1
    {
      sharedCount += 1
    }
    let left = scratch.plane(0, frameCount: frameCount)
    let started = startSums(block, sharedEnd: sharedCount, in: left, frameCount: frameCount)
    addVoices(started..<sharedCount, block: block, into: Sums(left: left))
    guard sharedCount < active.count else {
      return .mono(UnsafeBufferPointer(start: left, count: frameCount))
    }
    let right = scratch.plane(1, frameCount: frameCount)
    addVoices(
      sharedCount..<active.count, block: block, into: Sums(left: left, right: right),
      rightCopiesLeft: true)
    return .planes(
      left: UnsafeBufferPointer(start: left, count: frameCount),
      right: UnsafeBufferPointer(start: right, count: frameCount))
  }

  /// Adds the active voices at `positions`, in order, over the block, to `sums`. With
  /// `rightCopiesLeft`, the right plane is not written yet and its sums start as the left's:
  /// a run of voices first reads them from the left plane, anything else copies them first.
  private func addVoices(
    _ positions: Range<Int>, block: (start: Int64, end: Int64), into sums: Sums,
    rightCopiesLeft: Bool = false
  ) {
    var rightPending = rightCopiesLeft
    func copyRightIfPending() {
      guard rightPending, let right = sums.right else { return }
      copyPlane(sums.left, to: right, count: Int(block.end - block.start))
      rightPending = false
    }
    var next = positions.lowerBound
    while next < positions.upperBound {
      // Voices that cover the whole block without a fade are summed several at a time in
      // registers, which adds each value in the same order as one voice at a time would.
      let count = wholeBlockRun(
        from: next, before: positions.upperBound, block: block, channels: sums.channels)
      if count >= 2, let right = sums.right {
        addTwoPlaneRun(
          next..<(next + count), from: block.start, left: sums.left, right: right,
          frameCount: Int(block.end - block.start), rightStartsAsLeft: rightPending)
        rightPending = false
        next += count
        continue
      }
      copyRightIfPending()
      if count >= 2 {
        addRun(startingAt: next, count: count, block: block, into: sums)
        next += count
      } else {
        addVoice(at: next, block: block, into: sums)
        next += 1
      }
    }
    copyRightIfPending()  // no voice at all
  }

  /// How many consecutive active voices, from position `start` and before `end`, at most a
  /// pass's worth, sound through the whole block without fading and, into one plane, have
  /// samples stored alike.
  private func wholeBlockRun(
    from start: Int, before end: Int, block: (start: Int64, end: Int64), channels: Int
  ) -> Int {
    var count = 0
    var first: Source?
    for position in start..<min(end, start + MixScratch.passCapacity) {
      let voice = voices[active[position]]
      guard voice.startFrame <= block.start, plan.mixEnd(of: voice) >= block.end,
        (voice.cutFrame ?? .max) >= block.end
      else { break }
      let source = source(of: voice, from: block.start, channels: channels)
      if channels == 1, let first, !source.isStored(like: first) { break }
      first = first ?? source
      count += 1
    }
    return count
  }

  /// Adds a run of such voices over one plane: eight or four in a pass, then two, then one,
  /// each pass adding its voices in order (into two planes, `addTwoPlaneRun` takes a whole
  /// run in one pass).
  private func addRun(
    startingAt start: Int, count: Int, block: (start: Int64, end: Int64), into sums: Sums
  ) {
    var done = 0
    while done < count {
      let left = count - done
      let step = left >= 8 ? 8 : left >= 4 ? 4 : left >= 2 ? 2 : 1
      addPass(
        (start + done)..<(start + done + step), from: block.start, into: sums,
        frameCount: Int(block.end - block.start))
      done += step
    }
  }

  /// Adds the active voices at `positions` (stored alike; one, two, four or eight into one
  /// plane), in order, from frame `first` over `frameCount` frames; their gains and value
  /// pointers go to the scratch memory, so a pass allocates nothing.
  func addPass(
    _ positions: Range<Int>, from first: Int64, into sums: Sums, frameCount: Int
  ) {
    let gains = UnsafeBufferPointer(start: scratch.gains, count: positions.count)
    var isShared = false
    var isInt16 = false
    var isUnscaled = false
    for (slot, position) in positions.enumerated() {
      let source = source(of: voices[active[position]], from: first, channels: sums.channels)
      scratch.gains[slot] = source.gain
      scratch.planeLengths[slot] = source.planeLength
      isShared = source.isShared
      isUnscaled = source.isUnscaled
      switch source.values {
      case .int16(let values):
        scratch.int16Values[slot] = values
        isInt16 = true
      case .float(let values):
        scratch.floatValues[slot] = values
      }
    }
    if isInt16 {
      let values = UnsafeBufferPointer(start: scratch.int16Values, count: positions.count)
      if isUnscaled {
        add(values, gains, into: sums, isShared: isShared, frameCount: frameCount, Unscaled.self)
      } else {
        add(values, gains, into: sums, isShared: isShared, frameCount: frameCount, GainScaled.self)
      }
    } else {
      let values = UnsafeBufferPointer(start: scratch.floatValues, count: positions.count)
      add(values, gains, into: sums, isShared: isShared, frameCount: frameCount, GainScaled.self)
    }
  }

  /// Picks the kernel for a pass: one plane, or two planes from shared or stereo values.
  private func add<Value: StoredValue, Scaling: TermScaling>(
    _ values: UnsafeBufferPointer<UnsafePointer<Value>>, _ gains: UnsafeBufferPointer<Float>,
    into sums: Sums, isShared: Bool, frameCount: Int, _ scaling: Scaling.Type
  ) {
    guard let right = sums.right else {
      return addInOrder(values, gains, into: sums.left, count: frameCount, scaling)
    }
    if isShared {
      addSharedInOrder(
        values, gains, left: sums.left, right: right, frameCount: frameCount, scaling)
    } else {
      for (slot, (values, gain)) in zip(values, gains).enumerated() {
        addStereo(
          values, values + scratch.planeLengths[slot], gain: gain, left: sums.left, right: right,
          frameCount: frameCount, scaling)
      }
    }
  }
}
