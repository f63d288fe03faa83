import TestSupport
import Testing

@testable import SampleBank

private typealias Fixture = SF2Fixture

/// Why `bytes` is refused, its path shown as `x.sf2`.
private func refusal(_ bytes: [UInt8], program: Int = 14) throws -> String? {
  let path = try file("x.sf2", in: temporaryFolder(), holding: bytes)
  do {
    _ = try SF2Bank(path: path, program: program)
    return nil
  } catch {
    #expect(error.path == path)
    return error.reason
  }
}

/// A hostile file, and the one line that refuses it.
struct SF2Refusal: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: @Sendable () -> [UInt8]
  var reason: @Sendable () -> String
  var testDescription: String { name }
}

/// The simple file with `change` made to its fixture.
private func changed(_ change: (inout Fixture) -> Void) -> (
  bytes: [UInt8], offsets: Fixture.Offsets
) {
  var fixture = Fixture.simple()
  change(&fixture)
  return fixture.bytes()
}

private let good = Fixture.simple().bytes()
/// An instrument of two zones: its bags start at generators 0, 1 and (the terminal) 2.
private let twoZones = changed {
  $0.instruments[0].zones = [[Fixture.sample(0)], [Fixture.sample(0)]]
}

/// `bytes` with the 32-bit value at `offset` replaced.
private func patched(_ bytes: [UInt8], at offset: Int, _ value: Int) -> [UInt8] {
  var bytes = bytes
  bytes.replaceSubrange(offset..<offset + 4, with: Fixture.little(value, 4))
  return bytes
}

@Suite struct SF2HostileFileTests {
  static let cases: [SF2Refusal] = [
    SF2Refusal(
      name: "not RIFF", bytes: { Array("RIFX0000sfbk".utf8) },
      reason: { "at byte 0: it is not a SoundFont 2 file (no RIFF 'sfbk' header)" }),
    // Found by scripts/fuzz sf2-reader: a RIFF size of 1 made the chunks' range run backwards.
    SF2Refusal(
      name: "a RIFF chunk too short for its type",
      bytes: { Array("RIFF".utf8) + Fixture.little(1, 4) + Array(good.bytes[8...]) },
      reason: { "at byte 0: chunk 'RIFF' says it holds 1 bytes, too few for its type 'sfbk'" }),
    SF2Refusal(
      name: "truncated", bytes: { Array(good.bytes.prefix(good.bytes.count - 10)) },
      reason: {
        "at byte 0: chunk 'RIFF' says it holds \(good.bytes.count - 8) bytes; only "
          + "\(good.bytes.count - 18) follow in its file"
      }),
    SF2Refusal(
      name: "a 2^31 chunk size",
      bytes: { patched(good.bytes, at: good.offsets["smpl"] + 4, 1 << 31) },
      reason: {
        let smpl = good.offsets["smpl"]
        let listEnd = good.offsets["pdta"]
        return "at byte \(smpl): chunk 'smpl' says it holds 2147483648 bytes; only "
          + "\(listEnd - smpl - 8) follow in its list"
      }),
    SF2Refusal(
      name: "no shdr", bytes: { changed { $0.replaced["shdr"] = [] }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"]): its 'shdr' chunk holds 0 bytes; it must hold 2 or more "
          + "records of 46 bytes"
      }),
    SF2Refusal(
      name: "sample past the data",
      bytes: { changed { $0.samples[0].end = 1_000 }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' runs to point 1000, past the 50 "
          + "points of the file's sample data"
      }),
    SF2Refusal(
      name: "loop past the data",
      bytes: { changed { $0.samples[0].loop = (0, 51) }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' runs to point 51, past the 50 "
          + "points of the file's sample data"
      }),
    SF2Refusal(
      name: "zero-length sample",
      bytes: { changed { $0.samples[0].end = 0 }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' is empty (it starts at point 0 and "
          + "ends at 0)"
      }),
    SF2Refusal(
      name: "key range upside down",
      bytes: { changed { $0.instruments[0].zones[0].insert(Fixture.keys(70, 60), at: 0) }.bytes },
      reason: {
        "at byte \(good.offsets["igen"] + 8): a key range runs from 70 down to 60"
      }),
    SF2Refusal(
      name: "velocity range upside down",
      bytes: { changed { $0.presets[0].zones[0].insert(Fixture.velocities(100, 1), at: 0) }.bytes },
      reason: {
        "at byte \(good.offsets["pgen"] + 8): a velocity range runs from 100 down to 1"
      }),
    SF2Refusal(
      name: "bag index past the list",
      bytes: { patched(good.bytes, at: good.offsets["phdr"] + 8 + 38 + 24, 9) },
      reason: {
        "at byte \(good.offsets["phdr"] + 8 + 38): a preset's first zone (9) is past the end of "
          + "'pbag' (1)"
      }),
    SF2Refusal(
      name: "generator indices out of order",
      bytes: { patched(twoZones.bytes, at: twoZones.offsets["ibag"] + 8, 2) },
      reason: {
        "at byte \(twoZones.offsets["ibag"] + 12): a zone's first generator (1) comes before the "
          + "one above it (2)"
      }),
    SF2Refusal(
      name: "generator index past the list",
      bytes: { patched(twoZones.bytes, at: twoZones.offsets["ibag"] + 12, 5) },
      reason: {
        "at byte \(twoZones.offsets["ibag"] + 12): a zone's first generator (5) is past the end "
          + "of 'igen' (3)"
      }),
    SF2Refusal(
      name: "missing instrument",
      bytes: { changed { $0.presets[0].zones[0] = [Fixture.instrument(5)] }.bytes },
      reason: {
        "at byte \(good.offsets["pgen"] + 8): a preset zone names instrument 5; the file has 1"
      }),
    SF2Refusal(
      name: "missing sample",
      bytes: { changed { $0.instruments[0].zones[0] = [Fixture.sample(3)] }.bytes },
      reason: {
        "at byte \(good.offsets["igen"] + 8): an instrument zone names sample 3; the file has 1"
      }),
    SF2Refusal(
      name: "an instrument naming an instrument",
      bytes: { changed { $0.instruments[0].zones[0].insert(Fixture.instrument(0), at: 0) }.bytes },
      reason: {
        "at byte \(good.offsets["igen"] + 8): an instrument zone names an instrument "
          + "(generator 41), which only a preset zone may"
      }),
    SF2Refusal(
      name: "compressed samples",
      bytes: { changed { $0.samples[0].type = 0x11 }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' is compressed (SoundFont 3, .sf3), "
          + "which xylo-render does not decode; use the .sf2"
      }),
  ]

  @Test(arguments: cases)
  func hostileFileIsRefusedInOneLineWithItsByte(_ hostile: SF2Refusal) throws {
    #expect(try refusal(hostile.bytes()) == hostile.reason())
  }
}
