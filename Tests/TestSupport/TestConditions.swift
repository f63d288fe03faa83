// The conditions tests run under, for Swift Testing's `@Test(...)`. TestSupport is a regular
// target, built by every `swift build` of the package, and a release build with the Swift
// runtime linked in (`--static-swift-stdlib`) has no Testing module: what needs it is kept here,
// where that build leaves it out.
#if canImport(Testing)
  import Testing

  extension AppRecordings {
    /// Runs a test only where the recordings are, saying why not elsewhere.
    public static let condition: ConditionTrait = .enabled(
      if: available,
      "the app's recordings are not beside the checkout (../shared/fixtures/app-sounds)")
  }

  extension SmallFileSystem {
    /// Runs a test only where a file system can be mounted, saying why not elsewhere.
    public static let condition: ConditionTrait = .enabled(
      if: canMount,
      "mounting a small test file system needs root and permission to mount a tmpfs")
  }
#endif
