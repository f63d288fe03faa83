// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "xylo-render",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "xylo-render", targets: ["xylo-render"]),
    .library(name: "ScoreParser", targets: ["ScoreParser"]),
    .library(name: "Mixer", targets: ["Mixer"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSndFile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
    ),
    .systemLibrary(
      name: "CSoxr",
      pkgConfig: "soxr",
      providers: [.apt(["libsoxr-dev"]), .brew(["libsoxr"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
    ),
    .target(name: "SoundFile", dependencies: ["CSndFile"]),
    .target(name: "AudioDigest", dependencies: ["CCrypto", "SoundFile"]),
    .target(name: "Resampling", dependencies: ["CSoxr"]),
    .target(name: "CSystem"),
    .target(name: "Platform", dependencies: ["CSystem"]),
    .target(name: "ScoreParser"),
    .target(name: "Xylophone"),
    .target(
      name: "SampleBank",
      dependencies: ["SoundFile", "Resampling", "Mixer", "ScoreParser", "Xylophone", "Platform"]),
    .target(name: "Mixer", dependencies: ["ScoreParser"]),
    .executableTarget(
      name: "xylo-render",
      dependencies: [
        "ScoreParser", "Mixer", "SoundFile", "SampleBank", "AudioDigest", "Platform",
      ]
    ),
    // libFuzzer harnesses: libraries here, linked into fuzzers by scripts/fuzz.
    .target(
      name: "FuzzScoreParser", dependencies: ["ScoreParser", "Mixer"], path: "Fuzz/score-parser"),
    .target(
      name: "FuzzSampleReader", dependencies: ["SampleBank", "Mixer", "Platform"],
      path: "Fuzz/sample-reader"),
    .testTarget(
      name: "ScoreParserTests", dependencies: ["ScoreParser"], exclude: ["fuzz-regressions"]),
    .testTarget(name: "MixerTests", dependencies: ["Mixer", "ScoreParser"]),
    .testTarget(name: "SoundFileTests", dependencies: ["SoundFile"]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
    .testTarget(name: "ResamplingTests", dependencies: ["Resampling"]),
    .testTarget(name: "AudioDigestTests", dependencies: ["AudioDigest"]),
    .testTarget(
      name: "XylophoneTests", dependencies: ["Xylophone", "AudioDigest"],
      exclude: ["pinned-hashes.txt"]),
    .testTarget(
      name: "SampleBankTests", dependencies: ["SampleBank", "SoundFile", "Resampling", "Mixer"],
      exclude: ["fuzz-regressions"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["xylo-render", "SoundFile"],
      exclude: ["help", "goldens"]),
  ]
)
