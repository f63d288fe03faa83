import CCairo

@testable import Drawing

/// Where a note is drawn in `picture`, told from `reference` (the same picture without it):
/// the middle of the columns where the changed pixels stand tallest and of the rows where
/// they lie widest. A note's gem and glow are round and its tail is narrower, so both middles
/// are the gem's centre whichever way it travels. Only changes past `threshold` count, and
/// only in the rows of `band` (a bar's, to leave out the edge of the halo over the bars around, whose
/// colours differ). `nil` when nothing changed.
func noteCentre(
  _ picture: [UInt8], _ reference: [UInt8], width: Int, height: Int, threshold: Int = 24,
  within band: Range<Int>? = nil
) -> (x: Double, y: Double)? {
  var columns = [Int](repeating: 0, count: width)
  var rows = [Int](repeating: 0, count: height)
  // Through buffer pointers, without a value's allocation: the debug build runs these loops
  // over a million pixels a picture.
  picture.withUnsafeBufferPointer { picture in
    reference.withUnsafeBufferPointer { reference in
      func change(_ offset: Int) -> Int { abs(Int(picture[offset]) - Int(reference[offset])) }
      for y in band ?? 0..<height {
        for x in 0..<width {
          let offset = (y * width + x) * 4
          if max(change(offset), change(offset + 1), change(offset + 2)) > threshold {
            columns[x] += 1
            rows[y] += 1
          }
        }
      }
    }
  }
  func middle(_ counts: [Int]) -> Double? {
    guard let tallest = counts.max(), tallest > 0 else { return nil }
    let near = counts.indices.filter { counts[$0] >= tallest - 1 }
    return Double(near.reduce(0, +)) / Double(near.count) + 0.5
  }
  guard let x = middle(columns), let y = middle(rows) else { return nil }
  return (x, y)
}

/// The bytes of a canvas's pixels, row by row without the row padding.
func canvasPixels(_ canvas: Canvas) -> [UInt8] {
  cairo_surface_flush(canvas.surface)
  let stride = Int(cairo_image_surface_get_stride(canvas.surface))
  guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(canvas.height * canvas.width * 4)
  for row in 0..<canvas.height {
    bytes += UnsafeBufferPointer(start: data + row * stride, count: canvas.width * 4)
  }
  return bytes
}
