/// An option a command accepts, such as `--rate HZ` (takes a value) or `--quiet` (a flag).
struct OptionSpec: Sendable {
  var name: String
  var takesValue: Bool
  /// The value may be left out (`--normalize` or `--normalize -3`): the next argument is taken
  /// only when it is a number.
  var valueIsOptional = false
}

/// The command line after parsing: positional arguments, option values and flags.
struct ParsedArguments {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []
}

/// A bad command line, with a one-line reason.
struct UsageError: Error {
  var message: String
}

/// Parses options (`--name VALUE`, `--name=VALUE`, flags) and positionals; `--` ends options.
///
/// A lone `-` is a positional: it names standard input or output.
func parseArguments(_ arguments: [String], options: [OptionSpec]) throws(UsageError)
  -> ParsedArguments
{
  var parsed = ParsedArguments()
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
    let name = String(parts[0])
    guard let spec = options.first(where: { $0.name == name }) else {
      throw UsageError(message: "unknown option \(quote(name))")
    }
    guard parsed.values[name] == nil && !parsed.flags.contains(name) else {
      throw UsageError(message: "option \(quote(name)) given more than once")
    }
    if !spec.takesValue {
      guard parts.count == 1 else {
        throw UsageError(message: "option \(quote(name)) takes no value")
      }
      parsed.flags.insert(name)
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
        throw UsageError(message: "option \(quote(name)) needs a value")
      }
      parsed.values[name] = arguments[index]
      index += 1
    }
  }
  return parsed
}
