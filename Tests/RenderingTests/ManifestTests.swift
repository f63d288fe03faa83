import Foundation
import TestSupport
import Testing

@testable import Rendering

/// The render manifest: what a render was made of and what came out, as one stable JSON text
/// the library and the tool write alike.
@Suite struct ManifestTests {
  private func rendered(
    _ text: String, to name: String = "song.wav", options: SoundOptions = SoundOptions()
  )
    throws -> (path: String, summary: RenderSummary, manifest: RenderManifest)
  {
    let path = try temporaryFolder() + "/" + name
    let (summary, manifest) = try Song(text: text, options: options).renderWithManifest(
      to: .file(path))
    return (path, summary, manifest)
  }

  @Test func aTinyScoresManifestIsThisText() throws {
    let manifest = try rendered("tempo 120\nC E\nG\n").manifest
    #expect(manifest.jsonText == Self.tinyManifest)
  }

  @Test func theTextReadsBackAsTheSameManifestAndFoundationReadsItToo() throws {
    let manifest = try rendered(
      "tempo 97.5\nC*0.5 E\ntempo 1/3\nG", options: SoundOptions(polyphony: 2)
    )
    .manifest
    #expect(try RenderManifest(jsonText: manifest.jsonText) == manifest)
    let decoded = try JSONDecoder().decode(RenderManifest.self, from: Data(manifest.jsonText.utf8))
    #expect(decoded == manifest)
    // What Foundation writes (nil left out, other spacing) reads back the same as well.
    let encoded = try JSONEncoder().encode(manifest)
    #expect(try RenderManifest(jsonText: String(decoding: encoded, as: UTF8.self)) == manifest)
  }

  @Test func tempiKeepTheirScoreLinesAndExactValues() throws {
    let manifest = try rendered("tempo 97.5\nC E\n\ntempo 1/3\nG").manifest
    #expect(
      manifest.tempos == [
        RenderManifest.Tempo(frame: 0, time: "0", bpm: "97.5", line: 1),
        RenderManifest.Tempo(frame: 59_077, time: "16/13", bpm: "1/3", line: 4),
      ])
    #expect(manifest.taps.map(\.line) == [2, 2, 5])
  }

  /// Measured from the chunks as they were written: the same numbers as measuring the file.
  @Test(arguments: ["song.wav", "song.flac", "float.wav"])
  func theLoudnessAndHashMeasuredWhileWritingAreTheFilesOwn(_ name: String) throws {
    let options = SoundOptions(
      encoding: name == "float.wav" ? .float : name == "song.flac" ? .pcm24 : nil)
    let (path, summary, manifest) = try rendered("C+E G [A B]x3", to: name, options: options)
    var fromFile = manifest
    fromFile.loudness = nil
    fromFile.contentHash = nil
    try fromFile.measure(fileAt: path)
    #expect(fromFile == manifest)
    #expect(manifest.contentHash == summary.contentHash)
    #expect(manifest.loudness?.integratedLUFS != nil)
  }

  @Test func silenceHasNoLoudness() throws {
    let manifest = try rendered("", options: SoundOptions(length: .exactly(seconds: .one))).manifest
    #expect(
      manifest.loudness
        == RenderManifest.Measurement(
          integratedLUFS: nil, truePeakDecibels: nil, samplePeakDecibels: nil))
    #expect(manifest.length == RenderManifest.Length(frames: 48_000, seconds: "1"))
  }

  @Test(arguments: [
    ("[]", "not a render manifest: the manifest is not an object"),
    ("{", "not a render manifest: the JSON is malformed: a key expected at byte 1"),
    (
      #"{"format_version": 2}"#,
      "not a render manifest: its format_version is 2; this tool reads 1"
    ),
    (#"{"format_version": 1}"#, "not a render manifest: 'tool' is missing in the manifest"),
  ])
  func textThatIsNoManifestIsRefusedSayingWhy(_ text: String, _ message: String) {
    do {
      _ = try RenderManifest(jsonText: text)
      Issue.record("read \(text)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aManifestIsNeverWrittenOverAnInput() throws {
    let folder = try temporaryFolder()
    let score = folder + "/s.xylo"
    try Data("C".utf8).write(to: URL(fileURLWithPath: score))
    let song = try Song(file: score)
    let (_, manifest) = try song.renderWithManifest(to: .file(folder + "/s.wav"))
    #expect(throws: RenderError.self) { try manifest.write(to: .file(score), inputs: [score]) }
    #expect(try String(contentsOfFile: score, encoding: .utf8) == "C")
    try manifest.write(to: .file(folder + "/s.json"), inputs: [score])
    #expect(try String(contentsOfFile: folder + "/s.json", encoding: .utf8) == manifest.jsonText)
  }

  /// Written by `xylo-render render tiny.xylo -o tiny.wav --manifest tiny.json` too.
  static let tinyManifest = """
    {
      "content_hash": "a497874493dcbcc2cecbf1a88176809e1e4ee2646f12586d06d5fe3e4a646334",
      "format_version": 1,
      "length": {"frames": 79424, "seconds": "1241/750"},
      "lines_are_tracks": false,
      "loudness": {"integrated_lufs": -25.48, "sample_peak_dbfs": -8.18, "true_peak_dbtp": -7.94},
      "samples": [
        {"frames": 36874, "hash": "d119cc9dcbc1bd51bbddc037545aa2f803b0056ad3c88a4b34966f0b4d701b65", "key": "C", "layer": 0},
        {"frames": 34009, "hash": "11f2d18de23040cda273800057cda6ac9811112973072918aa7e74956584b386", "key": "E", "layer": 0},
        {"frames": 32008, "hash": "b049246e47d9f10101df975d7d6ddaf3e4df4c1c791bd6fb8d1ec0d78028faaf", "key": "G", "layer": 0}
      ],
      "settings": {
        "bank": "built-in",
        "bit_rate": null,
        "channels": 1,
        "container": "wav",
        "cut_fade_seconds": "0",
        "dither_seed": null,
        "duration_seconds": null,
        "encoding": "pcm16",
        "fade_out_seconds": "0",
        "gain_db": 0,
        "length": "until_decayed",
        "level": "gain",
        "loudness_target_lufs": null,
        "mallet": "hard",
        "normalize_peak_dbfs": null,
        "polyphony": null,
        "rate": 48000,
        "room": "none",
        "tail_seconds": null,
        "true_peak_ceiling_dbtp": null
      },
      "taps": [
        {"frame": 0, "gain": 1, "key": "C", "line": 2},
        {"frame": 24000, "gain": 1, "key": "E", "line": 2},
        {"frame": 48000, "gain": 1, "key": "G", "line": 3}
      ],
      "tempos": [{"bpm": "120", "frame": 0, "line": 1, "time": "0"}],
      "tool": {"name": "xylo-render", "version": "0.1.0"}
    }

    """
}
