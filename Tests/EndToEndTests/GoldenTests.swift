import Foundation
import TestSupport
import Testing

/// The project's own golden files: every example renders with the built-in bank to the content
/// hash committed beside it (`Examples/**/NAME.golden.sha256`), checked by `xylo-render test`.
/// `XYLO_RECORD=1 swift test` re-records them with `--update`.
@Suite struct GoldenTests {
  @Test func everyExampleRendersToItsCommittedGolden() throws {
    let record = ProcessInfo.processInfo.environment["XYLO_RECORD"] == "1"
    let result = try run(["test", "Examples", record ? "--update" : "--ci", "--jobs", "2"])
    #expect(result.status == 0, "\(result.stdout)")
    let summary = result.stdout.split(separator: "\n").last ?? ""
    if !record {
      #expect(
        summary.hasPrefix(
          "goldens: 0 failed, 13 passed, 0 written, 0 obsolete, 0 errors (13 scores"))
    }
  }

  @Test func blockSizeThreadCountAndRepeatedRunsGiveByteIdenticalFiles() throws {
    let folder = try temporaryFolder()
    let score = "Examples/scores/frere-jacques-canon.xylo"
    let settings: [(blockFrames: Int, jobs: Int)] = [
      (4_096, 1), (4_096, 1), (4_096, 2), (7, 2), (1_000, 3), (65_536, 1), (65_536, 4),
    ]
    var files: [Data] = []
    for (index, setting) in settings.enumerated() {
      let out = "\(folder)/\(index).flac"
      _ = try run([
        "render", score, "-o", out, "--quiet", "--block-frames", "\(setting.blockFrames)",
        "--jobs", "\(setting.jobs)",
      ])
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files.count == settings.count && files.allSatisfy { $0 == files[0] })
  }

  @Test func theAppBankRendersIdenticallyOnOneOrManyThreads() throws {
    let folder = try temporaryFolder()
    for jobs in ["1", "2"] {
      _ = try run([
        "render", "Examples/scores/jingle-bells.xylo", "-o", "\(folder)/\(jobs).wav", "--quiet",
        "--bank", appSounds, "--jobs", jobs, "--polyphony", "3", "--cut-fade", "5",
      ])
    }
    let one = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/1.wav"))
    let two = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/2.wav"))
    #expect(one == two && one.count > 1_000_000)
  }

  @Test func oneFrameBlocksGiveTheSameFileToo() throws {
    let folder = try temporaryFolder()
    for blockFrames in ["1", "4096"] {
      _ = try run([
        "render", "Examples/scores/tap-log.xylo", "-o", "\(folder)/\(blockFrames).wav", "--quiet",
        "--duration", "1.5", "--block-frames", blockFrames,
      ])
    }
    let one = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/1.wav"))
    let many = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/4096.wav"))
    #expect(one == many)
  }
}
