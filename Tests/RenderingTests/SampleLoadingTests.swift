import AudioBasics
import Foundation
import Mixer
import SampleBank
import Testing

@testable import Rendering

/// A bank held in memory: stereo keys at 44.1 kHz with different channels (to resample),
/// a mono key at 44.1 kHz, mono keys at 48 kHz, and a key whose file is broken.
private struct MemoryBank: SampleBank {
  let titles = ["A", "B", "C", "M", "Broken"]

  func sample(for title: String) throws(BankError) -> DecodedSample {
    switch title {
    case "A", "B":
      let pitch: Float = title == "A" ? 0.01 : 0.013
      var values: [Float] = []
      for frame in 0..<6_000 {
        let phase = Float(frame) * pitch
        values += [sin(phase), 0.5 * cos(phase * 1.5)]
      }
      return DecodedSample(
        title: title, source: "\(title).wav", sampleRate: 44_100, channels: 2, values: values)
    case "M":
      return DecodedSample(
        title: title, source: "M.wav", sampleRate: 44_100, channels: 1,
        values: (0..<6_000).map { Float($0 % 97) / 97 - 0.5 })
    case "C":
      return DecodedSample(
        title: title, source: "C.wav", sampleRate: 48_000, channels: 1,
        storage: .int16((0..<5_000).map { Int16(truncatingIfNeeded: $0 * 37) }))
    default:
      throw BankError(path: "\(title).wav", reason: "it is not a sound file")
    }
  }

  func info(for title: String) throws(BankError) -> SampleInfo {
    let stereo = title == "A" || title == "B"
    return SampleInfo(
      title: title, source: "\(title).wav", sampleRate: stereo || title == "M" ? 44_100 : 48_000,
      channels: stereo ? 2 : 1, frameCount: 6_000)
  }
}

@Suite struct SampleLoadingTests {
  private let bank = MemoryBank()

  private func wanted(_ keys: [String]) throws -> [SampleToLoad] {
    try keys.map { SampleToLoad(key: $0, layer: 0, info: try bank.info(for: $0)) }
  }

  private func bits(_ sample: Sample) -> [UInt32] { sample.values.map(\.bitPattern) }

  @Test(arguments: [1, 2, 4])
  func samplesLoadedChannelByChannelEqualThosePreparedWhole(jobs: Int) throws {
    let keys = ["C", "A", "M", "B"]
    let loaded = loadSamples(try wanted(keys), from: bank, rate: 48_000, channels: 2, jobs: jobs)
    #expect(loaded.count == 4)
    for (key, result) in zip(keys, loaded) {
      let whole = try prepare(try bank.sample(for: key), rate: 48_000, channels: 2)
      let (source, sample) = (try result.get().source, try result.get().sample)
      #expect(source == "\(key).wav")
      #expect(sample.channels == 2)
      #expect(bits(sample) == bits(whole))
    }
  }

  @Test(arguments: [1, 2])
  func envelopesMadeWhileLoadingAreTheSamplesEnvelopes(jobs: Int) throws {
    let keys = ["C", "A", "B"]
    let loaded = loadSamples(
      try wanted(keys), from: bank, rate: 48_000, channels: 2, jobs: jobs, envelopes: true)
    for result in loaded {
      let sample = try result.get()
      let envelope = try #require(sample.envelope)
      let after = DecayBound.envelope(of: sample.sample)
      #expect(envelope.levels == after.levels)
      #expect(envelope.peakFrame == after.peakFrame)
      #expect(envelope.levels.first ?? 0 > 0)
    }
    #expect(
      loadSamples(try wanted(["C"]), from: bank, rate: 48_000, channels: 2, jobs: 1)
        .allSatisfy { (try? $0.get().envelope) == nil })
  }

  @Test func aStereoKeyLoadedForAMonoOutputIsMixedDownAfterResampling() throws {
    let loaded = loadSamples(try wanted(["A"]), from: bank, rate: 48_000, channels: 1, jobs: 2)
    let whole = try prepare(try bank.sample(for: "A"), rate: 48_000, channels: 1)
    let sample = try loaded[0].get()
    #expect(sample.sample.channels == 1)
    #expect(bits(sample.sample) == bits(whole))
  }

  @Test func aKeyThatCannotBeDecodedGivesItsErrorInItsPlace() throws {
    var keys = try wanted(["A", "C"])
    // Told it is stereo at 44.1 kHz, so its channels would be resampled as jobs of their own.
    keys.insert(
      SampleToLoad(
        key: "Broken", layer: 0,
        info: SampleInfo(
          title: "Broken", source: "Broken.wav", sampleRate: 44_100, channels: 2, frameCount: 9)),
      at: 1)
    let loaded = loadSamples(keys, from: bank, rate: 48_000, channels: 2, jobs: 2)
    #expect((try? loaded[0].get()) != nil)
    #expect((try? loaded[2].get()) != nil)
    #expect(throws: BankError(path: "Broken.wav", reason: "it is not a sound file")) {
      try loaded[1].get()
    }
  }
}

/// `MemoryBank` with a loader's work done ahead of time: key A's planes, every one resampled
/// already, handed over once as `PreloadingBank` hands them over; it counts the decodes asked
/// of it.
private final class ResampledAheadBank: SampleBank, @unchecked Sendable {
  private let bank = MemoryBank()
  private let lock = NSLock()
  private var ahead: ResampledPlanes?
  private(set) var decodes = 0

  init() throws {
    let planes = ResampledPlanes(try bank.sample(for: "A"), rate: 48_000)
    for plane in 0..<planes.count { _ = planes.resample(plane) }
    ahead = planes
  }

  var titles: [String] { bank.titles }

  func info(for title: String) throws(BankError) -> SampleInfo { try bank.info(for: title) }

  func sample(for title: String) throws(BankError) -> DecodedSample {
    lock.withLock { decodes += 1 }
    return try bank.sample(for: title)
  }

  func resampling(_ title: String, strikeLayer: Int, to rate: Int) -> ResampledPlanes? {
    lock.withLock {
      defer { ahead = nil }
      return title == "A" ? ahead : nil
    }
  }
}

@Suite struct ResampledAheadTests {
  @Test(arguments: [1, 2])
  func planesResampledAheadAreNeitherDecodedNorResampledAgain(jobs: Int) throws {
    let bank = try ResampledAheadBank()
    let wanted = [SampleToLoad(key: "A", layer: 0, info: try bank.info(for: "A"))]
    let loaded = loadSamples(wanted, from: bank, rate: 48_000, channels: 2, jobs: jobs)
    let whole = try prepare(try MemoryBank().sample(for: "A"), rate: 48_000, channels: 2)
    #expect(try loaded[0].get().sample.values.map(\.bitPattern) == whole.values.map(\.bitPattern))
    // Once a job has put the sample together, the other channel's job has nothing to do.
    #expect(bank.decodes == 0)
  }
}
