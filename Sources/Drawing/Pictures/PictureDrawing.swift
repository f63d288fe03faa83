/// The parts of a golden picture, drawn in order: background, title, the taps' lane, the
/// waveform lanes, spectrogram and time axis. The first-difference marker runs under the waveforms, so that a difference of a
/// single frame stays visible, and dashed over the spectrogram.
extension GoldenPicture {
  func draw(on canvas: Canvas) {
    let layout = PictureLayout(
      width: canvas.width, height: canvas.height, withSpectrogram: hasSpectrogram,
      withTaps: score != nil)
    let expectedFrames = expected.count / channels
    let actualFrames = actual.count / channels
    let totalFrames = max(expectedFrames, actualFrames)
    let duration = totalFrames > 0 ? Double(totalFrames) / Double(rate) : 1
    let axis = TimeAxis(seconds: duration, pixels: layout.plotRight - layout.plotLeft)
    let gridXs = axis.ticks.map { layout.x(seconds: $0, duration: duration) }
    let markerX = firstDifferenceFrame.map { frame in
      let seconds = min(max(Double(frame) / Double(rate), 0), duration)
      return layout.x(seconds: seconds, duration: duration).rounded() + 0.5
    }

    canvas.fill(
      Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)),
      Palette.background)
    drawKeyStripe(on: canvas)
    drawTitle(
      on: canvas, layout: layout, expectedFrames: expectedFrames, actualFrames: actualFrames)
    if let markerX {
      canvas.line(
        from: Point(x: markerX, y: layout.lanesTop), to: Point(x: markerX, y: layout.axisTop),
        Palette.marker, lineWidth: 2)
    }
    if let score, let rect = layout.tapLane {
      TapLane(score: score).draw(
        on: canvas, in: rect, x: { layout.x(seconds: $0, duration: duration) }, gridXs: gridXs,
        markerX: markerX)
    }
    let lanes = lanes(
      layout: layout, expectedFrames: expectedFrames, actualFrames: actualFrames,
      duration: duration)
    for (lane, rect) in zip(lanes, layout.lanes) {
      lane.draw(on: canvas, in: rect, gridXs: gridXs, markerX: markerX)
    }
    if let rect = layout.spectrogram, let bar = layout.colourBar {
      SpectrogramPanel(levels: bandLevels, centers: bandCenters, windowSeconds: windowSeconds)
        .draw(on: canvas, in: rect, colourBar: bar, duration: duration)
      if let markerX {
        let top = Point(x: markerX, y: rect.y)
        let bottom = Point(x: markerX, y: rect.maxY)
        canvas.line(
          from: top, to: bottom, Colour(hex: 0xFFFFFF, alpha: 0.8), lineWidth: 4, dashes: [6, 4])
        canvas.line(from: top, to: bottom, Palette.marker, lineWidth: 2, dashes: [6, 4])
      }
    }
    drawAxis(axis, on: canvas, layout: layout, duration: duration)
    if let frame = firstDifferenceFrame, let markerX {
      drawMarkerLabel(frame: frame, x: markerX, on: canvas, layout: layout)
    }
  }

  /// The three lanes: expected and actual on one scale, the difference on its own.
  private func lanes(
    layout: PictureLayout, expectedFrames: Int, actualFrames: Int, duration: Double
  ) -> [WaveformLane] {
    let totalFrames = max(expectedFrames, actualFrames)
    let columns = Int(layout.plotRight - layout.plotLeft)
    let expectedEnvelope = Envelope.averaged(
      expected, channels: channels, totalFrames: totalFrames, columns: columns)
    let actualEnvelope = Envelope.averaged(
      actual, channels: channels, totalFrames: totalFrames, columns: columns)
    let differenceEnvelope = Envelope.difference(
      expected: expected, actual: actual, channels: channels, totalFrames: totalFrames,
      columns: columns)
    let signalPeak = max(Envelope.peak(expectedEnvelope), Envelope.peak(actualEnvelope))
    let differencePeak = Envelope.peak(differenceEnvelope)
    let signalDetails =
      signalPeak > 0 ? ["peak " + NumberText.decibels(signalPeak) + "FS"] : ["silent"]
    var differenceDetails = ["no difference"]
    if differencePeak > 0 {
      differenceDetails = ["peak " + NumberText.decibels(differencePeak) + "FS"]
      if signalPeak > 0 {
        let ratio = signalPeak / differencePeak
        let word = ratio >= 1 ? "below" : "above"
        differenceDetails.append(NumberText.decibels(max(ratio, 1 / ratio)) + " \(word) signal")
      }
    }
    let end = { (frames: Int) -> Double? in
      frames < totalFrames
        ? layout.x(seconds: Double(frames) / Double(rate), duration: duration) : nil
    }
    let endNote = { (frames: Int) in
      "ends at " + NumberText.seconds(Double(frames) / Double(rate), decimals: 3)
    }
    return [
      WaveformLane(
        name: "expected", details: signalDetails, colour: Palette.expected,
        envelope: expectedEnvelope, scale: signalPeak > 0 ? signalPeak : 1,
        endX: end(expectedFrames), endNote: endNote(expectedFrames)),
      WaveformLane(
        name: "actual", details: signalDetails, colour: Palette.actual, envelope: actualEnvelope,
        scale: signalPeak > 0 ? signalPeak : 1, endX: end(actualFrames),
        endNote: endNote(actualFrames)),
      WaveformLane(
        name: "difference", details: differenceDetails, colour: Palette.difference,
        envelope: differenceEnvelope, scale: differencePeak > 0 ? differencePeak : 1),
    ]
  }

  /// A thin stripe of the seven key colours along the top edge.
  private func drawKeyStripe(on canvas: Canvas) {
    let width = Double(canvas.width) / Double(Palette.keys.count)
    for (index, colour) in Palette.keys.enumerated() {
      let x = (Double(index) * width).rounded()
      let next = (Double(index + 1) * width).rounded()
      canvas.fill(Rect(x: x, y: 0, width: next - x, height: 5), colour)
    }
  }

  /// `twinkle   48000 Hz · mono · 3.000 s (144000 frames)`, on one line: a long name is
  /// shortened.
  private func drawTitle(
    on canvas: Canvas, layout: PictureLayout, expectedFrames: Int, actualFrames: Int
  ) {
    let seconds = { (frames: Int) in
      NumberText.seconds(Double(frames) / Double(rate), decimals: 3)
    }
    let length =
      expectedFrames == actualFrames
      ? "\(seconds(expectedFrames)) (\(expectedFrames) frames)"
      : "expected \(seconds(expectedFrames)), actual \(seconds(actualFrames))"
    let layoutWord = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels"
    let details = "\(rate) Hz · \(layoutWord) · \(length)"
    // One line: the lanes' places do not depend on the title (`timeSpan`).
    PictureHeading(
      title: title, details: details, width: canvas.width, baseline: layout.titleBaseline,
      lineCount: 1, measuring: canvas
    ).draw(on: canvas, titleColour: Palette.text, detailsColour: Palette.secondaryText)
  }

  private func drawAxis(
    _ axis: TimeAxis, on canvas: Canvas, layout: PictureLayout, duration: Double
  ) {
    let top = layout.axisTop
    for tick in axis.ticks {
      let x = layout.x(seconds: tick, duration: duration).rounded(.down) + 0.5
      canvas.line(from: Point(x: x, y: top), to: Point(x: x, y: top + 6), Palette.secondaryText)
      canvas.text(
        axis.label(tick), at: Point(x: x, y: top + 21), size: 11.5, Palette.secondaryText,
        alignment: .center)
    }
  }

  /// A triangle over the lanes at the first difference, and its time and frame beside it.
  private func drawMarkerLabel(frame: Int64, x: Double, on canvas: Canvas, layout: PictureLayout) {
    let top = layout.lanesTop
    canvas.polygon(
      [Point(x: x - 6, y: top - 8), Point(x: x + 6, y: top - 8), Point(x: x, y: top)],
      Palette.marker)
    let seconds = NumberText.seconds(Double(frame) / Double(rate), decimals: 3)
    let label = "first difference at \(seconds) (frame \(frame))"
    let width = canvas.textWidth(label, size: 12.5, weight: .bold)
    let left = min(max(x - width / 2, layout.plotLeft), layout.plotRight - width)
    canvas.text(
      label, at: Point(x: left, y: layout.markerLabelBaseline - 3), size: 12.5, Palette.marker,
      weight: .bold)
  }
}
