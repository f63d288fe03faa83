import ScoreParser
import Settings

/// Every sound option, as a score's `options` line or `render` spells it, and a few others.
private let specs =
  SoundOptions.scoreLineSpecs + [
    OptionSpec("--output", alias: "-o", value: "OUT", help: ""),
    OptionSpec("--max-duration", value: "SECONDS", help: ""),
    OptionSpec("--quiet", help: ""),
  ]

/// The command line as NUL-separated words: parsing and every value check either succeed or
/// give one short line, never a crash, whatever the words are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let words = UnsafeBufferPointer(start: data, count: size).split(
    separator: 0, omittingEmptySubsequences: false
  ).map { String(decoding: $0, as: UTF8.self) }
  do throws(OptionError) {
    let parsed = try parseArguments(words, options: specs)
    precondition(parsed.positionals.count <= words.count, "no word counted twice")
    let options = try SoundOptions(reading: parsed)
    _ = try parsed.duration("--max-duration", positive: true)
    try options.settings.check()
  } catch {
    precondition(!error.message.isEmpty, "a refusal says why")
    precondition(!error.message.contains("\n"), "a refusal is one line")
    precondition(error.message.unicodeScalars.count < 400, "quoted words are capped")
  }
  return 0
}
