import ScoreParser

extension SoundOptions {
  /// The options a score's `options` line sets; a word that is not one of them, a bad value,
  /// a limit (which only the command line sets) or a length past `limit` is an error at the
  /// word's column, unless `explicit` (the caller's options, which win) sets that length. A
  /// relative `--bank` is taken from `folder`, the score's own, when given.
  package init(
    scoreLine words: [ScoreOptionWord], relativeTo folder: String?,
    limit: Rational = ParseOptions.defaultMaxDuration,
    overriddenBy explicit: SoundOptions = SoundOptions()
  ) throws(ScoreOptionsError) {
    func failure(_ message: String, at word: ScoreOptionWord) -> ScoreOptionsError {
      ScoreOptionsError(diagnostic: Diagnostic(.error, at: word, message: message))
    }
    for word in words where Self.limitOptions.contains(String(word.text.prefix { $0 != "=" })) {
      throw failure(
        "in options: \(word.text.prefix { $0 != "=" }) is a limit the command line sets, not a score",
        at: word)
    }
    do throws(OptionError) {
      let parsed = try parseArguments(words.map(\.text), options: Self.scoreLineSpecs)
      if let stray = parsed.positionals.first {
        throw OptionError("'\(stray)' is not an option; an options line holds only options")
      }
      try self.init(reading: parsed, relativeTo: folder)
    } catch {
      let word = words.first { error.message.contains("'\($0.text)'") } ?? words[0]
      throw failure("in options: \(error.message)", at: word)
    }
    let overridden = Set(explicit.lengths.map(\.option))
      .union(explicit.length == nil ? [] : ["--duration", "--tail"])
    for (option, seconds) in lengths where limit < seconds && !overridden.contains(option) {
      let word = words.first { $0.text == option || $0.text.hasPrefix(option + "=") } ?? words[0]
      throw failure(Self.overLimit(option, seconds, limit: limit), at: word)
    }
  }

  /// Resource limits: someone else's score must not lift them.
  static let limitOptions: Set<String> = ["--max-sample-seconds", "--max-duration", "--max-taps"]
}

/// A score's `options` line that cannot be read: the diagnostic at the word at fault.
package struct ScoreOptionsError: Error {
  package var diagnostic: Diagnostic
}
