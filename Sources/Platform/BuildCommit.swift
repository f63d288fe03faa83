import CSystem

/// What this program was built from.
package enum BuildCommit {
  /// The commit the build named (`scripts/package` names it), or nil for a build that named none.
  package static var name: String? {
    let text = String(cString: xylo_build_commit())
    return text.isEmpty ? nil : text
  }
}
