// swift-tools-version:6.0
// The code of docs/library.md as a package of its own, depending on xylo-render as any other
// package would: `scripts/library-example` checks that the document's blocks are these files,
// builds them, and compares render-twinkle's file with the tool's.
import PackageDescription

let package = Package(
  name: "library-example",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "xylo-render", path: "../..")],
  targets: [
    .executableTarget(
      name: "render-twinkle",
      dependencies: [.product(name: "Rendering", package: "xylo-render")]),
    .target(
      name: "Snippets",
      dependencies: [.product(name: "Rendering", package: "xylo-render")]),
    .testTarget(
      name: "SnippetTests",
      dependencies: [
        .product(name: "Rendering", package: "xylo-render"),
        .product(name: "GoldenTesting", package: "xylo-render"),
        .product(name: "XyloTesting", package: "xylo-render"),
      ],
      exclude: [
        "alarm.xylo", "alarm.golden.sha256", "alarm.golden.taps", "alarm.golden.manifest.json",
        "Goldens",
      ]),
  ]
)
