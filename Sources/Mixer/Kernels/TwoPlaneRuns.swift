/// Runs of voices summed into left and right planes in one pass, whatever each voice's
/// storage: the sums stay in registers through every voice of the run, and a stereo voice no
/// longer splits a run of shared ones into passes that each read and write the sums.

/// How a source's values are stored, for a pass that mixes storages; `unscaled` 16-bit values
/// are added as they are (their gain is 1, see `MixRenderer.Scale`).
enum StoredKind: UInt8 {
  case sharedInt16, sharedFloat, stereoInt16, stereoFloat, sharedInt16Unscaled, stereoInt16Unscaled
}

extension MixRenderer {
  /// Adds the active voices at `positions` (each through the whole block), in order, from
  /// frame `first` over `frameCount` frames, to the `left` and `right` sums; with
  /// `rightStartsAsLeft`, the right sums start as the left ones (not yet copied there).
  func addTwoPlaneRun(
    _ positions: Range<Int>, from first: Int64, left: UnsafeMutablePointer<Float>,
    right: UnsafeMutablePointer<Float>, frameCount: Int, rightStartsAsLeft: Bool
  ) {
    for (slot, position) in positions.enumerated() {
      fillSlot(slot, with: source(of: voices[active[position]], from: first, channels: 2))
    }
    addMixedInOrder(
      count: positions.count, scratch: scratch, left: left, right: right,
      rightStart: rightStartsAsLeft ? left : right, frameCount: frameCount)
  }

  /// Puts `source` in the scratch memory's slot `slot` of a pass that mixes storages.
  func fillSlot(_ slot: Int, with source: Source) {
    scratch.gains[slot] = source.gain
    scratch.planeLengths[slot] = source.planeLength
    switch source.values {
    case .int16(let values) where source.isUnscaled:
      scratch.int16Values[slot] = values
      scratch.kinds[slot] = source.isShared ? .sharedInt16Unscaled : .stereoInt16Unscaled
    case .int16(let values):
      scratch.int16Values[slot] = values
      scratch.kinds[slot] = source.isShared ? .sharedInt16 : .stereoInt16
    case .float(let values):
      scratch.floatValues[slot] = values
      scratch.kinds[slot] = source.isShared ? .sharedFloat : .stereoFloat
    }
  }
}

/// `addSharedInOrder` for sources stored in any way (`scratch`'s first `count` slots): a shared
/// value is scaled once and added to both sums, a stereo source's left and right values each to
/// their own. Thirty-two frames at a time in vector registers, through every source in order.
/// The right sums are read from `rightStart` and written to `right`.
private func addMixedInOrder(
  count: Int, scratch: MixScratch, left: UnsafeMutablePointer<Float>,
  right: UnsafeMutablePointer<Float>, rightStart: UnsafeMutablePointer<Float>, frameCount: Int
) {
  var frame = 0
  while frame + 32 <= frameCount {
    var sums = TwoPlaneTile(left: left + frame, right: rightStart + frame)
    sums.add(count: count, scratch: scratch, at: frame)
    sums.store(left: left + frame, right: right + frame)
    frame += 32
  }
  while frame < frameCount {
    var (leftSum, rightSum) = (left[frame], rightStart[frame])
    addSlots(count: count, scratch: scratch, at: frame, left: &leftSum, right: &rightSum)
    (left[frame], right[frame]) = (leftSum, rightSum)
    frame += 1
  }
}

/// Adds frame `frame` of `scratch`'s first `count` slots, in order, to one frame's sums, as
/// `TwoPlaneTile.add` adds them to thirty-two.
@inline(__always)
func addSlots(
  count: Int, scratch: MixScratch, at frame: Int, left leftSum: inout Float,
  right rightSum: inout Float
) {
  let (kinds, gains, lengths) = (scratch.kinds, scratch.gains, scratch.planeLengths)
  let (ints, floats) = (scratch.int16Values, scratch.floatValues)
  for slot in 0..<count {
    let gain = gains[slot]
    switch kinds[slot] {
    case .sharedInt16:
      let term = ints[slot][frame].mixed * gain
      (leftSum, rightSum) = (leftSum + term, rightSum + term)
    case .sharedInt16Unscaled:
      let term = ints[slot][frame].mixed
      (leftSum, rightSum) = (leftSum + term, rightSum + term)
    case .sharedFloat:
      let term = floats[slot][frame].mixed * gain
      (leftSum, rightSum) = (leftSum + term, rightSum + term)
    case .stereoInt16:
      leftSum += ints[slot][frame].mixed * gain
      rightSum += ints[slot][lengths[slot] + frame].mixed * gain
    case .stereoInt16Unscaled:
      leftSum += ints[slot][frame].mixed
      rightSum += ints[slot][lengths[slot] + frame].mixed
    case .stereoFloat:
      leftSum += floats[slot][frame] * gain
      rightSum += floats[slot][lengths[slot] + frame] * gain
    }
  }
}

/// Thirty-two frames of left and right sums in vector registers, two vectors a plane.
struct TwoPlaneTile {
  var left0, left1, right0, right1: SIMD16<Float>

  @inline(__always)
  init(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
    (left0, left1) = (Float.floats16(at: left), Float.floats16(at: left + 16))
    (right0, right1) = (Float.floats16(at: right), Float.floats16(at: right + 16))
  }

  /// Sums that start equal in both planes: frames 0-15 and 16-31.
  @inline(__always)
  init(both first: SIMD16<Float>, _ second: SIMD16<Float>) {
    (left0, left1, right0, right1) = (first, second, first, second)
  }

  /// Adds the values from frame `frame` of `scratch`'s first `count` slots, in order.
  @inline(__always)
  mutating func add(count: Int, scratch: MixScratch, at frame: Int) {
    let (kinds, gains, lengths) = (scratch.kinds, scratch.gains, scratch.planeLengths)
    let (ints, floats) = (scratch.int16Values, scratch.floatValues)
    for slot in 0..<count {
      let scale = SIMD16<Float>(repeating: gains[slot])
      switch kinds[slot] {
      case .sharedInt16: addShared(ints[slot] + frame, scale, GainScaled.self)
      case .sharedFloat: addShared(floats[slot] + frame, scale, GainScaled.self)
      case .stereoInt16:
        addStereo(ints[slot] + frame, ints[slot] + lengths[slot] + frame, scale, GainScaled.self)
      case .stereoFloat:
        addStereo(
          floats[slot] + frame, floats[slot] + lengths[slot] + frame, scale, GainScaled.self)
      case .sharedInt16Unscaled: addShared(ints[slot] + frame, scale, Unscaled.self)
      case .stereoInt16Unscaled:
        addStereo(ints[slot] + frame, ints[slot] + lengths[slot] + frame, scale, Unscaled.self)
      }
    }
  }

  @inline(__always)
  mutating func addShared<Value: StoredValue, Scaling: TermScaling>(
    _ values: UnsafePointer<Value>, _ scale: SIMD16<Float>, _: Scaling.Type
  ) {
    prefetchAhead(values)
    let terms0 = Scaling.terms(Value.floats16(at: values), scale)
    let terms1 = Scaling.terms(Value.floats16(at: values + 16), scale)
    (left0, right0) = (left0 + terms0, right0 + terms0)
    (left1, right1) = (left1 + terms1, right1 + terms1)
  }

  @inline(__always)
  mutating func addStereo<Value: StoredValue, Scaling: TermScaling>(
    _ leftValues: UnsafePointer<Value>, _ rightValues: UnsafePointer<Value>,
    _ scale: SIMD16<Float>, _: Scaling.Type
  ) {
    prefetchAhead(leftValues)
    prefetchAhead(rightValues)
    left0 += Scaling.terms(Value.floats16(at: leftValues), scale)
    left1 += Scaling.terms(Value.floats16(at: leftValues + 16), scale)
    right0 += Scaling.terms(Value.floats16(at: rightValues), scale)
    right1 += Scaling.terms(Value.floats16(at: rightValues + 16), scale)
  }

  @inline(__always)
  func store(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
    Mixer.store(left0, at: left)
    Mixer.store(left1, at: left + 16)
    Mixer.store(right0, at: right)
    Mixer.store(right1, at: right + 16)
  }
}
