import Foundation
import TestSupport
import Testing

/// `--bank FILE.sfz` from the command line, and `bank export`'s instrument read back.
@Suite struct SFZRenderTests {
  /// Soft, loud, chords, app titles and chromatic names, gains on and around layer bounds.
  static let score = """
    C D*0.5 E*0.25 F
    G*0.84 A*0.8414 B*0.1 HighC*0.01
    F4*0.7 C#5*0.33 Bb6*0.05 C8 G7*1.5 C+E+G*0.6

    """

  @Test func theExportedInstrumentRendersEveryTapExactlyAsTheBuiltInBank() throws {
    let folder = try temporaryFolder()
    let export = try run(["bank", "export", folder + "/bank"])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(
      export.stderr
        == "wrote 70 keys to '\(folder)/bank' as 48 kHz 24-bit WAV, and '\(folder)/bank/xylophone.sfz' with 572 strike-layer samples\n"
    )
    let score = try file("s.xylo", in: folder, holding: Array(Self.score.utf8))
    for (name, bank) in [
      ("builtin.wav", [String]()), ("sfz.wav", ["--bank", folder + "/bank/xylophone.sfz"]),
      ("plain.wav", ["--bank", folder + "/bank"]),
    ] {
      let render = try run(["render", score, "-o", "\(folder)/\(name)", "--quiet"] + bank)
      #expect(render.status == 0, "\(render.stderr)")
    }
    let builtIn = try Data(contentsOf: URL(fileURLWithPath: folder + "/builtin.wav"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/sfz.wav")) == builtIn)
    // The plain files hold full strikes only: a soft tap is the full strike scaled.
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/plain.wav")) != builtIn)
  }

  @Test func unsupportedOpcodesAreWarnedOnceAndTheRenderGoesOn() throws {
    let folder = try temporaryFolder()
    try copyExportedBank(to: folder + "/bank")
    let sfz = try file(
      "x.sfz", in: folder,
      holding: Array(
        "<global> loop_mode=one_shot ampeg_release=1\n<region> sample=bank/C.wav key=c6 loop_mode=no_loop\n"
          .utf8))
    let result = try run(["render", "-", "-o", folder + "/o.wav", "--bank", sfz], input: "C C\n")
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        """
        xylo-render: warning: \(sfz):1: opcode 'loop_mode' is not supported; ignored
        xylo-render: warning: \(sfz):1: opcode 'ampeg_release' is not supported; ignored
        wrote '\(folder)/o.wav'
        """))
  }

  @Test func tapsInAVelocityGapAreNamedAsSilent() throws {
    let folder = try temporaryFolder()
    try copyExportedBank(to: folder + "/bank")
    // Velocities 1-63 have no region: gain 0.2 is velocity 25, 0.1 is 13.
    let sfz = try file(
      "x.sfz", in: folder,
      holding: Array("<region> sample=bank/C.wav lokey=84 hikey=96 lovel=64\n".utf8))
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", sfz], input: "C6 C6*0.2 E6*0.1 D6\n")
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: 2 taps play no sample: the bank has none for C6 at velocity 25 (the first); check its lovel/hivel ranges\n"
      ))
    let whole = try run(
      ["render", "-", "-o", folder + "/p.wav", "--bank", sfz], input: "C6 D6\n")
    #expect(!whole.stderr.contains("no sample"))
  }

  @Test func tapsInARoundRobinGapAreBlamedOnTheTurnsNotTheVelocities() throws {
    let folder = try temporaryFolder()
    _ = try run(["bank", "export", folder + "/bank", "--quiet"])
    // Turns 1 and 3 of 3 have a region: the second and fifth of five taps play nothing.
    let sfz = try file(
      "x.sfz", in: folder,
      holding: Array(
        """
        <region> sample=bank/C.wav key=84 seq_length=3 seq_position=1
        <region> sample=bank/C.wav key=84 seq_length=3 seq_position=3

        """.utf8))
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", sfz], input: "C6 C6 C6 C6 C6\n")
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: 2 taps play no sample: the bank has none for C6 at velocity 127 on turn 2 of its round robin of 3 (the first); check its seq_length/seq_position\n"
      ), "\(result.stderr)")
  }

  @Test func aBrokenInstrumentIsRefusedWithItsLineAndNoOutput() throws {
    let folder = try temporaryFolder()
    let sfz = try file(
      "x.sfz", in: folder, holding: Array("<region> sample=a.wav\n<region> lokey=zz\n".utf8))
    let result = try run(["render", "-", "-o", folder + "/o.wav", "--bank", sfz], input: "C\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "xylo-render: error: cannot use '\(sfz):2': lokey=zz is not a key: a MIDI note 0-127 or a name such as c#4\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder + "/o.wav"))
  }
}
