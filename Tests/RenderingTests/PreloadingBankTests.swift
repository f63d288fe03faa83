import Foundation
import Rendering
import SampleBank
import SoundFile
import TestSupport
import Testing

/// A small folder bank loads its keys ahead while the score is read; these pin that a render
/// through it is the render through the folder itself, whatever it guessed or was asked.
@Suite struct PreloadingBankTests {
  private let score = "tempo 240\nC D E HighC F+HighC G*0.5 A B HighC C+E\n"

  private func bits(
    _ score: String, bank: String, _ options: SoundOptions = SoundOptions(),
    jobs: Int = 2, opener: @escaping BankOpener
  ) throws -> [UInt32] {
    var options = options
    options.bank = bank
    var song = try Song(text: score, options: options, openBank: opener)
    song.settings.jobs = jobs
    return try song.render().values.map(\.bitPattern)
  }

  @Test(arguments: [1, 2, 4])
  func aPreloadedBankRendersWhatTheFolderRenders(jobs: Int) throws {
    let folder = AppLikeSounds.folder
    let preloaded = try bits(score, bank: folder, jobs: jobs, opener: preloadingBankOpener)
    #expect(preloaded == (try bits(score, bank: folder, jobs: jobs, opener: defaultBankOpener)))
    #expect(!preloaded.isEmpty)
  }

  /// The keys are resampled ahead to the bank's highest rate; another rate is made anew.
  @Test(arguments: [44_100, 96_000])
  func anotherRateThanTheGuessedOneRendersAlike(rate: Int) throws {
    let folder = AppLikeSounds.folder
    let options = SoundOptions(rate: rate)
    #expect(
      try bits(score, bank: folder, options, opener: preloadingBankOpener)
        == (try bits(score, bank: folder, options, opener: defaultBankOpener)))
  }

  /// Renders `text` with a C (in `container`, at 48 kHz) and a D at 44.1 kHz, both mono,
  /// through the bank loading ahead and through the folder.
  private func rendersAlike(_ text: String, c container: Container) throws -> Bool {
    let folder = try temporaryFolder()
    try writeSample(
      folder + "/C.\(container.rawValue)", values: (0..<4_000).map { Int16($0 % 200) * 50 },
      container: container)
    try writeSample(
      folder + "/D.wav", values: (0..<3_000).map { Int16($0 % 300) * 40 }, rate: 44_100)
    return try bits(text, bank: folder, opener: preloadingBankOpener)
      == (try bits(text, bank: folder, opener: defaultBankOpener))
  }

  /// A FLAC key is left to the render; the WAV one, alone, sets the guessed rate (44.1 kHz),
  /// which the render's (48 kHz) is not.
  @Test func keysInOtherFormatsAreLoadedWhenAskedFor() throws {
    #expect(try rendersAlike("C D C+D\n", c: .flac))
  }

  @Test func aMonoKeyResampledAheadRendersAlike() throws {
    #expect(try rendersAlike("C D D+C D\n", c: .wav))
  }

  @Test func aBrokenKeyFailsAsInTheFolder() throws {
    let folder = try temporaryFolder()
    try writeSample(folder + "/C.wav", values: [1, 2, 3, 4])
    // A WAV's first bytes, then nothing a decoder can read.
    try Data("RIFF\u{10}\0\0\0WAVEjunkjunk".utf8).write(to: URL(fileURLWithPath: folder + "/D.wav"))
    func failure(_ opener: @escaping BankOpener) -> String? {
      do {
        _ = try bits("C D\n", bank: folder, opener: opener)
        return nil
      } catch {
        return "\(error)"
      }
    }
    let plain = failure(defaultBankOpener)
    #expect(plain != nil)
    #expect(failure(preloadingBankOpener) == plain)
  }

  @Test func aSampleAskedForTwiceIsDecodedAgainAlike() throws {
    let bank = PreloadingBank.wrapping(try openBank(BankChoice(path: AppLikeSounds.folder)))
    #expect(bank is PreloadingBank)
    let first = try bank.sample(for: "HighC")
    let second = try bank.sample(for: "HighC")
    #expect(first.storage == second.storage)
    #expect(first.sampleRate == second.sampleRate)
  }

  @Test func aLargeBankIsNotLoadedAhead() throws {
    let folder = try temporaryFolder()
    let titles = ["C", "D", "E", "F", "G", "A", "B", "HighC"] + (1...9).map { "K\($0)" }
    for title in titles { try writeSample(folder + "/\(title).wav", values: [1, 2]) }
    let bank = PreloadingBank.wrapping(try openBank(BankChoice(path: folder)))
    #expect(bank.titles.count > PreloadingBank.maximumKeys)
    #expect(!(bank is PreloadingBank))
  }
}

/// Writes 16-bit mono `values` at `rate` to `path` in `container`.
private func writeSample(
  _ path: String, values: [Int16], rate: Int = 48_000, container: Container = .wav
) throws {
  let format = try OutputFormat.make(container: container, encoding: .pcm16).get()
  let writer = try SoundFileWriter(path: path, format: format, sampleRate: rate, channels: 1)
  try values.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
}
