/// The shift in frames, within ±`limit`, for which `actual[n]` best matches `expected[n − shift]`
/// in the least-squares sense, the golden counting as silence outside its frames: positive when
/// the render is late, negative when it is early. Ties go to the smaller shift.
///
/// Coarse, then exact, each over the loudest stretch of the render: energy envelopes of
/// `blockFrames` frames are compared at every block shift within the limit over
/// `coarseWindowFrames`, then frames at every shift within two blocks of the coarse best over
/// `fineWindowFrames`. Extra memory is two envelopes, 8 bytes a block each. The result is a
/// guess: check what it leaves with `shiftedResidualEnergy` before trusting it.
package func bestShift(
  expected: UnsafeBufferPointer<Double>, actual: UnsafeBufferPointer<Double>, channels: Int,
  blockFrames: Int, limit: Int, coarseWindowFrames: Int, fineWindowFrames: Int
) -> Int {
  guard channels > 0 && blockFrames > 0 && limit >= 0 && actual.count >= channels else {
    return 0
  }
  let actualFrames = actual.count / channels
  let expectedEnvelope = energyEnvelope(expected, channels: channels, blockFrames: blockFrames)
  let actualEnvelope = energyEnvelope(actual, channels: channels, blockFrames: blockFrames)
  let blockLimit = limit / blockFrames
  let blocks = loudestWindow(
    of: actualEnvelope, frames: actualEnvelope.count, blockFrames: 1,
    windowFrames: (coarseWindowFrames + blockFrames - 1) / blockFrames)
  let coarse = expectedEnvelope.withUnsafeBufferPointer { e in
    actualEnvelope.withUnsafeBufferPointer { a in
      bestOf((-blockLimit)...blockLimit) { shift in
        shiftedResidualEnergy(expected: e, actual: a, channels: 1, shift: shift, frames: blocks)
      }
    }
  }
  let window = loudestWindow(
    of: actualEnvelope, frames: actualFrames, blockFrames: blockFrames,
    windowFrames: fineWindowFrames)
  let low = max(-limit, (coarse - 2) * blockFrames)
  let high = min(limit, (coarse + 2) * blockFrames)
  return bestOf(low...high) { shift in
    shiftedResidualEnergy(
      expected: expected, actual: actual, channels: channels, shift: shift, frames: window)
  }
}

/// Σ (actual − expected shifted later by `shift` frames)² over the given frames of `actual`,
/// the golden counting as silence outside its frames.
package func shiftedResidualEnergy(
  expected: UnsafeBufferPointer<Double>, actual: UnsafeBufferPointer<Double>, channels: Int,
  shift: Int, frames: Range<Int>
) -> Double {
  let expectedFrames = expected.count / channels
  // Frames of `actual` whose shifted golden frame exists: one contiguous run of values.
  let low = max(frames.lowerBound, shift)
  let high = min(frames.upperBound, expectedFrames + shift)
  guard low < high else { return sumOfSquares(actual, frames: frames, channels: channels) }
  let overlap = low..<high
  let outside =
    sumOfSquares(actual, frames: frames.lowerBound..<overlap.lowerBound, channels: channels)
    + sumOfSquares(actual, frames: overlap.upperBound..<frames.upperBound, channels: channels)
  let start = overlap.lowerBound * channels
  let end = overlap.upperBound * channels
  let offset = shift * channels
  // Four running sums in a fixed order: fast, and the same result on every run.
  var sums = (0.0, 0.0, 0.0, 0.0)
  var index = start
  while index + 4 <= end {
    let d0 = actual[index] - expected[index - offset]
    let d1 = actual[index + 1] - expected[index + 1 - offset]
    let d2 = actual[index + 2] - expected[index + 2 - offset]
    let d3 = actual[index + 3] - expected[index + 3 - offset]
    sums.0 += d0 * d0
    sums.1 += d1 * d1
    sums.2 += d2 * d2
    sums.3 += d3 * d3
    index += 4
  }
  while index < end {
    let d = actual[index] - expected[index - offset]
    sums.0 += d * d
    index += 1
  }
  return outside + ((sums.0 + sums.1) + (sums.2 + sums.3))
}

/// The shift in `shifts` with the smallest cost; ties go to the smaller shift, then the earlier.
private func bestOf(_ shifts: ClosedRange<Int>, cost: (Int) -> Double) -> Int {
  var best = (shift: 0, cost: Double.infinity)
  for shift in shifts {
    let value = cost(shift)
    if value < best.cost || (value == best.cost && abs(shift) < abs(best.shift)) {
      best = (shift, value)
    }
  }
  return best.shift
}

/// The energy of each block of `blockFrames` frames, summed over channels; the last block may be
/// shorter.
private func energyEnvelope(
  _ values: UnsafeBufferPointer<Double>, channels: Int, blockFrames: Int
) -> [Double] {
  let frames = values.count / channels
  let blocks = (frames + blockFrames - 1) / blockFrames
  return (0..<blocks).map { block in
    let first = block * blockFrames
    return sumOfSquares(
      values, frames: first..<min(first + blockFrames, frames), channels: channels)
  }
}

/// The `windowFrames` frames (or all, if fewer) starting on a block boundary that hold the most
/// energy; the earliest such window.
private func loudestWindow(
  of envelope: [Double], frames: Int, blockFrames: Int, windowFrames: Int
) -> Range<Int> {
  let length = min(max(windowFrames, 1), frames)
  let windowBlocks = (length + blockFrames - 1) / blockFrames
  var best = (block: 0, energy: -1.0)
  var energy = envelope.prefix(windowBlocks).reduce(0, +)
  for block in 0..<max(1, envelope.count - windowBlocks + 1) {
    if block > 0 { energy += envelope[block + windowBlocks - 1] - envelope[block - 1] }
    if energy > best.energy { best = (block, energy) }
  }
  let start = min(best.block * blockFrames, frames - length)
  return start..<(start + length)
}

private func sumOfSquares(
  _ values: UnsafeBufferPointer<Double>, frames: Range<Int>, channels: Int
) -> Double {
  var sum = 0.0
  for index in (frames.lowerBound * channels)..<(frames.upperBound * channels) {
    sum += values[index] * values[index]
  }
  return sum
}
