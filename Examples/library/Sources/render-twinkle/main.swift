import Foundation
import Rendering

// Renders the example song, its own `options` line included, to the WAV file named by the
// first argument: byte for byte what `xylo-render render Examples/scores/twinkle.xylo -o OUT`
// writes.
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: render-twinkle OUT.wav\n".utf8))
  exit(64)
}
do {
  let song = try Song(file: "Examples/scores/twinkle.xylo")
  let summary = try song.render(to: .file(arguments[1]))
  print("wrote \(summary.totalFrames) frames at \(summary.rate) Hz, peak \(summary.peak.peak)")
} catch {
  FileHandle.standardError.write(Data("render-twinkle: \(error)\n".utf8))
  exit(1)
}
