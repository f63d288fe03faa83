import Foundation
import MIDIFile
import Notation
import TestSupport
import Testing

/// Every ABC and MusicXML file of music21's corpus (10.5.1, as `scripts/bootstrap` installs it
/// in `.build/venv`) is read, every tune of an ABC file as `--tune N` reads it: what music21
/// and abc2midi read is read here too. Read in this process: 13,000 tunes are seconds here
/// and minutes as as many runs of the tool.
@Suite struct Music21CorpusTests {
  /// The extensions of the corpus's notation files (it also holds Humdrum, RomanText, ...).
  static let extensions: Set<String> = ["abc", "xml", "musicxml", "mxl"]

  @Test func everyTuneOfEveryNotationFileIsRead() async throws {
    let corpus = try music21Corpus()
    let files = Self.notationFiles(in: corpus)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let clock = ContinuousClock()
    let start = clock.now
    // The files shared among the cores, each reading every `workers`th.
    let sweep = try await withThrowingTaskGroup(of: CorpusSweep.self) { group in
      for worker in 0..<workers {
        group.addTask {
          var sweep = CorpusSweep()
          for file in stride(from: worker, to: files.count, by: workers).map({ files[$0] }) {
            sweep.read(try Self.bytes(corpus + "/" + file), path: file)
          }
          return sweep
        }
      }
      var all = CorpusSweep()
      for try await part in group { all.add(part) }
      return all
    }
    let elapsed = clock.now - start
    print(
      "music21's corpus: \(sweep.files) files, \(sweep.tunes) scores and tunes,"
        + " \(sweep.refused.count) refused, \(sweep.locatedWarnings) warnings at a line and column"
        + " (\(sweep.warnings) warnings in all), in \(elapsed) on \(workers) threads")
    #expect(
      sweep.refused.isEmpty,
      "refused:\n\(sweep.refused.values.sorted().prefix(30).joined(separator: "\n"))")
    // The counts of music21 10.5.1's corpus: fewer means files were not found.
    #expect(sweep.files == 1_800)
    #expect(sweep.tunes == 13_632)
  }

  /// The corpus's notation files, relative to it, sorted.
  static func notationFiles(in corpus: String) -> [String] {
    let all = FileManager.default.enumerator(atPath: corpus)?.allObjects as? [String] ?? []
    return all.filter { Self.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
      .sorted()
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}

/// What reading a corpus found: files, scores and tunes read, what was refused, warnings.
struct CorpusSweep: Sendable {
  var files = 0
  var tunes = 0
  /// `path X:N` (or `path`) and the error.
  var refused: [String: String] = [:]
  var warnings = 0
  /// Warnings that name a line and column: something read leniently.
  var locatedWarnings = 0

  /// Adds what another sweep found.
  mutating func add(_ other: CorpusSweep) {
    files += other.files
    tunes += other.tunes
    refused.merge(other.refused) { first, _ in first }
    warnings += other.warnings
    locatedWarnings += other.locatedWarnings
  }

  /// Reads one file as `xylo-render` would, every tune of an ABC file.
  mutating func read(_ bytes: [UInt8], path: String) {
    files += 1
    guard let format = NotationFormat(path: path, bytes: bytes) else {
      refused[path] = "\(path): not a notation file"
      return
    }
    let results: [(String, Result<NotatedImport, NotationError>)]
    if format == .abc {
      do throws(NotationError) {
        results = try readEveryABCTune(bytes, path: path).map { ("X:\($0.number)", $0.result) }
      } catch {
        results = [("", .failure(error))]
      }
    } else {
      results = [
        (
          "",
          Result { () throws(NotationError) -> NotatedImport in
            try readNotation(bytes, format: format, path: path)
          }
        )
      ]
    }
    for (tune, result) in results {
      tunes += 1
      switch result {
      case .success(let read):
        warnings += read.warnings.count
        locatedWarnings += read.warnings.filter(isLocated).count
      case .failure(let error):
        refused[tune.isEmpty ? path : "\(path) \(tune)"] = error.description
      }
    }
  }

  /// Whether a warning starts `line:column: `.
  private func isLocated(_ warning: String) -> Bool {
    let head = warning.prefix { $0 != " " }
    let parts = head.dropLast().split(separator: ":")
    return head.hasSuffix(":") && parts.count == 2 && parts.allSatisfy { Int($0) != nil }
  }
}
