import MIDIFile
import Notation
import SampleBank
import ScoreParser
import SoundFile

/// Why a render, a comparison or an export could not be done, with the one line that says so.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The score has errors; each diagnostic has its line and column in `path`.
  case score(path: String, diagnostics: [Diagnostic], sourceLines: [Int: String])
  /// A MIDI file that cannot be read, or a note in it the bank cannot play (`--out-of-range
  /// error`): the file, and where in it.
  case midi(path: String, MIDIError)
  /// A MusicXML or ABC file that cannot be read: the file, line and column.
  case notation(NotationError)
  /// A score file that cannot be read at all.
  case unreadableScore(path: String, reason: String)
  /// A bank or one of its samples cannot be used.
  case bank(BankError)
  /// A setting outside its range (a library caller's mistake; the command line checks first).
  case invalidSetting(String)
  /// The score, the settings and the rate do not fit together (a frame past 64 bits).
  case doesNotFit(String)
  /// The output cannot be written, or a file cannot be read.
  case output(OutputError)
  case soundFile(SoundFileError)
  /// A file that is a Git LFS pointer where audio was expected: a checkout without
  /// `git lfs pull`.
  case gitLFSPointer(path: String)
  /// Scores in one folder whose names differ only in their extension (`waltz.musicxml`,
  /// `waltz.mxl`): they would write, and be checked against, one golden.
  case sharedGolden(scores: [String], golden: String)
  /// The caller's progress handler asked to stop; nothing was written.
  case cancelled

  public var description: String {
    switch self {
    case .score(let path, let diagnostics, _):
      let count = diagnostics.count
      return "'\(path)' has \(count) \(count == 1 ? "error" : "errors")"
        + (diagnostics.first.map { ": \($0.headline(path: path))" } ?? "")
    case .midi(let path, let error): return "\(path): \(error)"
    case .notation(let error): return error.description
    case .unreadableScore(let path, let reason): return "cannot read '\(path)': \(reason)"
    case .bank(let error): return error.description
    case .invalidSetting(let reason): return reason
    case .doesNotFit(let reason): return reason
    case .output(let error): return error.description
    case .soundFile(let error): return error.description
    case .gitLFSPointer(let path):
      return "'\(path)' is a Git LFS pointer, not audio; run 'git lfs pull'"
    case .sharedGolden(let scores, let golden):
      let names = scores.map { "'\($0)'" }
      let listed = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
      return
        "\(listed) would share one golden, '\(golden)' (named after the score without its extension): rename all but one"
    case .cancelled: return "stopped before it was finished"
    }
  }
}
