/// Turns the lines of a score into items, nesting repeat groups with an explicit stack.
///
/// The stack (not recursion) keeps 100,000 `[` in a row from overflowing the call stack;
/// groups deeper than `maximumDepth` are refused with one diagnostic.
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

  /// The first tap read, valid or not: an `options` line must come before it.
  private var firstTap: Token?
  private var stack: [[ScoreItem]] = [[]]
  private var openTokens: [Token] = []
  /// `[` opened beyond `maximumDepth`, counted so their `]` still match.
  private var excessDepth = 0

  init(keyChecker: KeyChecker?) {
    self.keyChecker = keyChecker
  }

  /// Reads one line: a directive, or an optional timestamp followed by taps, rests and brackets.
  mutating func parse(_ line: SourceLine) {
    switch line.problem {
    case .invalidByte(let column, let value):
      let hex = String(value, radix: 16, uppercase: true)
      diagnostics.append(
        .error, line: line.number, column: column,
        message: "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex); save the score as UTF-8")
      return
    case .tooLong(let bytes):
      diagnostics.append(
        .error, line: line.number, column: 1,
        message: "line is \(bytes) bytes long, more than the limit of \(maximumLineBytes); split it"
      )
      return
    case nil:
      break
    }
    let tokenized = tokenize(line)
    guard let first = tokenized.tokens.first else { return }
    var rest = tokenized.tokens.dropFirst()
    if let keyword = Keyword.named(first.text) {
      if keyword == .options {
        options.read(first, in: line, after: firstTap, diagnostics: &diagnostics)
      } else {
        parseDirective(keyword, first, arguments: Array(rest), content: tokenized.content)
      }
      return
    }
    if let character = first.text.first, isASCIIDigit(character) {
      parseTimestamp(first)
    } else {
      rest = tokenized.tokens[...]
    }
    for token in rest where !diagnostics.isFull {
      parseItem(token)
    }
  }

  /// Closes the file: every `[` still open is an error.
  mutating func finish() -> [ScoreItem] {
    for token in openTokens {
      diagnostics.error("unclosed '['; close it with ']xN', as in '[C D]x2'", at: token)
    }
    return stack.first ?? []
  }

  // MARK: - Directives

  private mutating func parseDirective(
    _ keyword: Keyword, _ token: Token, arguments: [Token], content: [Character]
  ) {
    if keyword.takesText {
      let start = token.column - 1 + token.text.count
      let text = String(content[start...]).trimmingBlanks()
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
    if keyword == .meter {
      parseMeter(token, arguments: arguments)
      return
    }
    let what = keyword == .tempo ? "tempo" : "length"
    guard let argument = arguments.first else {
      let example = keyword == .tempo ? "'tempo 120' (beats per minute)" : "'length 1/2' (beats)"
      diagnostics.error("'\(what)' needs a number, as in \(example)", at: token)
      return
    }
    if arguments.count > 1 {
      diagnostics.error(
        "unexpected \(quoted(arguments[1].text)) after '\(what) \(argument.text)'; a directive takes the whole line",
        at: arguments[1])
    }
    if argument.text.hasPrefix("-") {
      diagnostics.error("\(what) must be positive, got \(quoted(argument.text))", at: argument)
      return
    }
    switch parseNumber(Substring(argument.text)) {
    case .failure(let error):
      diagnostics.error(numberMessage(error, argument.text, what: what), at: argument)
    case .success(let value) where value <= .zero:
      diagnostics.error("\(what) must be positive, got \(quoted(argument.text))", at: argument)
    case .success(let value):
      append(keyword == .tempo ? .tempo(value, token: argument) : .length(value))
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
    var text = Substring(token.text)
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
      guard openTokens.isEmpty && excessDepth == 0 else {
        diagnostics.error("a timestamp cannot stand inside a repeat", at: token)
        return
      }
      guard let seconds = value.multiplied(by: unit) else {
        diagnostics.error(numberMessage(.tooLarge, token.text, what: "time"), at: token)
        return
      }
      append(.timestamp(seconds, token: token))
    }
  }

  // MARK: - Items

  private mutating func parseItem(_ token: Token) {
    guard let first = token.text.first else { return }
    switch first {
    case "|" where token.text == "|":
      append(.barLine(token: token))
    case "[":
      openGroup(token)
    case "]":
      closeGroup(token)
    case ".":
      if let item = parseTap(token, keyChecker: keyChecker, diagnostics: &diagnostics) {
        append(item)
      }
    case _ where isLetter(first):
      if let keyword = Keyword.named(token.text) {
        diagnostics.error(
          "'\(keyword.rawValue)' is a directive and must be the first word of its line", at: token)
      } else {
        if firstTap == nil { firstTap = token }
        if let item = parseTap(token, keyChecker: keyChecker, diagnostics: &diagnostics) {
          append(item)
        }
      }
    case _ where isASCIIDigit(first):
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
    if stack.count > Self.maximumDepth || excessDepth > 0 {
      if excessDepth == 0 {
        diagnostics.error("repeats nest more than \(Self.maximumDepth) deep", at: token)
      }
      excessDepth += 1
      return
    }
    stack.append([])
    openTokens.append(token)
  }

  private mutating func closeGroup(_ token: Token) {
    if excessDepth > 0 {
      excessDepth -= 1
      return
    }
    guard openTokens.popLast() != nil, let items = stack.popLast() else {
      diagnostics.error("\(quoted(token.text)) has no matching '['", at: token)
      return
    }
    let countText = token.text.dropFirst()
    let digits = countText.dropFirst()
    guard countText.first == "x", !digits.isEmpty, digits.allSatisfy(isASCIIDigit) else {
      diagnostics.error(
        "malformed repeat end \(quoted(token.text)); write ']x' and a count, as in ']x2'", at: token
      )
      return
    }
    guard let count = Int64(digits) else {
      diagnostics.error("repeat count \(quoted(token.text)) is too large", at: token)
      return
    }
    guard count >= 1 else {
      diagnostics.error(
        "repeat count must be at least 1, got \(quoted(token.text)); remove the group to play it never",
        at: token)
      return
    }
    append(
      .group(
        RepeatGroup(items: items, count: count, tapsPerPass: tapCount(of: items), closeToken: token)
      ))
  }

  private mutating func append(_ item: ScoreItem) {
    if excessDepth > 0 { return }
    stack[stack.count - 1].append(item)
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  func trimmingBlanks() -> String {
    let characters = Array(self)
    guard let start = characters.firstIndex(where: { !isBlank($0) }),
      let end = characters.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(characters[start...end])
  }
}
