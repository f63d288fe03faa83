/// What an option's value (or a command's operand) may be, as shell completion offers it: one of
/// some words, a file of some kinds, a folder, or any text.
package enum OptionValues: Sendable, Equatable {
  /// Any text: a number, a time, a name.
  case text
  /// One of these words.
  case choices([String])
  /// A file with one of these extensions (lowercase, without the dot); any file when empty.
  case files(extensions: [String])
  /// A folder.
  case folders
  /// A folder, or a file with one of these extensions (`--bank DIR|FILE`, `test PATH`).
  case foldersOrFiles(extensions: [String])

  /// What a value offers when its option declares nothing more, from the name help gives it:
  /// the words without capitals (`soft|medium|hard`; `auto` of `auto|SECONDS`, `github`), a
  /// folder for `DIR`, a file for `FILE` or `OUT` (of its kind for `FILE.png`), else any text.
  package init(valueName: String) {
    let words = valueName.split(separator: "|")
    let choices = words.filter { !$0.contains(where: \.isUppercase) }.map(String.init)
    if !choices.isEmpty {
      self = .choices(choices)
    } else if valueName == "DIR" {
      self = .folders
    } else if valueName == "FILE" || valueName == "OUT" {
      self = .files(extensions: [])
    } else if let dot = valueName.firstIndex(of: "."), ["FILE", "OUT"].contains(valueName[..<dot]) {
      self = .files(extensions: [String(valueName[valueName.index(after: dot)...])])
    } else {
      self = .text
    }
  }
}
