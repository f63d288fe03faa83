import Foundation
import MediaEncoding
import SoundFile
import TestSupport
import Testing

/// A ringtone's level checked against a second BS.1770 implementation, not the libebur128 the
/// tool measures with (issue 14).
@Suite struct RingtoneLoudnessTests {
  /// A 1 kHz sine at −20 dBFS (peak 0.1), 10 s at 48 kHz, on `channels` channels.
  private func sine(channels: Int, rate: Int = 48_000) -> [Float] {
    (0..<(rate * 10)).flatMap { frame in
      let value = Float(0.1 * sin(2 * Double.pi * 1000 * Double(frame) / Double(rate)))
      return [Float](repeating: value, count: channels)
    }
  }

  @Test func theReferenceGivesMinus20LUFSForAStereoSineAtMinus20DBFS() {
    let measured = referenceIntegratedLoudness(sine(channels: 2), channels: 2, rate: 48_000)
    #expect(abs(measured - -20.0) <= 0.1, "measured \(measured) LUFS")
  }

  @Test func theReferenceGivesMinus23LUFSForAMonoSineAtMinus20DBFS() {
    let measured = referenceIntegratedLoudness(sine(channels: 1), channels: 1, rate: 48_000)
    #expect(abs(measured - -23.0) <= 0.1, "measured \(measured) LUFS")
  }

  @Test func theDerivedKWeightingAt48kHzMatchesThePublishedCoefficients() {
    for (derived, published) in zip(derivedKWeighting(rate: 48_000), publishedKWeighting) {
      let pairs = [
        (derived.b.0, published.b.0), (derived.b.1, published.b.1), (derived.b.2, published.b.2),
        (derived.a.0, published.a.0), (derived.a.1, published.a.1),
      ]
      for (ours, theirs) in pairs { #expect(abs(ours - theirs) < 1e-8) }
    }
  }

  @Test func aFLACRingtoneIsWithinHalfALUOfMinus14ByTheReference() throws {
    let folder = try temporaryFolder()
    let path = folder + "/t.flac"
    #expect(
      try run(["ringtone", "Examples/scores/ringtone.xylo", "-o", path, "--quiet"]).status == 0)
    let reader = try SoundFileReader(path: path)
    let values = try reader.readAll(maxFrames: 48_000 * 60)
    let measured = referenceIntegratedLoudness(
      values, channels: reader.info.channels, rate: reader.info.sampleRate)
    #expect(abs(measured - -14) <= 0.5, "measured \(measured) LUFS")
  }

  @Test(arguments: [
    ["ringtone", "Examples/scores/ringtone.xylo", "--for", "iphone", "--quiet"],
    [
      "ringtone", "Examples/scores/ode-to-joy.xylo", "--bank", appSounds, "--seconds", "20",
      "--quiet",
    ],
  ])
  func anIPhoneRingtoneIsWithinHalfALUOfMinus14ByTheReference(arguments: [String]) throws {
    let path = try temporaryFolder() + "/r.m4r"
    #expect(try run(arguments + ["-o", path]).status == 0)
    let decoded = try decodedAudio(path: path)
    let measured = referenceIntegratedLoudness(
      decoded.values, channels: decoded.channelCount, rate: decoded.sampleRate)
    #expect(abs(measured - -14) <= 0.5, "measured \(measured) LUFS")
  }
}
