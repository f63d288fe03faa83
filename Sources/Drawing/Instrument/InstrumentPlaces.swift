/// Where a picture of the instrument places its bars, their rails and shadows, and their
/// labels' sizes, as fractions of the picture's width (x) and height (y): for a page that draws
/// the same instrument at that shape and any size.
public struct InstrumentPlaces: Equatable, Sendable {
  /// A rectangle: its left, top, width and height as fractions of the picture's sides.
  public struct Box: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
  }

  /// A point as fractions of the picture's sides.
  public struct Spot: Equatable, Sendable {
    public var x: Double
    public var y: Double
  }

  /// One bar per key, in the keys' order.
  public var bars: [Box]
  /// Each bar's corner radius, as a fraction of the picture's height.
  public var cornerRadii: [Double]
  /// How far below each bar its shadow falls (`KeyboardLook.barShadow`), as a fraction of the
  /// picture's height.
  public var shadowDrops: [Double]
  /// Each key's label size, as a fraction of the picture's height.
  public var labelSizes: [Double]
  /// The rails the bars rest on (`KeyboardLook.railColour`), each a line through its points;
  /// none for the app's buttons.
  public var rails: [[Spot]]
  /// The rails' width, as a fraction of the picture's height.
  public var railWidth: Double
}

extension KeyboardLook {
  /// The instrument `keys` make, arranged as `arrangement` says, on a picture of `width` ×
  /// `height` without a title: the places a video of that size draws.
  public static func places(
    of keys: [DrawnKey], arrangement: KeyArrangement, width: Int, height: Int
  ) -> InstrumentPlaces {
    let layout = InstrumentLayout(
      keys: keys, width: width, height: height, hasTitle: false, arrangement: arrangement)
    let (across, down) = (Double(width), Double(height))
    return InstrumentPlaces(
      bars: layout.bars.map { bar in
        InstrumentPlaces.Box(
          x: bar.x / across, y: bar.y / down, width: bar.width / across,
          height: bar.height / down)
      },
      cornerRadii: layout.bars.map { min($0.width, $0.height) * cornerRadius / down },
      shadowDrops: layout.bars.indices.map {
        InstrumentFrames.shadowDrop(of: layout, bar: $0) / down
      },
      labelSizes: layout.labelSizes.map { $0 / down },
      rails: layout.rails.map { line in
        line.map { InstrumentPlaces.Spot(x: $0.x / across, y: $0.y / down) }
      },
      railWidth: InstrumentFrames.railWidth(of: layout, width: width, height: height) / down)
  }
}
