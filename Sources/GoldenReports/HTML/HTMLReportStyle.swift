/// The report's one style sheet: system fonts only (nothing to fetch), light and dark.
let htmlReportStyle = """
  :root {
    color-scheme: light dark;
    --text: #1d1f23; --muted: #5c6370; --page: #f6f7f9; --panel: #ffffff; --line: #d8dce3;
    --failed: #c62828; --passed: #2e7d32; --written: #1565c0; --obsolete: #8d6e00;
    --accent: #6a1b9a; --pressed: #ede7f6; --current: #6a1b9a; --playhead: #00796b;
  }
  @media (prefers-color-scheme: dark) {
    :root {
      --text: #e6e6e6; --muted: #a0a7b4; --page: #16181d; --panel: #1f2229; --line: #353a45;
      --failed: #ef5350; --passed: #66bb6a; --written: #64b5f6; --obsolete: #d4b13a;
      --accent: #ce93d8; --pressed: #3b2a45; --current: #ce93d8; --playhead: #4db6ac;
    }
  }
  * { box-sizing: border-box; }
  body {
    margin: 0; padding: 1.5rem; background: var(--page); color: var(--text);
    font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  }
  code, pre, .path, td.number, .clock { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.1rem; margin: 0 0 0.75rem; overflow-wrap: anywhere; }
  header, section, details.others {
    background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
    padding: 1rem 1.25rem; margin: 0 auto 1.25rem; max-width: 1260px;
  }
  .summary { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; margin: 0; font-size: 1.05rem; }
  .count b { font-size: 1.2rem; }
  .count.failed b, .outcome.failed, .outcome.error { color: var(--failed); }
  .count.passed b { color: var(--passed); }
  .count.written b, .outcome.written { color: var(--written); }
  .count.obsolete b, .outcome.obsolete { color: var(--obsolete); }
  .time, .keys, .note { color: var(--muted); margin: 0.5rem 0 0; }
  kbd {
    border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px;
    padding: 0 0.35em; font: inherit; font-size: 0.9em;
  }
  nav ol { margin: 0.75rem 0 0; padding-left: 1.5rem; }
  nav a { color: var(--accent); overflow-wrap: anywhere; }
  section { scroll-margin-top: 1rem; outline: none; }
  section.current { border-color: var(--current); box-shadow: 0 0 0 2px var(--current); }
  .transport {
    display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-bottom: 0.75rem;
  }
  .transport .seek { flex: 1 1 240px; accent-color: var(--accent); }
  button {
    font: inherit; color: inherit; background: var(--panel); cursor: pointer;
    border: 1px solid var(--line); border-radius: 6px; padding: 0.2rem 0.7rem;
  }
  button:hover { border-color: var(--accent); }
  button[aria-pressed="true"] { background: var(--pressed); border-color: var(--accent); }
  button:disabled { opacity: 0.45; cursor: default; }
  button.play { min-width: 5.5rem; font-weight: 600; }
  .status { color: var(--failed); }
  figure.picture { position: relative; margin: 0 0 0.75rem; cursor: crosshair; }
  figure.picture img {
    display: block; width: 100%; height: auto; border: 1px solid var(--line); border-radius: 4px;
  }
  .playhead {
    position: absolute; left: 0; width: 2px; margin-left: -1px; pointer-events: none;
    background: var(--playhead); opacity: 0.9;
  }
  pre.lines {
    margin: 0 0 0.75rem; padding: 0.75rem; overflow-x: auto; white-space: pre-wrap;
    overflow-wrap: anywhere; background: var(--page); border-radius: 4px;
  }
  table.taps { border-collapse: collapse; margin: 0 0 0.75rem; width: 100%; }
  table.taps th, table.taps td {
    text-align: left; padding: 0.25rem 0.6rem; border-bottom: 1px solid var(--line);
  }
  table.taps td.number, table.taps th.number { text-align: right; }
  .approve { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
  .approve code {
    padding: 0.3rem 0.6rem; background: var(--page); border-radius: 4px; overflow-wrap: anywhere;
  }
  .copied { color: var(--passed); }
  details.others ul { margin: 0.5rem 0 0; padding-left: 1.5rem; }
  .offscreen { position: fixed; left: -10000px; top: 0; width: 1px; height: 1px; opacity: 0; }
  """
