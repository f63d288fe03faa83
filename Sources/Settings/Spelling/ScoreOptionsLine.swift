import ScoreParser

extension SoundOptions {
  /// The options a score's `options` line sets; a word that is not one of them, or a bad value,
  /// is an error at the word's column. A relative `--bank` is taken from `folder`, the score's
  /// own, when one is given.
  package init(scoreLine words: [ScoreOptionWord], relativeTo folder: String?)
    throws(ScoreOptionsError)
  {
    do throws(OptionError) {
      let parsed = try parseArguments(words.map(\.text), options: Self.scoreLineSpecs)
      if let stray = parsed.positionals.first {
        throw OptionError("'\(stray)' is not an option; an options line holds only options")
      }
      try self.init(reading: parsed, relativeTo: folder)
    } catch {
      let word = words.first { error.message.contains("'\($0.text)'") } ?? words[0]
      throw ScoreOptionsError(
        diagnostic: Diagnostic(.error, at: word, message: "in options: \(error.message)"))
    }
  }
}

/// A score's `options` line that cannot be read: the diagnostic at the word at fault.
package struct ScoreOptionsError: Error {
  package var diagnostic: Diagnostic
}
