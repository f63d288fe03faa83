import Drawing
import MediaEncoding

/// A video's pictures in order, each different picture drawn and converted once: a picture
/// that looks the same as the one before it (in the app's look, most do) is that converted
/// picture again. Plans a little ahead of the picture being written, so the workers of its
/// `PicturePipeline` draw while the encoder works.
struct VideoPictures {
  /// Pictures in the video.
  let count: Int
  /// Pictures drawn and converted so far (the others repeat the picture before them).
  private(set) var drawnCount = 0
  /// Pictures handed out so far: the next one's number.
  private(set) var nextPicture: Int64 = 0
  private var schedule: PictureSchedule
  private let pipeline: PicturePipeline
  private let looksTheSame: (InstrumentMoment, InstrumentMoment?) -> Bool
  /// The pictures planned and not yet handed out, from `plannedHead`: true for one drawn
  /// anew, false for one that repeats the picture before it.
  private var planned: [Bool] = []
  private var plannedHead = 0
  private var lastPlanned: InstrumentMoment?
  /// The moment after `lastPlanned`, taken from the schedule, waiting for room in the pipeline.
  private var waiting: InstrumentMoment?
  /// The picture handed out last, kept to be handed out again.
  private var current: VideoPicture?

  /// Pictures planned ahead at most, besides the pipeline's own bound.
  private static let planLimit = 256

  init(
    count: Int, schedule: PictureSchedule, pipeline: PicturePipeline,
    looksTheSame: @escaping (InstrumentMoment, InstrumentMoment?) -> Bool
  ) {
    self.count = count
    self.schedule = schedule
    self.pipeline = pipeline
    self.looksTheSame = looksTheSame
  }

  /// The audio frame the next picture starts at, rounded up.
  var nextPictureStart: Int64 { schedule.start(ofPicture: nextPicture) }

  /// The next picture, converted for the encoder; valid until the next call, which may hand
  /// its buffers back to the workers.
  mutating func next() throws(EncodingError) -> VideoPicture {
    precondition(nextPicture < count, "a picture past the video's end")
    planAhead()
    let drawn = planned[plannedHead]
    plannedHead += 1
    nextPicture += 1
    if plannedHead >= Self.planLimit {
      planned.removeFirst(plannedHead)
      plannedHead = 0
    }
    if drawn {
      let picture = try pipeline.take()
      if let current { pipeline.reuse(current) }
      current = picture
    }
    planAhead()
    guard let current else { preconditionFailure("the first picture is always drawn") }
    return current
  }

  /// Stops the pipeline's workers and lets go of every picture.
  mutating func finish() {
    pipeline.stop()
    current = nil
  }

  /// Submits the pictures to come while the pipeline has room, deciding which are drawn.
  private mutating func planAhead() {
    while planned.count - plannedHead < Self.planLimit {
      let moment: InstrumentMoment
      if let waiting {
        moment = waiting
      } else if schedule.nextFrame < count {
        moment = schedule.advance()
      } else {
        return
      }
      let drawn = !looksTheSame(moment, lastPlanned)
      if drawn {
        guard pipeline.hasRoom else {
          waiting = moment
          return
        }
        pipeline.submit(moment)
        drawnCount += 1
      }
      waiting = nil
      planned.append(drawn)
      lastPlanned = moment
    }
  }
}
