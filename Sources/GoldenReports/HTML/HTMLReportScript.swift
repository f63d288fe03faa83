/// The report's one script: each failure's shared transport over its expected, actual and
/// difference players, the picture's playhead, "listen from here", the copy buttons and the
/// keys. Standard DOM and media APIs only (current Chromium and Firefox); no handler attributes,
/// so the page's Content-Security-Policy can allow exactly this script by its hash.
let htmlReportScript = htmlReportPlayers + "\n\n" + htmlReportEvents
