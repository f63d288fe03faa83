/// The app's keyboard as every output shows it (the video, the piano roll, a web page): key
/// colours, alphas, the dim's length, the font. One description, so they cannot drift apart.
public enum KeyboardLook {
  /// The seven keys from C to B as `0xRRGGBB`: red, orange, yellow, green, indigo, blue, purple.
  public static let keyColours: [UInt32] = [
    0xE53935, 0xFB8C00, 0xFDD835, 0x43A047, 0x3949AB, 0x1E88E5, 0x8E24AA,
  ]
  /// A key's alpha at rest, over the background picture.
  public static let restingAlpha = 0.7
  /// A key's alpha while it is dimmed after a tap.
  public static let dimmedAlpha = 0.5
  /// How long a tap dims its key, as a fraction of a second (exact: pictures are decided in
  /// integers): 1/5 s.
  public static let dimSeconds = (numerator: 1, denominator: 5)
  /// The labels' and titles' font (bold), in Debian's base image as `fonts-dejavu-core`.
  public static let fontFamily = "DejaVu Sans"
  /// The built-in background: a dark blue-grey gradient, top to bottom, as `0xRRGGBB`.
  public static let backgroundGradient: (top: UInt32, bottom: UInt32) = (0x293045, 0x0A0D14)
}
