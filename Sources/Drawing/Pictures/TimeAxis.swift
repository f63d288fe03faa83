#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The seconds ticks under the lanes: a step of 1, 2 or 5 times a power of ten, the smallest
/// that keeps labels at least `minimumSpacing` pixels apart.
struct TimeAxis: Equatable {
  /// Seconds between ticks.
  var step: Double
  /// Decimals in the labels: enough to tell the step's ticks apart.
  var decimals: Int
  /// Seconds of every tick from 0 to the duration.
  var ticks: [Double]

  init(seconds duration: Double, pixels: Double, minimumSpacing: Double = 90) {
    let wanted = duration * minimumSpacing / max(pixels, 1)
    var exponent = Int(floor(log10(max(wanted, 1e-4))))
    var chosen = 1.0
    search: while true {
      for multiple in [1.0, 2, 5] {
        let candidate = multiple * pow(10, Double(exponent))
        if candidate >= wanted {
          chosen = candidate
          break search
        }
      }
      exponent += 1
    }
    step = chosen
    decimals = max(0, -Int(floor(log10(chosen) + 1e-9)))
    let count = Int((duration / chosen + 1e-9).rounded(.down))
    ticks = (0...max(count, 0)).map { Double($0) * chosen }
  }

  /// The label of a tick: `1.5 s`.
  func label(_ seconds: Double) -> String {
    NumberText.seconds(seconds, decimals: decimals)
  }
}
