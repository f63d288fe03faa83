/// The forms a block's sums take inside the mixer: one plane (mono sums, or a mono output's
/// values) or left and right planes, interleaved only at the end.
extension MixRenderer {
  /// A stereo block's sums as the mixer holds them, before they are interleaved.
  enum StereoSums {
    /// Every voice shared its channels: one sum a frame serves both.
    case mono(UnsafeBufferPointer<Float>)
    /// Left and right sums in planes of their own.
    case planes(left: UnsafeBufferPointer<Float>, right: UnsafeBufferPointer<Float>)

    /// Writes the sums times `factor` as interleaved stereo frames, as `render(into:)` would
    /// have.
    func write(into stereo: UnsafeMutableBufferPointer<Float>, scaledBy factor: Float = 1) {
      guard let out = stereo.baseAddress else { return }
      switch self {
      case .mono(let mono):
        guard let base = mono.baseAddress else { return }
        copyToBothChannels(base, frameCount: mono.count, scaledBy: factor, into: out)
      case .planes(let left, let right):
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return }
        interleave(leftBase, rightBase, frameCount: left.count, scaledBy: factor, into: out)
      }
    }
  }

  /// A stereo block's sums as the mixer holds them, and the factor that makes them the mix's
  /// values (2^-15 for a block summed in steps of 2^-15, else 1; see `Scale`).
  struct KeptSums {
    let sums: StereoSums
    let step: Float
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
