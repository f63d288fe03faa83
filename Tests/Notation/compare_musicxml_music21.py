#!/usr/bin/env python3
"""xylo-render's MusicXML reading against music21's, on files of music21's own corpus.

For each file, `xylo-render events --bank ALLKEYS FILE` (a bank with a key for each MIDI note,
so nothing is moved by octaves; a unison, one pitch twice on one frame, is one stroke there and
so one row of music21's too) and music21 (parse, toSoundingPitch, expandRepeats,
stripTies, flatten, secondsMap) must give the
same notes: the same count, and pitch by pitch the same onsets within 1e-6 s. Where the two
differ on purpose (docs/notation.md, "MusicXML"), the file says how. In every file, music21
may strike a tied note again where its stripTies misses the tie (a chord tied over a bar line,
a unison with another voice): such notes of music21's are counted, not failed.

  grace    music21 sounds a grace note with its principal note; xylo-render just before it
           (GraceTiming): each grace note must sound at most a quarter note before music21's
           time for it, at the same pitch.
  cue      music21 plays <cue/> notes, which MusicXML says are silent: music21 is given the
           file with its cue notes made rests (the count is checked).
  part     only that part is compared (music21 unrolls each part's repeats and jumps from
           that part's own marks: a D.S. written in the first part only is not taken in the
           others; xylo-render takes the marks of all parts for all).
  pitches  the same notes, at other times (the reason is given): the count and the pitches
           agree.
  known    a documented difference (music21 reads the metronome mark, not <sound tempo>; it
           ignores <sound dacapo>, restarts a repeat without a forward repeat from the
           start): the numbers are printed, nothing is asserted but that both read the file.

The corpus files are read where music21 installed them (their licences do not let this
repository copy them). music21 comes from the interpreter running this script if it has it,
else from XYLO_MUSIC21_PYTHON, else from .build/venv (made and filled with pip when
missing; scripts/bootstrap makes it). XYLO_RENDER names the binary (default
.build/debug/xylo-render). Exit status 0 when every file agrees, 1 otherwise.

Besides the corpus, Examples/notation/bell-waltz.musicxml (this repository's) is compared.
XYLO_COMPARE_DEBUG=1 also lists the tied notes music21 strikes again.

Run: python3 Tests/Notation/compare_musicxml_music21.py [files...]; `--install` only makes sure
music21 is installed (scripts/bootstrap runs that).
"""

import collections
import os
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MUSIC21_VERSION = "10.5.1"
VENV = os.path.join(ROOT, ".build", "venv")
TOLERANCE = 1e-6

# (corpus-relative path, how it may differ)
FILES = [
    ("Examples/notation/bell-waltz.musicxml", {"grace": True}),
    ("bach/bwv66.6.mxl", {}),
    ("leadSheet/fosterBrownHair.mxl", {}),
    ("demos/two-parts.xml", {}),
    ("demos/voices_with_chords.xml", {}),
    ("demos/nested_tuplet_finale_test.xml", {}),
    ("mozart/k545/movement1_exposition.mxl", {}),
    ("schoenberg/opus19/movement6.mxl", {}),
    ("verdi/laDonnaEMobile.mxl", {"grace": True}),
    ("schumann_robert/opus48no2.mxl", {"cue": 4}),
    ("handel/rinaldo/Lascia_chio_pianga.mxl", {"part": 1}),
    ("weber/concertino_clarinet.mxl", {"part": 1, "pitches": "<offset> without sound=yes"}),
    ("joplin/maple_leaf_rag.mxl", {"known": "a first ending with no second: no repeat"}),
    ("haydn/opus1no1/movement4.mxl", {"known": "underfull measures: the parts drift"}),
    ("schumann_clara/polonaise_op1n4.mxl", {"known": "<sound dacapo>; metronome 120, sound 144"}),
    ("schumann_clara/polonaise_op1n2.mxl", {"known": "<sound dacapo>; a repeat with no forward"}),
]


def music21_interpreter():
    """A Python that imports music21: .build/venv, made and filled when it cannot."""
    named = os.environ.get("XYLO_MUSIC21_PYTHON")
    if named:
        return named
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    check = subprocess.run([python, "-c", "import music21"], capture_output=True, check=False)
    if check.returncode != 0:
        print(f"compare: installing music21 {MUSIC21_VERSION} in {VENV}", file=sys.stderr)
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", f"music21=={MUSIC21_VERSION}"], check=True
        )
    return python


try:
    import music21  # noqa: F401

    if sys.argv[1:] == ["--install"]:
        sys.exit(0)
except ImportError:
    if os.environ.get("XYLO_COMPARE_REEXEC"):
        sys.exit("compare: music21 cannot be imported")
    os.environ["XYLO_COMPARE_REEXEC"] = "1"
    interpreter = music21_interpreter()
    os.execv(interpreter, [interpreter, os.path.abspath(__file__)] + sys.argv[1:])

import warnings  # noqa: E402

from music21 import chord, converter, harmony, note, stream  # noqa: E402

NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]


def all_keys_bank(folder):
    """A bank folder with an (empty) file for every MIDI note: `events` reads no sample."""
    for midi in range(128):
        open(os.path.join(folder, f"{NAMES[midi % 12]}{midi // 12 - 1}.wav"), "wb").close()


def midi_of(name):
    for length in (2, 1):
        if name[:length] in NAMES:
            return (int(name[length:]) + 1) * 12 + NAMES.index(name[:length])
    raise ValueError(name)


def ours(binary, bank, path, part):
    """(seconds, midi) of every tap `xylo-render events` lists."""
    selection = ["--part", str(part)] if part else []
    result = subprocess.run(
        [binary, "events", "--bank", bank] + selection + [path],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"xylo-render failed: {result.stderr.strip()}")
    rows = []
    for line in result.stdout.splitlines()[1:]:
        _, seconds, key, _, _ = line.split(",")
        rows.append((float(seconds), midi_of(key)))
    return rows


def frame(seconds):
    return int(seconds * 48000 + 0.5)


def timed_notes(score):
    """(seconds, midi, is_grace, tie type) of each pitch of each note and chord."""
    rows = []
    for entry in score.flatten().secondsMap:
        element = entry["element"]
        if not isinstance(element, (note.Note, chord.Chord)):
            continue
        if isinstance(element, harmony.Harmony):
            continue
        for single in element.notes if isinstance(element, chord.Chord) else [element]:
            tie = single.tie.type if single.tie else (element.tie.type if element.tie else None)
            grace = element.duration.isGrace
            rows.append((entry["offsetSeconds"], single.pitch.midi, grace, tie))
    return rows


def without_cues(path, count):
    """The file's MusicXML text with its `count` cue notes made rests of the same length (a
    cue chord one rest)."""
    if path.lower().endswith(".mxl"):
        with zipfile.ZipFile(path) as archive:
            container = archive.read("META-INF/container.xml").decode("utf-8")
            name = re.search(r'full-path="([^"]+)"', container).group(1)
            text = archive.read(name).decode("utf-8")
    else:
        with open(path, encoding="utf-8") as file:
            text = file.read()

    def silenced(match):
        if "<chord/>" in match.group(0):
            return ""  # the rest is the chord's first note's
        return re.sub(r"<pitch>.*?</pitch>", "<rest/>", match.group(0), flags=re.S)

    text, made = re.subn(r"<note\b(?:(?!</note>).)*?<cue/>.*?</note>", silenced, text, flags=re.S)
    if made != count:
        raise RuntimeError(f"{made} cue notes, not {count}")
    return text


def theirs(path, part, cues):
    """(seconds, midi, is_grace) of every note music21 times, as m21_onsets.py does, and the
    (frame, midi) of the notes its ties continue (which stripTies should have joined)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if cues:
            score = converter.parseData(without_cues(path, cues), format="musicxml")
        else:
            score = converter.parse(path, forceSource=True)
        if isinstance(score, stream.Opus):
            score = score.scores[0]
        if part:
            # A part alone, with the score's tempo marks (kept in its first part).
            score = score.parts[part - 1]
        score = score.toSoundingPitch().expandRepeats()
        tied = [row for row in timed_notes(score) if row[3] in ("stop", "continue")]
        continued = {(frame(t), midi) for t, midi, _, _ in tied}
        rows = [(t, midi, grace) for t, midi, grace, _ in timed_notes(score.stripTies())]
    # A unison (one pitch twice on one frame at 48 kHz) is one stroke, one row of `events`;
    # music21's grace notes are at their principal's frame, where this tool's are not.
    struck = {}
    for seconds, midi, grace in sorted(rows):
        key = (frame(seconds), midi, len(struck) if grace else -1)
        struck.setdefault(key, (seconds, midi, grace))
    return list(struck.values()), continued


def unmatched(expected, actual, tolerance):
    """The rows of `expected` with no row of `actual` at the same pitch within `tolerance`
    seconds, and the rows of `actual` left over (each row used once)."""
    by_pitch = collections.defaultdict(list)
    for seconds, midi in actual:
        by_pitch[midi].append(seconds)
    for times in by_pitch.values():
        times.sort()
    missing = []
    for seconds, midi in sorted(expected):
        times = by_pitch[midi]
        match = next((i for i, t in enumerate(times) if abs(t - seconds) <= tolerance), None)
        if match is None:
            missing.append((seconds, midi))
        else:
            times.pop(match)
    left = sorted((t, midi) for midi, times in by_pitch.items() for t in times)
    return missing, left


def compare(path, expectation, binary, bank):
    """One line about the file, whether it agrees as its expectation says, and how many notes
    were compared."""
    part = expectation.get("part")
    mine = ours(binary, bank, path, part)
    music21_rows, continued = theirs(path, part, expectation.get("cue", 0))
    plain = [(t, m) for t, m, grace in music21_rows if not grace]
    graces = [(t, m) for t, m, grace in music21_rows if grace]
    missing, left = unmatched(plain, mine, TOLERANCE)
    grace_missing = []
    if expectation.get("grace"):
        # Each grace note: at its pitch, at most a quarter note (at 40 bpm, 1.5 s) before.
        for seconds, midi in graces:
            match = next(
                (row for row in left if row[1] == midi and seconds - 1.5 <= row[0] <= seconds),
                None,
            )
            if match is None:
                grace_missing.append((seconds, midi))
            else:
                left.remove(match)
    else:
        extra_missing, left = unmatched(graces, left, TOLERANCE)
        missing += extra_missing
    restruck = [row for row in missing if (frame(row[0]), row[1]) in continued]
    missing = [row for row in missing if (frame(row[0]), row[1]) not in continued]
    summary = (
        f"{len(mine)} notes here, {len(music21_rows)} in music21 ({len(graces)} grace); "
        f"{len(missing)} of music21's unmatched, {len(left)} of ours"
        + (f"; music21 strikes {len(restruck)} tied notes again" if restruck else "")
        + (f" {restruck[:8]}" if os.environ.get("XYLO_COMPARE_DEBUG") else "")
    )
    if "known" in expectation:
        return f"known difference ({expectation['known']}): {summary}", True, 0
    if "pitches" in expectation:
        restruck = [r for r in music21_rows if not r[2] and (frame(r[0]), r[1]) in continued]
        pitches = collections.Counter(m for _, m, _ in music21_rows)
        pitches.subtract(m for _, m, _ in restruck)
        heard = collections.Counter(m for _, m in mine)
        same = heard == +pitches
        summary += "" if same else f"; pitches differ: {(+pitches) - heard} {heard - pitches}"
        return f"same pitches, other times ({expectation['pitches']}): {summary}", same, len(mine)
    agrees = not grace_missing and not left and not missing
    if not agrees:
        summary += f"; unmatched: music21 {missing[:3]} ours {left[:3]} grace {grace_missing[:3]}"
    return summary, agrees, len(mine)


def main():
    binary = os.environ.get("XYLO_RENDER", os.path.join(ROOT, ".build", "debug", "xylo-render"))
    corpus = os.path.join(os.path.dirname(music21.__file__), "corpus")
    chosen = sys.argv[1:]
    files = [(path, spec) for path, spec in FILES if not chosen or path in chosen]
    failures = 0
    compared = 0
    notes = 0
    with tempfile.TemporaryDirectory() as bank:
        all_keys_bank(bank)
        for relative, expectation in files:
            try:
                home = ROOT if relative.startswith("Examples/") else corpus
                line, agrees, count = compare(
                    os.path.join(home, relative), expectation, binary, bank
                )
                notes += count
            except Exception as error:  # noqa: BLE001 - any failure is this file's
                line, agrees = f"failed: {error}", False
            compared += 1
            failures += 0 if agrees else 1
            print(f"{'ok  ' if agrees else 'FAIL'} {relative}: {line}", flush=True)
    print(
        f"{compared - failures} of {compared} files agree with music21 {music21.__version__}"
        f" ({notes} notes compared)"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
