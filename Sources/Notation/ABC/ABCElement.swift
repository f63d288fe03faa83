import ScoreParser

/// A note as written: its letter, octave, accidental and length.
struct ABCNoteToken: Sendable {
  /// C is 0, B is 6.
  var letter: Int
  /// Octaves above the one `C` starts (middle C): `c` is 1, `C,` is -1, `c'` is 2.
  var octave: Int
  /// Semitones an accidental written before it sets (`^` 1, `__` -2, `=` 0); `nil` when none.
  var accidental: Int?
  /// Its length in unit note lengths (`L:`).
  var multiplier: Rational
  /// A `-` after it ties it to the next note of its pitch.
  var tied = false
  /// Where it is written (a byte of the file), for messages.
  var offset: Int
}

/// A bar line as written: `|`, `||`, `[|`, `|]`, `|:`, `:|`, `::`, `:|2`, `|1` ...
struct ABCBar: Sendable, Equatable {
  /// The colons before the line: `:|` ends a repeat (more colons, more passes).
  var repeatEnds = 0
  /// Colons after the line: `|:` starts a repeat.
  var startsRepeat = false
  /// A double or thick line (`||`, `[|`, `|]`): where a section begins, for a `:|` that has
  /// no `|:`.
  var isDouble = false
  /// The ending that starts here (`|1`, `:|2`, `|[1,3`): the passes that play it.
  var ending: [Int]?
}

/// What a music line holds, in the order written.
enum ABCElementKind: Sendable {
  case note(ABCNoteToken)
  /// `[CEG]`: notes struck together; `multiplier` is the length written after `]`.
  case chord([ABCNoteToken], multiplier: Rational)
  /// `z` or `x`: a rest of `multiplier` unit lengths.
  case rest(multiplier: Rational)
  /// `Z4` or `X4`: a rest of whole bars.
  case barsRest(Int)
  /// `{g}` or `{/g}` (acciaccatura): grace notes before the next note.
  case grace([ABCNoteToken])
  /// `>` (positive count) or `<` (negative): broken rhythm between two notes.
  case broken(Int)
  /// `(p:q:r`: `p` notes in the time of `q`, for the next `r` notes (`nil`: the default).
  case tuplet(p: Int, q: Int?, r: Int?)
  case bar(ABCBar)
  /// `[1`, `[2,3` apart from a bar line.
  case ending([Int])
  /// An inline field `[K:G]`: its letter and its value.
  case field(letter: UInt8, value: ABCLine)
  /// `!trill!`, `+trill+`, `.`, `~`, `H`-`W`, `u`, `v`: marks, dynamics among them.
  case decoration(String)
  /// `"Am7"` (a chord symbol) or `"^text"` (an annotation).
  case text(String, isAnnotation: Bool)
  /// `(` or `)` not starting a tuplet.
  case slur
  /// `&`: a voice overlay, from the start of the bar.
  case overlay
  /// A `-` apart from its note (`c -c`): ties the notes struck just before.
  case tie
  /// What ABC 2.1 does not allow but real files write, passed over: its kind, as written.
  case lenient(ABCLenientKind, written: String)
}

/// An element of a music line and where it is written.
struct ABCElement: Sendable {
  var kind: ABCElementKind
  var line: ABCLine
  var offset: Int

  /// A problem at this element.
  func problem(_ message: String, at offset: Int? = nil) -> ABCProblem {
    ABCProblem(message, line: line, offset: offset ?? self.offset)
  }
}
