import Testing

@testable import Drawing

@Suite struct SpectrogramPanelTests {
  @Test func eachColumnTakesTheLoudestWindowItCovers() {
    let panel = SpectrogramPanel(
      levels: [[-10, -90], [-30, -20], [-50, -60]], centers: [100, 1000], windowSeconds: 1)
    #expect(
      panel.columnLevels(columns: 2, duration: 3) == [[-10, -30], [-20, -20]])
    #expect(
      panel.columnLevels(columns: 4, duration: 4) == [
        [-10, -30, -50, -.infinity], [-90, -20, -60, -.infinity],
      ])
  }
}
