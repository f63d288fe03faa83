import AudioDigest
import Testing

@Suite struct SHA256Tests {
  @Test func matchesTheStandardTestVector() {
    let digest = SHA256()
    digest.update(contentsOf: Array("abc".utf8))
    #expect(
      digest.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func integersAreAddedLittleEndian() {
    let fromInteger = SHA256()
    fromInteger.update(Int64(0x0102))
    let fromBytes = SHA256()
    fromBytes.update(contentsOf: [UInt8]([2, 1, 0, 0, 0, 0, 0, 0]))
    #expect(fromInteger.finalizeHex() == fromBytes.finalizeHex())
  }
}
