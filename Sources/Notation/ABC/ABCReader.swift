import MIDIFile

/// Reads an ABC 2.1 file's tune `tune` (by its `X:` number; the first when `nil`): its voices
/// as parts, every note at its exact time once repeats are unrolled, and the file's tunes.
func readABC(
  _ bytes: [UInt8], path: String, tune: Int?, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  let file = splitABCFile(bytes)
  var tunes: [NotatedTune] = []
  let read: (builder: NotatedSongBuilder, warnings: [String])
  do throws(ABCProblem) {
    for lines in file.tunes {
      guard let number = lines.number else {
        let line = lines.lines.first
        throw ABCProblem(
          "malformed reference number; write a whole number, as in 'X:1'", line: line,
          offset: (line?.bytes.startIndex ?? 0) + 2)
      }
      tunes.append(NotatedTune(number: number, title: lines.title))
    }
    guard let chosen = chosenTune(file.tunes, tune) else {
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
