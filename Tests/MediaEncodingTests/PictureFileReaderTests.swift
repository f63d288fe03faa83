import Foundation
import MediaEncoding
import TestSupport
import Testing

/// The test pictures: 64x36, the left half red (0xE00000), the right half blue (0x0000E0).
private func picture(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "pictures/\(name)"
  ).path
}

/// Red, green and blue of the pixel at (x, y) of Cairo's ARGB32 (on a little-endian machine:
/// blue, green, red, alpha bytes).
private func colour(_ picture: DecodedPicture, x: Int, y: Int) -> [Int] {
  let index = 4 * (y * picture.width + x)
  return [2, 1, 0].map { Int(picture.pixels[index + $0]) }
}

private func isRed(_ rgb: [Int]) -> Bool { rgb[0] > 200 && rgb[1] < 30 && rgb[2] < 30 }
private func isBlue(_ rgb: [Int]) -> Bool { rgb[2] > 200 && rgb[0] < 30 && rgb[1] < 30 }

@Suite struct PictureFileReaderTests {
  @Test(arguments: ["halves.png", "halves.jpg", "halves.webp", "halves-lossy.webp"])
  func pngJPEGAndWebPAreReadScaledToCoverTheFrame(name: String) throws {
    // 64x36 covering 32x72: scaled to 128x72, the centre 32 columns kept (16 red, 16 blue).
    let tall = try PictureFileReader.read(picture(name), covering: 32, height: 72)
    #expect(tall.width == 32 && tall.height == 72 && tall.pixels.count == 4 * 32 * 72)
    #expect(isRed(colour(tall, x: 2, y: 36)), "\(colour(tall, x: 2, y: 36))")
    #expect(isBlue(colour(tall, x: 29, y: 36)), "\(colour(tall, x: 29, y: 36))")
    // Covering a wider frame keeps the full width: the halves stay halves.
    let wide = try PictureFileReader.read(picture(name), covering: 128, height: 36)
    #expect(isRed(colour(wide, x: 10, y: 18)) && isBlue(colour(wide, x: 117, y: 18)))
    // Opaque: every alpha byte is 255.
    #expect(stride(from: 3, to: wide.pixels.count, by: 4).allSatisfy { wide.pixels[$0] == 255 })
  }

  @Test func aPictureFarThinnerThanTheFrameScalesOnlyThePartItShows() throws {
    // 1x1000 (the top half red, the bottom blue) covering 1920x1080 would scale to 1920 by
    // 1,920,000 pixels (15 GB): its middle row, red, is all the frame shows.
    let thin = try PictureFileReader.read(picture("thin.png"), covering: 1_920, height: 1_080)
    #expect(thin.width == 1_920 && thin.height == 1_080)
    #expect(isRed(colour(thin, x: 0, y: 0)) && isRed(colour(thin, x: 1_919, y: 1_079)))
    // Turned: a 1x1000 picture covering a frame 2 wide and 2,000 tall shows all of it.
    let tall = try PictureFileReader.read(picture("thin.png"), covering: 2, height: 2_000)
    #expect(isRed(colour(tall, x: 1, y: 10)) && isBlue(colour(tall, x: 1, y: 1_990)))
  }

  @Test func aPNGWhoseSidesMultiplyPastAnIntegerIsRefusedFromItsHeader() throws {
    // Found by scripts/fuzz picture-reader: an IHDR of 4144998741 x 3424742576 pixels, whose
    // product passes Int64 (it trapped).
    let bytes: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
      0xF7, 0x0F, 0xA9, 0x55, 0xCC, 0x21, 0x6C, 0xB0, 0xB6, 0x52, 0x55, 0x7F, 0xAF, 0x51, 0x55,
      0x7F, 0x3F, 0x6A, 0x55, 0x65, 0x52, 0x29, 0x53, 0x07, 0x04, 0, 0, 0, 0, 0x49, 0x45, 0x4E,
      0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
    let path = try temporaryFolder() + "/huge.png"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: EncodingError(
        operation: "reading the picture", path: path,
        reason:
          "the picture is 4144998741x3424742576 pixels, more than the 50 megapixels a picture may have",
        access: .read)
    ) {
      try PictureFileReader.read(path, covering: 64, height: 36)
    }
  }

  @Test func theSamePictureGivesTheSamePixelsOnEveryRead() throws {
    let first = try PictureFileReader.read(picture("halves.jpg"), covering: 50, height: 30)
    let second = try PictureFileReader.read(picture("halves.jpg"), covering: 50, height: 30)
    #expect(first == second)
  }

  @Test func whatIsNotAPictureIsRefusedNamingTheFileAndTheReason() throws {
    let folder = try temporaryFolder()
    let text = folder + "/notes.jpg"
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
    let cut = folder + "/cut.jpg"
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: picture("halves.jpg")))
    try jpeg.prefix(40).write(to: URL(fileURLWithPath: cut))
    let cases: [(String, String)] = [
      (text, "not a PNG, JPEG or WebP picture"),
      (
        cut,
        "the JPEG picture cannot be decoded: it is damaged, cut short or larger than 50 megapixels"
      ),
      (folder, "not a regular file"),
      (folder + "/missing.png", "no such file"),
      (picture("anim.webp"), "an animated WebP is not a picture for a background; use a still"),
    ]
    for (path, reason) in cases {
      #expect(
        throws: EncodingError(
          operation: "reading the picture", path: path, reason: reason, access: .read)
      ) {
        try PictureFileReader.read(path, covering: 16, height: 16)
      }
    }
  }

  @Test func aJPEGOrWebPOfTooManyPixelsIsRefusedFromItsHeader() throws {
    let folder = try temporaryFolder()
    // 10000x10000: a JPEG's SOF0 segment after a JFIF segment, a WebP's VP8X chunk.
    let jpeg: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
      + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x27, 0x10, 0x27, 0x10, 0x03]
      + [UInt8](repeating: 0, count: 9)
    let side: [UInt8] = [0x0F, 0x27, 0x00]  // 9999, three bytes little-endian
    let webP: [UInt8] =
      Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0]
      + [0, 0, 0, 0] + side + side
    for (name, bytes) in [("huge.jpg", jpeg), ("huge.webp", webP)] {
      let path = folder + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(
        throws: EncodingError(
          operation: "reading the picture", path: path,
          reason:
            "the picture is 10000x10000 pixels, more than the 50 megapixels a picture may have",
          access: .read)
      ) {
        try PictureFileReader.read(path, covering: 16, height: 16)
      }
    }
  }

  @Test(arguments: ["halves.png", "halves.jpg", "halves.webp", "halves-lossy.webp"])
  func aCutShortPictureIsRefusedNeverDrawnWithGaps(name: String) throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: picture(name)))
    let complete = try PictureFileReader.read(picture(name), covering: 16, height: 16)
    let path = try temporaryFolder() + "/cut-" + name
    var refused = 0
    for length in 0..<whole.count {
      try whole.prefix(length).write(to: URL(fileURLWithPath: path))
      // Only the end marker missing (a PNG's IEND, a JPEG's EOI) loses nothing: the same
      // pixels. Anything more is an error.
      do {
        let read = try PictureFileReader.read(path, covering: 16, height: 16)
        #expect(read == complete, "\(length) bytes of \(whole.count)")
        #expect(length >= whole.count - 12, "\(length) bytes of \(whole.count)")
      } catch {
        refused += 1
      }
    }
    #expect(refused >= whole.count - 12)
  }
}
