import MIDIFile

/// Reads an ABC 2.1 file's tune `tune` (by its `X:` number; the first when `nil`): its voices
/// as parts, every note at its exact time once repeats are unrolled, and the file's tunes.
func readABC(
  _ bytes: [UInt8], path: String, tune: Int?, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  let file = splitABCFile(bytes)
  let tunes: [NotatedTune]
  let chosen: ABCTuneLines
  do throws(ABCProblem) {
    tunes = try listedTunes(file)
    guard let found = chosenTune(file.tunes, tune) else {
      guard !file.tunes.isEmpty else {
        throw ABCProblem("no tune in the file; an ABC tune starts with a line such as 'X:1'")
      }
      let listed = tunes.prefix(12).map { tune in
        "\(tune.number)"
          + (tune.title.map { " '\($0.count > 40 ? String($0.prefix(40)) + "..." : $0)'" } ?? "")
      }
      throw ABCProblem(
        "no tune X:\(tune ?? 0) in the file; its tunes are \(listed.joined(separator: ", "))\(tunes.count > 12 ? ", ..." : "") (choose one with --tune N)"
      )
    }
    chosen = found
  } catch {
    throw error.error(path: path)
  }
  return try readListedTune(chosen, of: file, tunes: tunes, path: path, limits: limits)
}

/// One tune of a file, read as `--tune N` reads it.
package struct ABCTuneReading: Sendable {
  /// Its `X:` number.
  package var number: Int
  package var result: Result<NotatedImport, NotationError>
}

/// Every tune of an ABC file, each read as `--tune N` reads it, the file split once (a
/// collection of 700 tunes is not split 700 times); a file whose tunes cannot be listed
/// (a malformed `X:`, no tune) is the error `readNotation` gives.
package func readEveryABCTune(
  _ bytes: [UInt8], path: String, limits: MIDILimits = MIDILimits()
) throws(NotationError) -> [ABCTuneReading] {
  let file = splitABCFile(bytes)
  let tunes: [NotatedTune]
  do throws(ABCProblem) {
    tunes = try listedTunes(file)
    guard !file.tunes.isEmpty else {
      throw ABCProblem("no tune in the file; an ABC tune starts with a line such as 'X:1'")
    }
  } catch {
    throw error.error(path: path)
  }
  return zip(file.tunes, tunes).map { lines, tune in
    let result = Result { () throws(NotationError) -> NotatedImport in
      try readListedTune(lines, of: file, tunes: tunes, path: path, limits: limits)
    }
    return ABCTuneReading(number: tune.number, result: result)
  }
}

/// The file's tunes by number and title; a tune whose `X:` holds no number is a problem.
private func listedTunes(_ file: ABCFileLines) throws(ABCProblem) -> [NotatedTune] {
  try file.tunes.map { (lines: ABCTuneLines) throws(ABCProblem) -> NotatedTune in
    guard let number = lines.number else {
      let line = lines.lines.first
      throw ABCProblem(
        "malformed reference number; write a whole number, as in 'X:1'", line: line,
        offset: (line?.bytes.startIndex ?? 0) + 2)
    }
    return NotatedTune(number: number, title: lines.title)
  }
}

/// Reads `chosen`, a tune of `file`, into a song.
private func readListedTune(
  _ chosen: ABCTuneLines, of file: ABCFileLines, tunes: [NotatedTune], path: String,
  limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  let read: (builder: NotatedSongBuilder, warnings: [String])
  do throws(ABCProblem) {
    read = try readABCTune(chosen, fileHeader: file.header, limits: limits)
  } catch {
    throw error.error(path: path)
  }
  let song = try read.builder.build(path: path, limits: limits)
  return NotatedImport(song: song, warnings: read.warnings, tunes: tunes)
}

/// The tune numbered `number` (the first tune when `nil`).
private func chosenTune(_ tunes: [ABCTuneLines], _ number: Int?) -> ABCTuneLines? {
  guard let number else { return tunes.first }
  return tunes.first { $0.number == number }
}
