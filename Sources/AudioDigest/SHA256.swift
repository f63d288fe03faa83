import CCrypto

/// An incremental SHA-256 digest from libcrypto (OpenSSL's EVP interface).
///
/// One owner of the `EVP_MD_CTX`, freed exactly once in `deinit`.
package final class SHA256 {
  private let context: OpaquePointer

  /// A fresh digest. The corresponding C functions are `EVP_MD_CTX_new` and `EVP_DigestInit_ex`.
  package init() {
    guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
      preconditionFailure("libcrypto cannot start a SHA-256 digest")  // out of memory only
    }
    self.context = context
  }

  deinit { EVP_MD_CTX_free(context) }

  /// Adds bytes. The corresponding C function is `EVP_DigestUpdate`.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    EVP_DigestUpdate(context, base, bytes.count)
  }

  /// Adds the bytes of an array of plain values, in memory order.
  package func update<Element>(contentsOf values: [Element]) {
    values.withUnsafeBytes { update($0) }
  }

  /// Adds an integer as 8 little-endian bytes.
  package func update(_ value: Int64) {
    withUnsafeBytes(of: value.littleEndian) { update($0) }
  }

  /// The digest as 64 lowercase hex digits; the digest cannot be updated afterwards.
  /// The corresponding C function is `EVP_DigestFinal_ex`.
  package func finalizeHex() -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &digest, &length)
    let hex = Array("0123456789abcdef")
    return String(digest.prefix(Int(length)).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] })
  }
}
