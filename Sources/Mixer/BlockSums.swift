/// The forms a block's sums take inside the mixer: one plane (mono sums, or a mono output's
/// values) or left and right planes, interleaved only at the end.
extension MixRenderer {
  /// A stereo block's sums as the mixer holds them, before they are interleaved.
  enum StereoSums {
    /// Every voice shared its channels: one sum a frame serves both.
    case mono(UnsafeBufferPointer<Float>)
    /// Left and right sums in planes of their own.
    case planes(left: UnsafeBufferPointer<Float>, right: UnsafeBufferPointer<Float>)

    /// Writes the sums as interleaved stereo frames, as `render(into:)` would have.
    func write(into stereo: UnsafeMutableBufferPointer<Float>) {
      guard let out = stereo.baseAddress else { return }
      switch self {
      case .mono(let mono):
        guard let base = mono.baseAddress else { return }
        copyToBothChannels(base, frameCount: mono.count, into: out)
      case .planes(let left, let right):
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return }
        interleave(leftBase, rightBase, frameCount: left.count, into: out)
      }
    }
  }

  /// Where a block's sums go: one plane of mono sums (or a mono output's values), or left
  /// and right planes.
  struct Sums {
    var left: UnsafeMutablePointer<Float>
    var right: UnsafeMutablePointer<Float>? = nil

    var channels: Int { right == nil ? 1 : 2 }

    /// The planes from frame `offset` of the block on.
    func from(_ offset: Int) -> Sums {
      Sums(left: left + offset, right: right.map { $0 + offset })
    }
  }
}
