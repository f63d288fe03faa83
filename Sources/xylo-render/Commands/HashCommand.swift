import AudioDigest
import Settings

/// `xylo-render hash FILE...`: a content hash per file, `HEX  FILE` like `sha256sum`.
enum HashCommand {
  static let command = Command(
    name: "hash",
    overview: "Print a content hash of each audio file's decoded samples, like sha256sum.",
    synopsis: ["xylo-render hash FILE..."],
    about: """
      Prints 'HEX  FILE' per file. The hash is SHA-256 over the rate, channels, length and every
      sample as libsndfile decodes it, so the same samples in WAV, FLAC or AIFF hash alike, and
      any changed sample changes it. Container details (tags, timestamps) do not count.
      """,
    operands: [.files(extensions: CommonOptions.audioExtensions)],
    sections: [],
    footer: "Exit status: 0 when every file was hashed, 1 when any cannot be read.", run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      console.error(usageError: "missing FILE", usage: command.usage)
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
