import SoundFile

/// The help texts; the end-to-end tests compare them byte for byte.
enum Help {
  static var versionLine: String {
    "xylo-render \(XyloRender.version) (\(SoundFileLibrary.version))"
  }

  static let toolUsage = "USAGE: xylo-render <command> [options] (see 'xylo-render --help')"

  static let tool = """
    OVERVIEW: Render xylophone scores to audio, offline and on the exact frame.

    USAGE: xylo-render <command> [options]

    COMMANDS:
      render SCORE -o OUT     Render a score to an audio file ('xylo-render SCORE -o OUT' too)
      check SCORE...          Validate scores; print taps, keys and duration of each
      events SCORE            Print the resolved taps as CSV, in render order
      keys                    List the bank's keys with their rate, channels and length
      bank export DIR         Write the built-in xylophone as DIR/<title>.wav (48 kHz, 24-bit)
      compare EXPECTED ACTUAL Compare two audio files sample by sample (golden-file tests)
      hash FILE...            Print a content hash of each file's decoded audio
      convert IN -o OUT       Convert a MIDI file to a score, or a score to a MIDI file
      test [PATH...]          Run golden-file tests: each score against the golden beside it
      loudness FILE...        Measure loudness (LUFS), range, true peak and peak of each file
      ringtone SCORE -o OUT   Make a seamless ringtone or a one-shot alert for a phone
      video SCORE -o OUT      Make a video of the song played on the app's keys (MP4)
      picture SCORE -o OUT    Draw the score as a piano roll (PNG or SVG)

    OPTIONS:
      -h, --help              Show help; 'xylo-render <command> --help' for a command
      --version               Show the version

    Exit status: 0 success; 1 a bad score, sample or I/O error, or files 'compare' finds
    different; 2 a file 'compare' cannot read; 64 a bad command line.
    """

  static let checkUsage =
    "USAGE: xylo-render check [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE..."

  static let check = """
    OVERVIEW: Validate scores and print one summary line for each.

    \(checkUsage)

    ARGUMENTS:
      SCORE                   A score or a MIDI file (.mid); '-' reads standard input

    OPTIONS:
    \(BankOption.help)
    \(MIDIInputOptions.help)
    \(LimitOptions.help)
      -h, --help              Show this help
      --version               Show the version

    Errors are printed as FILE:LINE:COLUMN: error: MESSAGE, all of a file at once.
    Exit status: 0 when every score is valid, 1 when any has an error, 64 a bad command line.
    """

  static let eventsUsage =
    "USAGE: xylo-render events [--rate HZ] [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE"

  static let events = """
    OVERVIEW: Print the resolved taps of a score as CSV, in render order.

    \(eventsUsage)

    Columns: frame,seconds,key,gain,line (track for a MIDI file). A tap at time t lands on
    frame floor(t*rate + 1/2); seconds are exact, rounded to 6 decimals; rows are ordered by
    frame, then by text order.

    ARGUMENTS:
      SCORE                   A score or a MIDI file (.mid); '-' reads standard input

    OPTIONS:
      --rate HZ               Frames per second for the frame column (default: 48000)
    \(BankOption.help)
    \(MIDIInputOptions.help)
    \(LimitOptions.help)
      -h, --help              Show this help
      --version               Show the version
    """

  static let renderUsage = "USAGE: xylo-render render SCORE -o OUT [options]"

  static let render = """
    OVERVIEW: Render a score to an audio file, every tap on its exact frame.

    USAGE: xylo-render render SCORE -o OUT [options]
           xylo-render SCORE -o OUT [options]

    ARGUMENTS:
      SCORE                   A score or a MIDI file (.mid); '-' reads standard input

    OUTPUT:
      -o, --output OUT        The file to write, '-' for standard output. It appears only when
                              complete; a failed render leaves an existing file untouched.
      --format NAME           wav, flac, aiff, caf, w64, rf64, ogg, opus, mp3, or m4a/m4r
                              (AAC in MP4, written with FFmpeg)
                              (default: from OUT's extension; wav for '-')
      --bitrate KBPS          AAC bit rate for .m4a and .m4r (default: 256)
      --encoding ENC          pcm16, pcm24, pcm32 or float, for lossless formats
                              (default: pcm16; flac holds pcm16 and pcm24)
      --rate HZ               Output sample rate (default: the highest of the samples used)
      --channels 1|2          Output channels (default: the most of the samples used)
      --dither                Add triangular (TPDF) dither before rounding to integers
      --dither-seed N         The dither's seed (default: 0); the same seed, the same file
      --print-hash            Print the content hash of what was written, as 'hash' does
      --block-frames N        Frames mixed at a time (default: 4096); never changes the output
      --jobs N                Threads that mix (default: one per core); never changes the output

    SOUND:
    \(BankOption.help)
    \(BankOption.soundHelp)
    \(VoiceOptions.help)
    \(levelAndLength)

    \(midiAndLimits)

    The output lasts until the last sample ends, unless --tail or --duration say otherwise.
    With the built-in xylophone, a tap's gain is how hard the bar is struck: C*0.5 is 6 dB
    quieter and darker (a longer contact, less click); a tap peaks at -12 dBFS, so chords of
    four keys do not clip. Recorded banks scale linearly. Clipped samples are counted and
    reported as a warning.
    """

  /// The closing sections of the commands that read scores: MIDI input, limits, messages.
  static let midiAndLimits = """
    MIDI INPUT:
    \(MIDIInputOptions.help)

    LIMITS AND MESSAGES:
    \(LimitOptions.help)
      --quiet                 Print nothing but errors
      -h, --help              Show this help
      --version               Show the version
    """

  /// The level and length options of the commands that render a whole song.
  static let levelAndLength = """
      --gain DB               Change the level by DB decibels
      --normalize [DBFS]      Scale so the peak lands at DBFS (default: -1)
      --loudness LUFS         Scale to this integrated loudness (EBU R128), measured first
      --true-peak DBTP        The true-peak ceiling --loudness keeps to (default: -1)
      --tail SECONDS          Add silence after the last sample ends
      --duration SECONDS      Cut or pad the output to exactly this length; keys still
                              sounding at the cut fade out over its last 5 ms
      --fade-out SECONDS      Fade out linearly over the last SECONDS
    """

  static let keysUsage = "USAGE: xylo-render keys [--bank DIR]"

  static let keys = """
    OVERVIEW: List the bank's keys with their sample rate, channels and length.

    \(keysUsage)

    OPTIONS:
    \(BankOption.help)
      -h, --help              Show this help
      --version               Show the version
    """

  static let bankUsage = "USAGE: xylo-render bank export DIR"

  static let bank = """
    OVERVIEW: Write the built-in xylophone bank as WAV files, to listen to, edit or reuse.

    \(bankUsage)

    Writes DIR/<title>.wav for every built-in key (48 kHz, mono, 24-bit), creating DIR if
    needed. '--bank DIR' reads such a folder back and renders exactly as the built-in bank.

    OPTIONS:
      --quiet                 Print nothing but errors
      -h, --help              Show this help
      --version               Show the version
    """
}
