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
      check SCORE...          Validate scores; print taps, keys and duration of each
      events SCORE            Print the resolved taps as CSV, in render order

    OPTIONS:
      -h, --help              Show help; 'xylo-render <command> --help' for a command
      --version               Show the version

    Exit status: 0 success, 1 a bad score or an I/O error, 64 a bad command line.
    """

  static let checkUsage =
    "USAGE: xylo-render check [--max-taps N] [--max-duration SECONDS] SCORE..."

  static let check = """
    OVERVIEW: Validate scores and print one summary line for each.

    \(checkUsage)

    ARGUMENTS:
      SCORE                   A score file; '-' reads standard input

    OPTIONS:
    \(LimitOptions.help)
      -h, --help              Show this help
      --version               Show the version

    Errors are printed as FILE:LINE:COLUMN: error: MESSAGE, all of a file at once.
    Exit status: 0 when every score is valid, 1 when any has an error, 64 a bad command line.
    """

  static let eventsUsage =
    "USAGE: xylo-render events [--rate HZ] [--max-taps N] [--max-duration SECONDS] SCORE"

  static let events = """
    OVERVIEW: Print the resolved taps of a score as CSV, in render order.

    \(eventsUsage)

    Columns: frame,seconds,key,gain,line. A tap at time t lands on frame floor(t*rate + 1/2);
    seconds are exact, rounded to 6 decimals; rows are ordered by frame, then by text order.

    ARGUMENTS:
      SCORE                   A score file; '-' reads standard input

    OPTIONS:
      --rate HZ               Frames per second for the frame column (default: 48000)
    \(LimitOptions.help)
      -h, --help              Show this help
      --version               Show the version
    """
}
