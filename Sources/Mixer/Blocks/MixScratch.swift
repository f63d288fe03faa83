/// Memory a renderer reuses block after block, so that a block allocates nothing: the planes
/// of a block's sums (mono, or left and right), one pass's gains, value pointers and plane
/// lengths, and what a block written straight to 16-bit frames uses: the leading voices'
/// values, tiles of copied values and a group of sums.
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
  /// The 16-bit values of the leading voices `MixRenderer.renderSixteenBit` sums as integers.
  let prefixValues = UnsafeMutablePointer<UnsafePointer<Int16>>.allocate(capacity: passCapacity)
  /// The frames of a tile of values copied for `MixRenderer.renderSixteenBit`.
  static let tileFrames = 32
  /// The most tiles a block's voices need: the leading ones', then a pass's.
  private static let tileSlots = 2 * passCapacity
  /// Each tile has room for two planes.
  private let int16Tiles = UnsafeMutablePointer<Int16>.allocate(
    capacity: tileSlots * 2 * tileFrames)
  private let floatTiles = UnsafeMutablePointer<Float>.allocate(
    capacity: tileSlots * 2 * tileFrames)
  /// Sixty-four frames of left and right sums (left in the first half), measured and converted
  /// together.
  let groupSums = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 64)
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

  /// The 16-bit tile of slot `slot` (contents undefined): two planes of `tileFrames` values.
  func int16Tile(_ slot: Int) -> UnsafeMutablePointer<Int16> {
    precondition(slot < Self.tileSlots, "a tile slot")
    return int16Tiles + slot * 2 * Self.tileFrames
  }

  /// The float tile of slot `slot`, as `int16Tile`.
  func floatTile(_ slot: Int) -> UnsafeMutablePointer<Float> {
    precondition(slot < Self.tileSlots, "a tile slot")
    return floatTiles + slot * 2 * Self.tileFrames
  }

  deinit {
    prefixValues.deallocate()
    int16Tiles.deallocate()
    floatTiles.deallocate()
    groupSums.deallocate()
    gains.deallocate()
    int16Values.deallocate()
    floatValues.deallocate()
    planeLengths.deallocate()
    kinds.deallocate()
    for plane in planes { plane.deallocate() }
  }
}
