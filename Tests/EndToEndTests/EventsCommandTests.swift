import Foundation
import Testing

@Suite struct EventsCommandTests {
  @Test func eventsPrintsCSVInRenderOrder() throws {
    let path = try temporaryScore("tempo 97.5\nC D*0.5\n0 E+G:1/3\n1/96000 A*1/3\n")
    let result = try run(["events", path])
    #expect(
      result.stdout == """
        frame,seconds,key,gain,line
        0,0.000000,C,1,2
        0,0.000000,E,1,3
        0,0.000000,G,1,3
        1,0.000010,A,0.3333333333333333,4
        29538,0.615385,D,0.5,2

        """)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func startAndEndListTheTapsOfThePartRenderPlays() throws {
    // Quarter notes at 120: a tap every 0.5 s; bar 2 of 4/4 starts at 2 s.
    let path = try temporaryScore("meter 4/4\nC D E F | G A B C\n")
    let part = try run(["events", path, "--start", "1", "--end", "2.5"])
    #expect(
      part.stdout == """
        frame,seconds,key,gain,line
        0,0.000000,E,1,2
        24000,0.500000,F,1,2
        48000,1.000000,G,1,2

        """, "\(part.stderr)")
    let bar = try run(["events", path, "--start", "bar:2"])
    let keys = bar.stdout.split(separator: "\n").dropFirst().map { (line: Substring) -> String in
      String(line.split(separator: ",")[2])
    }
    #expect(keys == ["G", "A", "B", "C"])
    let past = try run(["events", path, "--start", "bar:9"])
    #expect(past.status == 1)
    #expect(past.stderr.contains("--start bar:9 is past the song's end"))
  }

  @Test func rateChangesFramesButNotSeconds() throws {
    let path = try temporaryScore("0.1 C\n")
    let result = try run(["events", "--rate", "44100", path])
    #expect(result.stdout == "frame,seconds,key,gain,line\n4410,0.100000,C,1,1\n")
  }

  @Test func eventsOfATapLogMatchItsTimes() throws {
    let result = try run(["events", "Examples/scores/tap-log.xylo"])
    let lines = result.stdout.split(separator: "\n")
    try #require(lines.count == 29)
    #expect(lines[1] == "0,0.000000,E,1,8")
    #expect(lines[2] == "19776,0.412000,D,1,9")
    #expect(lines[26] == "384000,8.000000,HighC,1,32")
    #expect(lines[27...28] == ["405600,8.450000,C,1,33", "405600,8.450000,G,1,33"])
  }

  @Test func eventsOfABadScorePrintsNoCSV() throws {
    let path = try temporaryScore("C @\n")
    let result = try run(["events", path])
    #expect(result.stdout == "")
    #expect(result.status == 1)
  }
}
