/// Plays a score's items as the parser reads them: an item outside any repeat at once, a group
/// when it closes. Only the open groups' items are held, so memory grows with the taps the
/// score expands to, not with its text; and once the expansion fails, or the open groups hold
/// more taps than the limit leaves, nothing more is held.
struct ItemPlayer {
  /// A `[` not yet closed, with the items read inside it so far.
  private struct OpenGroup {
    var items: [ScoreItem] = []
    /// Taps in one pass of what was read so far, saturating.
    var tapsPerPass: Int64 = 0
    var open: SourceSpan
  }

  /// The first limit or overflow the expansion met; nothing is played after it.
  private(set) var failure: Expander.Failure?
  private var expander: Expander
  private var groups: [OpenGroup] = []
  /// Whether the open groups hold more taps than the limit leaves: the outermost then fails
  /// when it closes (as playing it would, before taking any memory), so their items are no
  /// longer kept.
  private var groupsExceedTapLimit = false

  init(_ expander: Expander) {
    self.expander = expander
  }

  /// How many groups are open.
  var depth: Int { groups.count }

  /// Where the open groups' `[` stand, the outermost first.
  var openGroups: [SourceSpan] { groups.map(\.open) }

  /// The items the open groups hold, those of groups nested in them included: all that is
  /// kept besides the expanded taps.
  var heldItemCount: Int {
    func count(_ items: [ScoreItem]) -> Int {
      items.reduce(items.count) { total, item in
        if case .group(let group) = item { return total + count(group.items) }
        return total
      }
    }
    return groups.reduce(0) { $0 + count($1.items) }
  }

  /// Plays `item` when it stands outside any group, else keeps it in the innermost one.
  mutating func append(_ item: ScoreItem) {
    guard failure == nil, !groupsExceedTapLimit else { return }
    guard !groups.isEmpty else {
      do { try expander.play(item) } catch { failure = error }
      return
    }
    let taps: Int64
    switch item {
    case .tap(let keys, _, _, _): taps = Int64(keys.count)
    case .group(let group): taps = saturatingMultiply(group.tapsPerPass, group.count)
    default: taps = 0
    }
    groups[groups.count - 1].items.append(item)
    groups[groups.count - 1].tapsPerPass = saturatingAdd(groups[groups.count - 1].tapsPerPass, taps)
    guard taps > 0 else { return }
    // The outermost group plays each open group's taps at least once.
    let held = groups.reduce(Int64(0)) { saturatingAdd($0, $1.tapsPerPass) }
    if held > Int64(expander.maxTaps - expander.tapCount) {
      groupsExceedTapLimit = true
      for index in groups.indices { groups[index].items = [] }
    }
  }

  mutating func openGroup(at span: SourceSpan) {
    groups.append(OpenGroup(open: span))
  }

  /// Closes the innermost group, played `count` times (`nil`: a malformed count, and the group
  /// is dropped), at its `]xN`; `play` is false once the score has errors. Returns false when
  /// no group is open.
  mutating func closeGroup(count: Int64?, at close: SourceSpan, play: Bool) -> Bool {
    guard let group = groups.popLast() else { return false }
    guard let count else { return true }
    if groupsExceedTapLimit {
      guard groups.isEmpty else { return true }
      groupsExceedTapLimit = false
      if play && failure == nil { failure = expander.tapLimitFailure(at: close) }
      return true
    }
    if play {
      append(
        .group(
          RepeatGroup(
            items: group.items, count: count, tapsPerPass: group.tapsPerPass, close: close)))
    }
    return true
  }

  /// What the expansion made: hands it over, leaving an empty one.
  mutating func takeExpander() -> Expander {
    let taken = expander
    expander = Expander(maxTaps: taken.maxTaps, maxDuration: taken.maxDuration)
    return taken
  }
}
