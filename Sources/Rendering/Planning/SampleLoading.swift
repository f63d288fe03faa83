import AudioBasics
import Dispatch
import SampleBank

/// One sample a render uses: a key struck at one strength, with its header's word.
struct SampleToLoad: Sendable {
  var key: String
  var layer: Int
  var info: SampleInfo
}

/// Decodes and converts `wanted` from `bank` on up to `jobs` threads; the results are in
/// `wanted`'s order. Resampling takes as long as decoding several keys, so each channel of a
/// sample to resample is a job of its own, and those jobs go first (but for one quick job
/// while the first sample is decoded): on two cores a stereo key to resample no longer holds
/// up the start of the render on one of them.
func loadSamples(
  _ wanted: [SampleToLoad], from bank: any SampleBank, rate: Int, channels: Int, jobs: Int
) -> [Result<(source: String, sample: Sample), BankError>] {
  let toResample = wanted.indices.filter { wanted[$0].info.sampleRate != rate }
  // Resampled a channel per job.
  let resampled = wanted.indices.map { toResample.contains($0) && wanted[$0].info.channels > 1 }
  let decode = { @Sendable (index: Int) throws(BankError) -> DecodedSample in
    try bank.sample(for: wanted[index].key, strikeLayer: wanted[index].layer)
  }
  let shared = wanted.indices.map { index in
    SharedDecode { () throws(BankError) in try decode(index) }
  }
  // A job is a sample to prepare whole (channel nil) or one channel of one to resample.
  let slow: [(index: Int, channel: Int?)] = toResample.flatMap { index in
    resampled[index] ? (0..<wanted[index].info.channels).map { (index, $0) } : [(index, nil)]
  }
  let quick: [(index: Int, channel: Int?)] =
    wanted.indices.filter { !toResample.contains($0) }.map { ($0, nil) }
  // After the first job, whose sample the next channel's job waits for, a quick one: the
  // second thread decodes a key meanwhile instead of waiting.
  let order =
    Array(slow.prefix(1)) + quick.prefix(slow.count > 1 ? 1 : 0) + slow.dropFirst()
    + quick.dropFirst(slow.count > 1 ? 1 : 0)
  let results = IndexedValues<Result<(source: String, sample: Sample), BankError>>(
    count: wanted.count)
  let channelResults = wanted.indices.map { index in
    ChannelResults(count: resampled[index] ? wanted[index].info.channels : 0)
  }
  forEachIndex(below: order.count, jobs: jobs, label: "sample") { position in
    let (index, channel) = order[position]
    guard let channel else {
      results.set(
        Result { () throws(BankError) in
          let decoded = try decode(index)
          return (decoded.source, try prepare(decoded, rate: rate, channels: channels))
        }, at: index)
      return
    }
    switch shared[index].value {
    case .failure(let error):
      results.set(.failure(error), at: index)
    case .success(let decoded):
      let outcome = Result { () throws(BankError) in
        try resampledChannel(channel, of: decoded, to: rate)
      }
      // The job that resamples the last channel puts the sample together.
      guard let all = channelResults[index].set(outcome, at: channel) else { return }
      shared[index].release()
      results.set(
        Result { () throws(BankError) in
          let resampled = try all.map { (result) throws(BankError) in try result.get() }
          return (decoded.source, prepared(resampled, of: decoded, channels: channels))
        }, at: index)
    }
  }
  return results.values.map { result in
    guard let result else { preconditionFailure("every sample was loaded") }
    return result
  }
}

/// A sample decoded once for the jobs that share it: the first to ask decodes it, the others
/// wait for that; released when the last of them is done, so its memory goes early.
private final class SharedDecode: @unchecked Sendable {
  private let decode: @Sendable () throws(BankError) -> DecodedSample
  private var result: Result<DecodedSample, BankError>?
  private let lock = DispatchSemaphore(value: 1)

  init(_ decode: @escaping @Sendable () throws(BankError) -> DecodedSample) {
    self.decode = decode
  }

  var value: Result<DecodedSample, BankError> {
    lock.wait()
    defer { lock.signal() }
    if let result { return result }
    let made = Result { () throws(BankError) in try decode() }
    result = made
    return made
  }

  /// Lets the decoded values go (a later `value` would decode them again).
  func release() {
    lock.wait()
    defer { lock.signal() }
    result = nil
  }
}

/// The resampled channels of one sample, filled by their jobs in any order.
private final class ChannelResults: @unchecked Sendable {
  private var slots: [Result<[Float], BankError>?]
  private var missing: Int
  private let lock = DispatchSemaphore(value: 1)

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
    missing = count
  }

  /// Stores channel `channel`'s outcome; returns every channel's when it was the last missing.
  func set(_ outcome: Result<[Float], BankError>, at channel: Int) -> [Result<[Float], BankError>]?
  {
    lock.wait()
    defer { lock.signal() }
    slots[channel] = outcome
    missing -= 1
    guard missing == 0 else { return nil }
    let all = slots.compactMap { $0 }
    slots = []
    return all
  }
}
