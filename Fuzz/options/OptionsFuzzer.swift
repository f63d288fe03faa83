import CommandLineOptions
import ScoreParser

/// Every kind of option the tool has: with a value, a flag, an optional value, an alias.
private let specs = [
  OptionSpec("--output", alias: "-o", takesValue: true),
  OptionSpec("--rate", takesValue: true),
  OptionSpec("--gain", takesValue: true),
  OptionSpec("--tail", takesValue: true),
  OptionSpec("--max-duration", takesValue: true),
  OptionSpec("--dither-seed", takesValue: true),
  OptionSpec("--normalize", takesValue: true, valueIsOptional: true),
  OptionSpec("--quiet", takesValue: false),
  OptionSpec("--polyphony", takesValue: true),
]

/// The command line as NUL-separated words: parsing and every value check either succeed or
/// give one short line, never a crash, whatever the words are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let words = UnsafeBufferPointer(start: data, count: size).split(
    separator: 0, omittingEmptySubsequences: false
  ).map { String(decoding: $0, as: UTF8.self) }
  do throws(UsageError) {
    let parsed = try parseArguments(words, options: specs)
    precondition(parsed.positionals.count <= words.count, "no word counted twice")
    _ = try parsed.wholeNumber("--rate", in: 1_000...768_000, unit: "hertz")
    _ = try parsed.decibels("--gain", in: -120...60)
    _ = try parsed.duration("--tail")
    _ = try parsed.duration("--max-duration", positive: true)
    _ = try parsed.unsignedNumber("--dither-seed")
    _ = try parsed.decibels("--normalize", in: -120...0)
    _ = try parsed.wholeNumber("--polyphony", in: 1...1_000_000, unit: "voices")
    try parsed.requirePositionals(["SCORE"], command: "render")
  } catch {
    precondition(!error.message.isEmpty, "a refusal says why")
    precondition(!error.message.contains("\n"), "a refusal is one line")
    precondition(error.message.unicodeScalars.count < 400, "quoted words are capped")
  }
  return 0
}
