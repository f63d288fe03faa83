import Foundation

/// The folder of music21's corpus where `scripts/bootstrap` installs it (`.build/venv`), for
/// tests that read real tunes from it; throws, naming `scripts/bootstrap`, when it is absent:
/// such a test fails rather than passing without its tunes.
public func music21Corpus() throws -> String {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  let lib = root + "/.build/venv/lib"
  let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
  for python in pythons.sorted() where python.hasPrefix("python3") {
    let corpus = lib + "/" + python + "/site-packages/music21/corpus"
    if FileManager.default.fileExists(atPath: corpus) { return corpus }
  }
  throw Music21Missing(folder: lib)
}

/// music21 is not installed where the tests look for it.
public struct Music21Missing: Error, CustomStringConvertible {
  public var folder: String
  public var description: String {
    "no music21 corpus under \(folder)/python3*/site-packages; run scripts/bootstrap, which installs music21 10.5.1 in .build/venv"
  }
}
