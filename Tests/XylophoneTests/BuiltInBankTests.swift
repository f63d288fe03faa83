import AudioDigest
import Foundation
import Testing
import Xylophone

@Suite struct KeyCatalogTests {
  @Test func theAppsKeysAreC6ToB6AndHighCIsC7() {
    let app = ["C", "D", "E", "F", "G", "A", "B", "HighC"].compactMap(KeyCatalog.key(named:))
    #expect(app.map(\.pitchName) == ["C6", "D6", "E6", "F6", "G6", "A6", "B6", "C7"])
    #expect(abs(app[0].frequency - 1_046.502) < 0.001)
    #expect(abs(app[6].frequency - 1_975.533) < 0.001)
  }

  @Test func theChromaticRangeIsF4ToC8WithSharpsAndFlats() {
    #expect(KeyCatalog.titles.count == 70)
    #expect(KeyCatalog.titles.contains("F4") && KeyCatalog.titles.contains("C8"))
    #expect(!KeyCatalog.titles.contains("E4") && !KeyCatalog.titles.contains("C#8"))
    #expect(KeyCatalog.key(named: "F#4")?.frequency == KeyCatalog.key(named: "Gb4")?.frequency)
    #expect(KeyCatalog.key(named: "A4")?.frequency == 440)
    #expect(KeyCatalog.key(named: "A7")?.frequency == 3_520)
  }
}

@Suite struct SynthesisTests {
  static let distinctKeys = KeyCatalog.keys.filter { $0.title == $0.pitchName }

  @Test(arguments: distinctKeys)
  func everyKeySitsWithinTwoCentsOfItsPitchAndCarriesTheTunedOvertone(_ key: BuiltInKey) {
    let values = Synthesizer.sample(for: key)
    let window = values[240..<min(values.count, 240 + 2_400)]  // 5 ms to 55 ms
    let fundamental = peakFrequency(in: window, near: key.frequency, spread: 0.03, rate: 48_000)
    let cents = 1_200 * log2(fundamental / key.frequency)
    #expect(abs(cents) < 2, "\(key.title): \(fundamental) Hz")
    guard 3 * key.frequency < 0.45 * 48_000 else { return }
    let overtone = peakFrequency(in: window, near: 3 * fundamental, spread: 0.03, rate: 48_000)
    #expect(abs(overtone / fundamental - 3) < 0.003, "\(key.title): overtone at \(overtone) Hz")
    let level =
      magnitude(of: window, at: overtone, rate: 48_000)
      / magnitude(of: window, at: fundamental, rate: 48_000)
    // -34 dB to -6 dB: strongest in the low bars, weakest at the top, where it passes 11 kHz.
    #expect(level > 0.02 && level < 0.5, "\(key.title): overtone level \(level)")
  }

  @Test(arguments: distinctKeys)
  func everyTapPeaksAtMinus8DBFSOnThe24BitGrid(_ key: BuiltInKey) {
    let values = Synthesizer.sample(for: key)
    #expect(values.map(abs).max() == Float((0.39 * 8_388_608).rounded() / 8_388_608))
    #expect(values.allSatisfy { ($0 * 8_388_608).rounded() == $0 * 8_388_608 })
    #expect(values.last == 0)
  }

  @Test func lowBarsRingLongerThanHighOnesButUnderASecondAndAHalf() {
    let lengths = Self.distinctKeys.map { Double(Synthesizer.sample(for: $0).count) / 48_000 }
    #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $0 > $1 })
    #expect((1.0...1.3).contains(lengths.first ?? 0))  // F4: 0.94 s to -60 dB, 1.13 s long
    #expect((0.4...0.5).contains(lengths.last ?? 0))  // C8: 0.39 s to -60 dB
  }

  @Test func enharmonicTitlesAreTheSameBar() {
    let sharp = KeyCatalog.key(named: "F#4").map { Synthesizer.sample(for: $0) }
    let flat = KeyCatalog.key(named: "Gb4").map { Synthesizer.sample(for: $0) }
    #expect(sharp == flat)
  }

  /// Pinned hashes of every key's samples: the bank must be bit-identical on every machine and
  /// build mode. `XYLO_RECORD=1` re-records `pinned-hashes.txt` after a deliberate change.
  @Test func everyKeysSamplesMatchTheirPinnedHash() throws {
    let lines = KeyCatalog.keys.map { key -> String in
      let digest = SHA256()
      digest.update(contentsOf: Synthesizer.sample(for: key).map { $0.bitPattern.littleEndian })
      return "\(digest.finalizeHex())  \(key.title)"
    }
    let text = lines.joined(separator: "\n") + "\n"
    let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("pinned-hashes.txt")
    if ProcessInfo.processInfo.environment["XYLO_RECORD"] == "1" {
      try Data(text.utf8).write(to: golden)
    }
    let pinned = try String(contentsOf: golden, encoding: .utf8)
    #expect(text == pinned)
  }
}
