/// Where each chunk of a render lies: `frames` frames apiece, but for the first `rampSteps + 1`,
/// which hold `frames >> rampSteps`, that again, then twice and four times as many... up to
/// `frames`. The writer waits for the first chunk before it writes a byte: a small one reaches
/// it sooner, and the larger ones after it are mixed meanwhile. Each chunk starts at a multiple
/// of its own length, counted from `lead` frames before the first: the first chunk is that
/// much shorter, so that in a file whose frames start past a header every chunk's bytes can
/// start at a multiple of their length too (`alignmentLead`).
struct ChunkLayout: Equatable {
  let totalFrames: Int64
  let frames: Int64
  let rampSteps: Int
  /// How many frames shorter the first chunk is, less than it holds.
  let lead: Int64

  /// `frames` is at least 1; `rampSteps` is lowered until the smallest chunk holds a frame,
  /// `lead` taken modulo the smallest chunk's frames.
  init(totalFrames: Int64, frames: Int64, rampSteps: Int = 0, lead: Int64 = 0) {
    precondition(frames > 0, "a chunk holds a frame")
    self.totalFrames = max(0, totalFrames)
    self.frames = frames
    var steps = max(0, rampSteps)
    while steps > 0 && frames >> steps == 0 { steps -= 1 }
    self.rampSteps = steps
    let smallest = frames >> steps
    self.lead = (lead % smallest + smallest) % smallest
  }

  /// The frames the ramp's chunks hold in all.
  private var rampFrames: Int64 { (frames >> rampSteps) << rampSteps }

  /// Where chunk `index` starts counted from `lead` frames before the first frame.
  private func unshiftedStart(of index: Int) -> Int64 {
    if index == 0 { return 0 }
    if index <= rampSteps + 1 { return (frames >> rampSteps) << (index - 1) }
    return rampFrames + Int64(index - rampSteps - 1) * frames
  }

  /// Where chunk `index` starts, whether or not it is below `count`.
  func start(of index: Int) -> Int64 {
    index == 0 ? 0 : unshiftedStart(of: index) - lead
  }

  /// The chunks the render has.
  var count: Int {
    guard totalFrames > 0 else { return 0 }
    let end = totalFrames + lead
    for index in 1...(rampSteps + 1) where unshiftedStart(of: index) >= end { return index }
    return rampSteps + 1 + Int((end - rampFrames + frames - 1) / frames)
  }

  /// The frames chunk `index` (below `count`) holds.
  func range(of index: Int) -> Range<Int64> {
    start(of: index)..<min(start(of: index + 1), totalFrames)
  }

  /// The lead (frames, less than `smallestChunk`) that puts every chunk's first byte at a
  /// multiple of the largest power of two dividing `smallestChunk × bytesPerFrame` in a file
  /// whose first frame is at byte `offset`: the page cache then takes each write in pages of
  /// its size, as it does the raw floor's 1 MiB writes, instead of splitting them into small
  /// ones at every chunk (an hour of one tap a second 1.42 of the raw floor against 1.48).
  /// 0 when no lead can (an odd header before frames of an even size).
  static func alignmentLead(offset: Int64, bytesPerFrame: Int, smallestChunk: Int64) -> Int64 {
    guard offset > 0, bytesPerFrame > 0, smallestChunk > 0 else { return 0 }
    let evenFactor = bytesPerFrame.trailingZeroBitCount
    guard offset.trailingZeroBitCount >= evenFactor else { return 0 }
    // Solves lead × odd ≡ offset / 2^evenFactor modulo the largest power of two dividing
    // `smallestChunk`, with the odd factor's inverse modulo 2^64 (Newton's iteration).
    let odd = UInt64(bytesPerFrame >> evenFactor)
    var inverse = odd
    for _ in 0..<5 { inverse = inverse &* (2 &- odd &* inverse) }
    let modulus = UInt64(smallestChunk & -smallestChunk)
    return Int64((UInt64(offset >> evenFactor) &* inverse) & (modulus - 1))
  }
}
