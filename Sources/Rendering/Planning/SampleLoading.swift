import AudioBasics
import Dispatch
import Mixer
import SampleBank

/// A sample loaded for a render: where it came from, and its envelope when asked for.
struct LoadedSample: Sendable {
  var source: String
  var sample: Sample
  var envelope: DecayBound.SampleEnvelope?

  init(_ source: String, _ sample: Sample, envelope: Bool) {
    self.source = source
    self.sample = sample
    self.envelope = envelope ? DecayBound.envelope(of: sample) : nil
  }
}

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
/// up the start of the render on one of them. With `envelopes`, each job also makes its
/// sample's envelope (`DecayBound`), which a render ending once decayed needs, beside the
/// others rather than after them all.
func loadSamples(
  _ wanted: [SampleToLoad], from bank: any SampleBank, rate: Int, channels: Int, jobs: Int,
  envelopes: Bool = false
) -> [Result<LoadedSample, BankError>] {
  let toResample = wanted.indices.filter { wanted[$0].info.sampleRate != rate }
  let decode = { @Sendable (index: Int) throws(BankError) -> DecodedSample in
    try bank.sample(for: wanted[index].key, strikeLayer: wanted[index].layer)
  }
  // Decoded once for the channels' jobs, which resample into memory made once for them all
  // (or share the planes a bank began resampling ahead of time).
  let shared = wanted.indices.map { index in
    OnceValue {
      Result { () throws(BankError) in
        let (key, layer) = (wanted[index].key, wanted[index].layer)
        if let planes = bank.resampling(key, strikeLayer: layer, to: rate) { return planes }
        return ResampledPlanes(try decode(index), rate: rate)
      }
    }
  }
  // A job is a sample to prepare whole (channel nil) or one channel of one to resample.
  let slow: [(index: Int, channel: Int?)] = toResample.flatMap { index in
    (0..<max(1, wanted[index].info.channels)).map { (index, $0) }
  }
  let quick: [(index: Int, channel: Int?)] =
    wanted.indices.filter { !toResample.contains($0) }.map { ($0, nil) }
  // After the first job, whose sample the next channel's job waits for, a quick one: the
  // second thread decodes a key meanwhile instead of waiting.
  let order =
    Array(slow.prefix(1)) + quick.prefix(slow.count > 1 ? 1 : 0) + slow.dropFirst()
    + quick.dropFirst(slow.count > 1 ? 1 : 0)
  let results = IndexedValues<Result<LoadedSample, BankError>>(count: wanted.count)
  forEachIndex(below: order.count, jobs: jobs, label: "sample") { position in
    let (index, channel) = order[position]
    guard let channel else {
      results.set(
        Result { () throws(BankError) in
          let decoded = try decode(index)
          let sample = try prepare(decoded, rate: rate, channels: channels)
          return LoadedSample(decoded.source, sample, envelope: envelopes)
        }, at: index)
      return
    }
    // Released once a job has put the sample together: every plane was resampled, this
    // job's too (by a bank's loader, when it did so ahead of time); nothing is left to do.
    guard let made = shared[index].valueUnlessReleased else { return }
    switch made {
    case .failure(let error):
      results.set(.failure(error), at: index)
    case .success(let planes):
      // A stereo sample with equal channels has one plane to resample: the second job's done.
      // Once every plane is, one job puts the sample together.
      guard channel < planes.count, planes.resample(channel), planes.takesAssembly() else {
        return
      }
      shared[index].release()
      results.set(
        Result { () throws(BankError) in
          LoadedSample(
            planes.decoded.source, try planes.sample(channels: channels), envelope: envelopes)
        }, at: index)
    }
  }
  return results.values.map { result in
    guard let result else { preconditionFailure("every sample was loaded") }
    return result
  }
}
