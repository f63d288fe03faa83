/// Memory a renderer reuses block after block, so that a block allocates nothing: the planes
/// of a block's sums (mono, or left and right), one pass's gains, value pointers and plane
/// lengths, and tiles of copied 16-bit values.
final class MixScratch: @unchecked Sendable {
  /// The most voices a pass adds.
  static let passCapacity = 32
  let gains = UnsafeMutablePointer<Float>.allocate(capacity: passCapacity)
  let int16Values = UnsafeMutablePointer<UnsafePointer<Int16>>.allocate(capacity: passCapacity)
  let floatValues = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: passCapacity)
  /// Each stereo source's distance from its left values to its right ones.
  let planeLengths = UnsafeMutablePointer<Int>.allocate(capacity: passCapacity)
  /// How each source of a two-plane run is stored (`StoredKind`).
  let kinds = UnsafeMutablePointer<StoredKind>.allocate(capacity: passCapacity)
  /// The frames of a tile of 16-bit values copied for `MixRenderer.renderSixteenBit`.
  static let tileFrames = 32
  /// One such tile for each voice of a pass.
  private let tiles = UnsafeMutablePointer<Int16>.allocate(capacity: passCapacity * tileFrames)
  private var planes = [UnsafeMutablePointer<Float>.allocate(capacity: 1), .allocate(capacity: 1)]
  private var planeCapacity = 1

  /// Room for `frameCount` values in plane 0 or 1 (contents undefined).
  func plane(_ index: Int, frameCount: Int) -> UnsafeMutablePointer<Float> {
    if frameCount > planeCapacity {
      for plane in planes { plane.deallocate() }
      planes = [.allocate(capacity: frameCount), .allocate(capacity: frameCount)]
      planeCapacity = frameCount
    }
    return planes[index]
  }

  /// The tile of slot `slot` (contents undefined).
  func tile(_ slot: Int) -> UnsafeMutablePointer<Int16> {
    tiles + slot * Self.tileFrames
  }

  deinit {
    tiles.deallocate()
    gains.deallocate()
    int16Values.deallocate()
    floatValues.deallocate()
    planeLengths.deallocate()
    kinds.deallocate()
    for plane in planes { plane.deallocate() }
  }
}
