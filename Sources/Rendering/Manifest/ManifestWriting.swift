extension Song {
  /// Renders the song as `render(to:as:progress:)` does, measuring what it writes, and
  /// returns its manifest with it: `xylo-render render SCORE -o OUT --manifest FILE`.
  public func renderWithManifest(
    to destination: Destination, as file: OutputFile? = nil, progress: ProgressHandler? = nil
  ) throws(RenderError) -> (summary: RenderSummary, manifest: RenderManifest) {
    var song = try writing(to: destination, as: file)
    song.settings.computesContentHash = true
    song.settings.measuresLoudness = true
    let plan = try song.plan()
    let summary = try Rendering.render(plan, to: destination, progress: progress)
    return (summary, try RenderManifest(song: song, plan: plan, summary: summary))
  }
}

extension RenderManifest {
  /// Writes `jsonText` to `destination` atomically, as every output is written: never over one
  /// of `inputs` (the score, the bank's samples, the audio the manifest describes), and an
  /// earlier file is replaced only once the new one is complete.
  public func write(to destination: Destination, inputs: [String]) throws(RenderError) {
    try writeAtomically(Array(jsonText.utf8), to: destination, inputs: inputs) { _ in true }
  }
}

/// Where a render's manifest goes, checked and reserved before the render replaces anything,
/// so a manifest that cannot be written (a missing folder, an input, the audio's own name)
/// costs no earlier output: `xylo-render render -o OUT --manifest FILE` reserves it first.
public final class ManifestTarget {
  private let target: OutputTarget

  /// Checks `destination`: none of `inputs` (the score, the bank's files and samples), and
  /// not where one of `otherOutputs` (the audio, its stems) is written.
  public init(_ destination: Destination, inputs: [String], otherOutputs: [String])
    throws(RenderError)
  {
    do {
      target = try OutputTarget(destination, inputs: inputs, otherOutputs: otherOutputs)
    } catch {
      throw .output(error)
    }
  }

  /// Writes `manifest` there atomically.
  public func write(_ manifest: RenderManifest) throws(RenderError) {
    try writeAtomically(Array(manifest.jsonText.utf8), to: target) { _ in true }
  }
}
