import SampleBank

/// Which bank plays a score: a folder of recordings, or the built-in xylophone and its mallet.
public struct BankChoice: Equatable, Sendable {
  /// A folder of `<title>.<ext>` samples or an SFZ instrument (a file named `*.sfz`); `nil`
  /// for the built-in xylophone.
  public var path: String?
  /// The longest sample the folder may hold, in seconds.
  public var maximumSampleSeconds: Int
  /// The built-in xylophone's mallet; `nil` for the default (hard). A folder's recordings
  /// cannot take one.
  public var mallet: Mallet?
  /// The preset a SoundFont bank plays; `nil` for General MIDI's xylophone (or the first).
  public var preset: PresetNumber?

  public init(
    path: String? = nil, maximumSampleSeconds: Int = SampleLimits.defaultMaximumSeconds,
    mallet: Mallet? = nil, preset: PresetNumber? = nil
  ) {
    self.path = path
    self.maximumSampleSeconds = maximumSampleSeconds
    self.mallet = mallet
    self.preset = preset
  }
}

/// A SoundFont preset's bank and program (`--preset N` or `BANK:N`).
public struct PresetNumber: Equatable, Sendable {
  /// As the file stores it: 0 for General MIDI's melodic presets.
  public var bank: Int
  /// 1-128, as General MIDI numbers programs.
  public var program: Int

  public init(bank: Int = 0, program: Int) {
    self.bank = bank
    self.program = program
  }

  /// `N` or `BANK:N`: a program of 1-128, a bank of 0-16383; nil for anything else.
  public init?(parsing text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let program = parts.last.flatMap({ Int($0) }),
      (1...128).contains(program)
    else { return nil }
    let bank = parts.count == 2 ? Int(parts[0]) : 0
    guard let bank, (0...16_383).contains(bank) else { return nil }
    self.init(bank: bank, program: program)
  }

  /// `14`, or `128:1` outside bank 0.
  public var text: String { bank == 0 ? "\(program)" : "\(bank):\(program)" }
}
