import Testing
import XyloTesting

/// One call: the score renders in memory and is compared with `Goldens/chime.flac`
/// beside this file. A missing golden is written on the first run (`XYLO_GOLDEN_RECORD=never`,
/// and CI, fail instead); a difference throws with the explanation `xylo-render test` prints.
@Test func theChimeMatchesItsGolden() throws {
  try checkGolden(score: "tempo 140\nC E G C+E+G:2\n", named: "chime")
}
