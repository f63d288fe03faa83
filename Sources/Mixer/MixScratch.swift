/// Memory a renderer reuses block after block, so that a block allocates nothing: the mono
/// sums of a block whose voices share their channels, and one pass's gains and value pointers.
final class MixScratch: @unchecked Sendable {
  /// The most voices a pass adds.
  static let passCapacity = 8
  let gains = UnsafeMutablePointer<Float>.allocate(capacity: passCapacity)
  let int16Values = UnsafeMutablePointer<UnsafePointer<Int16>>.allocate(capacity: passCapacity)
  let floatValues = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: passCapacity)
  private var monoValues = UnsafeMutablePointer<Float>.allocate(capacity: 1)
  private var monoCapacity = 1

  /// Room for `frameCount` mono values (contents undefined).
  func mono(frameCount: Int) -> UnsafeMutablePointer<Float> {
    if frameCount > monoCapacity {
      monoValues.deallocate()
      monoValues = .allocate(capacity: frameCount)
      monoCapacity = frameCount
    }
    return monoValues
  }

  deinit {
    gains.deallocate()
    int16Values.deallocate()
    floatValues.deallocate()
    monoValues.deallocate()
  }
}
