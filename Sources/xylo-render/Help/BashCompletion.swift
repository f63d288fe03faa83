import Settings

/// `xylo-render completions bash`: a script that completes the commands, each command's options
/// (long names and aliases), the words an option's value is one of, and files of the kinds an
/// option or operand reads, all from the declarations that parse.
enum BashCompletion {
  static func script(_ commands: [Command]) -> String {
    let names = commands.map(\.name) + ["help"]
    let standard = HelpText.standardOptions.flatMap { $0.0.split(separator: ", ").map(String.init) }
    var cases: [String] = []
    for command in commands {
      cases.append(commandCase(command, standard: standard))
    }
    cases.append(
      """
          help)
            operands=(\(shellQuoted("choices:" + commands.map(\.name).joined(separator: " "))))
            ;;
      """)
    return """
      # bash completion for xylo-render: made by 'xylo-render completions bash' from the options
      # it parses. Install as /usr/share/bash-completion/completions/xylo-render, or source it.

      # Sets COMPREPLY to what `$1` offers for the word `$cur`: 'choices:WORD ...', 'files:EXT|EXT'
      # (folders too, to go into; any file when no extension is named) or 'folders:'.
      _xylo_render_offer() {
        local kind=${1%%:*} list=${1#*:} extglob
        case $kind in
          choices)
            mapfile -t COMPREPLY < <(compgen -W "$list" -- "$cur")
            ;;
          files)
            compopt -o filenames 2>/dev/null
            if [[ -z $list ]]; then
              mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            else
              extglob=$(shopt -p extglob)
              shopt -s extglob
              mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X "!*.@($list)" -- "$cur")
              eval "$extglob"
            fi
            ;;
          folders)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -d -- "$cur")
            ;;
        esac
      }

      _xylo_render() {
        # The words up to the cursor, split at spaces alone: '--aspect 16:9' and '--rate=48000'
        # stay whole whatever COMP_WORDBREAKS holds.
        local line=${COMP_LINE:0:COMP_POINT} words cur prev="" command="" index=0 skip=0 i
        read -ra words <<<"$line"
        if [[ -z $line || $line == *[[:space:]] ]]; then words+=(""); fi
        cur=${words[${#words[@]} - 1]}
        if ((${#words[@]} > 1)); then prev=${words[${#words[@]} - 2]}; fi
        if [[ $cur == --*=* ]]; then
          prev=${cur%%=*}
          cur=${cur#*=}
        fi
        for ((i = 1; i < ${#words[@]} - 1; i++)); do
          if [[ ${words[i]} != -* ]]; then
            command=${words[i]}
            break
          fi
        done
        if [[ -z $command ]]; then
          mapfile -t COMPREPLY < <(compgen -W \(shellQuoted((names + standard).joined(separator: " "))) -- "$cur")
          return
        fi
        local options="" valued="" operands=()
        case $command in
      \(cases.joined(separator: "\n"))
          *) return ;;
        esac
        # What follows an option that takes a value, or its '=', is its value.
        if [[ ${words[${#words[@]} - 1]} == --*=* || " $valued " == *" $prev "* ]]; then
          _xylo_render_values "$command" "$prev"
          _xylo_render_trim
          return
        fi
        if [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
          return
        fi
        # The operand the word is: words after the command that are neither options nor their
        # values.
        for ((i = i + 1; i < ${#words[@]} - 1; i++)); do
          if ((skip)); then
            skip=0
          elif [[ ${words[i]} == -?* ]]; then
            if [[ ${words[i]} != *=* && " $valued " == *" ${words[i]} "* ]]; then skip=1; fi
          else
            index=$((index + 1))
          fi
        done
        if ((${#operands[@]} == 0)); then return; fi
        if ((index >= ${#operands[@]})); then index=$((${#operands[@]} - 1)); fi
        _xylo_render_offer "${operands[index]}"
        _xylo_render_trim
      }

      # Bash puts a reply in place of the word's part after its last ':' or '=': what comes
      # before it is taken off each reply (as bash-completion's __ltrim_colon_completions does).
      _xylo_render_trim() {
        local kept=${cur%"${cur##*[:=]}"} k
        if [[ -n $kept && $COMP_WORDBREAKS == *"${kept: -1}"* ]]; then
          for k in "${!COMPREPLY[@]}"; do COMPREPLY[k]=${COMPREPLY[k]#"$kept"}; done
        fi
      }

      # The values the option `$2` of the command `$1` offers.
      _xylo_render_values() {
        case "$1 $2" in
      \(valueCases(commands).joined(separator: "\n"))
        esac
      }

      complete -F _xylo_render xylo-render
      """
  }

  /// A command's options, the options that take a value, and its operands.
  private static func commandCase(_ command: Command, standard: [String]) -> String {
    let options = command.options.flatMap { [$0.alias, $0.name].compactMap(\.self) } + standard
    let valued = command.options.filter { $0.takesValue && !$0.valueIsOptional }
      .flatMap { [$0.alias, $0.name].compactMap(\.self) }
    let operands = command.operands.map { shellQuoted(offer($0) ?? "choices:") }
    return """
          \(command.name))
            options=\(shellQuoted(options.joined(separator: " ")))
            valued=\(shellQuoted(valued.joined(separator: " ")))
            operands=(\(operands.joined(separator: " ")))
            ;;
      """
  }

  /// `"render --mallet") _xylo_render_offer 'choices:soft medium hard' ;;` for each option
  /// whose value is offered.
  private static func valueCases(_ commands: [Command]) -> [String] {
    var lines: [String] = []
    for command in commands {
      for option in command.options where option.takesValue {
        guard let offer = offer(option.values) else { continue }
        let names = [option.alias, option.name].compactMap(\.self)
          .map { "\"\(command.name) \($0)\"" }.joined(separator: " | ")
        lines.append("    \(names)) _xylo_render_offer \(shellQuoted(offer)) ;;")
      }
    }
    return lines
  }

  /// What `_xylo_render_offer` is given for `values`, or nil for any text (nothing offered).
  private static func offer(_ values: OptionValues) -> String? {
    switch values {
    case .text: nil
    case .choices(let words): "choices:" + words.joined(separator: " ")
    case .files(let extensions), .foldersOrFiles(let extensions):
      "files:" + extensions.joined(separator: "|")
    case .folders: "folders:"
    }
  }
}

/// `text` in single quotes for a POSIX shell.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacing("'", with: "'\\''") + "'"
}
