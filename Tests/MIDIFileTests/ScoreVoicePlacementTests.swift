import MIDIFile
import ScoreParser
import Testing

/// A score's voices that name pitches the bank lacks, moved onto it as a MIDI file's parts are.
@Suite struct ScoreVoicePlacementTests {
  static func score(_ voices: [[String]]) -> Score {
    var taps: [Tap] = []
    for (voice, keys) in voices.enumerated() {
      for (index, key) in keys.enumerated() {
        taps.append(
          Tap(
            time: Rational(Int64(index)), key: key, gain: 1, line: voice + 1,
            column: index * 3 + 1, sequence: taps.count, voice: voice))
      }
    }
    var score = Score(taps: taps, duration: Rational(Int64(voices.map(\.count).max() ?? 0)))
    score.voices = voices.indices.map { $0 == 0 ? "main" : "bass" }
    return score
  }

  static let bank = PartPlacementTests.concertKeys

  @Test func aScoreOnTheBanksKeysIsLeftExactlyAsWritten() {
    let score = Self.score([["C6", "F4", "C8"]])
    #expect(placeVoices(of: score, mapping: NoteMapping(keys: Self.bank)) == nil)
    let app = Self.score([["C", "HighC", "E"]])
    #expect(placeVoices(of: app, mapping: NoteMapping(keys: appKeys)) == nil)
  }

  @Test func eachVoiceMovesByOctavesAsAPiece() throws {
    let score = Self.score([["D4", "D4", "A4", "E4", "F4"], ["D2", "A2", "D3"]])
    let placed = try #require(placeVoices(of: score, mapping: NoteMapping(keys: Self.bank)))
    #expect(placed.score.taps.map(\.key) == ["D5", "D5", "A5", "E5", "F5", "D5", "A5", "D6"])
    #expect(placed.placements.map(\.octaves) == [1, 3])
    #expect(
      describe(placed) == [
        "voice 1 'main': moved up 1 octave into the bank's range",
        "voice 2 'bass': moved up 3 octaves into the bank's range",
        "--octaves note keeps every voice where it is written",
      ])
  }

  @Test func aFlatKeepsItsNameAndAnAppTitleMovesWithItsVoice() throws {
    let score = Self.score([["Bb3", "C4", "A#3"]])
    let placed = try #require(placeVoices(of: score, mapping: NoteMapping(keys: Self.bank)))
    #expect(placed.score.taps.map(\.key) == ["A#4", "C5", "A#4"])
    let flats = Self.bank + [(title: "Bb4", note: 70)]
    let spelled = try #require(placeVoices(of: score, mapping: NoteMapping(keys: flats)))
    #expect(spelled.score.taps.map(\.key) == ["Bb4", "C5", "A#4"])
  }

  @Test func whatTheBankCannotPlayIsRefusedAsWritten() throws {
    let score = Self.score([["C6", "C#6", "D6"]])
    let placed = try #require(placeVoices(of: score, mapping: NoteMapping(keys: appKeys)))
    #expect(placed.refused.map(\.key) == ["C#6"])
    #expect(placed.refused.map(\.column) == [4])
    let notes = Self.score([["C6", "C9", "D6"]])
    let strict = NoteMapping(keys: appKeys, outOfRange: .error, octaves: .note)
    #expect(try #require(placeVoices(of: notes, mapping: strict)).refused.map(\.key) == ["C9"])
    let skip = NoteMapping(keys: appKeys, outOfRange: .skip, octaves: .note)
    let skipped = try #require(placeVoices(of: notes, mapping: skip))
    #expect(skipped.score.taps.map(\.key) == ["C", "D"])
    #expect(skipped.skipped == 1)
  }
}
