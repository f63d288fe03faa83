import Foundation
import TestSupport
import Testing

/// What a musician reads and hears from the tool: a MIDI file that names its parts and plays a
/// xylophone, a late tap log played from its first tap, the default tempo said, a video's
/// name sent to `video`.
@Suite struct ReadableOutputTests {
  @Test func aScoreBecomesMIDIWithANamedXylophoneTrackPerVoice() throws {
    let midi = try TestSupport.temporaryFolder() + "/canon.mid"
    let converted = try run(["convert", "Examples/scores/frere-jacques-canon.xylo", "-o", midi])
    #expect(converted.status == 0)
    let info = try run(["info", midi]).stdout.split(separator: "\n").suffix(3)
    #expect(
      info == [
        "2      first                 Xylophone             1         32     C6-A6    0        0      0       0",
        "3      second                Xylophone             2         32     C6-A6    0        0      0       0",
        "4      third                 Xylophone             3         32     C6-A6    0        0      0       0",
      ])
  }

  @Test func aTapLogThatStartsLateIsPlayedFromItsFirstTapWithAWarning() throws {
    let score = try temporaryScore("73412.118 C\n73412.5 D\n")
    let result = try run(["events", score])
    #expect(result.status == 0)
    #expect(
      result.stdout == "frame,seconds,key,gain,line\n0,0.000000,C,1,1\n18336,0.382000,D,1,2\n")
    #expect(
      result.stderr == """
        \(score):1:1: warning: the tap log starts at 73412.118 s, past the 7200 s limit; it plays from its first tap, times counted from there
        73412.118 C
        ^

        """)
    let output = try TestSupport.temporaryFolder() + "/log.wav"
    let rendered = try run(["render", score, "-o", output, "--quiet"])
    #expect(rendered.status == 0)
  }

  @Test func infoSaysTheDefaultTempoOfAScoreWithout() throws {
    let score = try temporaryScore("C D\n")
    #expect(
      try run(["info", score]).stdout
        == "\(score): score, 1.000 s, 2 taps on 2 keys\ntempo: 120 quarter notes a minute (default)\n"
    )
  }

  @Test func renderingToAVideosNamePointsToTheVideoCommand() throws {
    let result = try run(["render", "Examples/scores/twinkle.xylo", "-o", "/tmp/x.mp4"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: '/tmp/x.mp4' is a video: make it with 'xylo-render video'; this command writes sound (wav, flac, aiff, caf, w64, rf64, ogg, opus, mp3, m4a, m4r)\n"
      ))
  }
}
