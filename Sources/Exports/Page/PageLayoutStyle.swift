/// The layout: the page is the screen's height, never more. The title (two lines at most,
/// then an ellipsis) and the controls take what they need, and the keyboard the rest. The
/// score's actions show only their icons below 1000 pixels' width, their words kept for
/// assistive software and in their `title`; on a small screen (narrower than 700 pixels, or
/// lower than 560) every control does: a compact bar, in two rows on a phone held upright, in
/// one row under a one-line title on a phone held sideways. The tapped score
/// opens over the keys, and a message takes the place of the taps' count.
let pageLayoutStyle = """
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  html { background: var(--bottom); }
  body {
    margin: 0; height: 100vh; height: 100dvh; display: flex; flex-direction: column;
    align-items: center; color: #fff; font: 15px/1.4 var(--font);
    background: linear-gradient(var(--top), var(--bottom)) fixed;
    padding: max(14px, env(safe-area-inset-top)) max(18px, env(safe-area-inset-right))
      max(14px, env(safe-area-inset-bottom)) max(18px, env(safe-area-inset-left));
    -webkit-tap-highlight-color: transparent; -webkit-user-select: none; user-select: none;
  }
  header.heading {
    flex: none; width: 100%; max-width: 1100px; text-align: center; margin: 0 0 14px;
  }
  h1 {
    margin: 0; font-size: clamp(1.3rem, 4.4vw, 2.3rem); line-height: 1.2; font-weight: 700;
    color: var(--title); text-shadow: 0.042em 0.042em 0 var(--title-shadow);
    overflow: hidden; overflow-wrap: anywhere; display: -webkit-box;
    -webkit-box-orient: vertical; -webkit-line-clamp: 2;
  }
  .artist {
    margin: 2px 0 0; color: rgba(255, 255, 255, 0.6); white-space: nowrap; overflow: hidden;
    text-overflow: ellipsis;
  }
  .keyboard {
    flex: 1 1 0; min-height: 0; width: 100%; max-width: 1100px; touch-action: manipulation;
  }
  .key {
    margin: 0; padding: 0; border: 0; cursor: pointer; background: var(--rest);
    color: var(--label-rest); font-family: var(--font); font-weight: 700; line-height: 1;
    touch-action: manipulation; -webkit-user-select: none; user-select: none;
  }
  .key.dimmed { background: var(--dim); color: var(--label-dim); }
  .key:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.85); outline-offset: 3px; }
  footer.controls {
    flex: none; position: relative; width: 100%; max-width: 1100px; margin-top: 16px;
    display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px;
  }
  .panel {
    display: flex; flex-wrap: wrap; align-items: center; gap: 8px 10px; padding: 10px 12px;
    border-radius: 18px; background: rgba(255, 255, 255, 0.06);
    border: 1px solid rgba(255, 255, 255, 0.1);
  }
  .control {
    position: relative; display: inline-flex; align-items: center; justify-content: center;
    gap: 8px; height: 40px; padding: 0 15px; border-radius: 999px;
    border: 1px solid rgba(255, 255, 255, 0.16); background: rgba(255, 255, 255, 0.09);
    color: #fff; font: 600 0.95rem/1 var(--font); cursor: pointer; white-space: nowrap;
  }
  .control:hover { background: rgba(255, 255, 255, 0.15); }
  .control:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.85); outline-offset: 2px; }
  .control[aria-pressed="true"], details[open] > summary.control {
    background: rgba(255, 255, 255, 0.24); border-color: rgba(255, 255, 255, 0.55);
  }
  .control:disabled { opacity: 0.38; cursor: default; }
  .control svg { width: 20px; height: 20px; fill: currentColor; flex: none; }
  .play { width: 48px; height: 48px; padding: 0; border: 0; background: #fff; color: var(--bottom); }
  .play:hover { background: rgba(255, 255, 255, 0.85); }
  .play[aria-pressed="true"] { background: #fff; }
  .play svg { width: 24px; height: 24px; }
  .play .pause, .play[aria-pressed="true"] .start { display: none; }
  .play[aria-pressed="true"] .pause { display: block; }
  .seek { flex: 1 1 220px; min-width: 0; height: 28px; margin: 0; accent-color: #fff; cursor: pointer; }
  .clock {
    min-width: 10ch; text-align: center; color: rgba(255, 255, 255, 0.8);
    font-variant-numeric: tabular-nums; white-space: nowrap;
  }
  select.control { appearance: none; -webkit-appearance: none; padding: 0 14px; text-align: center; }
  select.control option { color: #000; }
  .record .dot {
    width: 12px; height: 12px; border-radius: 50%; background: var(--record);
    box-shadow: 0 0 0 2px rgba(255, 255, 255, 0.25); flex: none;
  }
  .record[aria-pressed="true"] {
    background: color-mix(in srgb, var(--record) 32%, transparent); border-color: var(--record);
  }
  .record[aria-pressed="true"] .dot { animation: pulse 0.9s ease-in-out infinite alternate; }
  @keyframes pulse { to { opacity: 0.35; } }
  @media (prefers-reduced-motion: reduce) { .record[aria-pressed="true"] .dot { animation: none; } }
  .count, .status {
    margin-right: auto; min-width: 0; overflow: hidden; text-overflow: ellipsis;
    white-space: nowrap; color: rgba(255, 255, 255, 0.75); font-variant-numeric: tabular-nums;
  }
  .status:empty, .status:not(:empty) + .count { display: none; }
  details.score > summary.control { list-style: none; }
  details.score > summary::-webkit-details-marker { display: none; }
  details.score pre {
    position: absolute; z-index: 2; left: 0; right: 0; bottom: calc(100% + 8px); margin: 0;
    max-height: min(12em, 45vh); overflow: auto; padding: 10px 12px; border-radius: 12px;
    background: rgba(10, 13, 20, 0.96); border: 1px solid rgba(255, 255, 255, 0.16);
    color: rgba(255, 255, 255, 0.8); font: 0.85rem/1.45 ui-monospace, "DejaVu Sans Mono", monospace;
    -webkit-user-select: text; user-select: text;
  }
  details.score pre:empty::before { content: "Record, then tap the keys along with the song."; }
  .hint { margin: 0; text-align: center; color: rgba(255, 255, 255, 0.45); font-size: 0.85rem; }
  kbd { font: inherit; padding: 0 0.3em; border: 1px solid rgba(255, 255, 255, 0.3); border-radius: 4px; }
  .offscreen { position: fixed; left: -10000px; top: 0; width: 1px; height: 1px; opacity: 0; }
  @media (hover: none), (max-width: 700px), (max-height: 700px) { .hint { display: none; } }
  @media (max-width: 1000px), (max-height: 560px) {
    .copy, .download, .clear, details.score > summary { width: 40px; padding: 0; }
    .copy .label, .download .label, .clear .label, details.score .label {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
    }
  }
  @media (max-width: 700px), (max-height: 560px) {
    body {
      padding: max(6px, env(safe-area-inset-top)) max(10px, env(safe-area-inset-right))
        max(6px, env(safe-area-inset-bottom)) max(10px, env(safe-area-inset-left));
    }
    header.heading { margin-bottom: 4px; }
    h1 { font-size: 1.15rem; line-height: 1.15; }
    .artist { margin: 0; font-size: 0.8rem; line-height: 1.3; }
    footer.controls {
      margin-top: 6px; gap: 6px; padding: 4px; border-radius: 26px;
      background: rgba(255, 255, 255, 0.06); border: 1px solid rgba(255, 255, 255, 0.1);
    }
    .panel { flex-wrap: nowrap; gap: 6px; padding: 0; border: 0; border-radius: 0; background: none; }
    .control { height: 40px; padding: 0 10px; font-size: 0.9rem; }
    .loop, .record, .polyphony { width: 40px; padding: 0; }
    .loop .label, .record .label, .polyphony .label {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
    }
    select.control { width: 52px; padding: 0; font-size: 0.85rem; }
    .play { width: 44px; height: 44px; }
    .seek { flex: 1 1 60px; }
    .clock { min-width: 0; font-size: 0.8rem; }
    .count, .status { flex: 1 1 0; font-size: 0.85rem; margin-right: 0; }
  }
  @media (max-height: 560px) {
    header.heading {
      display: flex; justify-content: center; align-items: baseline; gap: 0 12px;
    }
    h1 { -webkit-line-clamp: 1; }
    .artist { flex: 0 1 auto; }
    footer.controls { display: flex; }
    .transport { flex: 1 1 auto; min-width: 0; }
    .tapalong { flex: 0 1 auto; min-width: 0; }
  }
  """
