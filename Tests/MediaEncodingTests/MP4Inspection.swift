import Foundation
import TestSupport
import Testing

@testable import MediaEncoding

/// The top-level boxes of an MP4 file's bytes, each header read where the one before ends.
func topLevelBoxes(_ bytes: [UInt8]) throws -> [MP4BoxHeader] {
  var headers: [MP4BoxHeader] = []
  var offset: Int64 = 0
  while offset < bytes.count {
    let header = try MP4BoxHeader(
      bytes[Int(offset)...], at: offset, limit: Int64(bytes.count), path: "")
    headers.append(header)
    offset = header.end
  }
  return headers
}

/// The bytes of the one top-level box of `type`.
func boxBytes(_ type: MP4BoxType, in bytes: [UInt8]) throws -> [UInt8] {
  let headers = try topLevelBoxes(bytes).filter { $0.type == type }
  try #require(headers.count == 1)
  return Array(bytes[Int(headers[0].offset)..<Int(headers[0].end)])
}

/// The file's `moov`, parsed.
func index(of bytes: [UInt8]) throws -> MP4Box {
  try MP4Box(parsing: boxBytes(.moov, in: bytes))
}

extension MP4Box {
  /// The box at `path` below this one, taking the first child of each type.
  func descendant(_ path: MP4BoxType...) -> MP4Box? { descendant(path) }

  /// The box at `path` below this one, taking the first child of each type.
  func descendant(_ path: [MP4BoxType]) -> MP4Box? {
    path.reduce(Optional(self)) { box, type in box?.children.first { $0.type == type } }
  }

  /// The chunk offsets of the first track (its `stco`).
  var chunkOffsets: [Int64] {
    guard let payload = descendant(.trak, .mdia, .minf, .stbl, .stco)?.payload else { return [] }
    let count = Int(UInt32(bigEndianBytes: payload.dropFirst(4)))
    return (0..<count).map { entry in
      Int64(UInt32(bigEndianBytes: payload.dropFirst(8 + entry * 4)))
    }
  }

  /// The number of packets of the first track (its `stsz`'s sample count).
  var packetCount: Int {
    guard let payload = descendant(.trak, .mdia, .minf, .stbl, .stsz)?.payload else { return 0 }
    return Int(UInt32(bigEndianBytes: payload.dropFirst(8)))
  }

  /// The types of the children, as text.
  var childTypes: [String] { children.map(\.type.description) }
}

extension MP4BoxType {
  static let stsz = MP4BoxType("stsz")
  static let mdat = MP4BoxType("mdat")
}

/// Encodes `values` through an `EncoderSession` set up as `AACWriter` sets it up, but without
/// the gapless tag; `indexFirst: false` leaves the index after the audio, as FFmpeg writes it
/// without `faststart`. Returns the file's path.
func untaggedAACFile(
  _ values: [Float], rate: Int, channels: Int, indexFirst: Bool = true, name: String = "a.m4a"
) throws -> String {
  let path = try temporaryFolder() + "/" + name
  var setup = try AACWriter.setup(
    path: path, muxerName: "ipod", sampleRate: rate, channelCount: channels,
    bitRate: AACWriter.defaultBitRate, title: "Frère Jacques", artist: "Traditional")
  if !indexFirst { setup.muxerOptions.removeAll { $0.key == "movflags" } }
  let session = try EncoderSession(setup)
  try values.withUnsafeBufferPointer { try session.write($0) }
  try session.finish()
  return path
}

/// Copies the file at `path` to `name` beside it and returns the copy's path.
func copy(_ path: String, to name: String) throws -> String {
  let copy = (path as NSString).deletingLastPathComponent + "/" + name
  try FileManager.default.copyItem(atPath: path, toPath: copy)
  return copy
}
