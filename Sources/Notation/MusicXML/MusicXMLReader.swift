import MIDIFile

/// Reads a MusicXML document (partwise or timewise).
func readMusicXML(
  _ bytes: [UInt8], path: String, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  throw NotationError(path: path, message: "MusicXML is not read yet")
}

/// Reads a compressed MusicXML archive (`.mxl`): the score its container names.
func readCompressedMusicXML(
  _ bytes: [UInt8], path: String, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  throw NotationError(path: path, message: "compressed MusicXML is not read yet")
}
