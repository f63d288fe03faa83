import GoldenTesting
import Platform
import ScoreParser

/// `goldens: 1 failed, 4 passed, 0 written, 0 obsolete, 0 errors (5 scores, 1.2 s)`, with
/// `updated` and `removed` counts when an update made any.
public func goldenSummary(_ results: [GoldenTestResult], seconds: Double) -> String {
  func count(_ outcome: GoldenOutcome) -> Int { results.filter { $0.outcome == outcome }.count }
  let scores = results.filter { !$0.test.score.isEmpty }.count
  var text =
    "goldens: \(count(.failed)) failed, \(count(.passed)) passed, \(count(.written)) written, \(count(.obsolete)) obsolete, \(count(.error)) errors"
  if count(.updated) > 0 || count(.removed) > 0 {
    text += ", \(count(.updated)) updated, \(count(.removed)) removed"
  }
  return text + " (\(scores) \(scores == 1 ? "score" : "scores"), \(fixed(seconds, places: 1)) s)"
}

/// A JUnit XML report: one `<testcase>` per score, named by its path relative to the working
/// directory; failures and errors carry their explanation. GitHub Actions, GitLab and Jenkins
/// read it.
public func junitReport(_ results: [GoldenTestResult], mode: GoldenMode, seconds: Double)
  -> String
{
  let failures = results.filter {
    $0.outcome == .failed || ($0.outcome == .obsolete && mode == .ci)
  }
  let errors = results.filter { $0.outcome == .error }
  var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  xml +=
    "<testsuites><testsuite name=\"xylo-render goldens\" tests=\"\(results.count)\" failures=\"\(failures.count)\" errors=\"\(errors.count)\" time=\"\(fixed(seconds, places: 3))\">\n"
  for result in results {
    let name = Path.relativeToWorkingDirectory(
      result.test.score.isEmpty ? result.test.golden : result.test.score)
    xml +=
      "  <testcase classname=\"goldens\" name=\"\(xmlEscaped(name))\" file=\"\(xmlEscaped(name))\" time=\"\(fixed(result.seconds, places: 3))\""
    let body = xmlEscaped(result.lines.joined(separator: "\n"))
    let first = xmlEscaped(result.lines.first ?? result.outcome.rawValue)
    switch result.outcome {
    case .failed:
      xml += "><failure message=\"\(first)\">\(body)</failure></testcase>\n"
    case .obsolete where mode == .ci:
      xml += "><failure message=\"\(first)\">\(body)</failure></testcase>\n"
    case .error:
      xml += "><error message=\"\(first)\">\(body)</error></testcase>\n"
    default:
      xml += "/>\n"
    }
  }
  return xml + "</testsuite></testsuites>\n"
}

/// GitHub Actions workflow commands: `::error file=alarm.xylo,line=2::…` per failing test,
/// files named relative to the working directory (the repository's root in CI).
public func githubAnnotations(_ results: [GoldenTestResult], mode: GoldenMode) -> [String] {
  results.filter { $0.outcome.fails(in: mode) }.map { result in
    let file = Path.relativeToWorkingDirectory(
      result.test.score.isEmpty ? result.test.golden : result.test.score)
    let line = result.line.map { ",line=\($0)" } ?? ""
    // Control characters in names (an escape sequence, a newline) shown as text first.
    let message = result.lines.map { displayText($0.trimmingLeadingSpaces, limit: 4_000) }
      .joined(separator: "\n")
    return
      "::error file=\(workflowEscaped(displayText(file, limit: 4_000), property: true))\(line)::\(workflowEscaped(message.isEmpty ? result.outcome.rawValue : message))"
  }
}

/// Text as a GitHub Actions workflow command carries it: `%`, carriage returns and newlines
/// escaped, and in a property `:` and `,` too, so a file's name cannot end the command or
/// start another.
func workflowEscaped(_ text: String, property: Bool = false) -> String {
  escaped(text) { scalar in
    switch scalar {
    case "%": "%25"
    case "\r": "%0D"
    case "\n": "%0A"
    case ":" where property: "%3A"
    case "," where property: "%2C"
    default: nil
    }
  }
}

private func xmlEscaped(_ text: String) -> String {
  escaped(text) { scalar in
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "\n": "&#10;"
    case _ where scalar.value < 0x20 && scalar != "\t": "?"
    default: nil
    }
  }
}

extension String {
  fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
