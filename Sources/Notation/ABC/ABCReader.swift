import MIDIFile

/// Reads an ABC 2.1 file's tune `tune` (by its `X:` number; the first when `nil`).
func readABC(
  _ bytes: [UInt8], path: String, tune: Int?, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  throw NotationError(path: path, message: "ABC is not read yet")
}
