import CCairo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of an SVG document Cairo streams out, kept in memory until the canvas is
/// finished, then made repeatable and written to a file.
///
/// Cairo names each SVG surface after a counter shared by every surface the process creates
/// (`<g id="surface6">` for the sixth), so the same picture drawn twice would differ in that
/// id; `write(to:)` numbers the surfaces of each document from 1 instead.
final class SVGDocument {
  private(set) var bytes: [UInt8] = []

  /// An SVG surface `width` × `height` pixels that streams into this document, which must
  /// outlive it. The corresponding C function is `cairo_svg_surface_create_for_stream`.
  func makeSurface(width: Double, height: Double) -> OpaquePointer {
    let closure = Unmanaged.passUnretained(self).toOpaque()
    let surface: OpaquePointer = cairo_svg_surface_create_for_stream(
      { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let document = Unmanaged<SVGDocument>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 {
          document.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
      }, closure, width, height)
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    return surface
  }

  /// Writes the finished document, its surface ids renumbered, to `path`; `false` with `errno`
  /// set when the file cannot be written.
  func write(to path: String) -> Bool {
    let output = Self.renumberingSurfaces(bytes)
    guard let file = fopen(path, "wb") else { return false }
    let written = output.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file) == 0
    return written == output.count && closed
  }

  /// `text` with every `surfaceN` numbered in order of first appearance from 1.
  static func renumberingSurfaces(_ text: [UInt8]) -> [UInt8] {
    let word = Array("surface".utf8)
    var numbers: [ArraySlice<UInt8>: Int] = [:]
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      guard text[index...].starts(with: word) else {
        result.append(text[index])
        index += 1
        continue
      }
      var end = index + word.count
      while end < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[end]) {
        end += 1
      }
      result += word
      if end > index + word.count {
        let digits = text[(index + word.count)..<end]
        let number = numbers[digits] ?? numbers.count + 1
        numbers[digits] = number
        result += Array(String(number).utf8)
      }
      index = end
    }
    return result
  }
}
