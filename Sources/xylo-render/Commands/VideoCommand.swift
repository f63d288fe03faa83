import Exports
import Platform
import Rendering

/// `xylo-render video SCORE -o song.mp4`: the song as the app would play it, as a video.
enum VideoCommand {
  static let command = Command(
    name: "video", overview: "Make a video of the song as the app would play it.",
    synopsis: ["xylo-render video SCORE -o OUT.mp4 [options]"],
    about: """
      The app's keys (C D E F G A B, and every other key the score plays, lowest at the top),
      each a coloured bar at alpha 0.7 over a background, dimmed to 0.5 from the frame holding
      its tap for 0.2 s, as the app dims a tapped button; --style stage adds light around
      them. The sound is the render's as AAC; the pictures are H.264. The same score and
      options give the same bytes.
      """ + "\n\n" + CommonOptions.shareableLevelHelp,
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "VIDEO",
        options: [
          OptionSpec(
            "--output", alias: "-o", value: "OUT",
            help: "The file: .mp4 (H.264 and AAC). It appears only when complete."),
          OptionSpec(
            "--size", value: "WxH", help: "Picture size in pixels, both even (default: 1280x720)"),
          OptionSpec(
            "--aspect", value: "16:9|9:16|1:1",
            help: "A shape for where videos go: 1920x1080, 1080x1920 or 1080x1080 (--size wins)"),
          OptionSpec(
            "--poster", value: "FILE.png",
            help: "Also write the picture before the first tap as a PNG (a poster, a thumbnail)"),
          OptionSpec("--fps", value: "N", help: "Pictures a second, 1 to 120 (default: 30)"),
          OptionSpec(
            "--style", value: "app|stage",
            values: .choices(VideoSettings.Style.allCases.map(\.rawValue)),
            help:
              "app: the app's exact look; stage: struck bars glow and ripple, the notes to come "
              + "travel to their bars, light drifts (default: app)"),
          OptionSpec(
            "--background", value: "FILE",
            values: .files(extensions: ["png", "jpg", "jpeg", "webp"]),
            help:
              "A PNG, JPEG or WebP picture behind the keys, scaled to cover (default: a dark gradient)"
          ),
          OptionSpec("--no-labels", help: "Draw the keys without their titles"),
          OptionSpec(
            "--title", value: "TEXT",
            help: "The title over the keys (default: the score's title); fitted to the width"),
          OptionSpec("--bitrate", value: "KBPS", help: "AAC bit rate (default: 256)"),
          OptionSpec(
            "--threads", value: "N",
            help: "Threads that draw pictures (default: one per core); never changes the output"),
          CommonOptions.blockFrames, CommonOptions.jobs,
        ])
    ] + CommonOptions.songSections(rateHelp: "Audio sample rate, 44100 or 48000 (default: 48000)"),
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let scorePath: String
    let output: String
    var video = VideoSettings()
    let reading: ScoreReading
    let jobs: Int?
    let blockFrames: Int?
    do throws(OptionError) {
      try arguments.requirePositionals(["SCORE"], command: "video")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw OptionError("missing -o OUT (an .mp4 file)")
      }
      try VideoSettings.checkOutput(path)
      output = path
      if let aspect = try arguments.choice(
        "--aspect", of: VideoSettings.Aspect.allCases.map(\.rawValue)
      ).flatMap(VideoSettings.Aspect.init(rawValue:)) {
        (video.width, video.height) = aspect.size
      }
      if let poster = arguments.values["--poster"] {
        guard Path.fileExtension(poster).lowercased() == "png" else {
          throw OptionError("--poster writes a PNG: name it .png, not \(quote(poster))")
        }
        video.posterPath = poster
      }
      if let size = arguments.values["--size"] {
        (video.width, video.height) = try SizeOption.parse(size, example: "1280x720", even: true)
      }
      video.framesPerSecond =
        try arguments.wholeNumber("--fps", in: 1...120, unit: "frames a second") ?? 30
      if let style = try arguments.choice(
        "--style", of: VideoSettings.Style.allCases.map(\.rawValue)
      ).flatMap(VideoSettings.Style.init(rawValue:)) {
        video.style = style
      }
      video.backgroundPath = arguments.values["--background"]
      video.showsLabels = !arguments.has("--no-labels")
      video.title = arguments.values["--title"]
      if let kilobits = try arguments.wholeNumber("--bitrate", in: 16...512, unit: "kb/s") {
        video.audioBitRate = kilobits * 1_000
      }
      if let threads = try arguments.wholeNumber(
        "--threads", in: VideoSettings.threadCounts, unit: "threads")
      {
        video.threads = threads
      }
      reading = try ScoreReading(arguments)
      _ = try encoderRate(for: reading.sound.rate)
      (jobs, blockFrames) = try CommonOptions.parseMixing(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    let quiet = arguments.has("--quiet")
    do throws(RenderError) {
      var song = try reading.song(at: scorePath, toRender: true)
      if !quiet {
        console.reportReading(song, path: scorePath)
      }
      if let jobs { song.settings.jobs = jobs }
      if let blockFrames { song.settings.blockFrames = blockFrames }
      let bar = ProgressBar(quiet: quiet)
      let summary = try renderVideo(song, video: video, to: Destination(output)) { progress in
        bar?.show(progress)
        return .proceed
      }
      bar?.finish()
      if !quiet { report(summary, video: video, output: output, console: console) }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }

  private static func report(
    _ summary: VideoSummary, video: VideoSettings, output: String, console: Console
  ) {
    let audio = summary.audio
    if let loudness = audio.loudness { RenderCommand.reportLoudness(loudness, console: console) }
    if audio.clippedCount > 0 {
      console.warning(
        "\(audio.clippedCount) \(audio.clippedCount == 1 ? "sample" : "samples") clipped; try --normalize or --loudness"
      )
    }
    let seconds = timeText(audio.totalFrames, over: Int64(audio.rate))
    if let poster = video.posterPath { console.err("wrote \(Destination(poster).displayName)") }
    console.err(
      "wrote \(Destination(output).displayName): \(seconds), \(summary.videoFrameCount) pictures at \(video.width)x\(video.height) \(video.framesPerSecond) fps (h264), \(audio.totalFrames) audio frames at \(audio.rate) Hz, \(audio.channels == 1 ? "mono" : "stereo") (aac)"
    )
  }
}
