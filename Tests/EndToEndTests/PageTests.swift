import AudioDigest
import Foundation
import MediaEncoding
import SoundFile
import TestSupport
import Testing

/// `xylo-render page`: one self-contained HTML file, its policy, its size, what it embeds, and
/// its errors. `Tests/Browser/test_page.py` runs the page in Chromium.
@Suite struct PageTests {
  static let twinkle = "Examples/scores/twinkle.xylo"

  /// The parts of a page the tests read.
  struct Page {
    var html: String
    /// The JSON the script reads.
    var data: [String: Any]
    /// The song's audio, decoded from its `data:` URL.
    var song: Data

    init(path: String) throws {
      html = try String(contentsOfFile: path, encoding: .utf8)
      let json = try #require(Self.between(html, "id=\"page-data\">", "</script>"))
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
      data = try #require(object as? [String: Any])
      let audio = try #require(Self.between(html, "src=\"data:audio/mp4;base64,", "\""))
      song = try #require(Data(base64Encoded: audio))
    }

    /// The text between the first `start` and the next `end`.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
      guard let from = text.range(of: start),
        let to = text.range(of: end, range: from.upperBound..<text.endIndex)
      else { return nil }
      return String(text[from.upperBound..<to.lowerBound])
    }

    var keys: [[String: Any]] { data["keys"] as? [[String: Any]] ?? [] }
    var samples: [Data?] {
      (data["samples"] as? [Any] ?? []).map { ($0 as? String).flatMap { Data(base64Encoded: $0) } }
    }
  }

  private func makePage(_ arguments: [String], input: String = "") throws -> (Page, RunResult) {
    let out = try temporaryFolder() + "/song.html"
    let made = try run(["page"] + arguments + ["-o", out], input: input)
    try #require(made.status == 0, "\(made.stderr)")
    return (try Page(path: out), made)
  }

  @Test func thePageIsOneFileThatMayLoadNothingAndRunOnlyItsOwnScriptAndStyle() throws {
    let (page, made) = try makePage([Self.twinkle, "--quiet"])
    #expect(made.stderr == "")
    let html = page.html
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
    let policy = try #require(
      Page.between(html, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\""))
    let style = try #require(Page.between(html, "<style>", "</style>"))
    let script = try #require(Page.between(html, "<script>", "</script>"))
    #expect(
      policy
        == "default-src 'none'; media-src data:; script-src \(cspHash(script)); style-src \(cspHash(style)); img-src data:; base-uri 'none'; form-action 'none'"
    )
    // Nothing that could load: no URL but `data:` ones, no handler attributes, no style ones.
    let json = try #require(Page.between(html, "id=\"page-data\">", "</script>"))
    let audio = try #require(Page.between(html, "src=\"data:audio/mp4;base64,", "\""))
    var markup = html
    for part in [script, json, audio] { markup = markup.replacingOccurrences(of: part, with: "") }
    for word in ["http:", "https:", "//", " onclick", " onload", "style=", "@import", "url("] {
      #expect(!markup.contains(word), "\(word)")
    }
    #expect(html.components(separatedBy: "<script").count == 3)  // the data and the script
    #expect(html.components(separatedBy: " src=\"").count == 2)  // the song
  }

  @Test func theKeysAreTheAppsSevenInItsColoursAtItsAlphas() throws {
    let (page, _) = try makePage([Self.twinkle, "--quiet"])
    #expect(page.keys.map { $0["title"] as? String } == ["C", "D", "E", "F", "G", "A", "B"])
    let shortcuts = page.keys.map { $0["shortcuts"] as? [String] ?? [] }
    let expected: [[String]] = zip(1...7, "CDEFGAB").map { [String($0), String($1)] }
    #expect(shortcuts == expected)
    for (index, colour) in [
      "229, 57, 53", "251, 140, 0", "253, 216, 53", "67, 160, 71", "57, 73, 171", "30, 136, 229",
      "142, 36, 170",
    ].enumerated() {
      #expect(
        page.html.contains("--rest: rgba(\(colour), 0.7); --dim: rgba(\(colour), 0.5);"), "\(index)"
      )
    }
    // D takes a black label at rest over the built-in gradient, white dimmed; each shorter.
    #expect(
      page.html.contains(
        ".k1 { --rest: rgba(251, 140, 0, 0.7); --dim: rgba(251, 140, 0, 0.5); --label-rest: #000000; --label-dim: #FFFFFF; }"
      ))
    #expect(page.html.contains(".k1 { grid-row: 3; --length: 84.4303%; --label: 0.42; }"))
    #expect(page.html.contains("--top: #293045; --bottom: #0A0D14;"))
  }

  @Test func aSongOffTheAppsKeysIsAXylophoneOfTheKeysItPlaysAsTheVideoDrawsIt() throws {
    let (page, made) = try makePage(["docs/pictures/fur-elise-excerpt.xylo"])
    #expect(made.stderr.contains("and 29 of 29 keys' samples"), "\(made.stderr)")
    #expect(page.html.contains("<main class=\"keyboard xylophone\" aria-label=\"Keys\">"))
    let titles = page.keys.compactMap { $0["title"] as? String }
    // Für Elise plays 29 keys from F4 to E7: D5 and G6 are never struck, so not drawn.
    #expect(titles.count == 29)
    #expect(titles.prefix(6) == ["F4", "G4", "A4", "B4", "C5", "E5"])
    #expect(page.keys.map { $0["plays"] as? String } == titles)
    // Each shape's bars and rails, the rails masked where the bars are: turned a quarter on a
    // keyboard taller than wide, upright on a wide one (PageXylophoneTests: which, where).
    for shape in ["shape-900x1600", "shape-1600x900", "shape-3200x800"] {
      #expect(page.html.contains("<svg class=\"rails \(shape)\""), "\(shape)")
      #expect(page.html.contains("<g mask=\"url(#outside-\(shape))\""), "\(shape)")
      #expect(page.html.contains(".rails.\(shape) { display: block; }"), "\(shape)")
    }
    #expect(page.html.contains("@container keyboard (min-aspect-ratio: "))
    #expect(page.html.contains(".stage .key::before { content: \"\";"))
    #expect(page.keys.map { $0["shortcuts"] as? [String] ?? [] }.prefix(2) == [["1"], ["2"]])
  }

  @Test func aThirtySecondSongWithTheBuiltInBankMakesAPageUnderTwoMegabytes() throws {
    // Twinkle lasts 28.9 s; this one 30 s of taps every quarter second over every key.
    let score = "tempo 240\n[C D E F G A B HighC]x15\n"
    let (page, made) = try makePage(["-"], input: score)
    let size = page.html.utf8.count
    #expect(size < 2_000_000, "\(size) bytes")
    #expect(made.stderr.contains("wrote '"))
    #expect(made.stderr.contains("8 of 8 keys' samples (flac,"), "\(made.stderr)")
    let (twinkle, _) = try makePage([Self.twinkle, "--quiet"])
    #expect(twinkle.html.utf8.count < 600_000, "\(twinkle.html.utf8.count) bytes")
  }

  @Test func theSongIsTheRendersAACAndTheTapsAreTheEvents() throws {
    let folder = try temporaryFolder()
    let (page, _) = try makePage([Self.twinkle, "--quiet"])
    try page.song.write(to: URL(fileURLWithPath: folder + "/page.m4a"))
    // A page's song is at -16 LUFS under -1 dBTP unless told otherwise; render is not.
    let rendered = try run([
      "render", Self.twinkle, "-o", folder + "/render.m4a", "--bitrate", "128", "--quiet",
      "--loudness", "-16", "--true-peak", "-1",
    ])
    try #require(rendered.status == 0, "\(rendered.stderr)")
    let embedded = try decodedAudio(path: folder + "/page.m4a")
    let render = try decodedAudio(path: folder + "/render.m4a")
    #expect(embedded.frameCount == 1_385_674)
    #expect(embedded.sampleRate == 48_000)
    #expect(embedded.values.count == render.values.count)
    #expect(embedded.values.elementsEqual(render.values))
    #expect(page.data["frames"] as? Int == 1_385_674)
    let events = try run(["events", Self.twinkle])
    let frames = events.stdout.split(separator: "\n").dropFirst().map { line in
      line.split(separator: ",").prefix(3).map(String.init)
    }
    let taps = try #require(page.data["taps"] as? [[Int]])
    let titles = "CDEFGAB".map(String.init)
    #expect(taps.map { [String($0[0]), titles[$0[1]]] } == frames.map { [$0[0], $0[2]] })
    #expect(page.data["dim"] as? [Int] == [1, 5])
  }

  @Test func eachKeyEmbedsTheBanksSampleAtTheRendersRate() throws {
    let folder = try temporaryFolder()
    let bank = folder + "/bank"
    try FileManager.default.createDirectory(atPath: bank, withIntermediateDirectories: true)
    // Two keys of a folder bank, 16-bit at 44.1 kHz: a page at that rate plays them exactly.
    let values: [String: [Int16]] = [
      "C": (0..<4_410).map { Int16(truncatingIfNeeded: $0 * 7) },
      "E": (0..<2_205).map { Int16(truncatingIfNeeded: -$0 * 13) },
    ]
    for (title, samples) in values {
      let writer = try SoundFileWriter(
        path: "\(bank)/\(title).wav", format: .defaultLossless, sampleRate: 44_100, channels: 1)
      try samples.withUnsafeBufferPointer { try writer.write($0) }
      try writer.close()
    }
    let (page, made) = try makePage(["-", "--bank", bank, "--rate", "44100"], input: "C E C\n")
    #expect(made.stderr.contains("and 2 of 7 keys' samples"), "\(made.stderr)")
    #expect(page.data["rate"] as? Int == 44_100)
    let samples = page.samples
    #expect(samples.map { $0 != nil } == [true, false, true, false, false, false, false])
    for (index, title) in [(0, "C"), (2, "E")] {
      let path = folder + "/\(title).flac"
      try #require(samples[index]).write(to: URL(fileURLWithPath: path))
      let reader = try SoundFileReader(path: path)
      #expect(reader.info.sampleRate == 44_100)
      let decoded = try reader.readAllDoubles().map { Int16(($0 * 32_768).rounded()) }
      let expected = try #require(values[title])
      #expect(decoded.count == expected.count)
      #expect(zip(decoded, expected).allSatisfy { $0 == $1 }, "\(title)")
    }
    // At the page's default rate, 48 kHz, each sample is resampled as a render resamples it.
    let (resampled, _) = try makePage(["-", "--bank", bank, "--quiet"], input: "C E C\n")
    #expect(resampled.data["rate"] as? Int == 48_000)
    let path = folder + "/resampled.flac"
    try #require(resampled.samples[0]).write(to: URL(fileURLWithPath: path))
    #expect(try SoundFileReader(path: path).info.frameCount == 4_800)
    #expect(
      page.keys.map { $0["sample"] is NSNull } == [false, true, false, true, true, true, true])
  }

  @Test func theSameSongGivesTheSameBytes() throws {
    let folder = try temporaryFolder()
    for name in ["a", "b"] {
      let made = try run(["page", Self.twinkle, "-o", "\(folder)/\(name).html", "--quiet"])
      try #require(made.status == 0, "\(made.stderr)")
    }
    #expect(
      FileManager.default.contents(atPath: folder + "/a.html")
        == FileManager.default.contents(atPath: folder + "/b.html"))
  }

  @Test func aBadScoreSaysWhereAndLeavesNoPage() throws {
    let folder = try temporaryFolder()
    let score = try temporaryScore("C D\nE Cc G\n")
    let made = try run(["page", score, "-o", folder + "/song.html"])
    #expect(made.status == 1)
    #expect(
      made.stderr.hasPrefix("\(score):2:3: error: unknown key 'Cc'; did you mean 'C'?\nE Cc G\n"),
      "\(made.stderr)")
    #expect(listing(folder) == [])
  }

  @Test func aFailedPageLeavesTheEarlierOneAndNeverReplacesAnInput() throws {
    let folder = try temporaryFolder()
    let earlier = folder + "/song.html"
    try Data("earlier".utf8).write(to: URL(fileURLWithPath: earlier))
    let bad = try run(["page", "-", "-o", earlier], input: "C Zz\n")
    #expect(bad.status == 1)
    #expect(FileManager.default.contents(atPath: earlier) == Data("earlier".utf8))
    // A score named like a page is not written over.
    let score = folder + "/score.html"
    try Data("C D E\n".utf8).write(to: URL(fileURLWithPath: score))
    let over = try run(["page", score, "-o", score, "--quiet"])
    #expect(over.status == 1)
    #expect(
      over.stderr
        == "xylo-render: error: cannot write '\(score)': it is the same file as the input '\(score)'\n"
    )
    #expect(FileManager.default.contents(atPath: score) == Data("C D E\n".utf8))
    #expect(listing(folder) == ["score.html", "song.html"])
  }

  @Test(arguments: [
    (["page", "-"], "missing -o OUT (an .html file)"),
    (["page", "-", "-o", "song.mp4"], "a page is an HTML file: name it .html, not 'song.mp4'"),
    (
      ["page", "-", "-o", "a.html", "--rate", "96000"],
      "--rate 96000 cannot be encoded: AAC, the phones' Ogg and video take 44100 or 48000 Hz"
    ),
    (
      ["page", "-", "-o", "a.html", "--bitrate", "9"],
      "--bitrate needs a whole number of kb/s from 16 to 512, got '9'"
    ),
  ])
  func aBadCommandLineIsAUsageError(_ arguments: [String], _ message: String) throws {
    let made = try run(arguments, input: "C\n")
    #expect(made.status == 64)
    #expect(
      made.stderr
        == "xylo-render: error: \(message)\nUSAGE: xylo-render page SCORE -o OUT.html [options]\n")
  }
}
