import AudioDigest
import Foundation
import Platform
import TestSupport
import Testing

@testable import GoldenReports
@testable import GoldenTesting
@testable import Rendering

/// The HTML page of a run: structure, escaping of hostile names, the approve command, the
/// media it embeds, and the same bytes for the same run.
@Suite struct HTMLReportTests {
  /// A failed test of `score` with no media: as a golden missing under `--ci` reports it.
  private func failed(_ score: String, changes: [TapChange] = []) -> GoldenTestResult {
    var result = GoldenTestResult(
      test: GoldenTest(score: score, golden: "g.golden.flac", goldenExists: false),
      outcome: .failed, seconds: 0)
    result.tapChanges = changes
    return result
  }

  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func aHostileNameIsTextEverywhereAndTheCommandQuotesIt() {
    let name = "a<script>alert(1)</script>&\"'\n\u{1B}[31m\u{202E}x.xylo"
    let change = TapChange(
      kind: .keyChanged(from: "<i>"), tap: RecordedTap(frame: 0, key: "<u>", gain: 1, line: 1))
    let html = htmlReport([failed(name, changes: [change])])
    #expect(count("<script", in: html) == 1)
    #expect(count("<style", in: html) == 1)
    #expect(!html.contains("<u>") && !html.contains("<i>"))
    #expect(!html.contains("\u{1B}") && !html.contains("\u{202E}"))
    #expect(
      html.contains(
        "a&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;\\n\\u{1B}[31m\\u{202E}x.xylo"))
    #expect(html.contains("<td>&lt;i&gt; → &lt;u&gt;</td>"))
    let command =
      "xylo-render test --update $&#39;a&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;\\&#39;\\n\\x1b[31m\\u202ex.xylo&#39;"
    #expect(html.contains("data-command=\"\(command)\""))
    #expect(
      html.range(of: " on[a-z]+=", options: .regularExpression) == nil,
      "no event handler attributes")
  }

  @Test(arguments: [
    ("scores/alarm.xylo", "scores/alarm.xylo"),
    ("my song.xylo", "'my song.xylo'"),
    ("it's.xylo", "'it'\\''s.xylo'"),
    ("$(rm -rf ~).xylo", "'$(rm -rf ~).xylo'"),
    ("a\nb.xylo", "$'a\\nb.xylo'"),
    ("\u{1B}'x\\", "$'\\x1b\\'x\\\\'"),
    ("\u{202E}gnp.xylo", "$'\\u202egnp.xylo'"),
    ("", "''"),
  ])
  func wordsAreQuotedForAShell(_ word: String, _ quoted: String) {
    #expect(shellQuoted(word) == quoted)
  }

  @Test func theApproveCommandRepeatsTheRunsOptionsAndKeepsAPathFromReadingAsAnOption() {
    #expect(
      approveCommand(score: "-x.xylo", updateArguments: ["--bank", "my sounds"])
        == "xylo-render test --update --bank 'my sounds' ./-x.xylo")
  }

  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func base64FollowsRFC4648(_ text: String, _ encoded: String) {
    #expect(base64(Array(text.utf8)) == encoded)
  }

  @Test func thePolicyLoadsNothingAndAllowsOnlyThePagesOwnScriptAndStyle() {
    let html = htmlReport([failed("s.xylo")])
    #expect(
      html.contains("default-src 'none'; img-src data:; media-src data:; script-src 'sha256-"))
    #expect(!html.contains("unsafe-inline"))
    #expect(html.contains("script-src \(cspHash(htmlReportScript));"))
    #expect(html.contains("<script>\(htmlReportScript)</script>"))
    #expect(!html.contains("http:") && !html.contains("https:"))
  }

  @Test func eachChangedTapIsARowWithItsTimesGainChangeAndAPlaceToListenFrom() {
    let tap = RecordedTap(frame: 72_480, key: "G", gain: 0.5, line: 3)
    let changes = [
      TapChange(kind: .moved(fromFrame: 72_000), tap: tap),
      TapChange(kind: .gainChanged(from: 1), tap: tap),
      TapChange(kind: .removed, tap: tap),
      TapChange(kind: .added, tap: tap),
    ]
    let html = htmlReport([failed("s.xylo", changes: changes)])
    let cells = [
      "<td class=\"number\">3</td><td>G</td><td class=\"number\">1.500000 s</td><td class=\"number\">1.510000 s</td><td class=\"number\">0.5</td><td>moved +480 frames (+10.000 ms)</td><td><button type=\"button\" class=\"listen\" data-seconds=\"1.250000\">",
      "<td class=\"number\">1.510000 s</td><td class=\"number\">1.510000 s</td><td class=\"number\">1 → 0.5</td><td>gain -6.02 dB</td><td><button type=\"button\" class=\"listen\" data-seconds=\"1.260000\">",
      "<td class=\"number\">1.510000 s</td><td class=\"number\">—</td><td class=\"number\">0.5</td><td>removed</td>",
      "<td class=\"number\">—</td><td class=\"number\">1.510000 s</td><td class=\"number\">0.5</td><td>added</td>",
    ]
    for cell in cells { #expect(html.contains(cell), "\(cell)") }
    #expect(count("<tr data-line=\"3\">", in: html) == 4)
  }

  @Test func theSummaryCountsEachOutcomeAndOnlyFailuresGetASection() {
    let passed = GoldenTestResult(
      test: GoldenTest(score: "p.xylo", golden: "p.golden.flac", goldenExists: true),
      outcome: .passed, seconds: 0)
    let obsolete = GoldenTestResult(
      test: GoldenTest(score: "", golden: "o.golden.flac", goldenExists: true),
      outcome: .obsolete, seconds: 0)
    let results = [failed("f.xylo"), passed, obsolete]
    let html = htmlReport(results)
    #expect(
      html.contains(
        "<span class=\"count failed\"><b>1</b> failed</span><span class=\"count passed\"><b>1</b> passed</span><span class=\"count written\"><b>0</b> written</span><span class=\"count obsolete\"><b>1</b> obsolete</span>"
      ))
    #expect(count("<section class=\"failure\"", in: html) == 1)
    #expect(html.contains("<li><span class=\"outcome obsolete\">obsolete</span>"))
    #expect(!html.contains("class=\"time\""))
    var ci = HTMLReportOptions()
    ci.mode = .ci
    ci.seconds = 1.25
    let underCI = htmlReport(results, options: ci)
    #expect(count("<section class=\"failure\"", in: underCI) == 2)
    #expect(underCI.contains("<p class=\"time\">took 1.3 s</p>"))
  }

  @Test func aFailingRunKeepsPlayableMediaAndTheSameRunGivesTheSamePage() throws {
    let folder = try temporaryFolder()
    let score = folder + "/s.xylo"
    // The length where the last sample ends (`--tail 0`), which the numbers below are of.
    try Data("options --tail 0\ntempo 120\nC D\nE G\n".utf8).write(to: URL(fileURLWithPath: score))
    var options = GoldenRunOptions()
    options.keepsMedia = true
    #expect(runGoldenTest(GoldenTest(score: score), options: options).outcome == .written)
    try Data("options --tail 0\ntempo 120\nC D\nE:1.02 G\n".utf8).write(
      to: URL(fileURLWithPath: score))
    var temporaryFiles: [String] = []
    do {
      let result = runGoldenTest(GoldenTest(score: score), options: options)
      let media = try #require(result.media)
      #expect(media.expected?.path == folder + "/s.golden.flac")
      #expect(media.expected?.frameCount == 104_008)
      #expect(media.expected?.sampleRate == 48_000)
      #expect(media.actual?.frameCount == 104_488)
      #expect(media.difference?.frameCount == 104_488)
      #expect(media.difference?.mediaType == "audio/flac")
      #expect(media.picture?.mediaType == "image/png")
      #expect(media.firstDifferenceFrame == 72_000)
      #expect(media.pictureSpan?.seconds == 104_488.0 / 48_000)
      temporaryFiles = [media.actual, media.difference, media.picture].compactMap { $0?.path }
      #expect(temporaryFiles.allSatisfy { FileManager.default.fileExists(atPath: $0) })
      let page = htmlReport([result])
      #expect(page == htmlReport([result]))
      #expect(count("<audio data-source=", in: page) == 3)
      #expect(
        page.contains(
          "data-frames=\"104488\" data-rate=\"48000\" preload=\"auto\" src=\"data:audio/flac;base64,ZkxhQw"
        ))
      #expect(page.contains("<img src=\"data:image/png;base64,iVBORw0KGgo"))
      var small = HTMLReportOptions()
      small.mediaBudget = 0
      let bare = htmlReport([result], options: small)
      #expect(!bare.contains("data:audio") && !bare.contains("data:image"))
      #expect(
        bare.contains(
          "The expected audio is left out: the page holds at most 0 MiB of media (--artifacts DIR keeps every file)."
        ))
    }
    #expect(temporaryFiles.count == 3)
    #expect(temporaryFiles.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
  }
}
