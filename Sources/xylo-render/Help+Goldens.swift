extension Help {
  static let hashUsage = "USAGE: xylo-render hash FILE..."

  static let hash = """
    OVERVIEW: Print a content hash of each audio file's decoded samples, like sha256sum.

    \(hashUsage)

    Prints 'HEX  FILE' per file. The hash is SHA-256 over the rate, channels, length and every
    sample as libsndfile decodes it, so the same samples in WAV, FLAC or AIFF hash alike, and
    any changed sample changes it. Container details (tags, timestamps) do not count.

    OPTIONS:
      -h, --help              Show this help
      --version               Show the version

    Exit status: 0 when every file was hashed, 1 when any cannot be read.
    """

  static let compareUsage =
    "USAGE: xylo-render compare EXPECTED ACTUAL [--tolerance DBFS|lsb|perceptual] [--diff-out FILE] [--score FILE]"

  static let compare = """
    OVERVIEW: Compare two audio files sample by sample, for golden-file tests.

    \(compareUsage)

    Decodes both files and compares their samples (not their bytes). When they differ it prints
    what differs: rate, channels or length, the first differing frame and its time, the largest
    difference in dBFS and where, the RMS of the difference, and how many frames differ.

    OPTIONS:
      --tolerance DBFS        Accept differences up to DBFS, such as -90 (default: exact);
                              'lsb': one step of EXPECTED's bit depth; 'perceptual': for
                              lossy files, loudness within 0.5 LU and every 1/3-octave
                              band within 3 dB (EBU R128, 50 ms windows)
      --diff-out FILE         Write ACTUAL minus EXPECTED to FILE as a float WAV, when
                              they differ
      --score FILE            Name the taps of FILE sounding at the first difference, planned
                              as a render with the options below plans them
    \(BankOption.help)
    \(VoiceOptions.help)
    \(MIDIInputOptions.help)
    \(LimitOptions.help)
      -h, --help              Show this help
      --version               Show the version

    Exit status: 0 identical or within tolerance, 1 different, 2 a file cannot be read,
    64 a bad command line. Comparing silent or empty files warns: such a golden usually
    hides a broken render.
    """
}

extension Help {
  static let convertUsage = "USAGE: xylo-render convert IN -o OUT [options]"

  static let convert = """
    OVERVIEW: Convert a MIDI file to a score, or a score to a MIDI file.

    \(convertUsage)

    A MIDI file (.mid, .midi) becomes a score (.xylo) whose taps are exactly the file's: a
    tempo line where the tempo changes, lengths in beats as exact fractions, chords joined
    with '+', one bar per line. A score becomes a format 1 MIDI file at 960 ticks a quarter,
    gain as velocity: exact where a tempo is a whole number of microseconds a beat, otherwise
    within half a millisecond. Keys are matched to the bank's as 'render' matches them.

    ARGUMENTS:
      IN                      A MIDI file or a score; '-' reads standard input

    OPTIONS:
      -o, --output OUT        The file to write (.xylo or .mid), '-' for standard output
    \(BankOption.help)
    \(MIDIInputOptions.help)
    \(LimitOptions.help)
      --quiet                 Print nothing but errors
      -h, --help              Show this help
      --version               Show the version
    """
}

extension Help {
  static let testUsage = "USAGE: xylo-render test [PATH...] [options]"

  static let test = """
    OVERVIEW: Run golden-file tests: every score under the paths against the golden beside it.

    \(testUsage)

    Every score (*.xylo, *.mid) under PATH (default: .) is a test. Its golden sits beside it as
    NAME.golden.flac (or .wav, or .sha256 for the content hash only), with NAME.golden.taps,
    the taps it was made of. Each score renders with its own 'options' line; options given
    here override it. A missing golden is written (not with --ci); a golden whose score is
    gone is obsolete. A failure says what differs, where, and which score lines changed.

    ARGUMENTS:
      PATH                    A folder searched recursively, or a score (default: .)

    OPTIONS:
      --ci                    Missing or obsolete goldens fail; nothing is written
      --update                Rewrite goldens whose audio changed, write missing ones,
                              remove obsolete ones; unchanged goldens are not touched
      --golden-format FORMAT  flac, wav or sha256, for goldens written (default: flac)
      --tolerance DBFS|lsb|perceptual
                              Accept differences up to DBFS (such as -90), one step of the
                              golden's bit depth, or what a listener would not hear (for
                              lossy audio; see 'compare --help'); default: exact
      --jobs N                Tests run at once (default: one per core)
      --junit FILE            Write a JUnit XML report (GitHub Actions, GitLab, Jenkins)
      --json FILE             Write a JSON report
      --annotate github       Print GitHub Actions annotations for failures
      --shard K/N             Run only shard K of N (a stable split by path)
      --list                  List the tests and run none
      --artifacts DIR         For each failure, leave in DIR the render, the difference
                              and a picture of both (PNG)
    \(BankOption.help)
    \(VoiceOptions.help)
    \(MIDIInputOptions.help)
    \(LimitOptions.help)
      -h, --help              Show this help
      --version               Show the version

    Exit status: 0 when no test failed or erred, 1 otherwise, 64 a bad command line.
    """
}

extension Help {
  static let loudnessUsage = "USAGE: xylo-render loudness FILE... [--json]"

  static let loudness = """
    OVERVIEW: Measure the loudness of audio files as EBU R128 / ITU-R BS.1770 defines it.

    \(loudnessUsage)

    Prints one line per file: integrated loudness (LUFS), loudness range (LU), true peak
    (dBTP, measured oversampled by libebur128) and sample peak (dBFS). Silence is -inf.

    OPTIONS:
      --json                  Print a JSON array instead
      -h, --help              Show this help
      --version               Show the version

    Exit status: 0 when every file was measured, 1 when any cannot be read.
    """
}

extension Help {
  static let ringtoneUsage = "USAGE: xylo-render ringtone SCORE -o OUT [options]"

  static let ringtone = """
    OVERVIEW: Make a phone's ringtone or alert from a score.

    \(ringtoneUsage)

    A ringtone loops without a seam: the file is exactly one period of the song, and what
    still rings at its end sounds over its start, so the phone playing it on repeat plays the
    song on repeat. A song longer than the limit is cut at its last bar line before it. The
    level is a loudness target, -14 LUFS under a -1 dBTP true-peak ceiling by default: as
    loud as streamed music, with room for a phone's own limiter.

    ARGUMENTS:
      SCORE                   A score or a MIDI file; '-' reads standard input

    OPTIONS:
      -o, --output OUT        The file: .m4r (iPhone, AAC), .ogg (Android, marked to loop
                              when it loops), .m4a, .mp3, .wav or .flac
      --for PHONE             iphone or android (looping, at most 30 s) or notification
                              (a one-shot alert, at most 5 s)
      --no-loop               A one-shot alert: the song as it rings out, faded if cut
      --seconds S             The longest file (default: 30)
      --loudness LUFS         The loudness target (default: -14)
      --true-peak DBTP        Its true-peak ceiling (default: -1)
    \(BankOption.help)
    \(BankOption.soundHelp)
    \(VoiceOptions.help)
    \(MIDIInputOptions.help)
    \(LimitOptions.help)
      --quiet                 Print nothing but errors
      -h, --help              Show this help
      --version               Show the version
    """
}

extension Help {
  static let videoUsage = "USAGE: xylo-render video SCORE -o OUT.mp4 [options]"

  static let video = """
    OVERVIEW: Make a video of the song as the app would play it.

    \(videoUsage)

    The app's keys (C D E F G A B, and every other key the score plays, lowest at the top),
    each a coloured bar at alpha 0.7 over a background, dimmed to 0.5 from the frame holding
    its tap for 0.2 s, as the app dims a tapped button. The sound is the render's, exactly,
    as AAC; the pictures are H.264. The same score and options give the same bytes.

    ARGUMENTS:
      SCORE                   A score or a MIDI file; '-' reads standard input

    VIDEO:
      -o, --output OUT        The file: .mp4 (H.264 and AAC). It appears only when complete.
      --size WxH              Picture size in pixels, both even (default: 1280x720)
      --fps N                 Pictures a second, 1 to 120 (default: 30)
      --background FILE       A PNG behind the keys, scaled to cover (default: a dark
                              gradient)
      --no-labels             Draw the keys without their titles
      --bitrate KBPS          AAC bit rate (default: 256)
      --block-frames N        Frames mixed at a time (default: 4096); never changes the output
      --jobs N                Threads that mix (default: one per core); never changes the output

    SOUND:
      --rate HZ               Audio sample rate, 44100 or 48000 (default: 48000)
      --channels 1|2          Audio channels (default: the most of the samples used)
    \(BankOption.help)
    \(BankOption.soundHelp)
    \(VoiceOptions.help)
    \(levelAndLength)

    \(midiAndLimits)
    """

  static let pictureUsage = "USAGE: xylo-render picture SCORE -o OUT.png|OUT.svg [options]"

  static let picture = """
    OVERVIEW: Draw a score as a piano roll.

    \(pictureUsage)

    Time runs across, the keys up the side in the app's colours (lowest at the bottom), a
    mark per tap at its exact time, its size growing with its gain; beats (or bars) and
    seconds are marked, the title is on top. SVG holds one vector shape per tap; PNG is
    drawn by Cairo. The same score gives the same bytes.

    ARGUMENTS:
      SCORE                   A score or a MIDI file; '-' reads standard input

    OPTIONS:
      -o, --output OUT        The picture: .png or .svg. It appears only when complete.
      --size WxH              Size in pixels (default: wider for longer songs, taller for
                              more keys)
      --title TEXT            The title on top (default: the score's)
      --beats-per-bar N       Draw a line every N beats instead of every beat
    \(BankOption.help)

    \(midiAndLimits)
    """
}
