// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "xylo-render",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "xylo-render", targets: ["xylo-render"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    .library(name: "Exports", targets: ["Exports"]),
    .library(name: "GoldenTesting", targets: ["GoldenTesting", "GoldenReports"]),
    .library(name: "XyloTesting", targets: ["XyloTesting"]),
    .library(name: "Settings", targets: ["Settings"]),
    .library(name: "ScoreParser", targets: ["ScoreParser"]),
    .library(name: "MIDIFile", targets: ["MIDIFile"]),
    .library(name: "Notation", targets: ["Notation"]),
    .library(name: "Mixer", targets: ["Mixer"]),
    .library(name: "SampleBank", targets: ["SampleBank"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSndFile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
    ),
    .target(name: "AudioBasics"),
    // Libraries only some commands use are opened on first use, not linked (FFmpeg and Cairo
    // cost every command ~40 ms and ~24 MB to load, libcrypto, libsoxr and libebur128 ~2 ms):
    // their headers come from the -dev packages scripts/bootstrap lists, and each target has
    // one forwarder per function used.
    .target(name: "CSoxr", dependencies: ["CSystem"]),
    .target(name: "CCrypto", dependencies: ["CSystem"]),
    .target(name: "CEBUR128", dependencies: ["CSystem"]),
    .target(name: "CCairo", dependencies: ["CSystem"]),
    .target(name: "CFFmpeg", dependencies: ["CSystem"]),
    // CXML2 declares what it uses of libxml2 itself (Debian keeps libxml2's headers off the
    // default search path, and a flag to reach them would keep the package from being used as
    // a dependency); NotationTests checks the declarations against libxml2's headers.
    .target(name: "CXML2", dependencies: ["CSystem"]),
    .target(name: "CZip", dependencies: ["CSystem"]),
    .target(name: "SoundFile", dependencies: ["CSndFile", "CSystem", "AudioBasics", "Platform"]),
    .target(name: "MediaEncoding", dependencies: ["CFFmpeg", "AudioBasics", "Platform"]),
    .target(name: "Loudness", dependencies: ["CEBUR128", "AudioBasics"]),
    .target(name: "Drawing", dependencies: ["CCairo", "AudioBasics"]),
    .target(
      name: "AudioDigest",
      dependencies: ["CCrypto", "SoundFile", "MediaEncoding", "AudioBasics", "Platform"]),
    .target(name: "Resampling", dependencies: ["CSoxr", "AudioBasics"]),
    .target(
      name: "CSystem", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "Platform", dependencies: ["CSystem"]),
    .target(name: "ScoreParser"),
    .target(name: "Xylophone", dependencies: ["AudioBasics"]),
    .target(name: "MIDIFile", dependencies: ["ScoreParser", "AudioBasics"]),
    // MusicXML and ABC read onto the MIDI path: parts as tracks, exact times.
    .target(
      name: "Notation",
      dependencies: ["MIDIFile", "ScoreParser", "Platform", "AudioBasics", "CXML2", "CZip"]),
    .target(
      name: "SampleBank",
      dependencies: ["AudioBasics", "SoundFile", "Resampling", "Xylophone", "Platform"]),
    .target(name: "Mixer", dependencies: ["AudioBasics", "CSystem"]),
    .target(
      name: "Settings",
      dependencies: [
        "AudioBasics", "ScoreParser", "Mixer", "SampleBank", "SoundFile", "MediaEncoding",
        "Platform",
      ]),
    .target(
      name: "Rendering",
      dependencies: [
        "AudioBasics", "ScoreParser", "MIDIFile", "Notation", "Mixer", "SampleBank", "SoundFile",
        "AudioDigest", "Settings", "Loudness", "MediaEncoding", "Platform", "CSystem",
      ]),
    // Exports: the song as a ringtone, a video, a picture, or converted to another notation;
    // the product's rules for each (lengths, codecs) live here.
    .target(
      name: "Exports",
      dependencies: [
        "Rendering", "AudioBasics", "AudioDigest", "Drawing", "Loudness", "MIDIFile",
        "MediaEncoding", "Mixer", "Platform", "SampleBank", "ScoreParser", "Settings", "SoundFile",
      ]),
    // Golden testing: comparing renders with goldens, the runner, its results as values.
    .target(
      name: "GoldenTesting",
      dependencies: [
        "Rendering", "Exports", "AudioBasics", "AudioDigest", "Drawing", "Loudness", "Platform",
        "SampleBank", "ScoreParser", "Settings", "SoundFile",
      ]),
    // The golden runner's results as text: console lines, JUnit, JSON, CI annotations, and the
    // HTML page (SHA-256 for its Content-Security-Policy).
    .target(
      name: "GoldenReports",
      dependencies: [
        "GoldenTesting", "Rendering", "AudioBasics", "AudioDigest", "Platform", "ScoreParser",
      ]),
    // One call for a Swift test: render a score and compare it with its golden, in memory.
    .target(
      name: "XyloTesting",
      dependencies: [
        "GoldenTesting", "GoldenReports", "Rendering", "AudioBasics", "AudioDigest", "Platform",
        "SoundFile",
        "Settings",
      ]),
    .executableTarget(
      name: "xylo-render",
      dependencies: [
        "Settings", "Rendering", "Exports", "GoldenTesting", "GoldenReports", "ScoreParser",
        "SampleBank", "SoundFile", "AudioDigest", "Platform", "Resampling", "Loudness",
        "MediaEncoding", "Drawing",
      ]
    ),
    // libFuzzer harnesses: libraries here, linked into fuzzers by scripts/fuzz.
    .target(
      name: "FuzzMIDIReader", dependencies: ["MIDIFile", "ScoreParser"], path: "Fuzz/midi-reader"),
    .target(
      name: "FuzzABCReader", dependencies: ["Notation", "MIDIFile", "ScoreParser"],
      path: "Fuzz/abc-reader"),
    .target(
      name: "FuzzMusicXMLReader", dependencies: ["Notation", "MIDIFile", "ScoreParser"],
      path: "Fuzz/musicxml-reader"),
    .target(
      name: "FuzzOptions", dependencies: ["Settings", "ScoreParser"],
      path: "Fuzz/options"),
    .target(
      name: "FuzzScoreParser", dependencies: ["ScoreParser", "Rendering"], path: "Fuzz/score-parser"
    ),
    .target(
      name: "FuzzSampleReader", dependencies: ["SampleBank", "Rendering", "Platform"],
      path: "Fuzz/sample-reader"),
    .target(
      name: "FuzzSFZReader", dependencies: ["SampleBank", "Rendering", "Platform"],
      path: "Fuzz/sfz-reader"),
    .target(
      name: "FuzzSF2Reader", dependencies: ["SampleBank", "Rendering", "Platform"],
      path: "Fuzz/sf2-reader"),
    .target(
      name: "FuzzPictureReader", dependencies: ["MediaEncoding", "Platform"],
      path: "Fuzz/picture-reader"),
    .target(name: "TestSupport", dependencies: ["AudioBasics"], path: "Tests/TestSupport"),
    .testTarget(
      name: "ScoreParserTests", dependencies: ["TestSupport", "ScoreParser"],
      exclude: ["fuzz-regressions"]),
    .testTarget(
      name: "NotationTests", dependencies: ["TestSupport", "Notation", "ScoreParser", "MIDIFile"],
      exclude: ["fuzz-regressions"]),
    .testTarget(name: "MixerTests", dependencies: ["TestSupport", "Mixer", "AudioBasics"]),
    .testTarget(
      name: "MIDIFileTests",
      dependencies: ["TestSupport", "MIDIFile", "ScoreParser", "AudioBasics"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "TestSupport", "Rendering", "Mixer", "ScoreParser", "SampleBank", "SoundFile", "Platform",
        "Settings",
      ]),
    .testTarget(name: "SoundFileTests", dependencies: ["TestSupport", "SoundFile"]),
    .testTarget(
      name: "ExportsTests",
      dependencies: ["TestSupport", "Exports", "GoldenTesting", "Rendering", "Drawing"]),
    .testTarget(
      name: "XyloTestingTests",
      dependencies: ["TestSupport", "XyloTesting", "Rendering", "GoldenTesting"]),
    .testTarget(
      name: "GoldenTestingTests",
      dependencies: [
        "TestSupport", "GoldenTesting", "GoldenReports", "Rendering", "AudioDigest", "Platform",
      ]),
    .testTarget(
      name: "SettingsTests", dependencies: ["TestSupport", "Settings", "ScoreParser", "Mixer"]),
    .testTarget(name: "PlatformTests", dependencies: ["TestSupport", "Platform"]),
    .testTarget(name: "LoudnessTests", dependencies: ["TestSupport", "Loudness", "AudioBasics"]),
    .testTarget(
      name: "MediaEncodingTests",
      dependencies: ["TestSupport", "MediaEncoding", "AudioBasics", "Loudness"],
      exclude: ["pictures"]),
    .testTarget(
      name: "DrawingTests", dependencies: ["TestSupport", "Drawing", "AudioBasics", "CCairo"]),
    .testTarget(name: "ResamplingTests", dependencies: ["TestSupport", "Resampling", "CSoxr"]),
    .testTarget(name: "AudioDigestTests", dependencies: ["TestSupport", "AudioDigest"]),
    .testTarget(
      name: "XylophoneTests", dependencies: ["TestSupport", "Xylophone", "AudioDigest"],
      exclude: ["pinned-hashes.txt"]),
    .testTarget(
      name: "SampleBankTests",
      dependencies: [
        "TestSupport", "SampleBank", "SoundFile", "ScoreParser", "AudioBasics", "Resampling",
      ],
      exclude: ["fuzz-regressions"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TestSupport", "xylo-render", "Rendering", "Exports", "Settings", "SoundFile",
        "MediaEncoding", "AudioDigest",
      ],
      exclude: ["help"]),
  ]
)
