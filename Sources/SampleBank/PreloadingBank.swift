import Dispatch
import Platform

/// A folder bank that starts loading its keys on threads of its own (two, given two cores) as
/// soon as it is opened: while the score is still read and planned, they read the headers,
/// resample the keys recorded at another rate to the highest rate among them (a render's
/// rate, unless one is asked for), a channel each, and decode the others. A render then takes
/// what is ready and shares what is under way (`resampling`), with the same values as loading
/// them itself.
///
/// Only small banks are loaded ahead (at most `maximumKeys` keys and `maximumBytes` bytes of
/// files, so a score that plays two keys of a large bank pays little for the rest), and only
/// WAV and AIFF files, which libsndfile decodes without a decoder that prints to standard
/// error; any other key is loaded when asked for, as without this bank.
public final class PreloadingBank: SampleBank, @unchecked Sendable {
  public static let maximumKeys = 16
  public static let maximumBytes: Int64 = 32 << 20

  private let bank: DirectoryBank
  private let entries: [String: Entry]
  /// The rate keys are resampled to ahead of time: the highest among the keys' headers.
  private let rate: OnceValue<Int?>
  /// Whether the files are small enough in all to be decoded ahead.
  private let decodesAhead: OnceValue<Bool>

  /// One key's work, shared by the loading thread and a render.
  private final class Entry: Sendable {
    /// The header, or nil for a file this bank leaves to be loaded when asked for.
    let header: OnceValue<Result<SampleInfo, BankError>?>
    let size: Int64
    let decoded: OnceValue<Result<DecodedSample, BankError>>
    /// The decoded sample's planes being resampled to `PreloadingBank.rate`, if it needs it.
    let planes: OnceValue<ResampledPlanes?>

    init(title: String, bank: DirectoryBank, rate: @escaping @Sendable () -> Int?) {
      let path = try? bank.file(for: title)
      size = path.flatMap { try? FileSystem.size(of: $0).get() } ?? .max
      header = OnceValue {
        guard let path, isPlainAudio(path) else { return nil }
        return Result { () throws(BankError) in try bank.info(for: title) }
      }
      let decoded = OnceValue { Result { () throws(BankError) in try bank.sample(for: title) } }
      self.decoded = decoded
      planes = OnceValue {
        guard case .success(let sample) = decoded.value, let rate = rate(),
          needsResampling(sample, to: rate)
        else { return nil }
        return ResampledPlanes(sample, rate: rate)
      }
    }

    /// Whether this key is loaded ahead.
    var isAhead: Bool { header.value != nil }
  }

  /// Wraps `bank` and starts loading it when it is small enough; a bank of another kind is
  /// returned as it is.
  public static func wrapping(_ bank: any SampleBank) -> any SampleBank {
    guard let folder = bank as? DirectoryBank, folder.titles.count <= maximumKeys else {
      return bank
    }
    return PreloadingBank(folder)
  }

  private init(_ bank: DirectoryBank) {
    self.bank = bank
    let box = RateBox()
    var made: [String: Entry] = [:]
    for title in bank.titles {
      made[title] = Entry(title: title, bank: bank) { box.rate?.value ?? nil }
    }
    let entries = made
    self.entries = entries
    let titles = bank.titles
    let speculated = OnceValue<Int?> {
      titles.compactMap { title in
        guard case .success(let info)? = entries[title]?.header.value else { return nil }
        return info.sampleRate
      }.max()
    }
    box.rate = speculated
    self.rate = speculated
    decodesAhead = OnceValue {
      var total: Int64 = 0
      for title in titles {
        guard let entry = entries[title], entry.isAhead else { continue }
        total += min(entry.size, Self.maximumBytes + 1)
        if total > Self.maximumBytes { return false }
      }
      return true
    }
    // Two loaders on two cores: the planes of a stereo key to resample, each as long as
    // decoding all the other keys, are resampled side by side from the start.
    let loaders = min(2, onlineProcessorCount())
    for loader in 0..<loaders {
      let order = loader == 0 ? titles : titles.reversed()
      DispatchQueue(label: "xylo-render.preload.\(loader)").async {
        [entries, speculated, decodesAhead] in
        Self.load(order.compactMap { entries[$0] }, rate: speculated, decodesAhead: decodesAhead)
      }
    }
  }

  /// A loader's work: headers first, then the keys to resample (their planes one by one,
  /// leaving those another loader or a render has begun), then the others. Loaders given the
  /// entries in other orders take different pieces first.
  private static func load(
    _ entries: [Entry], rate: OnceValue<Int?>, decodesAhead: OnceValue<Bool>
  ) {
    for entry in entries { entry.header.makeUnlessStarted() }
    guard decodesAhead.value, let rate = rate.value else { return }
    let ahead = entries.filter(\.isAhead)
    let toResample = ahead.filter { entry in
      guard case .success(let info)? = entry.header.value else { return false }
      return info.sampleRate != rate
    }
    for entry in toResample {
      // The planes another loader is making are waited for; those a render took, left to it.
      guard let made = entry.planes.valueUnlessReleased, let planes = made else { continue }
      for plane in 0..<planes.count { planes.resampleUnlessStarted(plane) }
    }
    for entry in ahead where !toResample.contains(where: { $0 === entry }) {
      entry.decoded.makeUnlessStarted()
    }
  }

  public var titles: [String] { bank.titles }
  public var definitionFiles: [String] { bank.definitionFiles }

  public func info(for title: String) throws(BankError) -> SampleInfo {
    guard let header = entries[title]?.header.value else { return try bank.info(for: title) }
    return try header.get()
  }

  /// The key's sample, decoded ahead or now; handed over once (a second ask decodes again).
  public func sample(for title: String) throws(BankError) -> DecodedSample {
    guard let entry = entries[title], entry.isAhead, decodesAhead.value else {
      return try bank.sample(for: title)
    }
    let decoded = entry.decoded.value
    entry.decoded.release()
    return try decoded.get()
  }

  public func resampling(_ title: String, strikeLayer: Int, to rate: Int) -> ResampledPlanes? {
    guard strikeLayer == 0, rate == self.rate.value, let entry = entries[title], entry.isAhead,
      decodesAhead.value, let planes = entry.planes.value
    else { return nil }
    entry.planes.release()
    entry.decoded.release()
    return planes
  }
}

/// The speculated rate, set once the entries that read it exist.
private final class RateBox: @unchecked Sendable {
  var rate: OnceValue<Int?>?
}

/// Whether the file is an AIFF file or a WAV file of integer or float PCM, by its first
/// bytes: formats libsndfile decodes itself, printing nothing, on any thread (a WAV may hold
/// MPEG audio, which goes through libmpg123, and that prints warnings of its own).
private func isPlainAudio(_ path: String) -> Bool {
  guard let bytes = FileSystem.prefix(of: path, count: 4_096), bytes.count >= 12 else {
    return false
  }
  func text(_ at: Int) -> String { String(decoding: bytes[at..<(at + 4)], as: UTF8.self) }
  func number(_ at: Int, _ count: Int) -> Int {
    (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
  }
  if text(0) == "FORM" { return text(8) == "AIFF" || text(8) == "AIFC" }
  guard text(0) == "RIFF" || text(0) == "RF64", text(8) == "WAVE" else { return false }
  var chunk = 12
  while chunk + 10 <= bytes.count {
    guard text(chunk) == "fmt " else {
      chunk += 8 + number(chunk + 4, 4) + number(chunk + 4, 1) & 1
      continue
    }
    let tag = number(chunk + 8, 2)
    // WAVE_FORMAT_EXTENSIBLE names its format in the first two bytes of its subformat.
    let format = tag == 0xFFFE && chunk + 34 <= bytes.count ? number(chunk + 32, 2) : tag
    return format == 1 || format == 3
  }
  return false
}
