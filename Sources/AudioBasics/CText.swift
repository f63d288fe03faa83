extension String {
  /// The UTF-8 text a C library wrote into `buffer`, up to its first NUL.
  package init(cText buffer: [CChar]) {
    self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
