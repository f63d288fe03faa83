extension VoicePart {
  /// The stem's file name: `NN-NAME.EXT`, NN its number (`number`) with at least `digits`
  /// digits, NAME its name made safe (`safeFileName(_:)`). Numbers differ, so names never
  /// collide, not even where case or Unicode forms are folded; none starts with a dot.
  public func stemFileName(digits: Int, extension ext: String) -> String {
    let number = String(self.number)
    let padded = String(repeating: "0", count: max(0, digits - number.count)) + number
    return "\(padded)-\(Self.safeFileName(name)).\(ext)"
  }

  /// Longest NAME in a stem's file name, in UTF-8 bytes: far under any file system's 255.
  static let maximumNameBytes = 64

  /// `name` as part of a file name: letters and digits (any script), `-`, `_`, `+` and `.`
  /// kept; every other run of characters (spaces, separators, control characters, `:*?"<>|`)
  /// one `_`; no `_`, `.` or `-` at either end; at most 64 bytes, cut at a character; `voice`
  /// when nothing is left. `Right hand/2` is `Right_hand_2`.
  public static func safeFileName(_ name: String) -> String {
    var safe = ""
    var pendingGap = false
    for character in name {
      let kept =
        character.isLetter || character.isNumber || "-_+.".contains(character)
      guard kept,
        !character.unicodeScalars.contains(where: {
          $0.properties.isDefaultIgnorableCodePoint || $0.value < 0x20
        })
      else {
        pendingGap = true
        continue
      }
      if pendingGap && !safe.isEmpty { safe.append("_") }
      pendingGap = false
      guard safe.utf8.count + character.utf8.count <= maximumNameBytes else { break }
      safe.append(character)
    }
    while let last = safe.last, "_.-".contains(last) { safe.removeLast() }
    while let first = safe.first, "_.-".contains(first) { safe.removeFirst() }
    return safe.isEmpty ? "voice" : safe
  }
}
