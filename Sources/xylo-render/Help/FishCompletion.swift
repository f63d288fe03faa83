import Settings

/// `xylo-render completions fish`: a `complete` line per command and option, from the
/// declarations that parse.
enum FishCompletion {
  static func script(_ commands: [Command]) -> String {
    var lines = [
      "# fish completion for xylo-render: made by 'xylo-render completions fish' from the options",
      "# it parses. Install as xylo-render.fish in a folder of $fish_complete_path.",
      "",
      "# Folders, and the files under the word being completed with one of the extensions given.",
      "function __xylo_render_files",
      "    for path in (commandline -ct)*",
      "        if test -d $path",
      "            echo $path/",
      "        else if string match -q -r -i -- '\\\\.('(string join '|' $argv)')$' $path",
      "            echo $path",
      "        end",
      "    end",
      "end",
      "",
      "complete -c xylo-render -f",
      "complete -c xylo-render -n __fish_use_subcommand -s h -l help -d 'Show help'",
      "complete -c xylo-render -n __fish_use_subcommand -l version -d 'Show the version'",
    ]
    for command in commands {
      lines.append(
        "complete -c xylo-render -n __fish_use_subcommand -a \(command.name) -d "
          + quoted(command.overview))
    }
    lines.append(
      "complete -c xylo-render -n __fish_use_subcommand -a help -d 'Show the help of a command'")
    lines.append(
      "complete -c xylo-render -n '__fish_seen_subcommand_from help' -a "
        + quoted(commands.map(\.name).joined(separator: " ")))
    for command in commands {
      let condition = "-n " + quoted("__fish_seen_subcommand_from \(command.name)")
      let start = "complete -c xylo-render \(condition)"
      for option in command.options {
        var line = start
        if let alias = option.alias, alias.count == 2 { line += " -s \(alias.dropFirst())" }
        line += " -l \(option.name.dropFirst(2))"
        if option.takesValue { line += " " + values(option.values, required: true) }
        lines.append(line + " -d " + quoted(option.help))
      }
      lines.append(start + " -s h -l help -d 'Show this help'")
      lines.append(start + " -l version -d 'Show the version'")
      // Operands: what the command reads (fish does not tell them apart by position).
      var offered: [String] = []
      for operand in command.operands {
        let words = values(operand, required: false)
        if !words.isEmpty, !offered.contains(words) {
          offered.append(words)
          lines.append(start + " " + words)
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The flags offering `values`: `-x -a 'soft medium hard'`, `-r -F` (any file), `-x -a
  /// '(__xylo_render_files xylo mid)'`, `-x -a '(__fish_complete_directories)'`.
  private static func values(_ values: OptionValues, required: Bool) -> String {
    let takes = required ? "-x " : ""
    switch values {
    case .text: return required ? "-x" : ""
    case .choices(let words): return takes + "-a " + quoted(words.joined(separator: " "))
    case .files(let extensions) where extensions.isEmpty: return (required ? "-r " : "") + "-F"
    case .files(let extensions), .foldersOrFiles(let extensions):
      return takes + "-a " + quoted("(__xylo_render_files \(extensions.joined(separator: " ")))")
    case .folders: return takes + "-a '(__fish_complete_directories)'"
    }
  }

  /// `text` in fish's single quotes (`\'` and `\\` inside).
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
