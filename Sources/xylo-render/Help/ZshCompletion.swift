import Settings

/// `xylo-render completions zsh`: an `_arguments` specification per command, from the
/// declarations that parse.
enum ZshCompletion {
  static func script(_ commands: [Command]) -> String {
    let described = commands.map { "    \(shellQuoted($0.name + ":" + $0.overview))" }
    let cases = commands.map { command in
      let specs = command.options.map(spec) + standardSpecs + operandSpecs(command)
      return "    \(command.name))\n      _arguments -s -S \\\n"
        + specs.map { "        \($0)" }.joined(separator: " \\\n") + "\n      ;;"
    }
    return """
      #compdef xylo-render
      # zsh completion for xylo-render: made by 'xylo-render completions zsh' from the options it
      # parses. Install as _xylo-render in a folder on $fpath.

      _xylo_render() {
        local -a commands
        commands=(
      \(described.joined(separator: "\n"))
          'help:Show the help of a command'
        )
        if (( CURRENT == 2 )); then
          _alternative 'commands:command:_describe -t commands command commands' \\
            'options:option:(--help --version)'
          return
        fi
        local command=${words[2]}
        shift words
        (( CURRENT-- ))
        case $command in
      \(cases.joined(separator: "\n"))
          help)
            _arguments '1:command:(\(commands.map(\.name).joined(separator: " ")))'
            ;;
        esac
      }

      _xylo_render "$@"
      """
  }

  private static let standardSpecs = [
    "'(- *)'{-h,--help}'[Show this help]'", "'(- *)--version[Show the version]'",
  ]

  /// `'(-o --output)'{-o,--output}'[Write to OUT]:OUT:_files'`, `'*--track[…]:N: '`.
  private static func spec(_ option: OptionSpec) -> String {
    var body = "[" + escaped(option.help, [("\\", "\\\\"), ("[", "\\["), ("]", "\\]")]) + "]"
    if let name = option.valueName {
      let message = escaped(name, [(":", "\\:")])
      body += (option.valueIsOptional ? "::" : ":") + message + ":" + action(option.values)
    }
    let repeated = option.repeatable ? "*" : ""
    guard let alias = option.alias else { return shellQuoted(repeated + option.name + body) }
    let names = "{\(alias),\(option.name)}"
    let group = option.repeatable ? "'*'" : shellQuoted("(\(alias) \(option.name))")
    return group + names + shellQuoted(body)
  }

  /// The operands: `'1:operand:(export)' '*:operand:_files -/'`.
  private static func operandSpecs(_ command: Command) -> [String] {
    command.operands.enumerated().map { index, values in
      let position = index == command.operands.count - 1 ? "*" : "\(index + 1)"
      return shellQuoted("\(position):operand:" + action(values))
    }
  }

  /// The completion action for `values`.
  private static func action(_ values: OptionValues) -> String {
    switch values {
    case .text: " "
    case .choices(let words):
      "(" + words.map { escaped($0, [(":", "\\:")]) }.joined(separator: " ") + ")"
    case .files(let extensions) where extensions.isEmpty: "_files"
    case .files(let extensions), .foldersOrFiles(let extensions):
      "_files -g \"*.(\(extensions.joined(separator: "|")))\""
    case .folders: "_files -/"
    }
  }

  private static func escaped(_ text: String, _ pairs: [(String, String)]) -> String {
    pairs.reduce(text) { $0.replacing($1.0, with: $1.1) }
  }
}
