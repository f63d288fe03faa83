import Drawing
import MediaEncoding
import Mixer
import Platform
import Rendering
import SampleBank
import Settings

/// How `xylo-render video` draws and encodes: the picture's size and rate, the background and
/// labels, the audio's bit rate.
public struct VideoSettings: Sendable, Equatable {
  public var width = 1280
  public var height = 720
  public var framesPerSecond = 30
  /// A PNG, JPEG or WebP picture scaled to cover the frame; `nil` for the built-in dark
  /// gradient.
  public var backgroundPath: String?
  public var showsLabels = true
  /// How the instrument is drawn: the app's exact look, or the stage's.
  public var style = Style.app
  /// The looks a video can have: `app` (the app's exact look) or `stage`.
  public typealias Style = InstrumentStyle
  /// The title drawn over the keys, in place of the score's own; nil keeps the score's.
  public var title: String?
  /// A PNG still written beside the video, for a web page's `poster` or a post's thumbnail:
  /// the moment one picture before the first tap, at the video's size, so that no key looks
  /// struck before anything plays (on the stage, the first notes about to land).
  public var posterPath: String?

  /// The picture sizes of the shapes videos are posted in.
  public enum Aspect: String, CaseIterable, Sendable {
    case landscape = "16:9"
    case portrait = "9:16"
    case square = "1:1"

    /// 1920×1080, 1080×1920 or 1080×1080.
    public var size: (width: Int, height: Int) {
      switch self {
      case .landscape: (1_920, 1_080)
      case .portrait: (1_080, 1_920)
      case .square: (1_080, 1_080)
      }
    }
  }
  /// Bits per second of the AAC audio, all channels together.
  public var audioBitRate = AACWriter.defaultBitRate
  /// Threads that draw and convert pictures, at most (`threadCounts`): the machine's cores by
  /// default. Each holds two pictures' worth of canvas (16 MB at 1080p), so a thread starts
  /// only when the encoder waits for pictures. The bytes are the same at every count; x264's
  /// own threads are fixed apart from it.
  public var threads = processorCount()
  /// The thread counts taken; others are brought within.
  public static let threadCounts = 1...64

  public init() {}
}

extension VideoSettings {
  /// Whether `path` can hold a video: an MP4 file (`.mp4`, `.m4v`), or `-`.
  public static func checkOutput(_ path: String) throws(OptionError) {
    guard path == "-" || ["mp4", "m4v"].contains(Path.fileExtension(path).lowercased()) else {
      throw OptionError(
        "a video is an MP4 file: name it .mp4, not '\(displayText(path, limit: displayedPathLength))'"
      )
    }
  }
}

/// Renders `song` as a video at `destination`, its audio at a rate AAC takes (the song's, if it
/// asks for 44.1 or 48 kHz; a rate AAC cannot take is refused), at the level its options set,
/// else `RenderSettings.shareableLevel` (-16 LUFS, -1 dBTP): `xylo-render video`.
public func renderVideo(
  _ song: Song, video: VideoSettings = VideoSettings(), to destination: Destination,
  progress: ProgressHandler? = nil
) throws(RenderError) -> VideoSummary {
  var song = song.leveledForSharing()
  do { song.settings.rate = try encoderRate(for: song.settings.rate) } catch {
    throw .invalidSetting(error.message)
  }
  return try renderVideo(
    song.plan(), video: video, title: video.title, to: destination, progress: progress)
}

/// What a finished video holds: the render's audio and the number of pictures.
public struct VideoSummary: Sendable {
  public var audio: RenderSummary
  public var videoFrameCount: Int
  /// The pictures drawn and converted: the others look the same as the picture before them
  /// and repeat it.
  public var drawnPictureCount: Int
}

/// Renders the plan as a video at `destination`: the audio exactly as `render` makes it, as
/// AAC, with H.264 pictures of the instrument as the app shows it (`InstrumentFrames`), each
/// key dimmed from the frame holding its tap for 0.2 s. Written to a temporary file, decoded
/// back and checked, then moved into place; on failure nothing is left and an earlier file is
/// untouched. Pictures are drawn and converted on up to `video.threads` threads, ahead of the
/// encoder, and encoded in order, in step with the audio; a picture that looks the same as the
/// one before it is not drawn again.
public func renderVideo(
  _ plan: RenderPlan, video: VideoSettings = VideoSettings(), title: String? = nil,
  to destination: Destination, progress: ProgressHandler? = nil
) throws(RenderError) -> VideoSummary {
  // A background that cannot be drawn is refused before any audio is rendered.
  let background = try video.backgroundPath.map { (path) throws(RenderError) in
    try readBackground(path, width: video.width, height: video.height)
  }
  let target: OutputTarget
  let poster: OutputTarget?
  let inputs = plan.inputPaths + (video.backgroundPath.map { [$0] } ?? [])
  do {
    target = try OutputTarget(destination, inputs: inputs)
    poster = try video.posterPath.map { (path) throws(OutputError) in
      try OutputTarget(.file(path), inputs: inputs, otherOutputs: [destination.pathForFormat])
    }
    // The audio, and pictures of drawn flat colour: well under a fiftieth of a byte a pixel.
    let pixels = Int64(video.width * video.height * video.framesPerSecond)
    let seconds = plan.totalFrames / Int64(plan.rate) + 1
    try target.checkRoom(
      for: seconds * pixels / 50
        + estimatedBytes(
          frameCount: plan.totalFrames, channels: plan.channels, rate: plan.rate,
          format: .defaultLossless, phone: .aac(bitRate: video.audioBitRate)))
  } catch {
    throw .output(error)
  }
  func failed(_ reason: String) -> RenderError {
    .output(OutputError(path: destination.messagePath, reason: reason))
  }
  let (keys, arrangement, barOfSample) = instrumentKeys(plan)
  let look = InstrumentLook(
    keys: keys, title: title ?? plan.tags.title, showsLabels: video.showsLabels,
    background: background, style: video.style, arrangement: arrangement)
  func makeFrames() throws(DrawingError) -> InstrumentFrames {
    try InstrumentFrames(look: look, width: video.width, height: video.height)
  }
  let frames: InstrumentFrames
  do { frames = try makeFrames() } catch { throw .invalidSetting(error.description) }
  let writer: VideoWriter
  do {
    writer = try VideoWriter(
      path: target.temporaryPath,
      video: VideoFormat(
        width: video.width, height: video.height, framesPerSecond: video.framesPerSecond),
      sampleRate: plan.rate, channelCount: plan.channels, audioBitRate: video.audioBitRate,
      title: title ?? plan.tags.title, artist: plan.tags.artist)
  } catch {
    throw failed(error.reason)
  }
  func makeConverter() throws(EncodingError) -> VideoPictureConverter {
    try VideoPictureConverter(
      width: video.width, height: video.height, path: destination.messagePath)
  }
  let converter: VideoPictureConverter
  do { converter = try makeConverter() } catch { throw failed(error.reason) }
  let (pipeline, loudness) = try finishedPipeline(plan, progress: progress)
  var summary = RenderSummary(plan, format: plan.settings.format, loudness: loudness)
  let schedule = PictureSchedule(
    starts: plan.mix.voices.map(\.startFrame),
    bars: plan.mix.voices.map { barOfSample[$0.sampleIndex] }, barCount: keys.count,
    rate: Int64(plan.rate), framesPerSecond: video.framesPerSecond, style: video.style)
  let threads = min(
    max(video.threads, VideoSettings.threadCounts.lowerBound), VideoSettings.threadCounts.upperBound
  )
  let drawing = PicturePipeline(
    first: PicturePipeline.Worker(frames: frames, converter: converter), maximumWorkers: threads
  ) {
    guard let frames = try? makeFrames(), let converter = try? makeConverter() else { return nil }
    return PicturePipeline.Worker(frames: frames, converter: converter)
  }
  defer { drawing.stop() }
  var pictures = VideoPictures(
    count: schedule.frameCount(covering: plan.totalFrames), schedule: schedule,
    pipeline: drawing, looksTheSame: { frames.looksTheSame($0, $1) })
  let pictureCount = pictures.count
  /// Encodes the pictures that start before audio frame `end`.
  func writePictures(before end: Int64) throws(EncodingError) {
    while pictures.nextPicture < pictureCount && pictures.nextPictureStart < end {
      try writer.writeVideoFrame(try pictures.next())
    }
  }
  try pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(RenderError) in
    summary.peak.merge(chunk.peak)
    summary.clippedCount += chunk.clippedCount
    do throws(EncodingError) {
      try chunk.float.withUnsafeBufferPointer { (values) throws(EncodingError) in
        try writer.writeAudio(values)
      }
      try writePictures(before: chunk.start + Int64(chunk.frameCount))
    } catch {
      throw failed(error.reason)
    }
    try report(.writing, chunk, plan, progress)
  }
  do throws(EncodingError) {
    try writePictures(before: .max)
    pictures.finish()
    try writer.finish()
    let written = try VideoFileReader(path: target.temporaryPath)
    let audio = try decodedLength(path: target.temporaryPath)
    guard written.frameCount == pictureCount, Int64(audio.frameCount) == plan.totalFrames,
      audio.sampleRate == plan.rate, audio.channelCount == plan.channels
    else {
      throw EncodingError(
        operation: "reading it back", path: destination.messagePath,
        reason: "the written file is damaged: it reads back as \(written.frameCount) "
          + "pictures and \(audio.frameCount) audio frames")
    }
  } catch {
    throw failed(error.reason)
  }
  if let poster {
    // The picture before the one holding the first tap (picture -1 for a tap at 0: a moment
    // before the video starts), where nothing has been struck yet. The workers have ended:
    // the first's frames are this thread's again.
    let firstTap = plan.mix.voices.first.map {
      $0.startFrame * Int64(video.framesPerSecond) / Int64(plan.rate)
    }
    let moment = schedule.moment(atPicture: (firstTap ?? 0) - 1)
    do { try frames.writePNG(moment, to: poster.temporaryPath) } catch {
      throw .output(OutputError(path: poster.destination.messagePath, reason: error.reason))
    }
  }
  do {
    try target.commit()
    try poster?.commit()
  } catch {
    throw .output(error)
  }
  return VideoSummary(
    audio: summary, videoFrameCount: pictureCount, drawnPictureCount: pictures.drawnCount)
}

/// The picture at `path` decoded and scaled to cover a frame of `width`×`height`.
private func readBackground(
  _ path: String, width: Int, height: Int
) throws(RenderError) -> BackgroundPicture {
  let message = { (reason: String) in
    RenderError.invalidSetting(
      "cannot read '\(displayText(path, limit: displayedPathLength))': \(reason)")
  }
  let picture: DecodedPicture
  do { picture = try PictureFileReader.read(path, covering: width, height: height) } catch {
    throw message(error.reason)
  }
  guard
    let background = BackgroundPicture(
      width: picture.width, height: picture.height, pixels: picture.pixels)
  else { throw message("the picture has no pixels") }
  return background
}
