import AudioBasics
import Testing

/// A resampled sample is stored from its channels' arrays without being interleaved first;
/// these pin that it is stored exactly as its interleaving would be.
@Suite struct SamplePlanesTests {
  static let cases: [(name: String, planes: [[Float]])] = [
    ("equal channels", [[0.5, -0.25, 0, 0], [0.5, -0.25, 0, 0]]),
    ("different channels", [[0.5, -0.25, 0.125, 0], [0.5, 0.25, 0, 0]]),
    ("zeros of either sign apart", [[0, 0.5, 0], [-0, 0.5, 0]]),
    ("NaN in both", [[.nan, 0.5], [.nan, 0.5]]),
    ("the right ringing longer", [[0.5, 0, 0, 0], [0.5, 0, 0.25, 0]]),
    ("silence", [[0, 0, 0], [0, 0, 0]]),
    ("mono", [[0.25, 0.5, 0]]),
    ("one shorter plane", [[0.5, 0.25, 0.125], [0.5, 0.25]]),
  ]

  @Test(arguments: cases.indices)
  func aSampleFromPlanesIsStoredAsItsInterleavingIs(index: Int) {
    let planes = Self.cases[index].planes
    let frames = planes.map(\.count).min() ?? 0
    let interleaved = (0..<frames).flatMap { frame in planes.map { $0[frame] } }
    let fromPlanes = Sample(planes: planes)
    let reference = Sample(values: interleaved, channels: planes.count)
    #expect(fromPlanes.channels == reference.channels, "\(Self.cases[index].name)")
    #expect(fromPlanes.frameCount == reference.frameCount, "\(Self.cases[index].name)")
    #expect(
      fromPlanes.buffer.storedChannels == reference.buffer.storedChannels,
      "\(Self.cases[index].name)")
    #expect(
      fromPlanes.buffer.soundingFrameCount == reference.buffer.soundingFrameCount,
      "\(Self.cases[index].name)")
    #expect(
      fromPlanes.values.map(\.bitPattern) == reference.values.map(\.bitPattern),
      "\(Self.cases[index].name)")
  }
}
