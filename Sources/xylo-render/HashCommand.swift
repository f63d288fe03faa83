import AudioDigest
import CommandLineOptions

/// `xylo-render hash FILE...`: a content hash per file, `HEX  FILE` like `sha256sum`.
enum HashCommand {
  static let command = Command(
    name: "hash", options: [], usage: Help.hashUsage, help: Help.hash, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      console.error(usageError: "missing FILE", usage: Help.hashUsage)
      return .usage
    }
    var status = ExitStatus.success
    for path in arguments.positionals {
      do {
        console.out("\(try audioHash(ofFileAt: path))  \(path)")
      } catch {
        console.error(error.description)
        status = .failure
      }
    }
    return status
  }
}
