/// Where each part of a golden picture goes, in pixels: a title line, the marker's label, the
/// score's taps (when given), three waveform lanes, the spectrogram with its colour bar, and
/// the time axis.
struct PictureLayout {
  var titleBaseline: Double
  var markerLabelBaseline: Double
  /// The x span shared by every lane, the spectrogram and the time axis.
  var plotLeft: Double
  var plotRight: Double
  /// The score's taps as a piano roll, over the waveform lanes and as tall as one.
  var tapLane: Rect?
  /// Expected, actual and difference, top to bottom.
  var lanes: [Rect]
  var spectrogram: Rect?
  var colourBar: Rect?
  /// The top of the time axis: the bottom of the lowest panel.
  var axisTop: Double

  init(width: Int, height: Int, withSpectrogram: Bool, withTaps: Bool = false) {
    let width = Double(width)
    let height = Double(height)
    titleBaseline = 36
    markerLabelBaseline = 62
    let left = min(170, width * 0.2)
    let right = width - (withSpectrogram ? min(96, width * 0.12) : min(28, width * 0.04))
    plotLeft = left
    plotRight = right
    let top = 74.0
    let bottom = height - 46
    let laneGap = 10.0
    let spectrogramGap = withSpectrogram ? 18.0 : 0
    let available = max(bottom - top - 2 * laneGap - spectrogramGap, 4)
    let spectrogramHeight = withSpectrogram ? (available * 0.34).rounded() : 0
    let laneCount = withTaps ? 4.0 : 3
    let tapsAvailable = available - (withTaps ? laneGap : 0)
    let laneHeight = ((tapsAvailable - spectrogramHeight) / laneCount).rounded(.down)
    let plotWidth = max(right - left, 1)
    let firstLane = withTaps ? 1 : 0
    tapLane = withTaps ? Rect(x: left, y: top, width: plotWidth, height: laneHeight) : nil
    lanes = (firstLane..<(firstLane + 3)).map { index in
      Rect(
        x: left, y: top + Double(index) * (laneHeight + laneGap), width: plotWidth,
        height: laneHeight)
    }
    let lanesBottom = top + laneCount * laneHeight + (laneCount - 1) * laneGap
    if withSpectrogram {
      let panel = Rect(
        x: left, y: lanesBottom + spectrogramGap, width: plotWidth,
        height: spectrogramHeight)
      spectrogram = panel
      colourBar = Rect(x: right + 16, y: panel.y, width: 12, height: panel.height)
      axisTop = panel.maxY
    } else {
      axisTop = lanesBottom
    }
  }

  /// The lanes and the spectrogram, top to bottom (the taps' lane is no waveform panel).
  var panels: [Rect] { lanes + (spectrogram.map { [$0] } ?? []) }

  /// The top of the highest lane, where the first-difference marker starts.
  var lanesTop: Double { tapLane?.y ?? lanes[0].y }

  /// The x of a time, `seconds` of a picture `duration` seconds long.
  func x(seconds: Double, duration: Double) -> Double {
    plotLeft + (plotRight - plotLeft) * seconds / duration
  }
}
