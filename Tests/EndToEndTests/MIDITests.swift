import Foundation
import TestSupport
import Testing

/// MIDI files everywhere a score goes, through the built binary.
@Suite struct MIDITests {
  static let band = "Examples/midi/ode-to-joy-band.mid"

  /// A MIDI file of `format` with `division` ticks a quarter and these track chunks' bytes.
  static func midiFile(format: UInt8 = 1, division: [UInt8] = [0, 96], tracks: [[UInt8]])
    -> [UInt8]
  {
    var bytes: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, format, 0, UInt8(tracks.count)]
    bytes += division
    for track in tracks {
      let length = UInt32(track.count)
      bytes += Array("MTrk".utf8)
      bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) }
      bytes += track
    }
    return bytes
  }

  /// Track 1 holds only notes (C6 at tick 0, E6 at tick 96, PPQ 96); the tempo, 1 s a quarter,
  /// is set in track 2, where a reader of the first track only would miss it.
  static let laterTempo = midiFile(tracks: [
    [0, 0x90, 84, 100, 96, 88, 64, 0, 0x80, 88, 0, 0, 0xFF, 0x2F, 0],
    [0, 0xFF, 0x51, 0x03, 0x0F, 0x42, 0x40, 0, 0xFF, 0x2F, 0],
  ])

  /// Broken files and the one line each gets.
  static let brokenFiles: [([UInt8], String)] = {
    let smpte = midiFile(format: 0, division: [0xE7, 0x28], tracks: [])
    var truncated = midiFile(format: 0, tracks: [[0]])
    truncated[21] = 40  // the track declares 40 bytes; 1 is there
    let longDelta = midiFile(format: 0, tracks: [[0x81, 0x81, 0x81, 0x81, 0x01, 0x90, 60]])
    let tempoZero = midiFile(format: 0, tracks: [[0, 0xFF, 0x51, 0x03, 0, 0, 0]])
    return [
      (
        smpte,
        "byte 12: SMPTE time division (frames per second) is not supported; only ticks per quarter note"
      ),
      (truncated, "byte 14 (track 1): truncated chunk: it declares 40 bytes, 1 remain"),
      (longDelta, "byte 22 (track 1): a delta time longer than 4 bytes"),
      (tempoZero, "byte 23 (track 1): tempo 0 (microseconds per quarter note) at tick 0"),
    ]
  }()

  private func write(_ bytes: [UInt8], name: String = "song.mid") throws -> String {
    let path = try temporaryFolder() + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aTempoSetInALaterTrackTimesTheNotesOfTheFirst() throws {
    let result = try run(["events", try write(Self.laterTempo)])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        frame,seconds,key,gain,track
        0,0.000000,C6,0.7874015748031497,1
        48000,1.000000,E6,0.5039370078740157,1

        """)
  }

  @Test func aMIDIFileRendersWithTheShorthandAndSaysWhatItLeftOut() throws {
    let out = try temporaryFolder() + "/band.wav"
    let result = try run([Self.band, "-o", out])
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        xylo-render: note: \(Self.band): 128 drum notes (channel 10) left out; --drums keeps them
        xylo-render: note: \(Self.band): track 3 'Bass': moved up 2 octaves into the bank's range (as --transpose 24 would)
        xylo-render: note: \(Self.band): --octaves note keeps every part where it is written; --transpose SEMITONES moves them all
        wrote '\(out)': 32.021 s, 1537030 frames, 48000 Hz, mono, wav pcm16
        xylo-render: note: 6 taps struck keys already struck on the same frame; each bar sounds once, at its strongest tap

        """)
  }

  @Test func theAppsBankPlaysTheNaturalsOnItsOwnTitles() throws {
    let result = try run(["events", Self.band, "--bank", appSounds, "--track", "2"])
    #expect(result.status == 0)
    let keys = Set(
      result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] })
    #expect(keys == ["C", "D", "E", "F", "G"])
  }

  @Test func aSharpTheAppCannotPlayIsReportedWithItsTime() throws {
    let score = try temporaryScore("tempo 60\nC6 C#6 D6\n")
    let midi = try temporaryFolder() + "/s.mid"
    #expect(try run(["convert", score, "-o", midi, "--quiet"]).status == 0)
    let result = try run(["check", midi, "--bank", appSounds])
    #expect(
      result.stderr
        == "xylo-render: note: \(midi): 1 note (C#6, track 2, 1.000 s) has no key in the bank at any octave and is left out\n"
    )
    #expect(result.stdout == "\(midi): 2 taps, 2 keys, 3.000 s\n")
    let strict = try run(["check", midi, "--bank", appSounds, "--out-of-range", "error"])
    #expect(
      strict.stderr
        == "xylo-render: error: \(midi): note C#6 (track 2, 1.000 s) has no key in the bank\n")
    #expect(strict.status == 1)
  }

  @Test func drumsTracksChannelsAndTransposeSelectAndMoveNotes() throws {
    func count(_ extra: [String]) throws -> Int {
      try run(["events", Self.band] + extra).stdout.split(separator: "\n").count - 1
    }
    // 94 notes and 128 drum notes; folding puts 6 of the notes (32 with the drums) on a key
    // already struck on the same frame, which each sound once.
    #expect(try count([]) == 88)
    #expect(try count(["--drums"]) == 190)
    let drums = try run(["check", Self.band, "--drums"])
    #expect(
      drums.stderr.hasPrefix(
        "xylo-render: note: \(Self.band): 128 drum notes (channel 10) played as pitched keys by their note numbers (--drums): a drum kit's sounds are not keys\n"
      ))
    #expect(try count(["--channel", "10"]) == 128)
    #expect(try count(["--track", "2"]) == 62)
    #expect(try count(["--track", "2", "--track", "3"]) == 88)
    // The bass, G2-C3, moves up two octaves as a piece: none of it is left out.
    #expect(try count(["--out-of-range", "skip"]) == 88)
    #expect(try count(["--out-of-range", "skip", "--octaves", "note"]) == 62)
    let up = try run(["events", Self.band, "--track", "2", "--transpose", "12"]).stdout
    #expect(up.split(separator: "\n")[1] == "0,0.000000,E6,0.8188976377952756,2")
  }

  @Test func theConvertedScoreHasExactlyTheFilesTapsAtEveryRate() throws {
    let score = try temporaryFolder() + "/band.xylo"
    let converted = try run(["convert", Self.band, "-o", score, "--drums"])
    #expect(converted.status == 0)
    #expect(converted.stderr.hasSuffix("wrote '\(score)': a score of 222 taps\n"))
    for rate in ["8000", "44100", "48000", "96000", "192000"] {
      let fromMIDI = try run(["events", Self.band, "--drums", "--rate", rate]).stdout
      let fromScore = try run(["events", score, "--rate", rate]).stdout
      func columns(_ csv: String) -> [String] {
        csv.split(separator: "\n").dropFirst().map {
          $0.split(separator: ",")[0..<4].joined(separator: ",")
        }
      }
      #expect(columns(fromMIDI) == columns(fromScore), "at \(rate) Hz")
    }
  }

  @Test func aScoreBecomesAMIDIFileWithTheSameTaps() throws {
    let midi = try temporaryFolder() + "/twinkle.mid"
    let result = try run(["convert", "Examples/scores/twinkle.xylo", "-o", midi])
    #expect(result.stderr == "wrote '\(midi)': a MIDI file of 42 taps\n")
    let fromMIDI = try run(["events", midi, "--bank", appSounds]).stdout
    let fromScore = try run(["events", "Examples/scores/twinkle.xylo", "--bank", appSounds]).stdout
    func columns(_ csv: String) -> [String] {
      csv.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",")[0..<4].joined(separator: ",")
      }
    }
    #expect(columns(fromMIDI) == columns(fromScore))
  }

  @Test func convertNamesTheKindTheOutputMustBe() throws {
    // A name convert never writes is a command-line mistake, said before anything is read.
    let result = try run(["convert", Self.band, "-o", "/tmp/x.wav"])
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: convert writes a score (.xylo), a MIDI file (.mid) or MusicXML (.musicxml): name it so, not '/tmp/x.wav'\n"
      ), "\(result.stderr)")
    #expect(result.status == 64)
    // A kind it writes, but not of this input: a MIDI file converts to a score.
    let wrongKind = try run(["convert", Self.band, "-o", "/tmp/x.mid"])
    #expect(
      wrongKind.stderr
        == "xylo-render: error: '/tmp/x.mid' must name a score ('.xylo'): convert makes a score of a MIDI, MusicXML or ABC file, and a MIDI or MusicXML file of a score\n"
    )
    #expect(wrongKind.status == 64)
  }

  @Test(arguments: brokenFiles)
  func aBrokenMIDIFileIsOneLineAndWritesNothing(_ bytes: [UInt8], _ message: String) throws {
    let path = try write(bytes)
    let folder = (path as NSString).deletingLastPathComponent
    let result = try run(["render", path, "-o", folder + "/out.wav"])
    #expect(result.stderr == "xylo-render: error: \(path): \(message)\n")
    #expect(result.status == 1)
    #expect(listing(folder) == ["song.mid"])
  }

  @Test func compareNamesTheTrackOfATapSoundingAtTheFirstDifference() throws {
    let folder = try temporaryFolder()
    #expect(try run(["render", Self.band, "-o", folder + "/a.wav", "--quiet"]).status == 0)
    #expect(
      try run(["render", Self.band, "-o", folder + "/b.wav", "--quiet", "--gain", "-1"]).status
        == 0)
    let result = try run([
      "compare", folder + "/a.wav", folder + "/b.wav", "--score", Self.band,
    ])
    #expect(result.status == 1)
    #expect(result.stdout.contains("  sounding there: E5 (track 2), C5 (track 3)\n"))
  }
}
