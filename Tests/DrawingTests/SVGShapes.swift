/// The filled shapes of an SVG file as Cairo writes them: one `<path>` element each, its fill
/// colour and the bounding box of its outline.
struct SVGShape: Equatable {
  /// `0xRRGGBB`, from Cairo's `fill:rgb(89.803922%,22.352941%,20.784314%)`.
  var fill: UInt32
  var opacity: Double
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  var width: Double { maxX - minX }
  var height: Double { maxY - minY }

  /// Every `<path>` with a fill colour, in document order (glyph outlines have none).
  static func filled(in svg: String) -> [SVGShape] {
    svg.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("<path "), let style = attribute("style", of: line),
        let d = attribute("d", of: line)
      else { return nil }
      var properties: [Substring: Substring] = [:]
      for item in style.split(separator: ";") {
        let pair = item.split(separator: ":", maxSplits: 1)
        if pair.count == 2 { properties[pair[0].drop { $0 == " " }] = pair[1] }
      }
      guard let fill = properties["fill"], fill.hasPrefix("rgb("), fill.hasSuffix(")") else {
        return nil
      }
      let components = fill.dropFirst(4).dropLast().split(separator: ",").compactMap {
        Double($0.dropLast())  // "89.803922%"
      }
      guard components.count == 3 else { return nil }
      let hex = components.reduce(UInt32(0)) { $0 << 8 | UInt32(($1 * 2.55).rounded()) }
      let numbers = d.split(separator: " ").compactMap { Double($0) }
      let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
      let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
      return SVGShape(
        fill: hex, opacity: properties["fill-opacity"].flatMap { Double($0) } ?? 1,
        minX: xs.min() ?? 0, minY: ys.min() ?? 0, maxX: xs.max() ?? 0, maxY: ys.max() ?? 0)
    }
  }

  /// The value of `name="…"` in an element's text.
  private static func attribute(_ name: String, of element: Substring) -> Substring? {
    guard let start = element.firstRange(of: " \(name)=\"")?.upperBound,
      let end = element[start...].firstIndex(of: "\"")
    else { return nil }
    return element[start..<end]
  }
}
