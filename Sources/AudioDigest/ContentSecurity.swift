import Platform

/// `'sha256-…'`: the source expression with which a Content-Security-Policy allows exactly
/// this inline script or style and nothing else.
package func cspHash(_ text: String) -> String {
  let digest = SHA256()
  digest.update(contentsOf: Array(text.utf8))
  let hex = Array(digest.finalizeHex().utf8)
  var bytes: [UInt8] = []
  for pair in stride(from: 0, to: hex.count - 1, by: 2) {
    bytes.append(hexValue(hex[pair]) << 4 | hexValue(hex[pair + 1]))
  }
  return "'sha256-" + base64(bytes) + "'"
}

private func hexValue(_ digit: UInt8) -> UInt8 {
  digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
}
