/// Turns the lines of a score into items, which an `ItemPlayer` plays as they are read.
///
/// Groups nest on the player's explicit stack (not recursion), which keeps 100,000 `[` in a
/// row from overflowing the call stack; groups deeper than `maximumDepth` are refused with one
/// diagnostic. Once the text has an error nothing more is played or held: the rest of the file
/// is only checked, for its diagnostics.
struct LineParser {
  static let maximumDepth = 100

  let keyChecker: KeyChecker?
  var diagnostics = DiagnosticList()
  var title: String?
  var artist: String?
  var comment: String?
  var options = OptionsLineReader()
  /// The voices `voice` lines name, in the order first named; `main` first when taps come
  /// before the first of them.
  var voices: [String] = []
  private(set) var player: ItemPlayer

  /// The first tap read, valid or not, quoted, and its line: an `options` line must come
  /// before it.
  private var firstTap: (quoted: String, line: Int)?
  /// `[` opened beyond `maximumDepth`, counted so their `]` still match.
  private var excessDepth = 0

  init(keyChecker: KeyChecker?, expander: Expander) {
    self.keyChecker = keyChecker
    player = ItemPlayer(expander)
  }

  /// Reads one line: a directive, or an optional timestamp followed by taps, rests and brackets.
  mutating func parse(_ line: SourceLine) {
    if let (column, value) = line.invalidByte {
      let hex = String(value, radix: 16, uppercase: true)
      diagnostics.append(
        .error, line: line.number, column: column,
        message: "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex); save the score as UTF-8")
      return
    }
    var tokens = Tokenizer(line)
    guard let first = tokens.next() else { return }
    if let keyword = Keyword.named(first.text) {
      if keyword == .options {
        options.read(
          first, rest: line.text[first.text.endIndex...], after: firstTap,
          diagnostics: &diagnostics)
      } else {
        parseDirective(keyword, first, tokens: &tokens)
      }
      return
    }
    if let character = first.text.first, isASCIIDigit(character) {
      parseTimestamp(first)
    } else {
      parseItem(first)
    }
    while !diagnostics.isFull, let token = tokens.next() {
      parseItem(token)
    }
  }

  /// Closes the file: every `[` still open is an error.
  mutating func finish() {
    for open in player.openGroups {
      diagnostics.error("unclosed '['; close it with ']xN', as in '[C D]x2'", at: open)
    }
  }

  /// What the expansion made: hands it over in place (a copy of the player would keep the
  /// taps alive while they are joined), leaving an empty one.
  mutating func takeExpander() -> Expander {
    player.takeExpander()
  }

  // MARK: - Directives

  /// A directive line, `keyword` its first token; `tokens` reads the rest of the line.
  private mutating func parseDirective(
    _ keyword: Keyword, _ token: Token, tokens: inout Tokenizer
  ) {
    if keyword.takesText {
      while tokens.next() != nil {}  // to find where a comment starts
      let text = String(token.text.base[token.text.endIndex..<tokens.contentEnd]).trimmingBlanks()
      guard !text.isEmpty else {
        let example =
          keyword == .voice
          ? "a name, as in 'voice melody'" : "text, as in '\(keyword.rawValue) My Song'"
        diagnostics.error("'\(keyword.rawValue)' needs \(example)", at: token)
        return
      }
      switch keyword {
      case .title: title = text
      case .artist: artist = text
      case .voice: startVoice(named: text)
      default: comment = text
      }
      return
    }
    // A directive reads one argument; a second is reported, and the rest of the line ignored.
    let arguments = [tokens.next(), tokens.next()].compactMap { $0 }
    if keyword == .meter {
      parseMeter(token, arguments: arguments)
      return
    }
    let what = keyword.rawValue
    guard let argument = arguments.first else {
      let example =
        switch keyword {
        case .tempo: "'tempo 120' (beats per minute)"
        case .gain: "'gain 0.5' (a linear factor)"
        default: "'length 1/2' (beats)"
        }
      diagnostics.error("'\(what)' needs a number, as in \(example)", at: token)
      return
    }
    if arguments.count > 1 {
      diagnostics.error(
        "unexpected \(quoted(arguments[1].text)) after '\(what) \(argument.text)'; a directive takes the whole line",
        at: arguments[1])
    }
    // A gain may be 0, as a tap's `*0` may; a tempo or a length must be positive.
    let rule = keyword == .gain ? "must not be negative" : "must be positive"
    if argument.text.hasPrefix("-") {
      diagnostics.error("\(what) \(rule), got \(quoted(argument.text))", at: argument)
      return
    }
    switch parseNumber(Substring(argument.text)) {
    case .failure(let error):
      diagnostics.error(numberMessage(error, argument.text, what: what), at: argument)
    case .success(let value) where value < .zero || value == .zero && keyword != .gain:
      diagnostics.error("\(what) \(rule), got \(quoted(argument.text))", at: argument)
    case .success(let value):
      switch keyword {
      case .tempo: append(.tempo(value, at: argument.span))
      case .gain: append(.gain(value.doubleValue))
      default: append(.length(value))
      }
    }
  }

  /// `voice NAME`: the taps after it, up to the next `voice` line, are in voice NAME (the rest
  /// of the line); a name used before takes up that voice again.
  private mutating func startVoice(named name: String) {
    if voices.isEmpty && firstTap != nil { voices.append(Score.firstVoiceName) }
    let index = voices.firstIndex(of: name) ?? voices.count
    if index == voices.count { voices.append(name) }
    append(.voice(index))
  }

  /// `meter N/D`: N from 1 to 64 notes of 1/D, D a power of two from 1 to 64.
  private mutating func parseMeter(_ token: Token, arguments: [Token]) {
    let example = "as in 'meter 3/4' or 'meter 6/8'"
    guard let argument = arguments.first else {
      diagnostics.error("'meter' needs beats and a note value, \(example)", at: token)
      return
    }
    if arguments.count > 1 {
      diagnostics.error(
        "unexpected \(quoted(arguments[1].text)) after 'meter \(argument.text)'; a directive takes the whole line",
        at: arguments[1])
    }
    let parts = argument.text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]),
      (1...64).contains(numerator), (1...64).contains(denominator),
      denominator & (denominator - 1) == 0
    else {
      diagnostics.error(
        "\(quoted(argument.text)) is not a meter: 1 to 64 notes of 1, 2, 4, 8, 16, 32 or 64, \(example)",
        at: argument)
      return
    }
    append(.meter(numerator: numerator, denominator: denominator))
  }

  private mutating func parseTimestamp(_ token: Token) {
    var text = token.text
    var unit = Rational.one
    if text.hasSuffix("ms") {
      text = text.dropLast(2)
      unit = Rational(1, 1000) ?? .one
    } else if text.hasSuffix("s") {
      text = text.dropLast()
    }
    switch parseNumber(text) {
    case .failure(let error):
      let message =
        error == .malformed
        ? "malformed time \(quoted(token.text)); write seconds like '1.25' or '1.25s', or milliseconds like '1250ms'"
        : numberMessage(error, token.text, what: "time")
      diagnostics.error(message, at: token)
    case .success(let value):
      guard player.depth == 0 && excessDepth == 0 else {
        diagnostics.error("a timestamp cannot stand inside a repeat", at: token)
        return
      }
      guard let seconds = value.multiplied(by: unit) else {
        diagnostics.error(numberMessage(.tooLarge, token.text, what: "time"), at: token)
        return
      }
      append(.timestamp(seconds, at: token.span))
    }
  }

  // MARK: - Items

  private mutating func parseItem(_ token: Token) {
    let first = CharacterCursor(token)
    guard !first.isAtEnd else { return }
    // The first character, read as its byte when ASCII: comparing `Character`s is slow.
    let byte = first.ascii
    switch byte {
    case UInt8(ascii: "|") where token.length == 1:
      append(.barLine(at: token.span))
    case UInt8(ascii: "["):
      openGroup(token)
    case UInt8(ascii: "]"):
      closeGroup(token)
    case UInt8(ascii: "."):
      if let item = parseTap(token, keyChecker: keyChecker, diagnostics: &diagnostics) {
        append(item)
      }
    case _ where byte.map(isASCIILetter) ?? isLetter(first.character):
      if let keyword = Keyword.named(token.text) {
        diagnostics.error(
          "'\(keyword.rawValue)' is a directive and must be the first word of its line", at: token)
      } else {
        if firstTap == nil { firstTap = (quoted(token.text), token.line) }
        if let item = parseTap(token, keyChecker: keyChecker, diagnostics: &diagnostics) {
          append(item)
        }
      }
    case _ where byte.map { (0x30...0x39).contains($0) } ?? isASCIIDigit(first.character):
      diagnostics.error(
        "unexpected number \(quoted(token.text)); a time must be the first word of its line, a length follows ':' as in 'C:2'",
        at: token)
    default:
      diagnostics.error(
        "unknown token \(quoted(token.text)); expected a key, a rest '.', '|', '[' or ']xN'",
        at: token)
    }
  }

  private mutating func openGroup(_ token: Token) {
    if player.depth >= Self.maximumDepth || excessDepth > 0 {
      if excessDepth == 0 {
        diagnostics.error("repeats nest more than \(Self.maximumDepth) deep", at: token)
      }
      excessDepth += 1
      return
    }
    player.openGroup(at: token.span)
  }

  private mutating func closeGroup(_ token: Token) {
    if excessDepth > 0 {
      excessDepth -= 1
      return
    }
    let count = repeatCount(token)
    guard player.closeGroup(count: count, at: token.span, play: !diagnostics.hasErrors) else {
      diagnostics.error("\(quoted(token.text)) has no matching '['", at: token)
      return
    }
  }

  /// The count of `]xN`, a whole number from 1; `nil` after reporting any other.
  private mutating func repeatCount(_ token: Token) -> Int64? {
    guard player.depth > 0 else { return nil }
    let countText = token.text.dropFirst()
    let digits = countText.dropFirst()
    guard countText.first == "x", !digits.isEmpty, digits.allSatisfy(isASCIIDigit) else {
      diagnostics.error(
        "malformed repeat end \(quoted(token.text)); write ']x' and a count, as in ']x2'", at: token
      )
      return nil
    }
    guard let count = Int64(digits) else {
      diagnostics.error("repeat count \(quoted(token.text)) is too large", at: token)
      return nil
    }
    guard count >= 1 else {
      diagnostics.error(
        "repeat count must be at least 1, got \(quoted(token.text)); remove the group to play it never",
        at: token)
      return nil
    }
    return count
  }

  /// Hands `item` to the player, until the text has an error.
  private mutating func append(_ item: ScoreItem) {
    guard excessDepth == 0, !diagnostics.hasErrors else { return }
    player.append(item)
  }
}
