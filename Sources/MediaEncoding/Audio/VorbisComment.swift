/// One Vorbis comment, written into an Ogg file as `NAME=value`, the name exactly as given.
public struct VorbisComment: Equatable, Sendable {
  /// The field name: printable ASCII without `=`; by convention upper case.
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  /// `TITLE=value`.
  public static func title(_ value: String) -> VorbisComment {
    VorbisComment(name: "TITLE", value: value)
  }

  /// `ARTIST=value`.
  public static func artist(_ value: String) -> VorbisComment {
    VorbisComment(name: "ARTIST", value: value)
  }

  /// `ANDROID_LOOP=true`: Android loops a notification sound that carries it.
  public static let androidLoop = VorbisComment(name: "ANDROID_LOOP", value: "true")

  /// Whether the name is one the Vorbis specification allows: 0x20 to 0x7D except `=`.
  var hasValidName: Bool {
    !name.isEmpty && name.utf8.allSatisfy { (0x20...0x7D).contains($0) && $0 != UInt8(ascii: "=") }
  }
}
