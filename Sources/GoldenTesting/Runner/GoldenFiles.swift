import AudioDigest
import Drawing
import Exports
import Platform
import Rendering
import ScoreParser
import SoundFile

/// A render's file in the temporary folder, removed when the test is done with it.
package final class ScratchFile: Sendable {
  package let path: String

  /// Registered for removal from the start, so an interrupted run (Ctrl-C) leaves none behind.
  package init(extension ext: String) throws(RenderError) {
    let template = Path.join(
      FileSystem.temporaryDirectory, TemporaryFiles.prefix(for: "test") + "XXXXXX")
    // libsndfile picks nothing from the name, but people reading artifacts do.
    switch TemporaryFiles.create(template: template, suffix: "." + ext) {
    case .success(let created): path = created
    case .failure(let error):
      throw .output(OutputError(path: template, reason: error.reason))
    }
  }

  deinit { TemporaryFiles.remove(path) }
}

/// The taps of `score` as a golden records them, at `rate`.
package func recordedTaps(_ score: Score, rate: Int) -> [RecordedTap] {
  ((try? schedule(score, rate: Int64(rate))) ?? []).map {
    RecordedTap(frame: $0.frame, key: $0.tap.key, gain: $0.tap.gain, line: $0.tap.line)
  }
}

/// Puts the render in place as the golden (its audio, or its hash) with its taps and its
/// manifest (when it could be made) beside it, each written atomically.
func install(
  _ scratch: ScratchFile, summary: RenderSummary, format: GoldenFormat, taps: [RecordedTap],
  rate: Int, manifest: RenderManifest?, test: GoldenTest
) throws(RenderError) {
  try refuseLinks([test.golden, test.taps] + (manifest == nil ? [] : [test.manifest]))
  let bytes: [UInt8]
  if format == .sha256 {
    bytes = Array("\(summary.contentHash ?? "")  \(Path.lastComponent(test.score))\n".utf8)
  } else {
    do { bytes = try FileSystem.readAll(scratch.path) } catch {
      throw .output(OutputError(path: scratch.path, reason: error.reason))
    }
  }
  try writeAtomically(bytes, to: .file(test.golden), inputs: [test.score]) { _ in true }
  try writeAtomically(Array(tapsText(taps, rate: rate).utf8), to: .file(test.taps), inputs: []) {
    _ in true
  }
  try manifest?.write(to: .file(test.manifest), inputs: [test.score, test.golden, test.taps])
}

/// Writes the render's manifest beside a golden that has none (`update` of a passing test).
func installManifest(_ manifest: RenderManifest, test: GoldenTest) throws(RenderError) {
  try refuseLinks([test.manifest])
  try manifest.write(to: .file(test.manifest), inputs: [test.score, test.golden, test.taps])
}

/// Someone else's repository may hold a golden that is a link, even a dangling one pointing
/// outside it: the runner never writes through one.
private func refuseLinks(_ paths: [String]) throws(RenderError) {
  for path in paths where FileStatus(of: path, followingLinks: false)?.kind == .link {
    throw .output(
      OutputError(
        path: path, reason: "it is a symbolic link; the runner never writes through links"))
  }
}

/// Leaves a failing test's render and its difference from the golden in `folder`, named after
/// the score: `alarm.received.flac`, `alarm.diff.wav`, and the picture `alarm.png` with
/// `score`'s taps. Returns what it wrote, or why it could not.
func saveArtifacts(
  _ test: GoldenTest, scratch: ScratchFile, container: Container, folder: String,
  decoded: DecodedPair?, score: Score? = nil
) -> GoldenArtifacts {
  do {
    try FileSystem.createDirectories(folder)
  } catch {
    return .failed("cannot write artifacts to '\(folder)': \(error.reason)")
  }
  let name = Path.baseName(test.score)
  let received = Path.join(folder, "\(name).received.\(container.rawValue)")
  let difference = Path.join(folder, "\(name).diff.wav")
  let picture = Path.join(folder, "\(name).png")
  do throws(RenderError) {
    let bytes: [UInt8]
    do { bytes = try FileSystem.readAll(scratch.path) } catch {
      throw .output(OutputError(path: scratch.path, reason: error.reason))
    }
    try writeAtomically(bytes, to: .file(received), inputs: [test.golden]) { _ in true }
    let comparison = try compareGolden(
      expected: test.golden, actual: received, diffOut: .file(difference))
    var written = [received, difference]
    if let decoded {
      try drawPicture(
        decoded, title: Path.lastComponent(test.score),
        firstDifference: comparison.firstDifferenceFrame, score: score, to: picture)
      written.append(picture)
    }
    return .written(written)
  } catch {
    return .failed("cannot write artifacts: \(error)")
  }
}

/// Draws the failure picture of a golden and a render of the same shape: the score's taps,
/// their waveforms, the difference's, and its band spectrogram. Returns where its time axis lies.
@discardableResult
func drawPicture(
  _ decoded: DecodedPair, title: String, firstDifference: Int64?, score: Score?, to path: String
) throws(RenderError) -> GoldenPicture.TimeSpan {
  let (left, right) = (decoded.expected, decoded.actual)
  let channels = decoded.channels
  let rate = decoded.rate
  var difference = [Double](repeating: 0, count: max(left.count, right.count))
  for index in difference.indices {
    difference[index] =
      (index < right.count ? right[index] : 0) - (index < left.count ? left[index] : 0)
  }
  let bands = bandLevels(difference, channels: channels, rate: rate)
  let drawing = GoldenPicture(
    title: title, expected: left, actual: right, channels: channels, rate: rate,
    firstDifferenceFrame: firstDifference, bandLevels: bands.levels, bandCenters: bands.centers,
    windowSeconds: bands.windowSeconds, score: score.map { scorePicture(of: $0) })
  try writePicture(to: path) { (temporary) throws(DrawingError) in
    try drawing.write(to: temporary)
  }
  return drawing.timeSpan()
}

extension String {
  /// The text with every `target` replaced by `replacement`.
  func replacing(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
