import Drawing
import Rendering
import SampleBank
import ScoreParser

/// Whether `path` names a picture `drawScorePicture` can write (`.png`, `.svg`, any case): for
/// a front end to refuse another name before it reads anything.
public func namesScorePicture(_ path: String) -> Bool { PictureFormat(path: path) != nil }

/// Draws `score` as a piano roll at `path`, a PNG or an SVG file by its extension (`.png`,
/// `.svg`): the whole of `xylo-render picture`.
///
/// Taps sit at their exact times as a render plays them; rows are the keys the score uses (see
/// `scorePicture(of:title:beatsPerBar:)`). `title` defaults to the score's own; `nil` sides
/// take `ScorePicture.defaultSize`. Written atomically, like a render: never over `scorePath`,
/// and an earlier file at `path` is untouched when drawing fails.
public func drawScorePicture(
  _ score: Score, title: String? = nil, beatsPerBar: Int? = nil, to path: String,
  width: Int? = nil, height: Int? = nil, scorePath: String? = nil
) throws(RenderError) {
  guard let format = PictureFormat(path: path) else {
    throw .invalidSetting(
      "'\(displayText(path, limit: displayedPathLength))' must name a picture ('.png' or '.svg')")
  }
  if let beatsPerBar, beatsPerBar < 1 {
    throw .invalidSetting("a bar of \(beatsPerBar) beats; it must hold at least 1")
  }
  let picture = scorePicture(of: score, title: title, beatsPerBar: beatsPerBar)
  try writePicture(to: path, inputs: scorePath.map { [$0] } ?? []) {
    (temporary) throws(DrawingError) in
    try picture.write(to: temporary, format: format, width: width, height: height)
  }
}

/// What the piano roll of `score` shows.
///
/// Rows: every key the score taps that names a pitch (`midiNote(ofTitle:)`: the app's titles,
/// the scientific names of the catalog and beyond), and the rest of the app's seven keys C…B
/// when every pitch it taps is one of the app's (C6 to C7's naturals), as the video draws it;
/// titles without a pitch (`kick_2`) go above in grey, in the order they first sound. Lines: on the bars of the score's meters when it sets one (`meter 6/8`) and no
/// `beatsPerBar` is given; otherwise on every beat of its tempos, or on every `beatsPerBar`-th
/// beat counted from each tempo change; at most 10 000 of them. A score that sets neither
/// tempo nor meter (a tap log, or the default 120) has none.
package func scorePicture(of score: Score, title: String? = nil, beatsPerBar: Int? = nil)
  -> ScorePicture
{
  let used = score.keys
  var titles = used
  let pitched = Set(used.compactMap(midiNote(ofTitle:)))
  let appKeys = AppKeys.titles.prefix(7).compactMap { title in
    midiNote(ofTitle: title).map { (title, $0) }
  }
  let appNotes = AppKeys.titles.compactMap(midiNote(ofTitle:))
  if !pitched.isEmpty && pitched.isSubset(of: appNotes) {
    titles += appKeys.filter { !pitched.contains($0.1) }.map(\.0)
  }
  let keys = titles.compactMap { title in
    midiNote(ofTitle: title).map { DrawnKey(title: title, midiNote: $0) }
  }
  let taps = score.taps.map {
    ScorePicture.Tap(seconds: $0.time.doubleValue, key: $0.key, gain: $0.gain)
  }
  return ScorePicture(
    title: title ?? score.title, keys: keys, taps: taps, duration: score.duration.doubleValue,
    barTimes: beatsPerBar == nil && !score.meterChanges.isEmpty
      ? meterBarTimes(score) : barTimes(score, beatsPerBar: beatsPerBar ?? 1))
}

/// Seconds of every bar line of a score that sets a meter, from 0 to its end: at most 10 000.
func meterBarTimes(_ score: Score) -> [Double] {
  var times = [0.0]
  walkMeterGrid(
    tempos: score.tempoChanges, meters: score.meterChanges, through: score.duration,
    maximumNotes: 640_000
  ) { time, startsBar in
    if startsBar && times.count < 10_000 { times.append(time.doubleValue) }
  }
  return times
}

/// Seconds of every `beatsPerBar`-th beat from each tempo change until the next one (the last
/// until the score's duration, inclusive), in exact arithmetic; at most 10 000.
func barTimes(_ score: Score, beatsPerBar: Int) -> [Double] {
  let limit = 10_000
  var times: [Double] = []
  let changes = score.tempoChanges
  for (index, change) in changes.enumerated() {
    let isLast = index == changes.count - 1
    let end = isLast ? score.duration : changes[index + 1].time
    guard let beats = Rational(60).multiplied(by: Rational(Int64(max(beatsPerBar, 1)))),
      let bar = beats.divided(by: change.beatsPerMinute), bar > .zero
    else { continue }
    var time = change.time
    while time < end || (isLast && time == end) {
      guard times.count < limit else { return times }
      times.append(time.doubleValue)
      guard let next = time.adding(bar) else { break }
      time = next
    }
  }
  return times
}

/// Writes a picture atomically at `path`: `draw` writes it at a temporary path beside it, which
/// then replaces `path`; a path that is one of `inputs` is refused.
package func writePicture(
  to path: String, inputs: [String] = [],
  _ draw: (_ temporaryPath: String) throws(DrawingError) -> Void
) throws(RenderError) {
  let target: OutputTarget
  do { target = try OutputTarget(.file(path), inputs: inputs) } catch { throw .output(error) }
  do {
    try draw(target.temporaryPath)
  } catch {
    throw .output(OutputError(path: path, reason: error.reason))
  }
  do { try target.commit() } catch { throw .output(error) }
}
