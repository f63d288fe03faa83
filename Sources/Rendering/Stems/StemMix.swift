import AudioBasics
import Mixer

/// One stem as it is mixed chunk after chunk: its voices' mix, played through a room of its
/// own and finished with the full mix's gain, fades and limiter gains, so the stems add up to
/// the mix. Each stem is touched by one thread at a time.
final class StemMix: @unchecked Sendable {
  let plan: MixPlan
  private var room: Room
  /// The chunk's finished floats.
  var values: [Float] = []
  var int16: [Int16] = []
  var int32: [Int32] = []
  var peak = PeakMeter()
  var clippedCount: Int64 = 0
  var adjustedCount: Int64 = 0
  private var chunk = RenderedChunk()

  init(plan: MixPlan, room: RoomSize, rate: Int) {
    self.plan = plan
    self.room = Room(size: room, sampleRate: rate, channels: plan.channels)
  }

  /// Mixes and finishes frames `range` as the full mix's pipeline does: with the finishing
  /// inside the mix when nothing comes between (`inOrder` false), else mixed dry, through the
  /// room, then finished, in order.
  func mix(
    _ range: Range<Int64>, finishing: Finishing, totalFrames: Int64, inOrder: Bool,
    blockFrames: Int, limiterGains: [Float]
  ) {
    let channels = plan.channels
    renderChunk(
      plan, range: range, finishing: inOrder ? Finishing(totalFrames: totalFrames) : finishing,
      encoding: .float, dither: nil, blockFrames: blockFrames, into: &chunk)
    swap(&values, &chunk.float)
    values.withUnsafeMutableBufferPointer { block in
      if inOrder {
        room.process(block, channels: channels)
        finishing.apply(to: block, channels: channels, at: range.lowerBound)
      }
      if !limiterGains.isEmpty {
        for frame in 0..<(block.count / channels) {
          for channel in 0..<channels { block[frame * channels + channel] *= limiterGains[frame] }
        }
      }
      peak.measure(UnsafeBufferPointer(block), channels: channels, at: range.lowerBound)
    }
  }

  /// Converts the chunk's floats to integers of `width`, as the mix's are (without dither),
  /// counting what clips.
  func quantize(_ encoding: ChunkEncoding, firstIndex: Int64) {
    var quantizer: Quantizer
    switch encoding {
    case .int16:
      quantizer = Quantizer(width: .bits16, dither: nil)
      int16.resize(to: values.count)
      values.withUnsafeBufferPointer { input in
        int16.withUnsafeMutableBufferPointer {
          quantizer.quantize(input, firstIndex: firstIndex, into: $0)
        }
      }
    case .int32(let width):
      quantizer = Quantizer(width: width, dither: nil)
      int32.resize(to: values.count)
      values.withUnsafeBufferPointer { input in
        int32.withUnsafeMutableBufferPointer {
          quantizer.quantize(input, firstIndex: firstIndex, into: $0)
        }
      }
    case .float, .measureOnly:
      clippedCount += Int64(values.reduce(0) { $0 + ($1 > 1 || $1 < -1 ? 1 : 0) })
      return
    }
    clippedCount += quantizer.clippedCount
  }
}

/// Makes the stems' integers add up to the mix's exactly: where their sum is off (each stem
/// rounds on its own, and their floats sum in another order than the mix's), the stem loudest
/// at that value (the first of equals) takes the difference, a step or two, unless the mix or a
/// stem clipped there or the change would pass full scale. `low` and `high` are the integers'
/// range (24-bit values in the top bits of 32). Returns how many values of each stem moved.
func matchSums<Value: FixedWidthInteger>(
  _ stems: inout [[Value]], floats: [[Float]], mix: UnsafeBufferPointer<Value>, low: Int64,
  high: Int64
) -> [Int64] {
  var adjusted = [Int64](repeating: 0, count: stems.count)
  guard !stems.isEmpty else { return adjusted }
  for index in 0..<mix.count {
    let target = Int64(mix[index])
    guard target > low && target < high else { continue }
    var sum: Int64 = 0
    var atRail = false
    var loudest = 0
    var loudestMagnitude: Float = -1
    for number in stems.indices {
      let value = Int64(stems[number][index])
      sum += value
      atRail = atRail || value <= low || value >= high
      let magnitude = abs(floats[number][index])
      if magnitude > loudestMagnitude { (loudest, loudestMagnitude) = (number, magnitude) }
    }
    let difference = target - sum
    guard difference != 0, !atRail else { continue }
    let moved = Int64(stems[loudest][index]) + difference
    guard moved > low && moved < high else { continue }
    stems[loudest][index] = Value(moved)
    adjusted[loudest] += 1
  }
  return adjusted
}
