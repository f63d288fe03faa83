import Rendering
import Settings

/// `xylo-render manual`: the manual page xylo-render(1) in roff, made from the declarations that
/// parse (each command's synopsis, text, arguments and options, as `--help` shows them), the
/// score format in short, and the exit statuses.
enum ManualPage {
  static func page(_ commands: [Command]) -> String {
    var lines = [
      ".\\\" xylo-render(1), made by 'xylo-render manual' from the options it parses.",
      ".TH XYLO-RENDER 1 \(xyloRenderVersionDate) \"xylo-render \(xyloRenderVersion)\" \"User Commands\"",
      ".SH NAME",
      "xylo-render \\- render xylophone scores to audio, offline and on the exact frame",
      ".SH SYNOPSIS",
    ]
    for command in commands {
      lines += [".B xylo-render"] + synopsis(command.listing) + [".br"]
    }
    lines += [".B xylo-render", "\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR"]
    lines += [".SH DESCRIPTION"] + paragraphs(description)
    lines.append(".SH COMMANDS")
    for command in commands { lines += section(command) }
    lines += [".SH SCORE FORMAT"] + paragraphs(scoreFormat)
    lines += [".SH EXIT STATUS"]
    for (status, meaning) in Help.exitStatuses {
      lines += [".TP", ".B \(status.rawValue)", prose(capitalized(meaning) + ".")]
    }
    lines += [".SH ENVIRONMENT", ".TP", ".B NO_COLOR"]
    lines.append(prose("When set, messages are never coloured (they are only on a terminal)."))
    lines += [".SH SEE ALSO", ".BR sox (1),", ".BR ffmpeg (1),", ".BR fluidsynth (1)"]
    // A paragraph starts each section of itself: no `.PP` right after a heading.
    let kept = lines.indices.filter { lines[$0] != ".PP" || !lines[$0 - 1].hasPrefix(".SH") }
    return kept.map { lines[$0] }.joined(separator: "\n")
  }

  /// What the tool does, as the manual's description says it.
  static let description = """
    xylo-render renders xylophone music offline. A score lists key taps and their timing, in the
    seven keys of the beginner iOS xylophone app (C D E F G A B); xylo-render resolves every tap
    to its exact time and frame, places each key's sample there, sums them, and writes WAV, FLAC,
    AIFF, CAF, W64, RF64, Ogg Vorbis, Opus, MP3 or AAC. The same score, bank and options give the
    same samples on every run, at every block size and thread count. Without --bank the keys are
    a built-in xylophone, synthesized bit-exact from a physical model of a struck bar.

    Every command that reads a score also reads MIDI (.mid, .midi), MusicXML (.musicxml, .xml,
    .mxl) and ABC (.abc), and '-' for standard input. 'xylo-render COMMAND --help' shows a
    command's options as this page lists them; 'xylo-render completions bash|zsh|fish' prints
    a shell completion script.
    """

  /// The score format in short (docs/score-format.md has all of it).
  static let scoreFormat = """
    A score is text, one statement a line; '#' starts a comment. 'title', 'artist', 'tempo BPM',
    'meter 6/8', 'length BEATS' (of a bare key), 'voice NAME' (the part the taps after it play)
    and 'options ...' (the score's own render options, which the command line's override) set
    the song up. A key title taps that key and moves on one beat: 'G:2' lasts two beats, 'G*0.5'
    is struck at half gain, 'C+E+G' is a chord, '.' a rest, '[C D E C]x2' a repeat, '|' a bar
    line. A line that starts with a time ('0.412', '1250ms') places its taps there, as a tap log
    does. Times are exact fractions, so a tap lands on the same frame on every machine. For
    example:

    tempo 100
    C C G G | A A G:2 | F F E E | D D C:2
    """

  /// A command: its overview, synopsis, text, arguments, options by heading, and footer.
  private static func section(_ command: Command) -> [String] {
    var lines = [".SS \(command.name)", prose(command.overview), ".PP", ".nf"]
    lines += command.synopsis.map(prose)
    lines.append(".fi")
    if let about = command.about { lines += paragraphs(about) }
    if !command.arguments.isEmpty {
      for argument in command.arguments {
        lines += [".TP", ".I \(argument.name)", prose(argument.help)]
      }
    }
    for section in command.sections where !section.options.isEmpty {
      lines += [".PP", ".B \(section.title)"]
      for option in section.options {
        lines += [".TP", label(option), prose(option.help)]
      }
    }
    if let footer = command.footer { lines += paragraphs(footer) }
    return lines
  }

  /// `\fB\-o\fR, \fB\-\-output\fR \fIOUT\fR`: every dash of a name a minus sign, as typed.
  private static func label(_ option: OptionSpec) -> String {
    var text = [option.alias, option.name].compactMap(\.self)
      .map { "\\fB" + $0.replacing("-", with: "\\-") + "\\fR" }.joined(separator: ", ")
    if let value = option.valueName {
      let name = "\\fI" + escaped(value, dashes: false) + "\\fR"
      text += option.valueIsOptional ? " [\(name)]" : " \(name)"
    }
    return text
  }

  /// The synopsis of a command as its listing shows it: the command in bold, the rest as
  /// written.
  private static func synopsis(_ listing: String) -> [String] {
    let words = listing.split(separator: " ", maxSplits: 1).map(String.init)
    return ["\\fB\(words[0])\\fR" + (words.count > 1 ? " " + escaped(words[1], dashes: true) : "")]
  }

  /// Text whose paragraphs are blank-line separated, each a `.PP`; a paragraph whose lines
  /// keep their breaks (an example) is one with lines that look like a score, set as written.
  private static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
      let rows = paragraph.split(separator: "\n").map(String.init)
      lines.append(".PP")
      if rows.count > 1, rows.allSatisfy({ $0.count < 50 }) {
        lines += [".nf"] + rows.map(prose) + [".fi"]
      } else {
        lines.append(prose(rows.joined(separator: " ")))
      }
    }
    return lines
  }

  /// A line of running text: escaped, never read as a request.
  private static func prose(_ text: String) -> String {
    let line = escaped(text, dashes: true)
    return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
  }

  /// `text` with its backslashes escaped and, when `dashes`, each dash that starts a word (an
  /// option, a negative number) a minus sign.
  private static func escaped(_ text: String, dashes: Bool) -> String {
    var result = ""
    var previous: Character = " "
    for character in text {
      if character == "\\" {
        result += "\\e"
      } else if character == "-", dashes,
        previous == " " || previous == "-" || previous == "("
          || previous == "[" || previous == "'" || previous == "|"
      {
        result += "\\-"
      } else {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
