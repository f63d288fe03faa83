import AudioBasics
import Mixer
import Testing

@Suite struct MixRendererTests {
  let samples = [
    Sample(values: [1, 0.5, 0.25], channels: 1),
    Sample(values: [0.125, -0.5], channels: 1),
  ]

  @Test func eachTapAddsGainTimesSampleFromItsFrame() {
    let planned = voices(
      [
        MixTap(frame: 2, sampleIndex: 0, gain: 1), MixTap(frame: 3, sampleIndex: 1, gain: 2),
        MixTap(frame: 3, sampleIndex: 0, gain: 0.5),
      ], samples: samples)
    #expect(mixLength(of: planned) == 6)
    #expect(mix(planned, samples: samples, frames: 7) == [0, 0, 1, 1.25, -0.5, 0.125, 0])
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096])
  func blockSizeNeverChangesTheOutput(_ blockFrames: Int) {
    let taps = (0..<200).map {
      MixTap(frame: Int64($0 * 37 % 500), sampleIndex: $0 % 2, gain: Float($0 % 7) / 3)
    }.sorted { $0.frame < $1.frame }
    let planned = voices(taps, samples: samples)
    let reference = mix(planned, samples: samples, frames: 520, blockFrames: 4096)
    #expect(mix(planned, samples: samples, frames: 520, blockFrames: blockFrames) == reference)
  }

  @Test func renderingFromAnyFrameMatchesTheWholeRender() {
    let long = [
      impulse(length: 100), Sample(values: [Float](repeating: 0.1, count: 50), channels: 1),
    ]
    let taps = (0..<40).map { MixTap(frame: Int64($0 * 5), sampleIndex: $0 % 2, gain: 0.3) }
    let planned = voices(taps, samples: long)
    let whole = mix(planned, samples: long, frames: 300)
    for start in [1, 37, 149, 250] {
      let part = mix(planned, samples: long, frames: 300 - start, startFrame: Int64(start))
      #expect(part == Array(whole[start...]))
    }
  }

  @Test func stereoVoicesMixFrameByFrame() {
    let stereo = [Sample(values: [1, -1, 0.5, -0.5], channels: 2)]
    let planned = voices([MixTap(frame: 1, sampleIndex: 0, gain: 0.5)], samples: stereo)
    #expect(
      mix(planned, samples: stereo, channels: 2, frames: 3) == [0, 0, 0.5, -0.5, 0.25, -0.25])
  }

  @Test func monoFeedsBothStereoChannelsAndStereoBecomesTheMeanInMono() {
    let mono = Sample(values: [1, 0.5], channels: 1)
    #expect(mono.mapped(toChannels: 2).values == [1, 1, 0.5, 0.5])
    let stereo = Sample(values: [1, 0, 0.25, 0.75], channels: 2)
    #expect(stereo.mapped(toChannels: 1).values == [0.5, 0.5])
  }
}

@Suite struct PolyphonyTests {
  let long = [Sample(values: [Float](repeating: 1, count: 10), channels: 1)]

  @Test func polyphonyOneStopsEachSoundAtTheNextTap() {
    let taps = [0, 3, 5].map { MixTap(frame: $0, sampleIndex: 0, gain: 1) }
    let planned = planVoices(taps, sampleFrameCounts: [10], polyphony: 1)
    #expect(planned.map(\.endFrame) == [3, 5, 15])
    #expect(mix(planned, samples: long, frames: 16) == [Float](repeating: 1, count: 15) + [0])
  }

  @Test func withoutALimitVoicesOverlap() {
    let taps = [0, 3].map { MixTap(frame: $0, sampleIndex: 0, gain: 1) }
    let planned = planVoices(taps, sampleFrameCounts: [10])
    #expect(mix(planned, samples: long, frames: 14) == [1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 0])
  }

  @Test func theOldestVoiceIsCutWhenTheLimitIsReached() {
    let taps = [0, 1, 2].map { MixTap(frame: $0, sampleIndex: 0, gain: 1) }
    let planned = planVoices(taps, sampleFrameCounts: [10], polyphony: 2)
    #expect(planned.map(\.cutFrame) == [2, nil, nil])
    #expect(planned.map(\.endFrame) == [2, 11, 12])
  }

  @Test func aCutFadesOutLinearlyOverTheCutFade() {
    let taps = [0, 2].map { MixTap(frame: $0, sampleIndex: 0, gain: 1) }
    let planned = planVoices(taps, sampleFrameCounts: [10], polyphony: 1, cutFadeFrames: 4)
    #expect(planned[0].endFrame == 6)
    // Frames 2...5 of the first voice are scaled by 4/4, 3/4, 2/4, 1/4.
    #expect(Array(mix(planned, samples: long, frames: 7)) == [1, 1, 2, 1.75, 1.5, 1.25, 1])
  }

  @Test func aVoiceThatEndedDoesNotCount() {
    let short = [2, 10]
    let taps = [
      MixTap(frame: 0, sampleIndex: 0, gain: 1), MixTap(frame: 5, sampleIndex: 1, gain: 1),
    ]
    let planned = planVoices(taps, sampleFrameCounts: short, polyphony: 1)
    #expect(planned.map(\.cutFrame) == [nil, nil])
  }
}

@Suite struct BatchedMixingTests {
  /// The mix by definition: each output value starts at 0 and adds, voice by voice in render
  /// order, value × gain (a 16-bit value v standing for v / 32768).
  private func referenceMix(_ voices: [Voice], samples: [Sample], frames: Int) -> [Float] {
    var output = [Float](repeating: 0, count: frames)
    for voice in voices {
      let values = samples[voice.sampleIndex].values
      for frame in Int(voice.startFrame)..<min(frames, Int(voice.endFrame)) {
        output[frame] += values[frame - Int(voice.startFrame)] * voice.gain
      }
    }
    return output
  }

  @Test(arguments: [1, 7, 64, 4_096])
  func manyOverlappingVoicesSumExactlyAsOneByOne(_ blockFrames: Int) {
    let ints = Sample(
      storage: .int16((0..<3_000).map { Int16(truncatingIfNeeded: $0 * 7_919) }), channels: 1)
    let floats = Sample(values: (0..<2_000).map { Float($0 % 97) / 97 - 0.5 }, channels: 1)
    let samples = [ints, floats]
    let taps = (0..<60).map { (index: Int) -> MixTap in
      let gain = Float(index % 9) / 7 + 0.1
      return MixTap(frame: Int64(index * 53), sampleIndex: index % 5 == 0 ? 1 : 0, gain: gain)
    }
    let planned = voices(taps, samples: samples)
    let expected = referenceMix(planned, samples: samples, frames: 6_500)
    #expect(mix(planned, samples: samples, frames: 6_500, blockFrames: blockFrames) == expected)
  }
}

@Suite struct SharedChannelTests {
  /// A stereo sample of `frames` frames whose right channel equals its left, except where
  /// `differing` says.
  private func stereo(
    _ frames: Int, differing: Set<Int> = [], value: (Int) -> Float
  ) -> Sample {
    Sample(
      values: (0..<frames).flatMap {
        [value($0), differing.contains($0) ? -value($0) : value($0)]
      },
      channels: 2)
  }

  /// The stereo mix by definition: each value starts at 0 and adds, voice by voice in render
  /// order, value × gain.
  private func referenceMix(_ voices: [Voice], samples: [Sample], frames: Int) -> [Float] {
    var output = [Float](repeating: 0, count: 2 * frames)
    for voice in voices {
      let values = samples[voice.sampleIndex].values
      for frame in Int(voice.startFrame)..<min(frames, Int(voice.endFrame)) {
        for channel in 0..<2 {
          output[2 * frame + channel] +=
            values[2 * (frame - Int(voice.startFrame)) + channel] * voice.gain
        }
      }
    }
    return output
  }

  @Test func equalChannelsAreKeptOnceAndReadBackAsGiven() {
    let shared = Sample(storage: .int16([3, 3, -7, -7, 0, 0]), channels: 2)
    #expect(shared.buffer.storedChannels == 1 && shared.frameCount == 3)
    #expect(shared.storage == .int16([3, 3, -7, -7, 0, 0]))
    #expect(shared.buffer.soundingFrameCount == 2)
    let signs = Sample(values: [0.5, 0.5, 0, -0.0], channels: 2)
    #expect(signs.buffer.storedChannels == 2)
    #expect(signs.storage == .float([0.5, 0.5, 0, -0.0]))
    #expect(Sample(values: [0.25, 0.25], channels: 1).buffer.storedChannels == 1)
  }

  @Test(arguments: [1, 7, 64, 4_096])
  func voicesKeepingOneValueForBothChannelsSumExactlyAsOneByOne(_ blockFrames: Int) {
    let sharedInts = Sample(
      storage: .int16(
        (0..<2_500).flatMap {
          [Int16(truncatingIfNeeded: $0 * 7_919), Int16(truncatingIfNeeded: $0 * 7_919)]
        }),
      channels: 2)
    let sharedFloats = stereo(1_800) { Float($0 % 89) / 89 - 0.5 }
    let stereoFloats = stereo(2_100, differing: [5, 700]) { Float($0 % 61) / 61 - 0.4 }
    let trailingZeros = stereo(3_000) { $0 < 900 ? Float($0 % 13) / 13 : 0 }
    let samples = [sharedInts, sharedFloats, stereoFloats, trailingZeros]
    #expect(samples.map(\.buffer.storedChannels) == [1, 1, 2, 1])
    let taps = (0..<70).map { (index: Int) -> MixTap in
      MixTap(
        frame: Int64(index * 47), sampleIndex: [0, 1, 3, 0, 2, 1, 0][index % 7],
        gain: Float(index % 9) / 7 + 0.1)
    }
    let planned = voices(taps, samples: samples)
    let expected = referenceMix(planned, samples: samples, frames: 6_500)
    #expect(
      mix(planned, samples: samples, channels: 2, frames: 6_500, blockFrames: blockFrames)
        == expected)
  }

  @Test func stereoSamplesAreKeptInPlanesAndReadBackInterleaved() {
    let ints = Sample(storage: .int16([1, -2, 3, -4, 5, -6]), channels: 2)
    #expect(ints.buffer.storedChannels == 2 && ints.buffer.planeLength == 3)
    #expect(ints.storage == .int16([1, -2, 3, -4, 5, -6]))
    #expect(ints.frameCount == 3 && ints.buffer.soundingFrameCount == 3)
  }

  @Test(arguments: [1, 5, 32, 333, 4_096])
  func sixteenBitStereoSamplesInPlanesSumExactlyAsOneByOne(_ blockFrames: Int) {
    let stereoInts = Sample(
      storage: .int16(
        (0..<1_700).flatMap {
          [Int16(truncatingIfNeeded: $0 * 7_919), Int16(truncatingIfNeeded: $0 * -3_511)]
        }),
      channels: 2)
    let sharedFloats = stereo(2_300) { Float($0 % 83) / 83 - 0.5 }
    let stereoFloats = stereo(900, differing: Set(0..<900)) { Float($0 % 31) / 31 - 0.4 }
    let samples = [stereoInts, sharedFloats, stereoFloats]
    #expect(samples.map(\.buffer.storedChannels) == [2, 1, 2])
    let taps = (0..<50).map { (index: Int) -> MixTap in
      MixTap(
        frame: Int64(index * 61), sampleIndex: [1, 0, 1, 2, 0][index % 5],
        gain: Float(index % 7) / 5 + 0.2)
    }
    let planned = voices(taps, samples: samples)
    let expected = referenceMix(planned, samples: samples, frames: 5_500)
    #expect(
      mix(planned, samples: samples, channels: 2, frames: 5_500, blockFrames: blockFrames)
        == expected)
  }

  @Test func cutVoicesFadeAlikeWhetherTheirChannelsAreKeptOnceOrTwice() {
    // The same values, but the second sample's last frame differs, so it is kept in stereo;
    // the cut voices never reach that frame.
    let shared = stereo(4_000) { Float($0 % 101) / 101 - 0.3 }
    let unshared = stereo(4_000, differing: [3_999]) { Float($0 % 101) / 101 - 0.3 }
    #expect(shared.buffer.storedChannels == 1 && unshared.buffer.storedChannels == 2)
    let taps = (0..<12).map { MixTap(frame: Int64($0 * 211), sampleIndex: 0, gain: 0.5) }
    let renders = [shared, unshared].map { sample in
      let planned = planVoices(
        taps, sampleFrameCounts: [sample.frameCount], polyphony: 3, cutFadeFrames: 57)
      return mix(planned, samples: [sample], channels: 2, frames: 3_000, blockFrames: 100)
    }
    #expect(renders[0] == renders[1])
  }
}

@Suite struct VoicePlanningTests {
  /// Polyphony by its definition, slowly: before each tap, drop voices that have ended, then
  /// cut the oldest while the limit is reached.
  private func referencePlan(_ taps: [MixTap], lengths: [Int], polyphony: Int, fade: Int64)
    -> [Voice]
  {
    var voices = planVoices(taps, sampleFrameCounts: lengths)
    var sounding: [Int] = []
    for index in voices.indices {
      let frame = voices[index].startFrame
      sounding.removeAll { voices[$0].endFrame <= frame }
      while sounding.count >= polyphony {
        let oldest = sounding.removeFirst()
        voices[oldest].cutFrame = frame
        voices[oldest].fadeFrames = fade
        voices[oldest].endFrame = min(voices[oldest].endFrame, frame + fade)
      }
      sounding.append(index)
    }
    return voices
  }

  @Test(arguments: [1, 2, 3, 8])
  func plannedCutsMatchTheDefinition(_ polyphony: Int) {
    var state: UInt64 = 12_345
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    var frame: Int64 = 0
    let taps = (0..<2_000).map { _ -> MixTap in
      frame += Int64(next(4) == 0 ? 0 : next(30))
      return MixTap(frame: frame, sampleIndex: next(3), gain: 1)
    }
    let lengths = [5, 40, 120]
    #expect(
      planVoices(taps, sampleFrameCounts: lengths, polyphony: polyphony, cutFadeFrames: 7)
        == referencePlan(taps, lengths: lengths, polyphony: polyphony, fade: 7))
  }
}
