import CommandLineOptions
import Platform
import Rendering
import ScoreParser

/// `xylo-render video SCORE -o song.mp4`: the song as the app would play it, as a video.
enum VideoCommand {
  static let command = Command(
    name: "video",
    options: LimitOptions.specs + SoundOptions.specs + MIDIInputOptions.specs + [
      OptionSpec("--output", alias: "-o", takesValue: true),
      OptionSpec("--size", takesValue: true),
      OptionSpec("--fps", takesValue: true),
      OptionSpec("--background", takesValue: true),
      OptionSpec("--no-labels", takesValue: false),
      OptionSpec("--bitrate", takesValue: true),
      OptionSpec("--quiet", takesValue: false),
      OptionSpec("--block-frames", takesValue: true),
      OptionSpec("--jobs", takesValue: true),
    ], usage: Help.videoUsage, help: Help.video, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    let scorePath: String
    let output: String
    var video = VideoSettings()
    let limits: ParseOptions
    let midi: MIDIChoices
    let jobs: Int?
    let blockFrames: Int?
    do throws(UsageError) {
      try arguments.requirePositionals(["SCORE"], command: "video")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw UsageError("missing -o OUT (an .mp4 file)")
      }
      guard path == "-" || ["mp4", "m4v"].contains(Path.fileExtension(path).lowercased()) else {
        throw UsageError(
          "a video is an MP4 file: name it .mp4, not \(quote(path, limit: displayedPathLength))")
      }
      output = path
      if let size = arguments.values["--size"] {
        (video.width, video.height) = try SizeOption.parse(size, example: "1280x720", even: true)
      }
      video.framesPerSecond =
        try arguments.wholeNumber("--fps", in: 1...120, unit: "frames a second") ?? 30
      video.backgroundPath = arguments.values["--background"]
      video.showsLabels = !arguments.has("--no-labels")
      if let kilobits = try arguments.wholeNumber("--bitrate", in: 16...512, unit: "kb/s") {
        video.audioBitRate = kilobits * 1_000
      }
      var choices = SoundChoices()  // checked now: a bad value is a bad command line
      try SoundOptions.apply(arguments, to: &choices)
      limits = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
      let ranges = RenderSettings.Limits.self
      jobs = try arguments.wholeNumber("--jobs", in: ranges.jobs, unit: "threads")
      blockFrames = try arguments.wholeNumber(
        "--block-frames", in: ranges.blockFrames, unit: "frames")
    } catch {
      console.error(usageError: error.message, usage: Help.videoUsage)
      return .usage
    }
    let quiet = arguments.has("--quiet")
    do throws(RenderError) {
      let prepared = try prepareScore(
        at: scorePath, commandLine: arguments, limits: limits, midi: midi,
        openBank: QuietBank.opener)
      if !quiet {
        for note in prepared.loaded.notes { console.note("\(displayPath(scorePath)): \(note)") }
      }
      var settings = prepared.choices.settings
      settings.rate = encoderRate(for: settings.rate)
      if let jobs { settings.jobs = jobs }
      if let blockFrames { settings.blockFrames = blockFrames }
      let plan = try RenderPlan(
        score: prepared.loaded.score, bank: prepared.bank, settings: settings,
        scorePath: scorePath)
      let bar = ProgressBar(quiet: quiet)
      let summary = try renderVideo(plan, video: video, to: Destination(output)) { progress in
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
    let seconds = Rational(audio.totalFrames, Int64(audio.rate))?.decimalString(places: 3) ?? "?"
    console.err(
      "wrote \(Destination(output).displayName): \(seconds) s, \(summary.videoFrameCount) pictures at \(video.width)x\(video.height) \(video.framesPerSecond) fps (h264), \(audio.totalFrames) audio frames at \(audio.rate) Hz, \(audio.channels == 1 ? "mono" : "stereo") (aac)"
    )
  }
}
