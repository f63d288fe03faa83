import Foundation
import TestSupport
import Testing

/// Lossy goldens: codec noise changes every sample, so they are judged by what is heard.
@Suite struct PerceptualToleranceTests {
  private func renders(_ extra: [String: [String]]) throws -> String {
    let folder = try temporaryFolder()
    let score = folder + "/s.xylo"
    try Data("C E G\n".utf8).write(to: URL(fileURLWithPath: score))
    for (name, options) in extra {
      #expect(
        try run(["render", score, "-o", "\(folder)/\(name)", "--quiet"] + options).status == 0)
    }
    return folder
  }

  @Test func codecNoiseIsWithinThePerceptualBoundButNotSampleBySample() throws {
    let folder = try renders(["a.wav": [], "a.ogg": []])
    let strict = try run(["compare", folder + "/a.wav", folder + "/a.ogg"])
    #expect(strict.status == 1)
    #expect(
      strict.stderr
        == "xylo-render: warning: '\(folder)/a.ogg' is lossy: a codec's noise changes every sample; compare it with --tolerance perceptual\n"
    )
    let heard = try run([
      "compare", folder + "/a.wav", folder + "/a.ogg", "--tolerance", "perceptual",
    ])
    #expect(heard.status == 0)
    #expect(
      heard.stdout.hasPrefix(
        "within perceptual tolerance: '\(folder)/a.wav' and '\(folder)/a.ogg'\n  loudness: golden -25.48 LUFS, render -25.40 LUFS (+0.08 LU); worst band: "
      ))
  }

  @Test func aRealGainChangeFailsThePerceptualBound() throws {
    let folder = try renders(["a.ogg": [], "b.ogg": ["--gain", "-3"]])
    let result = try run([
      "compare", folder + "/a.ogg", folder + "/b.ogg", "--tolerance", "perceptual",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("different: "))
    #expect(result.stdout.contains("(-3.42 LU)"))
  }
}
