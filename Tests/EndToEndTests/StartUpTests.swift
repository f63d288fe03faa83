import Foundation
import Testing

@Suite struct StartUpTests {
  /// The shared libraries the dynamic loader would load to start `xylo-render`, as glibc's
  /// loader lists them when asked (what `ldd` does), without running it.
  private static func librariesLoadedAtStart() throws -> String {
    let process = Process()
    process.executableURL = binaryURL
    process.environment = ["LD_TRACE_LOADED_OBJECTS": "1"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let listing = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: listing, as: UTF8.self)
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "needs glibc's loader (Linux)")
  )
  func startingLoadsOnlyTheLibrariesEveryCommandNeeds() throws {
    let libraries = try Self.librariesLoadedAtStart()
    #expect(libraries.contains("libsndfile"))
    for name in [
      "libavformat", "libavcodec", "libavutil", "libswscale", "libcairo", "libx264", "libcrypto",
      "libsoxr", "libebur128", "libxml2", "libzip",
    ] {
      #expect(!libraries.contains(name), "\(name) is loaded at start-up")
    }
  }
}
