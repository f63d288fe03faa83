import Foundation
import Rendering

/// Seven keys that each play a decaying sine: a bank made in code instead of a folder.
public struct SineBank: SampleBank {
  public let titles = ["C", "D", "E", "F", "G", "A", "B"]
  private let frequencies = [1046.50, 1174.66, 1318.51, 1396.91, 1567.98, 1760.00, 1975.53]

  public init() {}

  public func info(for title: String) throws(BankError) -> SampleInfo {
    SampleInfo(title: title, source: "sine", sampleRate: 48_000, channels: 1, frameCount: 24_000)
  }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    let frequency = frequencies[titles.firstIndex(of: title) ?? 0]
    let values = (0..<24_000).map { frame in
      let time = Double(frame) / 48_000
      return Float(0.25 * sin(2 * Double.pi * frequency * time) * exp(-8 * time))
    }
    return DecodedSample(
      title: title, source: "sine", sampleRate: 48_000, channels: 1, values: values)
  }
}

/// A score played on the sine bank, into memory; a folder of recordings is
/// `SoundOptions(bank: "path/to/folder")` instead.
public func renderOnSines() throws(RenderError) -> RenderedAudio {
  let song = try Song(text: "tempo 120\nC D E F G:2", openBank: { _ in SineBank() })
  return try song.render()
}
