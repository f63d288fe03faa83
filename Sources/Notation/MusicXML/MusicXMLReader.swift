import MIDIFile

/// Reads a MusicXML document (partwise or timewise): its parts as the song's tracks, its
/// voices as their channels, every note at its exact time once repeats and jumps are unrolled.
func readMusicXML(
  _ bytes: [UInt8], path: String, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  try readMusicXMLScore(XMLSourcePlace(path: path, bytes: bytes), limits: limits)
}

/// Reads a compressed MusicXML archive (`.mxl`): the score its `META-INF/container.xml` names.
func readCompressedMusicXML(
  _ bytes: [UInt8], path: String, limits: MIDILimits
) throws(NotationError) -> NotatedImport {
  let archive = try ZipArchive(bytes, path: path)
  let score = try scoreEntry(of: archive, path: path)
  return try readMusicXMLScore(
    XMLSourcePlace(path: "\(path)(\(score.name))", bytes: score.bytes), limits: limits)
}

/// The largest score read from an archive, uncompressed, and the largest container file.
let maximumUncompressedScoreBytes = 64 << 20
private let maximumContainerBytes = 1 << 20

/// The score `META-INF/container.xml` names (its first `<rootfile>` that is MusicXML) and its
/// bytes.
private func scoreEntry(of archive: ZipArchive, path: String) throws(NotationError)
  -> (name: String, bytes: [UInt8])
{
  let containerName = "META-INF/container.xml"
  guard let container = try archive.entry(containerName, limit: maximumContainerBytes) else {
    throw NotationError(
      path: path,
      message:
        "no \(containerName) in the archive; a compressed MusicXML file names its score there"
    )
  }
  let place = XMLSourcePlace(path: "\(path)(\(containerName))", bytes: container)
  let reader = try XMLStreamReader(place)
  var rootfile: String?
  while rootfile == nil, let event = try reader.next() {
    guard case .start(let name, let attributes, _) = event, name == "rootfile" else { continue }
    let type = attributes.first { $0.name == "media-type" }?.value
    if type == nil || type == "application/vnd.recordare.musicxml+xml" {
      rootfile = attributes.first { $0.name == "full-path" }?.value
    }
  }
  guard let rootfile, !rootfile.isEmpty else {
    throw place.error("the container names no MusicXML <rootfile full-path=\"...\">")
  }
  guard let bytes = try archive.entry(rootfile, limit: maximumUncompressedScoreBytes) else {
    throw NotationError(
      path: path,
      message: "the container names '\(shown(rootfile, limit: 80))', which is not in the archive")
  }
  return (rootfile, bytes)
}

/// A document's score as a song.
private func readMusicXMLScore(_ place: XMLSourcePlace, limits: MIDILimits)
  throws(NotationError) -> NotatedImport
{
  let document = try readMusicXMLDocument(place)
  let placed = try placedSong(document, path: place.path, limits: limits)
  let song = try placed.builder.build(path: place.path, limits: limits)
  return NotatedImport(song: song, warnings: placed.warnings)
}
