import AudioDigest
import Mixer
import Platform
import SampleBank
import ScoreParser
import SoundFile

/// `xylo-render render SCORE -o OUT [options]`: mixes the score's taps into an audio file.
enum RenderCommand {
  static let command = Command(
    name: "render", options: RenderSettings.specs, usage: Help.renderUsage, help: Help.render,
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    let settings: RenderSettings
    do {
      settings = try RenderSettings(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.renderUsage)
      return .usage
    }
    guard let bank = BankOption.open(arguments, console: console) else { return .failure }
    var options = settings.parseLimits
    options.keys = bank.titles
    var score: Score
    do {
      // The file (and its copy of the score) ends here, so the render can free the taps.
      guard let file = ScoreFile.load(settings.scorePath, options: options, console: console),
        let parsed = file.report(to: console)
      else { return .failure }
      score = parsed
    }
    do {
      try render(&score, bank: bank, settings: settings, console: console)
      return .success
    } catch {
      console.error(error.message)
      return .failure
    }
  }

  /// Renders to a temporary file, verifies it, then moves it into place. The score's taps are
  /// released once the voices are planned.
  static func render(
    _ score: inout Score, bank: any SampleBank, settings: RenderSettings, console: Console
  ) throws(RenderFailure) {
    let tags = Tags(title: score.title, artist: score.artist, comment: score.comment)
    releaseFreedMemory()  // what parsing took
    let setup = try MixSetup(score: &score, bank: bank, settings: settings)
    releaseFreedMemory()  // what decoding, resampling and scheduling took
    let totalFrames = try setup.outputFrames(settings)
    let fadeFrames = settings.fadeOut.roundedHalfUp(scale: Int64(setup.rate)) ?? totalFrames
    var engine = RenderEngine(
      plan: MixPlan(samples: setup.samples, voices: setup.voices, channels: setup.channels),
      blockFrames: settings.blockFrames, totalFrames: totalFrames, jobs: settings.jobs,
      finishing: Finishing(
        gain: Float(settings.gain), totalFrames: totalFrames, fadeOutFrames: fadeFrames))
    let passes = settings.normalizeTo == nil ? 1 : 2
    if let target = settings.normalizeTo {
      let progress = ProgressBar(total: totalFrames, label: "measuring", quiet: settings.quiet)
      let peak = engine.measure(progress: progress).peak
      progress?.finish()
      if peak > 0 { engine.finishing.gain = Float(pow(10, target / 20) / Double(peak)) }
    }
    let target: OutputTarget
    do {
      target = try OutputTarget(destination: settings.outputPath)
    } catch {
      throw RenderFailure(error.description)
    }
    let format = settings.format.holding(
      dataBytes: totalFrames * Int64(setup.channels * settings.format.bytesPerValue))
    if format != settings.format && !settings.quiet {
      console.note("a WAV file holds at most 4 GiB; writing RF64, WAV with 64-bit sizes")
    }
    let outcome: RenderEngine.Outcome
    do {
      let writer = try SoundFileWriter(
        path: target.temporaryPath, format: format, sampleRate: setup.rate,
        channels: setup.channels,
        tags: tags)
      let progress = ProgressBar(
        total: totalFrames, label: passes == 2 ? "writing  " : "rendering", quiet: settings.quiet)
      outcome = try engine.write(to: writer, dither: settings.dither, progress: progress)
      progress?.finish()
      try writer.close()
      try verifyWrittenFile(
        path: target.temporaryPath, sampleRate: setup.rate, channels: setup.channels,
        frameCount: totalFrames, exactLength: format.container.isLossless)
      let hash = settings.printsHash ? try audioHash(ofFileAt: target.temporaryPath) : nil
      try target.commit()
      if let hash {
        let line = "\(hash)  \(settings.outputPath)"
        if settings.outputPath == "-" { console.err(line) } else { console.out(line) }
      }
    } catch let error as SoundFileError {
      throw RenderFailure(
        "cannot write '\(settings.outputPath)': \(error.reason)")
    } catch let error as OutputError {
      throw RenderFailure(error.description)
    } catch {
      throw RenderFailure("cannot write '\(settings.outputPath)': \(error)")
    }
    if !settings.quiet {
      report(outcome, setup: setup, totalFrames: totalFrames, settings: settings, console: console)
    }
  }

  private static func report(
    _ outcome: RenderEngine.Outcome, setup: MixSetup, totalFrames: Int64,
    settings: RenderSettings, console: Console
  ) {
    if setup.voicesStoppedByLimit > 0 {
      console.warning(
        "\(setup.voicesStoppedByLimit == 1 ? "1 voice was" : "\(setup.voicesStoppedByLimit) voices were") stopped early: more than \(MixSetup.defaultVoiceLimit) sounded at once; set --polyphony to choose the limit"
      )
    }
    if outcome.clippedCount > 0 {
      let peakDB = 20 * log10(Double(outcome.peak.peak))
      let time =
        Rational(outcome.peak.peakFrame, Int64(setup.rate))?.decimalString(places: 3) ?? "?"
      console.warning(
        "\(outcome.clippedCount) \(outcome.clippedCount == 1 ? "sample" : "samples") clipped (peak \(fixed(peakDB, places: 1, signed: true)) dBFS at \(time) s); try --normalize or --gain"
      )
    }
    let seconds = Rational(totalFrames, Int64(setup.rate))?.decimalString(places: 3) ?? "?"
    let encoding = settings.format.encoding.map { " \($0.rawValue)" } ?? ""
    let name = settings.outputPath == "-" ? "standard output" : "'\(settings.outputPath)'"
    console.err(
      "wrote \(name): \(seconds) s, \(totalFrames) frames, \(setup.rate) Hz, \(setup.channels == 1 ? "mono" : "stereo"), \(settings.format.container.rawValue)\(encoding)"
    )
  }
}
