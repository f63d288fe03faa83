/// A score as a piano roll: time across, a row a key up the side (lowest pitch at the bottom)
/// tinted in the app's key colours, a rounded mark a tap sized by its gain, faint bar lines,
/// seconds marked under it and the title on top.
///
/// Written as a PNG, or as an SVG of real vector shapes: one `<path>` a tap, in its key's
/// colour. The same picture gives the same bytes each time with the same Cairo and fonts.
public struct ScorePicture: Sendable {
  /// One tap: when, which key, and how loud.
  public struct Tap: Equatable, Sendable {
    /// Seconds from the start of the score.
    public var seconds: Double
    /// The key's title, as in `DrawnKey.title`.
    public var key: String
    /// The linear gain, which sets the mark's size: its area grows in proportion. Gain 1 is a
    /// square as tall as the row (less a margin of a tenth of it); a softer tap's square has
    /// side × √gain; a louder one stays full height and widens by the gain, up to 4 times. Every
    /// side is at least 2 pixels, so a silent tap still shows.
    public var gain: Double

    public init(seconds: Double, key: String, gain: Double) {
      self.seconds = seconds
      self.key = key
      self.gain = gain
    }
  }

  /// First on the top line; `nil` leaves only the details there.
  public var title: String?
  /// The keys with a pitch, one row each, in any order: drawn lowest pitch at the bottom. A
  /// tap's key missing here gets a grey row above them, in the order taps first use it.
  public var keys: [DrawnKey]
  /// The taps, in any order; drawn in this order, later ones over earlier ones.
  public var taps: [Tap]
  /// Seconds the time axis spans from 0; a tap after it widens the axis to reach it.
  public var duration: Double
  /// Seconds of the faint vertical lines (bars or beats); may be empty.
  public var barTimes: [Double]

  public init(
    title: String?, keys: [DrawnKey], taps: [Tap], duration: Double, barTimes: [Double] = []
  ) {
    self.title = title
    self.keys = keys
    self.taps = taps
    self.duration = duration
    self.barTimes = barTimes
  }

  /// The size `write` draws when given none: 60 pixels a second of the axis plus room for the
  /// key titles (640 to 4096 wide), and 30 pixels a row plus the title and the axis (200 to
  /// 4096 tall).
  public var defaultSize: (width: Int, height: Int) {
    let rows = PianoRoll(keys: keys, taps: taps).rows.count
    let width = 180 + axisSeconds * 60
    let height = ScorePictureLayout.top + ScorePictureLayout.bottom + 30 * Double(rows)
    return (
      Int(min(max(width, 640), 4096).rounded(.up)), Int(min(max(height, 200), 4096).rounded(.up))
    )
  }

  /// Draws the picture and writes it at `path` as a PNG or an SVG file, by the extension
  /// (`.png`, `.svg`, any case), replacing any file there; `nil` sides are `defaultSize`'s.
  public func write(to path: String, width: Int? = nil, height: Int? = nil) throws(DrawingError) {
    guard let format = PictureFormat(path: path) else {
      throw DrawingError(path: path, reason: "a picture's name must end in '.png' or '.svg'")
    }
    try write(to: path, format: format, width: width, height: height)
  }

  /// Draws the picture and writes it at `path` in `format`, whatever the path's extension (a
  /// temporary file's, say), replacing any file there; each side must be 1 to 32767 pixels.
  public func write(
    to path: String, format: PictureFormat, width: Int? = nil, height: Int? = nil
  ) throws(DrawingError) {
    let size = defaultSize
    let width = width ?? size.width
    let height = height ?? size.height
    guard (1...32_767).contains(width) && (1...32_767).contains(height) else {
      throw DrawingError(
        path: path, reason: "a picture of \(width)×\(height) pixels; each side must be 1 to 32767")
    }
    try CairoLibrary.open(for: path)
    switch format {
    case .png:
      let canvas = Canvas(width: width, height: height)
      draw(on: canvas)
      try canvas.writePNG(to: path)
    case .svg:
      let canvas = Canvas(width: width, height: height, kind: .svg(path: path))
      draw(on: canvas)
      try canvas.finishSVG()
    }
  }

  /// Seconds the time axis spans: the duration, or the last tap's time when later; 1 for an
  /// empty score.
  var axisSeconds: Double {
    let last = taps.lazy.map(\.seconds).filter(\.isFinite).max() ?? 0
    let span = max(duration.isFinite ? duration : 0, last)
    return span > 0 ? span : 1
  }
}

/// The file formats a picture is written in.
public enum PictureFormat: String, Sendable, CaseIterable {
  /// Pixels, through Cairo's image surface.
  case png
  /// Vector shapes, through Cairo's SVG surface.
  case svg

  /// The format a path's extension names, in any case (`score.PNG`); `nil` for another.
  public init?(path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    self.init(rawValue: name[name.index(after: dot)...].lowercased())
  }
}
