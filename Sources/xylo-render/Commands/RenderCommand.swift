import AudioBasics
import Platform
import Rendering

/// `xylo-render render SCORE -o OUT [options]`: mixes the score's taps into an audio file.
enum RenderCommand {
  static let command = Command(
    name: "render", overview: "Render a score to an audio file, every tap on its exact frame.",
    synopsis: [
      "xylo-render render SCORE -o OUT [options]", "xylo-render SCORE -o OUT [options]",
      "xylo-render render SCORE --stems DIR [-o OUT] [options]",
    ],
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: RenderOptions.sections,
    footer: """
      The output ends once the mix has decayed below -90 dBFS (--tail auto); --tail 0 ends it
      where the last sample ends, --tail SECONDS that long after, --duration at a set length.
      The score's own 'options' line applies; options given here override it. With the
      built-in xylophone, a tap's gain is how hard the bar is struck: C*0.5 is 6 dB quieter and
      darker (a longer contact, less click); a tap peaks at -8.2 dBFS, so chords of three keys
      do not clip. Recorded banks scale linearly. Clipped samples are counted and reported as
      a warning; --normalize or --gain fix them.
      """,
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let options: RenderOptions
    do {
      options = try RenderOptions(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    do throws(RenderError) {
      let plan: RenderPlan
      // Kept only when a manifest is asked for: it lists the song's taps.
      var manifestSong: Song?
      do {
        var song = try Song(
          file: options.scorePath, options: options.sound, limits: options.limits,
          midi: options.midi, openBank: QuietBank.preloadingOpener)
        if !options.quiet {
          console.reportReading(song, path: options.scorePath)
        }
        try song.select(options.excerpt)
        do { try song.settings.write(options.file, encoding: song.options.encoding) } catch {
          throw RenderError.invalidSetting(error.message)
        }
        song.settings.computesContentHash = options.printsHash || options.manifest != nil
        song.settings.measuresLoudness = options.manifest != nil
        if let jobs = options.jobs { song.settings.jobs = jobs }
        if let blockFrames = options.blockFrames { song.settings.blockFrames = blockFrames }
        plan = try song.plan()
        if options.manifest != nil { manifestSong = song }
      }
      let bar = ProgressBar(quiet: options.quiet)
      let show: ProgressHandler = { progress in
        bar?.show(progress)
        return .proceed
      }
      // The manifest's place is checked before the audio replaces anything.
      var outputs: [String] = []
      if case .file(let output) = options.destination { outputs.append(output) }
      if let folder = options.stems {
        outputs += stemPaths(plan, StemsRequest(folder: folder, mix: options.destination))
        if options.manifest != nil { try prepareStemFolder(folder) }
      }
      let manifestTarget = try options.manifest.map { (path) throws(RenderError) in
        try ManifestTarget(Destination(path), inputs: plan.inputPaths, otherOutputs: outputs)
      }
      let summary: RenderSummary
      var stems: StemsSummary?
      if let folder = options.stems {
        let written = try renderStems(
          plan, StemsRequest(folder: folder, mix: options.destination), progress: show)
        (summary, stems) = (written.mix, written)
      } else {  // RenderOptions asks for -o without --stems
        summary = try render(plan, to: options.destination ?? .standardOutput, progress: show)
      }
      bar?.finish()
      if let manifestTarget, let song = manifestSong {
        try manifestTarget.write(RenderManifest(song: song, plan: plan, summary: summary))
      }
      if let hash = summary.contentHash, options.printsHash {
        let line = "\(hash)  \(arguments.values["--output"] ?? "-")"
        if options.destination == .standardOutput { console.err(line) } else { console.out(line) }
      }
      if !options.quiet {
        report(summary, options: options, console: console)
        if let stems { reportStems(stems, folder: options.stems ?? "", console: console) }
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }
  private static func report(_ summary: RenderSummary, options: RenderOptions, console: Console) {
    let rate = Int64(summary.rate)
    func seconds(_ frame: Int64) -> String { timeText(frame, over: rate) }
    // The level's line comes after the format's and the voices' and before the clipping's.
    let aboutTheRender = summary.warnings.filter(\.isAboutTheRender)
    let aboutTheMix = summary.warnings.filter { !$0.isAboutTheRender }
    for warning in aboutTheRender + [nil] + aboutTheMix {
      guard let warning else {
        if let loudness = summary.loudness { reportLoudness(loudness, console: console) }
        continue
      }
      switch warning {
      case .wroteRF64:
        console.note("a WAV file holds at most 4 GiB; writing RF64, WAV with 64-bit sizes")
      case .voicesStoppedByLimit(let stopped, let limit):
        console.warning(
          "\(stopped == 1 ? "1 voice was" : "\(stopped) voices were") stopped early: more than \(limit) sounded at once; set --polyphony to choose the limit"
        )
      case .loudnessMissed: break  // with the loudness, below
      case .silence:
        console.warning(
          "\(quote(displayPath(options.scorePath), limit: displayedPathLength)) has no taps; the output is silence"
        )
      case .clipped(let count, let peakDecibels, let peakFrame, let keptInFloat):
        let samples = "\(count) \(count == 1 ? "sample" : "samples")"
        let peak =
          "peak \(fixed(peakDecibels, places: 1, signed: true)) dBFS at \(seconds(peakFrame))"
        if keptInFloat {
          // A float file holds values past full scale; only players that convert will clip.
          console.warning(
            "\(samples) \(count == 1 ? "exceeds" : "exceed") full scale (\(peak)), kept in the float file; try --normalize or --gain"
          )
        } else {
          console.warning("\(samples) clipped (\(peak)); try --normalize or --gain")
        }
      case .silentTaps(let silent):
        let taps = silent.count == 1 ? "1 tap plays" : "\(silent.count) taps play"
        let first = silent.count == 1 ? "" : " (the first)"
        if let turn = silent.firstRoundRobin {
          console.warning(
            "\(taps) no sample: the bank has none for \(silent.firstKey) at velocity \(silent.firstVelocity) on turn \(turn.turn) of its round robin of \(turn.length)\(first); check its seq_length/seq_position"
          )
        } else {
          console.warning(
            "\(taps) no sample: the bank has none for \(silent.firstKey) at velocity \(silent.firstVelocity)\(first); check its lovel/hivel ranges"
          )
        }
      case .abruptCuts, .unisonsMerged: break  // after the summary line, below
      }
    }
    let format = summary.format
    let encoding = format.encoding.map { " \($0.rawValue)" } ?? ""
    let kind: String
    if case .aac = options.file {
      kind = "aac in mp4"
    } else {
      kind = "\(format.container.rawValue)\(encoding)"
    }
    if let destination = options.destination {
      console.err(
        "wrote \(destination.displayName): \(seconds(summary.totalFrames)), \(summary.totalFrames) frames, \(summary.rate) Hz, \(summary.channels == 1 ? "mono" : "stereo"), \(kind)"
      )
    }
    if summary.mergedUnisons > 0 {
      let count = summary.mergedUnisons
      console.note(
        "\(count == 1 ? "1 tap struck a key" : "\(count) taps struck keys") already struck on the same frame; each bar sounds once, at its strongest tap"
      )
    }
    if let cuts = summary.abruptCuts {
      let voices = cuts.count == 1 ? "1 voice stops" : "\(cuts.count) voices stop"
      console.note(
        "\(voices) abruptly with a step of up to \(fixed(cuts.largestStepDecibels, places: 1, signed: true)) dBFS (the first at \(seconds(cuts.firstFrame))), as the app does; --cut-fade 5 fades them out over 5 ms"
      )
    }
  }

  /// `note: loudness -14.0 LUFS, true peak -3.2 dBTP`, saying when a limiter held the peaks.
  static func reportLoudness(_ loudness: LoudnessResult, console: Console) {
    let achieved = fixed(loudness.achievedLUFS, places: 1)
    let peak = fixed(loudness.truePeakDBTP, places: 1)
    if loudness.missedBy >= 0.05 {
      console.warning(
        "the loudness reached \(achieved) LUFS (true peak \(peak) dBTP), \(fixed(loudness.missedBy, places: 1)) LU under the target \(fixed(loudness.targetLUFS, places: 1)) LUFS"
      )
    } else if loudness.limitedBy > 0 {
      console.note(
        "loudness \(achieved) LUFS, true peak \(peak) dBTP; a limiter turned the loudest peak down \(fixed(loudness.limitedBy, places: 1)) dB"
      )
    } else {
      console.note("loudness \(achieved) LUFS, true peak \(peak) dBTP")
    }
  }
}

extension RenderWarning {
  /// Whether the warning is about the file or the voice plan rather than the mixed sound.
  fileprivate var isAboutTheRender: Bool {
    switch self {
    case .wroteRF64, .voicesStoppedByLimit: true
    default: false
    }
  }
}
