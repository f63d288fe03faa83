/// Text written into an output file's metadata (where the container has a place for it).
public struct Tags: Equatable, Sendable {
  public var title: String?
  public var artist: String?
  public var comment: String?

  public init(title: String? = nil, artist: String? = nil, comment: String? = nil) {
    self.title = title
    self.artist = artist
    self.comment = comment
  }
}
