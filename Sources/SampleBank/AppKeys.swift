/// The app's keys: seven buttons titled C to B, and the HighC its sound folder also holds.
package enum AppKeys {
  package static let titles = ["C", "D", "E", "F", "G", "A", "B", "HighC"]
}
