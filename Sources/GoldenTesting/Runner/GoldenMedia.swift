import AudioDigest
import Drawing
import Platform
import Rendering
import ScoreParser
import SoundFile

/// What a failing test keeps for a report to play and show (`GoldenRunOptions.keepsMedia`): the
/// golden, the render as compared, their difference and the failure picture.
///
/// The render, difference and picture are temporary files, removed when the last copy of the
/// result holding them is gone (or when the run is interrupted).
public struct GoldenMedia: Sendable {
  /// The golden's audio (the golden file itself); `nil` for a content hash or a missing golden.
  public var expected: MediaFile?
  /// The render, exactly as compared.
  public var actual: MediaFile?
  /// The render minus the golden, sample by sample, as 24-bit FLAC (as long as the longer of
  /// the two; clipped at full scale); `nil` when their rates or channels differ.
  public var difference: MediaFile?
  /// The failure picture (PNG): the taps, both waveforms, the difference and its spectrogram.
  public var picture: MediaFile?
  /// Where the picture's time axis lies, for a playhead drawn over it.
  public var pictureSpan: GoldenPicture.TimeSpan?
  /// The first frame that differs, at `rate`.
  public var firstDifferenceFrame: Int64?
  /// Frames per second of the audio.
  public var rate: Int
}

/// A file a report embeds: audio or a picture.
public struct MediaFile: Sendable {
  public var path: String
  /// `audio/flac`, `audio/wav` or `image/png`.
  public var mediaType: String
  /// The audio's length in frames; 0 for a picture.
  public var frameCount: Int64
  /// The audio's frames per second; 0 for a picture.
  public var sampleRate: Int
  /// The temporary file `path` names, kept until this value is gone; `nil` for a file of the
  /// tests' own (a golden).
  let owner: ScratchFile?

  init(
    path: String, mediaType: String, frameCount: Int64 = 0, sampleRate: Int = 0,
    owner: ScratchFile?
  ) {
    self.path = path
    self.mediaType = mediaType
    self.frameCount = frameCount
    self.sampleRate = sampleRate
    self.owner = owner
  }

  /// The audio's length in seconds; 0 for a picture.
  public var seconds: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }
}

extension MediaFile {
  /// An audio file and its length; `nil` when it cannot be read.
  fileprivate init?(audio path: String, owner: ScratchFile?) {
    guard let reader = try? openAudio(path: path) else { return nil }
    let type = Path.fileExtension(path).lowercased() == "flac" ? "audio/flac" : "audio/wav"
    self.init(
      path: path, mediaType: type, frameCount: reader.info.frameCount,
      sampleRate: reader.info.sampleRate, owner: owner)
  }
}

/// The media of a failing test: the golden (when it holds audio), the render in `scratch`, and,
/// from the `decoded` pair, their difference and the picture with `score`'s taps. What cannot be
/// made is left out: a report says so rather than fail.
func keepMedia(
  _ test: GoldenTest, scratch: ScratchFile, rate: Int, decoded: DecodedPair?,
  firstDifference: Int64?, score: Score?
) -> GoldenMedia {
  var media = GoldenMedia(
    actual: MediaFile(audio: scratch.path, owner: scratch), firstDifferenceFrame: firstDifference,
    rate: rate)
  if test.goldenExists && !test.golden.hasSuffix(".golden.sha256") {
    media.expected = MediaFile(audio: test.golden, owner: nil)
  }
  guard let decoded else { return media }
  if let file = try? ScratchFile(extension: "flac"),
    (try? writeDifference(decoded, to: file.path)) != nil
  {
    media.difference = MediaFile(audio: file.path, owner: file)
  }
  if let file = try? ScratchFile(extension: "png"),
    let span = try? drawPicture(
      decoded, title: Path.lastComponent(test.score), firstDifference: firstDifference,
      score: score, to: file.path)
  {
    media.picture = MediaFile(path: file.path, mediaType: "image/png", owner: file)
    media.pictureSpan = span
  }
  return media
}

/// The render minus the golden, frame by frame over the longer of the two, written as 24-bit
/// FLAC: exact for 16- and 24-bit goldens (but where the difference passes full scale), and
/// small where they agree.
private func writeDifference(_ decoded: DecodedPair, to path: String) throws(RenderError) {
  let (left, right) = (decoded.expected, decoded.actual)
  var difference = [Float](repeating: 0, count: max(left.count, right.count))
  for index in difference.indices {
    difference[index] = Float(
      (index < right.count ? right[index] : 0) - (index < left.count ? left[index] : 0))
  }
  guard case .success(let format) = OutputFormat.make(container: .flac, encoding: .pcm24) else {
    throw .invalidSetting("FLAC holds 24-bit integers")
  }
  _ = try writeAudio(
    difference, rate: decoded.rate, channels: decoded.channels, format: format, tags: Tags(),
    to: .file(path), inputs: [])
}
