import Drawing

/// The bytes of a frame's pixels, row by row without the row padding, for comparing pictures
/// exactly.
func framePixels(_ frames: InstrumentFrames, _ moment: InstrumentMoment) -> [UInt8] {
  var bytes: [UInt8] = []
  frames.frame(moment) { pixels, stride in
    bytes.reserveCapacity(frames.width * frames.height * 4)
    for row in 0..<frames.height {
      bytes += pixels[(row * stride)..<(row * stride + frames.width * 4)]
    }
  }
  return bytes
}

/// A 64-bit FNV-1a hash of `bytes`: a short fingerprint to pin a picture's exact pixels.
func fingerprint(_ bytes: [UInt8]) -> UInt64 {
  bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}

/// The app's seven keys, C6 to B6, and a sharp among them: the most keys the app's layout
/// stacks (more are laid out as a xylophone).
let eightKeys = [
  ("C", 84), ("D", 86), ("E", 88), ("F", 89), ("F#6", 90), ("G", 91), ("A", 93), ("B", 95),
].map { DrawnKey(title: $0.0, midiNote: $0.1) }
