import Foundation
import SoundFile
import TestSupport
import Testing

@Suite struct RenderTests {
  @Test func oneTapWithTheAppBankReproducesTheSampleFileExactly() throws {
    let out = try temporaryFolder() + "/c.wav"
    let result = try run(
      ["render", "-", "-o", out, "--bank", appSounds, "--quiet", "--tail", "0"], input: "C\n")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let rendered = try readInts(out)
    let original = try readInts(appSounds + "/C.wav")
    #expect(rendered.info.frameCount == 180_798)
    #expect(rendered.values == original.values)
  }

  @Test func everyTapLandsOnTheFrameEventsReports() throws {
    let bank = try impulseBank()
    let keys = ["C", "D", "E", "F", "G", "A", "B", "HighC"]
    for name in ["twinkle", "frere-jacques-canon", "tap-log"] {
      let score = "Examples/scores/\(name).xylo"
      let out = try temporaryFolder() + "/\(name).wav"
      #expect(try run(["render", score, "-o", out, "--bank", bank, "--quiet"]).status == 0)
      let events = try run(["events", score, "--bank", bank]).stdout.split(separator: "\n")
        .dropFirst()
      // Sum what each frame should hold: the impulse of every tap on it, times its gain.
      var expected: [Int: Double] = [:]
      for row in events {
        let cells = row.split(separator: ",")
        let value = Double(1000 * ((keys.firstIndex(of: String(cells[2])) ?? 0) + 1))
        expected[Int(cells[0]) ?? -1, default: 0] += value * (Double(cells[3]) ?? 0)
      }
      let rendered = try readInts(out).values
      var found: [Int: Double] = [:]
      for (frame, value) in rendered.enumerated() where value != 0 { found[frame] = Double(value) }
      #expect(found.keys.sorted() == expected.keys.sorted(), "\(name)")
      for (frame, value) in expected { #expect(abs((found[frame] ?? 0) - value) <= 0.5) }
    }
  }

  @Test func twoRunsGiveByteIdenticalFiles() throws {
    let folder = try temporaryFolder()
    for ext in ["wav", "flac"] {
      for attempt in 1...2 {
        _ = try run([
          "Examples/scores/frere-jacques-canon.xylo", "-o", "\(folder)/\(attempt).\(ext)",
          "--bank", appSounds, "--quiet",
        ])
      }
      let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/1.\(ext)"))
      let second = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/2.\(ext)"))
      #expect(first == second)
      #expect(first.count > 100_000)
    }
  }

  @Test func wavFlacAndAiffOfOneRenderHoldTheSameSamples() throws {
    let folder = try temporaryFolder()
    var decoded: [[Int32]] = []
    for ext in ["wav", "flac", "aiff", "caf"] {
      let result = try run([
        "render", "Examples/scores/mary.xylo", "-o", "\(folder)/m.\(ext)", "--bank", appSounds,
        "--quiet", "--encoding", "pcm24",
      ])
      #expect(result.status == 0)
      decoded.append(try readInts("\(folder)/m.\(ext)", fullScale: 8_388_608).values)
    }
    #expect(decoded.allSatisfy { $0 == decoded[0] })
  }

  @Test func scoreMetadataBecomesTags() throws {
    let out = try temporaryFolder() + "/t.flac"
    _ = try run(["Examples/scores/twinkle.xylo", "-o", out, "--bank", appSounds, "--quiet"])
    let tags = try SoundFileReader(path: out).tags
    #expect(tags.title == "Twinkle Twinkle Little Star")
    #expect(tags.artist == "Traditional")
  }

  @Test func theSummaryLineDescribesWhatWasWritten() throws {
    let out = try temporaryFolder() + "/s.wav"
    let result = try run(["render", "-", "-o", out, "--bank", appSounds], input: "HighC\n")
    #expect(
      result.stderr == "wrote '\(out)': 2.245 s, 99008 frames, 44100 Hz, stereo, wav pcm16\n")
  }

  @Test func theShorthandReadsAScoreFromStandardInput() throws {
    let out = try temporaryFolder() + "/s.wav"
    let result = try run(["-", "-o", out, "--quiet"], input: "C D\n")
    #expect(result.status == 0)
    #expect(try readInts(out).info.frameCount == 58_560)
  }

  @Test func standardOutputReceivesACompleteWav() throws {
    let bank = try impulseBank()
    let scratch = try temporaryFolder()
    let result = try run(
      ["render", "-", "-o", "-", "--bank", bank, "--quiet"], input: "C D\n",
      temporaryDirectory: scratch)
    #expect(result.status == 0)
    let folder = try temporaryFolder()
    try result.stdoutData.write(to: URL(fileURLWithPath: folder + "/o.wav"))
    let read = try readInts(folder + "/o.wav")
    #expect(read.info.frameCount == 24_001)  // the impulse's trailing zeros are not sound
    #expect(read.values[0] == 1000)
    #expect(read.values[24_000] == 2000)
    #expect(listing(scratch).isEmpty, "the scratch copy of standard output is removed")
  }
}
