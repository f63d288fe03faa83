import Platform
import SoundFile

/// A folder of `<title>.<ext>` files, for any extension libsndfile reads; files in audio formats
/// it cannot read are keys too, which fail naming the file and its format.
///
/// The folder is listed once; samples are decoded only when asked for, so a render loads only
/// the keys its score uses.
public struct DirectoryBank: SampleBank {
  public let path: String
  /// Every audio file for each title; more than one is an error when the title is used.
  private let files: [String: [String]]
  public let titles: [String]
  /// A folder of recordings: its samples are all there is.
  public var definitionFiles: [String] { [] }
  /// The longest sample accepted, in seconds.
  public let maximumSampleSeconds: Int

  /// Lists the folder at `path`, taking as keys the files whose base names `isKeyTitle` accepts
  /// (the score language's rule, which the bank does not know itself).
  public init(
    path: String, maximumSampleSeconds: Int = SampleLimits.defaultMaximumSeconds,
    isKeyTitle: (String) -> Bool
  ) throws(BankError) {
    self.path = path
    self.maximumSampleSeconds = maximumSampleSeconds
    switch FileSystem.kind(of: path) {
    case .directory: break
    case .missing: throw BankError(path: path, reason: "no such folder")
    default: throw BankError(path: path, reason: "it is not a folder")
    }
    let names: [String]
    do {
      names = try FileSystem.contents(ofDirectory: path)
    } catch {
      throw BankError(path: path, reason: "the folder cannot be listed: \(error.reason)")
    }
    var files: [String: [String]] = [:]
    for name in names where !name.hasPrefix(".") {
      let title = Path.baseName(name)
      let fileExtension = Path.fileExtension(name).lowercased()
      guard
        SoundFileLibrary.readableExtensions.contains(fileExtension)
          || UnreadableFormats.extensions.contains(fileExtension),
        isKeyTitle(title)
      else { continue }
      files[title, default: []].append(Path.join(path, name))
    }
    self.files = files
    titles = files.keys.sorted(by: titleOrder)
  }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    try decodeSample(title: title, path: file(for: title), maximumSeconds: maximumSampleSeconds)
  }

  /// The sample's rate, channels and length from its header; a file whose header gives no
  /// usable length is decoded to count its frames, within the length limit.
  public func info(for title: String) throws(BankError) -> SampleInfo {
    let path = try file(for: title)
    let reader = try openSample(path: path)
    let info = reader.info
    var frameCount = info.frameCount
    if info.lengthIsUnknown {
      try checkShape(of: reader)
      do throws(SoundFileError) {
        frameCount = try reader.countFramesByDecoding(
          maxFrames: SampleLimits.maximumFrames(
            seconds: maximumSampleSeconds, rate: info.sampleRate))
      } catch {
        throw BankError(path: path, reason: sampleReason(error.reason))
      }
    }
    return SampleInfo(
      title: title, source: path, sampleRate: info.sampleRate, channels: info.channels,
      frameCount: frameCount)
  }

  /// The one file for `title`; two files for a title is an error naming both, and a file
  /// libsndfile cannot read is an error naming its format.
  package func file(for title: String) throws(BankError) -> String {
    guard let candidates = files[title], let file = candidates.first else {
      throw BankError(path: path, reason: "the bank has no sample for key '\(title)'")
    }
    guard candidates.count == 1 else {
      let quoted = candidates.map { "'\($0)'" }.joined(separator: " and ")
      throw BankError(path: path, reason: "key '\(title)' has more than one sample: \(quoted)")
    }
    switch FileStatus(of: file)?.kind {
    case .directory?: throw BankError(path: file, reason: "it is a folder, not a sound file")
    case .fifo?:
      throw BankError(path: file, reason: "it is a FIFO, not a sound file; a sample is read whole")
    case .characterDevice?, .blockDevice?, .socket?:
      throw BankError(path: file, reason: "it is a device, not a sound file")
    default: break
    }
    let fileExtension = Path.fileExtension(file)
    if UnreadableFormats.extensions.contains(fileExtension.lowercased()) {
      throw BankError(path: file, reason: UnreadableFormats.reason(fileExtension: fileExtension))
    }
    return file
  }
}

/// The app's seven keys first, in their order, then every other title alphabetically.
private func titleOrder(_ a: String, _ b: String) -> Bool {
  switch (AppKeys.titles.firstIndex(of: a), AppKeys.titles.firstIndex(of: b)) {
  case (let x?, let y?): return x < y
  case (.some, nil): return true
  case (nil, .some): return false
  case (nil, nil): return a < b
  }
}
