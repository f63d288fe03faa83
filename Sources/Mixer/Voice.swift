/// A tap to mix: which sample starts at which output frame, how loud.
public struct MixTap: Equatable, Sendable {
  public var frame: Int64
  public var sampleIndex: Int
  /// A linear factor.
  public var gain: Float

  public init(frame: Int64, sampleIndex: Int, gain: Float) {
    self.frame = frame
    self.sampleIndex = sampleIndex
    self.gain = gain
  }
}

/// A tap as the mixer plays it: its sample from `startFrame`, stopped early if a newer tap
/// took its place under a polyphony limit.
public struct Voice: Equatable, Sendable {
  public var startFrame: Int64
  public var sampleIndex: Int
  public var gain: Float
  /// The frame where the voice starts to stop, if it was cut; it fades out over `fadeFrames`.
  public var cutFrame: Int64?
  public var fadeFrames: Int64
  /// The first frame the voice no longer sounds in.
  public var endFrame: Int64
}

/// Plans the voices of `taps` (in render order), applying a polyphony limit.
///
/// When a tap would make more than `polyphony` voices sound, the oldest sounding one is cut at
/// the tap's frame and fades out linearly over `cutFadeFrames` (0: an abrupt stop, as the app
/// does). A voice being cut no longer counts as sounding.
public func planVoices(
  _ taps: [MixTap], sampleFrameCounts: [Int], polyphony: Int? = nil, cutFadeFrames: Int64 = 0
) -> [Voice] {
  var voices = taps.map { tap in
    Voice(
      startFrame: tap.frame, sampleIndex: tap.sampleIndex, gain: tap.gain, cutFrame: nil,
      fadeFrames: 0, endFrame: tap.frame + Int64(sampleFrameCounts[tap.sampleIndex]))
  }
  guard let polyphony, polyphony > 0 else { return voices }
  // Sounding voices, oldest first, with a heap of their ends to drop those that have ended:
  // O(taps × log(polyphony)), so ten million taps on one frame plan in seconds, not hours.
  var oldestFirst: [Int] = []
  var head = 0
  var ends = EndHeap()
  var sounding = [Bool](repeating: false, count: voices.count)
  var count = 0
  for index in voices.indices {
    let frame = voices[index].startFrame
    while let (end, ended) = ends.first, end <= frame {
      ends.removeFirst()
      if sounding[ended] {
        sounding[ended] = false
        count -= 1
      }
    }
    while count >= polyphony {
      while !sounding[oldestFirst[head]] { head += 1 }
      let oldest = oldestFirst[head]
      head += 1
      sounding[oldest] = false
      count -= 1
      voices[oldest].cutFrame = frame
      voices[oldest].fadeFrames = cutFadeFrames
      voices[oldest].endFrame = min(voices[oldest].endFrame, frame + cutFadeFrames)
    }
    oldestFirst.append(index)
    ends.insert((voices[index].endFrame, index))
    sounding[index] = true
    count += 1
  }
  return voices
}

/// A binary min-heap of (end frame, voice index).
private struct EndHeap {
  private var items: [(Int64, Int)] = []

  var first: (Int64, Int)? { items.first }

  mutating func insert(_ item: (Int64, Int)) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].0 < items[parent].0 else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeFirst() {
    items.swapAt(0, items.count - 1)
    items.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < items.count && items[left].0 < items[smallest].0 { smallest = left }
      if right < items.count && items[right].0 < items[smallest].0 { smallest = right }
      if smallest == parent { return }
      items.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

/// The output length: the frame after the last one any voice sounds in.
public func mixLength(of voices: [Voice]) -> Int64 {
  voices.reduce(0) { max($0, $1.endFrame) }
}
