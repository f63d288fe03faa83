import Dispatch
import Drawing
import MediaEncoding
import Platform

/// Draws and converts a video's pictures on worker threads, each with an `InstrumentFrames`
/// and a converter of its own, and hands them back strictly in the order they were asked for.
///
/// The caller submits moments in order and takes each picture in the same order. Picture `i`
/// lives in slot `i % depth`, and the caller submits at most `depth` pictures it has not
/// taken, so memory is `depth` pictures whatever the song's length. A picture is a pure
/// function of its moment, so which worker draws it, and in what order, never changes a pixel.
///
/// One worker starts at once; another starts (up to `maximumWorkers`) each time the caller
/// has twice had to wait for a picture while others waited for a worker: a style that draws
/// few pictures (the app's) keeps one canvas, one that draws every picture gets them all.
final class PicturePipeline: @unchecked Sendable {
  /// One worker's tools, used only on its thread while the pipeline runs.
  final class Worker: @unchecked Sendable {
    let frames: InstrumentFrames
    let converter: VideoPictureConverter

    init(frames: InstrumentFrames, converter: VideoPictureConverter) {
      self.frames = frames
      self.converter = converter
    }
  }

  private struct Slot {
    var moment: InstrumentMoment?
    var result: Result<VideoPicture, EncodingError>?
  }

  /// Pictures submitted and not yet taken, at most.
  let depth: Int
  let maximumWorkers: Int
  /// Sets up another worker, or gives nil when it cannot (the others then draw alone).
  private let makeWorker: () -> Worker?
  /// The workers started; changed only by the caller's thread, under the lock.
  private var workers: [Worker] = []
  private var slots: [Slot]
  /// One per slot: signalled when its picture is ready.
  private let ready: [DispatchSemaphore]
  /// Signalled once per submitted picture, and once per worker to stop.
  private let work = DispatchSemaphore(value: 0)
  private let lock = DispatchSemaphore(value: 1)
  private let running = DispatchGroup()
  /// Pictures the caller gave back, converted into again.
  private var spare: [VideoPicture] = []
  private var submitted = 0
  private var taken = 0
  /// The next picture a worker takes.
  private var started = 0
  private var stopped = false
  /// Times the caller waited for a picture while another waited for a worker, since the last
  /// worker started.
  private var waitsBehind = 0

  /// Starts `first` on a thread of its own; `makeWorker` sets up the others when they are
  /// needed, up to `maximumWorkers` in all.
  init(first: Worker, maximumWorkers: Int, makeWorker: @escaping () -> Worker?) {
    self.maximumWorkers = max(1, maximumWorkers)
    self.makeWorker = makeWorker
    depth = self.maximumWorkers + 1
    slots = Array(repeating: Slot(), count: depth)
    // Created at 0 and signalled: libdispatch traps when a semaphore is freed below the value
    // it was created with.
    ready = (0..<depth).map { _ in DispatchSemaphore(value: 0) }
    start(first)
  }

  /// The workers started so far.
  var workerCount: Int {
    lock.wait()
    defer { lock.signal() }
    return workers.count
  }

  private func start(_ worker: Worker) {
    lock.wait()
    guard !stopped else {
      lock.signal()
      return
    }
    let index = workers.count
    workers.append(worker)
    running.enter()
    lock.signal()
    DispatchQueue(label: "xylo-render.pictures.\(index)").async {
      self.run(worker)
      self.running.leave()
    }
  }

  /// Whether another picture can be submitted before the next is taken: one more than the
  /// workers started, so each has a picture to draw while the caller takes one.
  var hasRoom: Bool { submitted - taken < min(depth, workerCount + 1) }

  /// Asks for the picture of `moment`, after those already submitted; needs `hasRoom`.
  func submit(_ moment: InstrumentMoment) {
    precondition(hasRoom, "a picture submitted beyond the pipeline's depth")
    lock.wait()
    slots[submitted % depth].moment = moment
    submitted += 1
    lock.signal()
    work.signal()
  }

  /// Waits for the earliest picture submitted and not yet taken, and returns it, or throws
  /// what converting it threw.
  func take() throws(EncodingError) -> VideoPicture {
    precondition(taken < submitted, "a picture taken before it was submitted")
    let slot = taken % depth
    if ready[slot].wait(timeout: .now()) == .timedOut {
      lock.wait()
      let behind = started < submitted
      lock.signal()
      if behind { waitsBehind += 1 }
      if waitsBehind >= 2 && workerCount < maximumWorkers, let worker = makeWorker() {
        start(worker)
        waitsBehind = 0
      }
      ready[slot].wait()
    }
    lock.wait()
    let result = slots[slot].result
    slots[slot] = Slot()
    taken += 1
    lock.signal()
    guard let result else { preconditionFailure("a picture signalled ready without one") }
    return try result.get()
  }

  /// Gives back a picture the encoder is done with, to be converted into again.
  func reuse(_ picture: VideoPicture) {
    lock.wait()
    spare.append(picture)
    lock.signal()
  }

  /// Stops the workers and waits for them to end; the caller then owns the frames again. Must
  /// be called once the pictures are taken or abandoned: the workers keep the pipeline.
  func stop() {
    lock.wait()
    let wasStopped = stopped
    stopped = true
    lock.signal()
    guard !wasStopped else { return }
    for _ in 0..<workerCount { work.signal() }
    running.wait()
    // The workers' canvases and the pictures go now, before the file is read back.
    lock.wait()
    workers = []
    spare = []
    slots = Array(repeating: Slot(), count: depth)
    lock.signal()
  }

  /// A worker's loop: take the next picture, draw it, convert it, mark it ready.
  private func run(_ worker: Worker) {
    var isFirst = true
    while true {
      work.wait()
      lock.wait()
      guard !stopped, started < submitted, let moment = slots[started % depth].moment else {
        lock.signal()
        return
      }
      let index = started
      started += 1
      let reused = spare.popLast()
      lock.signal()
      let result: Result<VideoPicture, EncodingError>
      do throws(EncodingError) {
        let picture: VideoPicture
        if let reused { picture = reused } else { picture = try worker.converter.makePicture() }
        try worker.frames.frame(moment) { (pixels, bytesPerRow) throws(EncodingError) in
          try worker.converter.convert(pixels, bytesPerRow: bytesPerRow, into: picture)
        }
        result = .success(picture)
      } catch {
        result = .failure(error)
      }
      if isFirst {
        // A worker's first picture is drawn whole, through scratch canvases of the whole
        // frame (8 MB at 1080p) that the app's look, drawn only where it changes, never
        // needs again: handed back rather than kept by this thread's allocator.
        releaseFreedMemory()
        isFirst = false
      }
      lock.wait()
      slots[index % depth].result = result
      lock.signal()
      ready[index % depth].signal()
    }
  }
}
