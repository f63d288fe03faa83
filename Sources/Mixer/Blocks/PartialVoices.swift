/// Voices that sound in only part of a block: started or ended inside it, or cut and fading.

extension MixRenderer {
  /// Adds the active voice at `position` over the part of the block it sounds in, fading it
  /// if it was cut.
  func addVoice(
    at position: Int, block: (start: Int64, end: Int64), into sums: Sums
  ) {
    let voice = voices[active[position]]
    let first = max(block.start, voice.startFrame)
    let last = min(block.end, plan.mixEnd(of: voice))
    guard first < last else { return }
    let plainEnd = min(last, voice.cutFrame ?? last)
    let plainFrames = max(0, Int(plainEnd - first))
    if plainFrames > 0 {
      addPass(
        position..<(position + 1), from: first, into: sums.from(Int(first - block.start)),
        frameCount: plainFrames)
    }
    guard let cut = voice.cutFrame, plainEnd < last else { return }
    addFading(
      voice, cut: cut, from: max(first, cut), to: last, blockStart: block.start, into: sums)
  }

  /// Adds a cut voice's fade: frame `cut + k` is scaled by `(fadeFrames - k) / fadeFrames`.
  private func addFading(
    _ voice: Voice, cut: Int64, from first: Int64, to last: Int64, blockStart: Int64,
    into sums: Sums
  ) {
    let fade = Float(voice.fadeFrames)
    for frame in first..<last {
      let factor = Float(voice.fadeFrames - (frame - cut)) / fade
      let source = Int(frame - voice.startFrame)
      let index = Int(frame - blockStart)
      for channel in 0..<sums.channels {
        let value = plan.value(ofSample: voice.sampleIndex, frame: source, channel: channel)
        let plane = channel == 0 ? sums.left : sums.right ?? sums.left
        plane[index] += value * voice.gain * factor
      }
    }
  }
}
