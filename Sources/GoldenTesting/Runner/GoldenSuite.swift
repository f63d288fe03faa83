import Platform
import Rendering

/// How a golden is stored beside its score: decoded audio (`NAME.golden.flac`, `.wav`), or only
/// its content hash (`NAME.golden.sha256`).
public enum GoldenFormat: String, CaseIterable, Sendable {
  case flac
  case wav
  case sha256
}

/// One golden-file test: a score and the golden beside it.
public struct GoldenTest: Equatable, Sendable {
  /// The score's path as found under the searched paths.
  public var score: String
  /// The golden's path: an existing one, else where the chosen format puts it.
  public var golden: String
  public var goldenExists: Bool

  /// The test of `score` against the golden at `golden`, there already or not.
  public init(score: String, golden: String, goldenExists: Bool) {
    self.score = score
    self.golden = golden
    self.goldenExists = goldenExists
  }
  /// `NAME.golden.taps`: the taps the golden was made of, to say which lines changed.
  public var taps: String { golden.prefixBeforeGolden + ".golden.taps" }
  /// `NAME.golden.manifest.json`: the render's manifest, to say what changed since.
  public var manifest: String { golden.prefixBeforeGolden + ".golden.manifest.json" }
}

extension GoldenTest {
  /// The test of one score: the golden beside it, in whichever format it exists, else where a
  /// golden of `format` goes. From an XCTest: `runGoldenTest(GoldenTest(score: "alarm.xylo"),
  /// options: GoldenRunOptions())`.
  public init(score: String, format: GoldenFormat = .flac) {
    let base = stem(score)
    for candidate in GoldenFormat.allCases {
      let path = base + ".golden." + candidate.rawValue
      if FileSystem.kind(of: path) == .file {
        self.init(score: score, golden: path, goldenExists: true)
        return
      }
    }
    self.init(score: score, golden: base + ".golden." + format.rawValue, goldenExists: false)
  }
}

/// The tests under `paths` (folders searched recursively, hidden ones skipped; files taken as
/// they are), in a stable order, and the goldens whose score is gone. Refuses scores whose
/// goldens would be one file, before anything is rendered or written.
public func findGoldenTests(in paths: [String], format: GoldenFormat) throws(RenderError) -> (
  tests: [GoldenTest], obsolete: [String]
) {
  var scores: [String] = []
  var goldens: [String] = []
  for path in paths {
    switch FileSystem.kind(of: path) {
    case .directory: walk(path, scores: &scores, goldens: &goldens)
    case .file where isScoreName(path): scores.append(path)
    case .missing: throw .unreadableScore(path: path, reason: "No such file or directory")
    default: throw .unreadableScore(path: path, reason: "it is not a score or a folder")
    }
  }
  // One test per file, however it is spelled (`s`, `./s`, `d/../s`): the first spelling in
  // order names it.
  var seen = Set<[UInt64]>()
  scores = scores.sorted().filter { path in
    guard let status = FileStatus(of: path) else { return true }
    return seen.insert([status.device, status.inode]).inserted
  }
  let tests = scores.map { GoldenTest(score: $0, format: format) }
  let sharing = Dictionary(grouping: tests) { stem($0.score) }.values.filter { $0.count > 1 }
  if let shared = sharing.min(by: { $0[0].score < $1[0].score }) {
    throw .sharedGolden(scores: shared.map(\.score), golden: shared[0].golden)
  }
  let stems = Set(scores.map(stem))
  let obsolete = Array(Set(goldens)).sorted().filter { !stems.contains($0.prefixBeforeGolden) }
  return (tests, obsolete)
}

/// The tests of shard `index` (1-based) of `count`: a stable hash of each path decides, so
/// shards are disjoint, together cover all, and keep their tests as others are added.
public func shard(_ tests: [GoldenTest], index: Int, count: Int) -> [GoldenTest] {
  tests.filter { isInShard($0.score, index: index, count: count) }
}

/// Whether `path` belongs to shard `index` (1-based) of `count`.
public func isInShard(_ path: String, index: Int, count: Int) -> Bool {
  Int(stableHash(path) % UInt64(max(1, count))) == index - 1
}

/// FNV-1a, 64-bit: the same number for the same path on every machine and run.
func stableHash(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01b3
  }
  return hash
}

/// Walks a folder's tree without following links to folders: a link to `.` or a parent would
/// make a loop, and one elsewhere leads out of the folder given.
private func walk(_ folder: String, scores: inout [String], goldens: inout [String]) {
  guard let names = try? FileSystem.contents(ofDirectory: folder) else { return }
  for name in names where !name.hasPrefix(".") {
    let path = folder == "." ? name : Path.join(folder, name)
    if FileStatus(of: path, followingLinks: false)?.kind == .link
      && FileSystem.kind(of: path) == .directory
    {
      continue
    }
    switch FileSystem.kind(of: path) {
    case .directory: walk(path, scores: &scores, goldens: &goldens)
    case .file where isScoreName(name): scores.append(path)
    case .file where isGoldenName(name): goldens.append(path)
    default: break
    }
  }
}

/// Scores, MIDI files and notation; not `.xml`, which in a suite's folder is as likely a test
/// report as a MusicXML score (name MusicXML `.musicxml` or `.mxl` there).
private func isScoreName(_ name: String) -> Bool {
  ["xylo", "mid", "midi", "musicxml", "mxl", "abc"].contains(Path.fileExtension(name).lowercased())
}

private func isGoldenName(_ name: String) -> Bool {
  (GoldenFormat.allCases.map(\.rawValue) + ["taps", "manifest.json"]).contains {
    name.hasSuffix(".golden.\($0)")
  }
}

/// `dir/alarm.xylo` → `dir/alarm`.
private func stem(_ path: String) -> String {
  let folder = Path.deletingLastComponent(path)
  let base = Path.baseName(path)
  return folder.isEmpty ? base : Path.join(folder, base)
}

extension String {
  /// `dir/alarm.golden.flac` → `dir/alarm`.
  fileprivate var prefixBeforeGolden: String {
    let marker = Array(".golden.")
    let characters = Array(self)
    guard characters.count >= marker.count else { return self }
    for start in stride(from: characters.count - marker.count, through: 0, by: -1)
    where Array(characters[start..<(start + marker.count)]) == marker {
      return String(characters[..<start])
    }
    return self
  }
}
