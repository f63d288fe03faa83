/// Where each chunk of a render lies: `frames` frames apiece, but for the first `rampSteps`,
/// which double from `frames >> rampSteps` up to it. The writer waits for the first chunk
/// before it writes a byte: a small one reaches it sooner, and the larger ones after it are
/// mixed meanwhile.
struct ChunkLayout: Equatable {
  let totalFrames: Int64
  let frames: Int64
  let rampSteps: Int

  /// `frames` is at least 1; `rampSteps` is lowered until the smallest chunk holds a frame.
  init(totalFrames: Int64, frames: Int64, rampSteps: Int = 0) {
    precondition(frames > 0, "a chunk holds a frame")
    self.totalFrames = max(0, totalFrames)
    self.frames = frames
    var steps = max(0, rampSteps)
    while steps > 0 && frames >> steps == 0 { steps -= 1 }
    self.rampSteps = steps
  }

  /// The frames the ramp's chunks hold in all.
  private var rampFrames: Int64 { (frames >> rampSteps) * ((1 << rampSteps) - 1) }

  /// Where chunk `index` starts, whether or not it is below `count`.
  func start(of index: Int) -> Int64 {
    index <= rampSteps
      ? (frames >> rampSteps) * ((1 << index) - 1)
      : rampFrames + Int64(index - rampSteps) * frames
  }

  /// The chunks the render has.
  var count: Int {
    guard totalFrames > 0 else { return 0 }
    for index in 0..<rampSteps where start(of: index + 1) >= totalFrames { return index + 1 }
    return rampSteps + Int((totalFrames - rampFrames + frames - 1) / frames)
  }

  /// The frames chunk `index` (below `count`) holds.
  func range(of index: Int) -> Range<Int64> {
    start(of: index)..<min(start(of: index + 1), totalFrames)
  }
}
