import Testing

@testable import Drawing

@Suite struct SpectrogramPanelTests {
  @Test func eachColumnTakesTheLoudestWindowItCovers() {
    let panel = SpectrogramPanel(
      levels: [[-10, -90], [-30, -20], [-50, -60]], centers: [100, 1000], windowSeconds: 1)
    // The expected levels typed: as bare literals in the comparison, they took the type
    // checker most of a second.
    let two: [[Double]] = [[-10, -30], [-20, -20]]
    let four: [[Double]] = [[-10, -30, -50, -.infinity], [-90, -20, -60, -.infinity]]
    #expect(panel.columnLevels(columns: 2, duration: 3) == two)
    #expect(panel.columnLevels(columns: 4, duration: 4) == four)
  }
}
