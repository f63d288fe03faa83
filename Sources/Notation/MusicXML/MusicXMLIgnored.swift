/// What a MusicXML file may hold that is not played as written, each kind reported once.
enum MusicXMLIgnoredKind: Int, CaseIterable, Sendable {
  case harmony
  case figuredBass
  case unpitched
  case cue
  case printedJump
  case wedge
  case ornament
  case arpeggio
  case otherDynamics
  case tiedWithoutTie
  case microtone
  case outOfRange
  case backupPastStart
  case attack
  case extraVoices
  case unreadableTempo
  case jumpWithoutTarget

  /// The line for `count` of them, with up to three examples as written.
  func warning(_ count: Int, examples: [String]) -> String {
    let many = count != 1
    let more = count > examples.count && examples.count == 3 ? ", ..." : ""
    let listed = examples.isEmpty ? "" : " (\(examples.joined(separator: ", "))\(more))"
    let isAre = many ? "are" : "is"
    let s = many ? "s" : ""
    switch self {
    case .harmony: return "\(count) <harmony> element\(s) (chord symbols) \(isAre) not played"
    case .figuredBass:
      return "\(count) <figured-bass> element\(s) (figured bass) \(isAre) not played"
    case .unpitched: return "\(count) <unpitched> note\(s) (percussion) \(isAre) not played"
    case .cue: return "\(count) <cue> note\(s) \(isAre) silent, as MusicXML says"
    case .printedJump:
      return
        "\(count) jump\(s) written only as text or a sign\(listed) \(isAre) not followed; a <sound> element's dacapo, dalsegno, tocoda or fine attribute is"
    case .wedge:
      return
        "\(count) <wedge> element\(s) (crescendo and diminuendo hairpins) \(many ? "do" : "does") not change the velocity"
    case .ornament:
      return "\(count) ornament\(s)\(listed) \(isAre) played as the plain note"
    case .arpeggio:
      return "\(count) <arpeggiate> mark\(s) (rolled chords) \(isAre) struck as plain chords"
    case .otherDynamics:
      return "\(count) dynamics mark\(s)\(listed) \(many ? "do" : "does") not change the velocity"
    case .tiedWithoutTie:
      return
        "\(count) <tied> mark\(s) without a <tie> \(isAre) only drawn: the note\(s) \(isAre) struck again"
    case .microtone:
      return "\(count) <alter> value\(s)\(listed) \(isAre) rounded to the nearest semitone"
    case .outOfRange:
      return "\(count) note\(s) outside MIDI's range (0 to 127) \(isAre) not played"
    case .backupPastStart:
      return
        "\(count) <backup> element\(s) going back past the measure's start stop\(many ? "" : "s") there"
    case .attack:
      return "\(count) note\(s)' attack or release offset\(s) \(isAre) not applied"
    case .extraVoices:
      return "\(count) voice\(s) past a part's 15th share\(many ? "" : "s") its channel 16"
    case .unreadableTempo:
      return
        "\(count) tempo mark\(s)\(listed) without a number of beats a minute \(isAre) not followed"
    case .jumpWithoutTarget:
      return "\(count) jump\(s)\(listed) with no segno or coda to go to \(isAre) not followed"
    }
  }
}

/// What reading passed over: how many of each kind, and the first few as written.
struct MusicXMLIgnored: Sendable {
  private var counts = [Int](repeating: 0, count: MusicXMLIgnoredKind.allCases.count)
  private var examples = [[String]](repeating: [], count: MusicXMLIgnoredKind.allCases.count)

  /// Counts one of `kind`; `written` (a mark's name, a text) is kept as an example.
  mutating func note(_ kind: MusicXMLIgnoredKind, _ written: String? = nil) {
    counts[kind.rawValue] += 1
    guard let written else { return }
    let quoted = "'\(shown(written, limit: 24))'"
    if examples[kind.rawValue].count < 3, !examples[kind.rawValue].contains(quoted) {
      examples[kind.rawValue].append(quoted)
    }
  }

  func count(_ kind: MusicXMLIgnoredKind) -> Int { counts[kind.rawValue] }

  /// One line a kind, in a fixed order.
  var warnings: [String] {
    MusicXMLIgnoredKind.allCases.compactMap { kind in
      let count = counts[kind.rawValue]
      return count > 0 ? kind.warning(count, examples: examples[kind.rawValue]) : nil
    }
  }
}
