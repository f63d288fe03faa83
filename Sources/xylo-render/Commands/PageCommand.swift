import Exports
import Platform
import Rendering

/// `xylo-render page SCORE -o song.html`: the song on the app's keys, as one web page.
enum PageCommand {
  static let command = Command(
    name: "page", overview: "Make a web page that plays the song on the app's keys.",
    synopsis: ["xylo-render page SCORE -o OUT.html [options]"],
    about: """
      One HTML file that needs nothing else, loads nothing and works offline: the app's keys
      (C D E F G A B, and every other key the score plays) at alpha 0.7 over a dark gradient,
      the song as rendered (AAC), each key dimmed to 0.5 for 0.2 s on its taps by the song's
      audio clock; play, pause, seek, loop and speed. Every key plays its sample from the
      render's bank when clicked, touched or typed (1-9, or its letter), stopping the sound
      before it as the app does. Record taps along with the song, copy them as a score or
      download them as WAV. The same score and options give the same bytes.
      """ + "\n\n" + CommonOptions.shareableLevelHelp,
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "PAGE",
        options: [
          OptionSpec(
            "--output", alias: "-o", value: "OUT",
            help: "The page: .html. It appears only when complete."),
          OptionSpec(
            "--title", value: "TEXT",
            help: "The title over the keys (default: the score's title, else its file name)"),
          OptionSpec("--no-labels", help: "Draw the keys without their titles"),
          OptionSpec("--bitrate", value: "KBPS", help: "The song's AAC bit rate (default: 128)"),
          CommonOptions.blockFrames, CommonOptions.jobs,
        ])
    ]
      + CommonOptions.songSections(
        rateHelp: "Sample rate of the song and the keys, 44100 or 48000 (default: 48000)"),
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let scorePath: String
    let output: String
    var page = PageSettings()
    let reading: ScoreReading
    let jobs: Int?
    let blockFrames: Int?
    do throws(OptionError) {
      try arguments.requirePositionals(["SCORE"], command: "page")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw OptionError("missing -o OUT (an .html file)")
      }
      try PageSettings.checkOutput(path)
      output = path
      page.title = arguments.values["--title"]
      page.showsLabels = !arguments.has("--no-labels")
      if let kilobits = try arguments.wholeNumber("--bitrate", in: 16...512, unit: "kb/s") {
        page.audioBitRate = kilobits * 1_000
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
      if !quiet { console.reportReading(song, path: scorePath) }
      if let jobs { song.settings.jobs = jobs }
      if let blockFrames { song.settings.blockFrames = blockFrames }
      let bar = ProgressBar(quiet: quiet)
      let summary = try renderPage(song, settings: page, to: Destination(output)) { progress in
        bar?.show(progress)
        return .proceed
      }
      bar?.finish()
      if !quiet { report(summary, output: output, console: console) }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }

  private static func report(_ summary: PageSummary, output: String, console: Console) {
    let audio = summary.audio
    if let loudness = audio.loudness { RenderCommand.reportLoudness(loudness, console: console) }
    if audio.clippedCount > 0 {
      console.warning(
        "\(audio.clippedCount) \(audio.clippedCount == 1 ? "sample" : "samples") clipped; try --normalize or --loudness"
      )
    }
    let seconds = timeText(audio.totalFrames, over: Int64(audio.rate))
    console.err(
      "wrote \(Destination(output).displayName): \(kilobytes(summary.byteCount)), the song (\(seconds), \(audio.totalFrames) frames at \(audio.rate) Hz, aac, \(kilobytes(summary.songByteCount))) and \(summary.playableKeyCount) of \(summary.keyCount) keys' samples (flac, \(kilobytes(summary.sampleByteCount)))"
    )
  }

  /// `1234 kB`: a size in thousands of bytes, rounded up.
  private static func kilobytes(_ bytes: Int) -> String { "\((bytes + 999) / 1_000) kB" }
}
