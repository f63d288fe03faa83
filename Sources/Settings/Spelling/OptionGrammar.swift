import ScoreParser

/// An option as a command line or a score's `options` line spells it, such as `--rate HZ`
/// (takes a value) or `--quiet` (a flag), with its help: parsing and `--help` both read this one
/// declaration.
package struct OptionSpec: Sendable {
  /// The long name, under which the value is stored: `--output`.
  package var name: String
  /// A short name for the same option: `-o`.
  package var alias: String?
  /// What the value is called in help (`HZ`, `soft|medium|hard`); `nil` for a flag.
  package var valueName: String?
  /// The value may be left out (`--normalize` or `--normalize -3`): the next argument is taken
  /// only when it is a number.
  package var valueIsOptional = false
  /// The option may be given several times (`--track 1 --track 3`), each value kept in order.
  package var repeatable = false
  /// What the option does, for `--help`: one sentence, without a final period; a default goes
  /// last, in parentheses.
  package var help: String
  /// What the value may be, as shell completion offers it (from `valueName` unless declared).
  package var values: OptionValues

  package var takesValue: Bool { valueName != nil }

  package init(
    _ name: String, alias: String? = nil, value valueName: String? = nil,
    valueIsOptional: Bool = false, repeatable: Bool = false, values: OptionValues? = nil,
    help: String
  ) {
    self.name = name
    self.alias = alias
    self.valueName = valueName
    self.valueIsOptional = valueIsOptional
    self.repeatable = repeatable
    self.values = values ?? valueName.map(OptionValues.init(valueName:)) ?? .text
    self.help = help
  }
}

/// Options after parsing: positional words, option values and flags, each option under its long
/// name.
package struct ParsedOptions {
  package var positionals: [String] = []
  package var values: [String: String] = [:]
  package var flags: Set<String> = []
  /// The values of repeatable options, in the order given.
  package var lists: [String: [String]] = [:]

  package init(
    positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = [],
    lists: [String: [String]] = [:]
  ) {
    self.positionals = positionals
    self.values = values
    self.flags = flags
    self.lists = lists
  }

  /// Whether the flag (or an option with an optional value) was given.
  package func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

/// Options that cannot be read (an unknown name, a missing or bad value), with a one-line reason.
public struct OptionError: Error, Equatable, CustomStringConvertible {
  public var message: String

  public var description: String { message }

  package init(_ message: String) {
    self.message = message
  }
}

/// Parses options (`--name VALUE`, `--name=VALUE`, flags) and positionals; `--` ends options.
/// The command line and a score's `options` line are both read by this one grammar.
///
/// A lone `-` is a positional: it names standard input or output. An option given twice, under
/// either of its names, is an error; an unknown one is named with the likeliest one meant.
package func parseArguments(_ arguments: [String], options: [OptionSpec]) throws(OptionError)
  -> ParsedOptions
{
  var parsed = ParsedOptions()
  var index = 0
  var optionsEnded = false
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
      parsed.positionals.append(argument)
      continue
    }
    if argument == "--" {
      optionsEnded = true
      continue
    }
    let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let written = String(parts[0])
    guard let spec = options.first(where: { $0.name == written || $0.alias == written }) else {
      throw unknownOption(written, options: options)
    }
    let name = spec.name
    guard spec.repeatable || !parsed.has(name) else {
      let names = spec.alias.map { "'\($0)' or '\(name)'" } ?? "'\(name)'"
      throw OptionError("option \(names) given more than once")
    }
    if !spec.takesValue {
      guard parts.count == 1 else { throw OptionError("option \(quote(written)) takes no value") }
      parsed.flags.insert(name)
    } else if spec.repeatable {
      if parts.count == 2 {
        parsed.lists[name, default: []].append(String(parts[1]))
      } else {
        guard index < arguments.count else {
          throw OptionError("option \(quote(written)) needs a value")
        }
        parsed.lists[name, default: []].append(arguments[index])
        index += 1
      }
    } else if parts.count == 2 {
      parsed.values[name] = String(parts[1])
    } else if spec.valueIsOptional {
      if index < arguments.count, Double(arguments[index]) != nil {
        parsed.values[name] = arguments[index]
        index += 1
      } else {
        parsed.flags.insert(name)
      }
    } else {
      guard index < arguments.count else {
        throw OptionError("option \(quote(written)) needs a value")
      }
      parsed.values[name] = arguments[index]
      index += 1
    }
  }
  return parsed
}

/// `unknown option '--polyphonie'; did you mean '--polyphony'?`: one edit away for short names,
/// two for longer ones.
private func unknownOption(_ written: String, options: [OptionSpec]) -> OptionError {
  let names = options.map(\.name)
  let bare = written.drop { $0 == "-" }
  let suggestion = nearestMatch(
    to: "--" + bare, among: names, maximumHalfEdits: bare.count <= 6 ? 2 : 4)
  return OptionError(
    "unknown option \(quote(written))" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
}
