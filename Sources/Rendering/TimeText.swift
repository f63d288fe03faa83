import Platform
import ScoreParser

/// An exact time as every message shows a time: `1.200 s` (`timeText(_:over:)`).
package func timeText(_ time: Rational) -> String {
  timeText(time.numerator, over: time.denominator)
}
