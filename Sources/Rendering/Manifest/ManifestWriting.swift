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
