import Foundation
import TestSupport
import Testing

/// `xylo-render test` with manifests: what a failure says changed first (a tempo, a sample of
/// the bank, a setting), and the small things: `--quiet`, Git LFS pointers, paths relative to
/// the working directory, reports of values.
@Suite struct GoldenManifestTests {
  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func lines(_ result: RunResult) -> [String] {
    result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// A score of 2 taps, then `tempo BPM` on line 3 and 42 taps after it.
  private func tempoSong(_ bpm: Int) -> String {
    "title t\nC D\ntempo \(bpm)\n" + String(repeating: "C D E F G A B\n", count: 6)
  }

  @Test func aPassingTestWhoseManifestIsOutOfDateSaysSoAndUpdateMakesItAgain() throws {
    let folder = try temporaryFolder()
    try write("C D E\n", to: folder + "/song.xylo")
    #expect(try run(["test", folder]).status == 0)
    // The built-in bank exported renders the same audio: the golden passes, its manifest
    // no longer says how it is made.
    try copyExportedBank(to: folder + "/sounds")
    let stale = try run(["test", folder, "--bank", folder + "/sounds"])
    #expect(stale.status == 0, "\(stale.stdout)")
    #expect(lines(stale)[0] == "ok       \(folder)/song.xylo")
    #expect(
      lines(stale)[1].hasPrefix("  its manifest is out of date (setting bank: built-in → "),
      "\(stale.stdout)")
    #expect(lines(stale)[1].hasSuffix("); 'xylo-render test --update' makes it again"))
    #expect(!stale.stdout.contains("→ none"))
    let updated = try run(["test", folder, "--bank", folder + "/sounds", "--update"])
    #expect(updated.status == 0)
    #expect(lines(updated)[1] == "  wrote '\(folder)/song.golden.manifest.json'")
    let again = try run(["test", folder, "--bank", folder + "/sounds"])
    #expect(!again.stdout.contains("out of date"), "\(again.stdout)")
  }

  @Test func aTempoChangeIsNamedWithTheTapsThatMovedInProportion() throws {
    let folder = try temporaryFolder()
    try write(tempoSong(120), to: folder + "/song.xylo")
    #expect(try run(["test", folder]).status == 0)
    #expect(
      listing(folder) == [
        "song.golden.flac", "song.golden.manifest.json", "song.golden.taps", "song.xylo",
      ])
    try write(tempoSong(126), to: folder + "/song.xylo")
    let result = try run(["test", folder])
    #expect(result.status == 1)
    #expect(
      lines(result).prefix(3) == [
        "FAILED   \(folder)/song.xylo",
        "  different: '\(folder)/song.golden.flac' and the render",
        "  tempo 120 → 126 from line 3: 41 taps after it moved proportionally",
      ])
    // The taps the tempo moved are not listed one by one.
    #expect(!lines(result).contains { $0.contains(" moved ") && $0.hasSuffix(" frames)") })
  }

  @Test func aChangedSampleOfTheBankIsNamedWhenNoTapMoved() throws {
    let folder = try temporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder + "/sounds", withIntermediateDirectories: true)
    for (index, key) in ["C", "D", "E"].enumerated() {
      try writeWav(
        "\(folder)/sounds/\(key).wav", (0..<4_800).map { Int16(($0 % (40 + index)) * 100) })
    }
    try write("options --bank sounds\nC D E\nE D C\n", to: folder + "/a.xylo")
    #expect(try run(["test", folder]).status == 0)
    let manifest = try String(contentsOfFile: folder + "/a.golden.manifest.json", encoding: .utf8)
    try writeWav("\(folder)/sounds/E.wav", (0..<4_800).map { Int16(($0 % 50) * 90) })
    let result = try run(["test", folder])
    #expect(result.status == 1)
    let changed = try #require(lines(result).first { $0.contains("sample changed") })
    let old = try #require(
      manifest.split(separator: "\n").first { $0.contains("\"key\": \"E\"") && $0.contains("hash") }
    )
    let oldHash = try #require(old.split(separator: "\"").drop { $0 != "hash" }.dropFirst(2).first)
    #expect(changed.hasPrefix("  the bank's E sample changed (hash \(oldHash.prefix(8)) → "))
    #expect(changed.hasSuffix("); no tap moved"))
  }

  @Test func updateGivesAnOlderGoldenItsManifestAndLeavesTheAudioAlone() throws {
    let folder = try temporaryFolder()
    try write("C E G\n", to: folder + "/a.xylo")
    #expect(try run(["test", folder]).status == 0)
    let manifest = folder + "/a.golden.manifest.json"
    let recorded = try Data(contentsOf: URL(fileURLWithPath: manifest))
    let golden = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.golden.flac"))
    try FileManager.default.removeItem(atPath: manifest)
    #expect(try run(["test", folder, "--ci"]).status == 0)  // none needed, none written
    #expect(!FileManager.default.fileExists(atPath: manifest))
    let update = try run(["test", folder, "--update"])
    #expect(lines(update).prefix(2) == ["ok       \(folder)/a.xylo", "  wrote '\(manifest)'"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: manifest)) == recorded)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.golden.flac")) == golden)
  }

  /// A manifest the tool cannot read (damaged, or from a newer tool) is left aside: the
  /// failure is explained from the taps and the audio, as for a golden without one.
  @Test func anUnreadableManifestIsLeftAside() throws {
    let folder = try temporaryFolder()
    try write("tempo 120\nC D\nE G\n", to: folder + "/a.xylo")
    #expect(try run(["test", folder]).status == 0)
    try write("{\"format_version\": 99}", to: folder + "/a.golden.manifest.json")
    try write("tempo 120\nC D\nE:1.02 G\n", to: folder + "/a.xylo")
    let result = try run(["test", folder])
    #expect(result.status == 1)
    #expect(lines(result).contains("  a.xylo:3: G moved 1.500 s → 1.510 s (+480 frames)"))
    #expect(!lines(result).contains { $0.contains("tempo ") })
  }

  @Test func aManifestThatIsALinkIsNeverWrittenThrough() throws {
    let folder = try temporaryFolder()
    try write("C\n", to: folder + "/a.xylo")
    let outside = try temporaryFolder() + "/elsewhere.json"
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/a.golden.manifest.json", withDestinationPath: outside)
    let result = try run(["test", folder])
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: outside))
    #expect(
      lines(result).contains(
        "  cannot write '\(folder)/a.golden.manifest.json': it is a symbolic link; the runner never writes through links"
      ))
  }

  @Test func quietPrintsOnlyFailuresAndTheSummary() throws {
    let folder = try temporaryFolder()
    try write("C\n", to: folder + "/a.xylo")
    try write("D\n", to: folder + "/b.xylo")
    #expect(try run(["test", folder, "--quiet"]).stdout.hasPrefix("goldens: 0 failed"))
    try write("E\n", to: folder + "/b.xylo")
    let result = try run(["test", folder, "--quiet"])
    #expect(result.status == 1)
    #expect(lines(result).first == "FAILED   \(folder)/b.xylo")
    #expect(!lines(result).contains { $0.hasPrefix("ok ") })
    #expect(lines(result).dropLast().last?.hasPrefix("goldens: 1 failed, 1 passed") == true)
  }

  @Test func aGoldenThatIsAGitLFSPointerSaysSo() throws {
    let folder = try temporaryFolder()
    try write("C\n", to: folder + "/a.xylo")
    try write(
      "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n",
      to: folder + "/a.golden.flac")
    let result = try run(["test", folder])
    #expect(result.status == 1)
    #expect(
      lines(result).prefix(2) == [
        "ERROR    \(folder)/a.xylo",
        "  '\(folder)/a.golden.flac' is a Git LFS pointer, not audio; run 'git lfs pull'",
      ])
    let compare = try run(["compare", folder + "/a.golden.flac", folder + "/a.golden.flac"])
    #expect(compare.status == 2)
    #expect(compare.stderr.contains("is a Git LFS pointer, not audio; run 'git lfs pull'"))
  }

  @Test func annotationsAndReportsNameFilesRelativeToTheWorkingDirectory() throws {
    let root = try temporaryFolder()
    try FileManager.default.createDirectory(
      atPath: root + "/scores", withIntermediateDirectories: true)
    try write("C\n", to: root + "/scores/b.xylo")
    #expect(try run(["test", root + "/scores"]).status == 0)
    try write("D\n", to: root + "/scores/b.xylo")
    let result = try run(
      [
        "test", root + "/scores", "--annotate", "github", "--json", root + "/r.json", "--junit",
        root + "/j.xml",
      ], workingDirectory: root)
    #expect(lines(result).contains { $0.hasPrefix("::error file=scores/b.xylo,line=1::") })
    let junit = try String(contentsOfFile: root + "/j.xml", encoding: .utf8)
    #expect(junit.contains("name=\"scores/b.xylo\" file=\"scores/b.xylo\""))
    let report = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: root + "/r.json")))
        as? [String: Any])
    let test = try #require((report["tests"] as? [[String: Any]])?.first)
    #expect(test["score"] as? String == "scores/b.xylo")
    #expect(test["golden"] as? String == "scores/b.golden.flac")
  }

  /// Every fact of a failure is a value in the JSON report, not only a sentence.
  @Test func theJSONReportHoldsValues() throws {
    let folder = try temporaryFolder()
    // The length where the last sample ends: --tail auto's would follow the gain.
    try write("options --tail 0\nC E G\n", to: folder + "/a.xylo")
    #expect(try run(["test", folder]).status == 0)
    let path = try temporaryFolder() + "/r.json"
    #expect(try run(["test", folder, "--gain", "-0.5", "--json", path]).status == 1)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    #expect((report["counts"] as? [String: Any])?["failed"] as? Int == 1)
    let test = try #require((report["tests"] as? [[String: Any]])?.first)
    let comparison = try #require(test["comparison"] as? [String: Any])
    #expect(comparison["differing_frames"] as? Int ?? 0 > 0)
    #expect(comparison["largest_difference_dbfs"] as? Double ?? 0 < -10)
    #expect(comparison["expected_frames"] as? Int == comparison["actual_frames"] as? Int)
    let finding = try #require((test["audio_findings"] as? [[String: Any]])?.first)
    #expect(finding["finding"] as? String == "gain")
    #expect(abs((finding["decibels"] as? Double ?? 0) + 0.5) < 0.01)
    let changes = try #require(test["manifest_changes"] as? [[String: Any]])
    #expect(changes.first?["change"] as? String == "setting")
    #expect(changes.first?["name"] as? String == "gain_db")
    #expect(changes.first?["to"] as? String == "-0.5")
  }

  @Test func renderWritesTheManifestTheLibraryMakes() throws {
    let folder = try temporaryFolder()
    try write("tempo 120\nC E\nG\n", to: folder + "/s.xylo")
    let result = try run([
      "render", folder + "/s.xylo", "-o", folder + "/s.flac", "--manifest", folder + "/s.json",
      "--quiet",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let text = try String(contentsOfFile: folder + "/s.json", encoding: .utf8)
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let hash = try run(["hash", folder + "/s.flac"]).stdout.prefix(64)
    #expect(manifest["content_hash"] as? String == String(hash))
    #expect((manifest["taps"] as? [Any])?.count == 3)
    #expect(text.contains("\"line\": 1"))
    // Never over the audio it describes, nor over an input.
    let same = try run([
      "render", folder + "/s.xylo", "-o", folder + "/s.flac", "--manifest", folder + "/s.flac",
    ])
    #expect(same.status == 64)
    let input = try run([
      "render", folder + "/s.xylo", "-o", folder + "/t.flac", "--manifest", folder + "/s.xylo",
    ])
    #expect(input.status == 1)
    #expect(
      try String(contentsOfFile: folder + "/s.xylo", encoding: .utf8) == "tempo 120\nC E\nG\n")
  }
}
