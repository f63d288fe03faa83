import AudioDigest
import GoldenTesting
import Platform

/// How `htmlReport` writes a run's page.
public struct HTMLReportOptions: Sendable {
  /// The run's mode: whether an obsolete golden is a failure (under `ci`).
  public var mode: GoldenMode = .check
  /// The run's time, shown in the summary; `nil` leaves it out, so that the same run gives the
  /// same bytes.
  public var seconds: Double?
  /// The words between `xylo-render test --update` and a score's path in the command that
  /// approves a failing test: the run's options that change a render (sound, MIDI, limits,
  /// tolerance, golden format), so the golden written is the render the page shows.
  public var updateArguments: [String] = []
  /// The most bytes of audio and pictures embedded, in all (32 MiB: a page of about 43 MB
  /// that browsers open in a second or two); later tests' media are left out, and said so.
  public var mediaBudget = 32 << 20

  public init() {}
}

/// A run's results as one self-contained HTML page: a summary, then each failing test with
/// its expected, actual and difference audio on one transport, the failure picture, the
/// console's lines, the changed taps and the command that approves it.
///
/// Audio and pictures are embedded as `data:` URLs (`GoldenTestResult.media`, kept when the run
/// had `keepsMedia`); a Content-Security-Policy lets the page load nothing else and run only its
/// own script. Names are escaped: a file's name cannot add markup.
public func htmlReport(
  _ results: [GoldenTestResult], options: HTMLReportOptions = HTMLReportOptions()
)
  -> String
{
  let failing = results.filter { $0.outcome.fails(in: options.mode) }
  var media = MediaEmbedder(budget: options.mediaBudget)
  var body = summaryHeader(results, failing: failing, options: options)
  for (index, result) in failing.enumerated() {
    body += failureSection(
      result, id: "failure-\(index + 1)", media: &media,
      updateArguments: options.updateArguments)
  }
  body += othersList(results.filter { !$0.outcome.fails(in: options.mode) })
  let policy = [
    "default-src 'none'", "img-src data:", "media-src data:",
    "script-src \(cspHash(htmlReportScript))", "style-src \(cspHash(htmlReportStyle))",
    "base-uri 'none'", "form-action 'none'",
  ].joined(separator: "; ")
  let title = failing.isEmpty ? "all passed" : "\(failing.count) failing"
  return """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(policy)">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="xylo-render test --report">
    <title>xylo-render goldens: \(title)</title>
    <link rel="icon" href="data:,">
    <style>\(htmlReportStyle)</style>
    </head>
    <body>

    """ + body + "<script>\(htmlReportScript)</script>\n</body>\n</html>\n"
}

/// The counts, the time, the keys and links to each failure.
private func summaryHeader(
  _ results: [GoldenTestResult], failing: [GoldenTestResult], options: HTMLReportOptions
) -> String {
  func count(_ outcome: GoldenOutcome) -> Int { results.filter { $0.outcome == outcome }.count }
  var counts: [(String, Int)] = [
    ("failed", count(.failed)), ("passed", count(.passed)), ("written", count(.written)),
    ("obsolete", count(.obsolete)), ("errors", count(.error)),
  ]
  if count(.updated) > 0 || count(.removed) > 0 {
    counts += [("updated", count(.updated)), ("removed", count(.removed))]
  }
  let scores = results.filter { !$0.test.score.isEmpty }.count
  var html = "<header>\n<h1>xylo-render golden tests</h1>\n<p class=\"summary\">"
  html += counts.map { "<span class=\"count \($0.0)\"><b>\($0.1)</b> \($0.0)</span>" }.joined()
  html += "<span class=\"count scores\">\(scores) \(scores == 1 ? "score" : "scores")</span></p>\n"
  if let seconds = options.seconds {
    html += "<p class=\"time\">took \(fixed(seconds, places: 1)) s</p>\n"
  }
  if !failing.isEmpty {
    html +=
      "<p class=\"keys\">Keys: <kbd>j</kbd> / <kbd>k</kbd> next / previous failure, <kbd>space</kbd> play / pause, <kbd>a</kbd> expected, <kbd>b</kbd> actual, <kbd>d</kbd> difference</p>\n"
    html += "<nav><ol>\n"
    for (index, result) in failing.enumerated() {
      html +=
        "<li><a href=\"#failure-\(index + 1)\">\(htmlText(displayName(of: result)))</a></li>\n"
    }
    html += "</ol></nav>\n"
  }
  return html + "</header>\n"
}

/// The tests that did not fail, folded away.
private func othersList(_ results: [GoldenTestResult]) -> String {
  guard !results.isEmpty else { return "" }
  var html = "<details class=\"others\">\n<summary>Other tests (\(results.count))</summary>\n<ul>\n"
  for result in results {
    html +=
      "<li><span class=\"outcome \(result.outcome.rawValue)\">\(result.outcome.rawValue)</span> <span class=\"path\">\(htmlText(displayName(of: result)))</span></li>\n"
  }
  return html + "</ul>\n</details>\n"
}

/// The score's path, or the golden's when its score is gone.
func displayName(of result: GoldenTestResult) -> String {
  result.test.score.isEmpty ? result.test.golden : result.test.score
}

/// Audio and pictures as `data:` URLs, up to a budget of bytes for the whole page.
struct MediaEmbedder {
  let budget: Int
  var used = 0

  init(budget: Int) { self.budget = budget }

  /// A file embedded, or why it is not.
  enum Embedding {
    case dataURL(String)
    /// Ends a sentence that starts with the file's description: `is left out: …`.
    case leftOut(String)
  }

  /// The file as a `data:` URL, or why it is left out.
  mutating func embed(_ file: MediaFile) -> Embedding {
    let size: Int64
    switch FileSystem.size(of: file.path) {
    case .success(let bytes): size = bytes
    case .failure(let error): return .leftOut("cannot be read: \(error.reason)")
    }
    guard size <= Int64(budget - used) else {
      let mebibytes = fixed(Double(budget) / 1_048_576, places: 0)
      return .leftOut(
        "is left out: the page holds at most \(mebibytes) MiB of media (--artifacts DIR keeps every file)"
      )
    }
    let bytes: [UInt8]
    do { bytes = try FileSystem.readAll(file.path, limit: budget - used) } catch {
      return .leftOut("cannot be read: \(error.reason)")
    }
    used += bytes.count
    return .dataURL("data:\(file.mediaType);base64,\(base64(bytes))")
  }
}
