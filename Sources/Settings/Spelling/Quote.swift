import ScoreParser

/// Quotes a word of the command line for a message: control characters escaped, cut to
/// `limit` characters.
package func quote(_ text: String, limit: Int = 40) -> String {
  "'\(displayText(text, limit: limit))'"
}
