/// A point on a canvas, in pixels from the top-left corner.
struct Point: Equatable, Sendable {
  var x: Double
  var y: Double
}

/// A rectangle on a canvas, in pixels from the top-left corner.
struct Rect: Equatable, Sendable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  var maxX: Double { x + width }
  var maxY: Double { y + height }
  var midY: Double { y + height / 2 }

  /// This rectangle with `amount` pixels taken off every side.
  func inset(by amount: Double) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }
}
