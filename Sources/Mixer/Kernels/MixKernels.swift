import CSystem

/// The mixer's hot loops: sums of several voices' values, added in order, one pass over a
/// block (into one plane of sums, or into left and right planes).

/// `out[i] += source[i] * gain` for one, two, four or eight sources in one pass over `out`,
/// added in the order given: the hot loop, over contiguous memory so it vectorizes.
func addInOrder<Value: StoredValue, Scaling: TermScaling>(
  _ sources: UnsafeBufferPointer<UnsafePointer<Value>>, _ gains: UnsafeBufferPointer<Float>,
  into out: UnsafeMutablePointer<Float>, count: Int, _: Scaling.Type
) {
  switch sources.count {
  case 8:
    let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
    let (e, f, g, h) = (sources[4], sources[5], sources[6], sources[7])
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    let (ge, gf, gg, gh) = (gains[4], gains[5], gains[6], gains[7])
    for index in 0..<count {
      var sum = out[index]
      sum += Scaling.term(a[index].mixed, ga)
      sum += Scaling.term(b[index].mixed, gb)
      sum += Scaling.term(c[index].mixed, gc)
      sum += Scaling.term(d[index].mixed, gd)
      sum += Scaling.term(e[index].mixed, ge)
      sum += Scaling.term(f[index].mixed, gf)
      sum += Scaling.term(g[index].mixed, gg)
      sum += Scaling.term(h[index].mixed, gh)
      out[index] = sum
    }
  case 4:
    let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    for index in 0..<count {
      var sum = out[index]
      sum += Scaling.term(a[index].mixed, ga)
      sum += Scaling.term(b[index].mixed, gb)
      sum += Scaling.term(c[index].mixed, gc)
      sum += Scaling.term(d[index].mixed, gd)
      out[index] = sum
    }
  case 2:
    let (a, b, ga, gb) = (sources[0], sources[1], gains[0], gains[1])
    for index in 0..<count {
      var sum = out[index]
      sum += Scaling.term(a[index].mixed, ga)
      sum += Scaling.term(b[index].mixed, gb)
      out[index] = sum
    }
  default:
    precondition(sources.count == 1, "one, two, four or eight sources")
    let (a, ga) = (sources[0], gains[0])
    for index in 0..<count {
      out[index] += Scaling.term(a[index].mixed, ga)
    }
  }
}

/// `addInOrder` for any number of sources that keep one value for both channels, into left
/// and right sums held in two planes: each value is scaled once and added to both, which then
/// hold exactly what adding the two equal channels would. Thirty-two frames at a time in vector
/// registers, through every source, so a long run of voices reads and writes the sums once.
func addSharedInOrder<Value: StoredValue, Scaling: TermScaling>(
  _ sources: UnsafeBufferPointer<UnsafePointer<Value>>, _ gains: UnsafeBufferPointer<Float>,
  left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frameCount: Int,
  _: Scaling.Type
) {
  var frame = 0
  // Two vectors a plane: the sums' add latency is covered by independent chains.
  while frame + 32 <= frameCount {
    var left0 = Float.floats16(at: UnsafePointer(left + frame))
    var left1 = Float.floats16(at: UnsafePointer(left + frame + 16))
    var right0 = Float.floats16(at: UnsafePointer(right + frame))
    var right1 = Float.floats16(at: UnsafePointer(right + frame + 16))
    for (source, gain) in zip(sources, gains) {
      prefetchAhead(source + frame)
      let scale = SIMD16<Float>(repeating: gain)
      let terms0 = Scaling.terms(Value.floats16(at: source + frame), scale)
      let terms1 = Scaling.terms(Value.floats16(at: source + frame + 16), scale)
      left0 += terms0
      right0 += terms0
      left1 += terms1
      right1 += terms1
    }
    store(left0, at: left + frame)
    store(left1, at: left + frame + 16)
    store(right0, at: right + frame)
    store(right1, at: right + frame + 16)
    frame += 32
  }
  while frame < frameCount {
    var leftSum = left[frame]
    var rightSum = right[frame]
    for (source, gain) in zip(sources, gains) {
      let term = Scaling.term(source[frame].mixed, gain)
      leftSum += term
      rightSum += term
    }
    left[frame] = leftSum
    right[frame] = rightSum
    frame += 1
  }
}

/// Adds one source's stereo frames, held in a left and a right plane, scaled by `gain`, to
/// left and right sums in two planes: contiguous on every side, so it vectorizes.
func addStereo<Value: StoredValue, Scaling: TermScaling>(
  _ sourceLeft: UnsafePointer<Value>, _ sourceRight: UnsafePointer<Value>, gain: Float,
  left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frameCount: Int,
  _: Scaling.Type
) {
  for frame in 0..<frameCount {
    left[frame] += Scaling.term(sourceLeft[frame].mixed, gain)
    right[frame] += Scaling.term(sourceRight[frame].mixed, gain)
  }
}

/// Writes left and right planes times `factor` as interleaved stereo frames.
func interleave(
  _ left: UnsafePointer<Float>, _ right: UnsafePointer<Float>, frameCount: Int,
  scaledBy factor: Float, into stereo: UnsafeMutablePointer<Float>
) {
  for frame in 0..<frameCount {
    stereo[2 * frame] = left[frame] * factor
    stereo[2 * frame + 1] = right[frame] * factor
  }
}

/// Copies `count` sums from one plane to another in vector registers. `update(from:)` would
/// call `memmove`, whose `rep movsb` is many times slower on some AMD cores when the planes'
/// addresses are a few bytes apart modulo 4 KiB, as two blocks from `malloc` often are.
func copyPlane(
  _ source: UnsafePointer<Float>, to target: UnsafeMutablePointer<Float>, count: Int
) {
  var index = 0
  while index + 32 <= count {
    let values0 = Float.floats16(at: source + index)
    let values1 = Float.floats16(at: source + index + 16)
    store(values0, at: target + index)
    store(values1, at: target + index + 16)
    index += 32
  }
  while index < count {
    target[index] = source[index]
    index += 1
  }
}

/// Stores sixteen floats at `pointer`, which need not be aligned.
@inline(__always)
func store(_ values: SIMD16<Float>, at pointer: UnsafeMutablePointer<Float>) {
  UnsafeMutableRawPointer(pointer).storeBytes(of: values, as: SIMD16<Float>.self)
}

/// Writes each of `frameCount` mono values times `factor` to both channels of a stereo frame.
func copyToBothChannels(
  _ mono: UnsafePointer<Float>, frameCount: Int, scaledBy factor: Float,
  into stereo: UnsafeMutablePointer<Float>
) {
  for frame in 0..<frameCount {
    let value = mono[frame] * factor
    stereo[2 * frame] = value
    stereo[2 * frame + 1] = value
  }
}

/// How the mixer reads a stored sample value: 16-bit integers (scaled by the voice's gain,
/// which carries the 2^-15 step) or floats.
protocol StoredValue {
  var mixed: Float { get }
  /// Sixteen consecutive values from `pointer` (aligned or not), as `mixed` gives them: one
  /// vector register where the CPU has 512-bit ones, two otherwise.
  static func floats16(at pointer: UnsafePointer<Self>) -> SIMD16<Float>
}

extension Int16: StoredValue {
  var mixed: Float { Float(self) }

  /// One widening and one conversion (`widened`, `floats`), which the integer sums of
  /// `sumWholeNumbers` use apart.
  @inline(__always)
  static func floats16(at pointer: UnsafePointer<Int16>) -> SIMD16<Float> {
    floats(widened(pointer))
  }
}

extension Float: StoredValue {
  var mixed: Float { self }

  @inline(__always)
  static func floats16(at pointer: UnsafePointer<Float>) -> SIMD16<Float> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<Float>.self)
  }
}

/// How a kernel makes a source's terms from its values: scaled by the source's gain, or taken
/// as they are when every gain of the pass is 1 (16-bit values summed in steps of 2^-15, see
/// `MixRenderer.Scale`), which spares the loop a multiply a value.
protocol TermScaling {
  static func term(_ value: Float, _ gain: Float) -> Float
  static func terms(_ values: SIMD16<Float>, _ gains: SIMD16<Float>) -> SIMD16<Float>
}

/// Terms are values times the source's gain.
enum GainScaled: TermScaling {
  @inline(__always)
  static func term(_ value: Float, _ gain: Float) -> Float { value * gain }
  @inline(__always)
  static func terms(_ values: SIMD16<Float>, _ gains: SIMD16<Float>) -> SIMD16<Float> {
    values * gains
  }
}

/// Terms are the values themselves: the sources' gains are all 1.
enum Unscaled: TermScaling {
  @inline(__always)
  static func term(_ value: Float, _ gain: Float) -> Float { value }
  @inline(__always)
  static func terms(_ values: SIMD16<Float>, _ gains: SIMD16<Float>) -> SIMD16<Float> { values }
}

/// Sixteen 16-bit values from `pointer` as 32-bit integers, lane by lane in concrete types so
/// that the vectorizer makes one widening load of them (the standard library's generic
/// conversions are calls when a kernel grows).
@inline(__always)
func widened(_ pointer: UnsafePointer<Int16>) -> SIMD16<Int32> {
  let values = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<Int16>.self)
  return SIMD16<Int32>(
    Int32(values[0]), Int32(values[1]), Int32(values[2]), Int32(values[3]),
    Int32(values[4]), Int32(values[5]), Int32(values[6]), Int32(values[7]),
    Int32(values[8]), Int32(values[9]), Int32(values[10]), Int32(values[11]),
    Int32(values[12]), Int32(values[13]), Int32(values[14]), Int32(values[15]))
}

/// Sixteen integers as floats, lane by lane so that the vectorizer makes one conversion.
@inline(__always)
func floats(_ values: SIMD16<Int32>) -> SIMD16<Float> {
  SIMD16<Float>(
    Float(values[0]), Float(values[1]), Float(values[2]), Float(values[3]),
    Float(values[4]), Float(values[5]), Float(values[6]), Float(values[7]),
    Float(values[8]), Float(values[9]), Float(values[10]), Float(values[11]),
    Float(values[12]), Float(values[13]), Float(values[14]), Float(values[15]))
}

/// The larger of each pair of lanes, in concrete types: the standard library's `pointwiseMax`
/// stays a call, and a version generic over the lane type, even inlined, made the kernels that
/// use it 19 times slower (its comparisons and selections done lane by lane). One for the
/// integer sums' magnitudes, one for floats' magnitudes as bits.
@inline(__always)
func larger(_ first: SIMD16<Int32>, _ second: SIMD16<Int32>) -> SIMD16<Int32> {
  first.replacing(with: second, where: second .> first)
}

@inline(__always)
func larger(_ first: SIMD16<UInt32>, _ second: SIMD16<UInt32>) -> SIMD16<UInt32> {
  first.replacing(with: second, where: second .> first)
}

/// The largest of sixteen lanes: halves compared in vector registers, the last four one by
/// one (the standard library's `max()` stays a call), for each lane type `larger` takes.
@inline(__always)
func largestLane(_ values: SIMD16<Int32>) -> Int32 {
  let (low8, high8) = (values.lowHalf, values.highHalf)
  let eight = low8.replacing(with: high8, where: high8 .> low8)
  let (low4, high4) = (eight.lowHalf, eight.highHalf)
  let four = low4.replacing(with: high4, where: high4 .> low4)
  return max(max(four[0], four[1]), max(four[2], four[3]))
}

@inline(__always)
func largestLane(_ values: SIMD16<UInt32>) -> UInt32 {
  let (low8, high8) = (values.lowHalf, values.highHalf)
  let eight = low8.replacing(with: high8, where: high8 .> low8)
  let (low4, high4) = (eight.lowHalf, eight.highHalf)
  let four = low4.replacing(with: high4, where: high4 .> low4)
  return max(max(four[0], four[1]), max(four[2], four[3]))
}

/// How far ahead of a voice's reading its values are asked for: the tiles read a cache line of
/// each of some twenty voices in turn, a pattern the CPU's own prefetchers miss, so the lines
/// eight tiles ahead are asked for by hand (256 bytes did as well, 1,024 worse).
let prefetchBytes = 512

/// Asks for the memory of a tile of thirty-two values `prefetchBytes` past `pointer`, which the
/// reading reaches soon: one cache line of 16-bit values, two of floats.
@inline(__always)
func prefetchAhead<Value>(_ pointer: UnsafePointer<Value>) {
  let ahead = UnsafeRawPointer(pointer) + prefetchBytes
  xylo_prefetch(ahead)
  if MemoryLayout<Value>.stride > 2 { xylo_prefetch(ahead + 64) }
}
