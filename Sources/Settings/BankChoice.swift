import SampleBank

/// Which bank plays a score: a folder of recordings, or the built-in xylophone and its mallet.
public struct BankChoice: Equatable, Sendable {
  /// A folder of `<title>.<ext>` samples or an SFZ instrument (a file named `*.sfz`); `nil`
  /// for the built-in xylophone.
  public var path: String?
  /// The longest sample the folder may hold, in seconds.
  public var maximumSampleSeconds: Int
  /// The built-in xylophone's mallet; `nil` for the default (hard). A folder's recordings
  /// cannot take one.
  public var mallet: Mallet?

  public init(
    path: String? = nil, maximumSampleSeconds: Int = SampleLimits.defaultMaximumSeconds,
    mallet: Mallet? = nil
  ) {
    self.path = path
    self.maximumSampleSeconds = maximumSampleSeconds
    self.mallet = mallet
  }
}
