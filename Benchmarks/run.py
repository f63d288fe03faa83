#!/usr/bin/env python3
"""Benchmarks xylo-render against the cost of writing its output, on this machine, in one run.

Renders deterministic workloads (workloads.py) with the release build and the app's samples,
and times them interleaved with their floors (floors.py): the raw floor, as many bytes of zeros
written with no audio library (raw-floor.c), and libsndfile writing as many frames of silence to
the same container (silence-floor.c), or for FLAC also encoding the render's own samples
(encode-floor.c). Each round runs every floor and the renderer once; every timed run writes a
fresh file, removed again when it ends. Prints what machine it ran on, then markdown tables:
wall and CPU seconds (medians), peak memory (largest), times realtime, and the ratio to the raw
floor and to the libsndfile floor, taken run by run (each run divided by the floor's run of the
same round) and shown as median (min-max). Where numpy and soundfile are installed, a numpy
reference renderer is timed too. Output goes to a new folder under $TMPDIR (default /tmp).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import floors  # noqa: E402
import machine  # noqa: E402
import measuring  # noqa: E402
import video  # noqa: E402
import workloads  # noqa: E402
from measuring import measure, measure_interleaved, ratio_text, summary  # noqa: E402

# The workloads --only can pick, in the order they run; long-10h also runs with --ten-hours,
# video with --video.
WORKLOADS = ["dense", "flac", "long", "chords", "tap-log", "long-10h", "midi", "check", "parse",
             "video"]
DEFAULT_WORKLOADS = [name for name in WORKLOADS if name not in ("long-10h", "video")]
# The rendered workloads: the score each renders (None: the MIDI song) and the file it writes.
AUDIO = {"dense": (workloads.dense, "wav"), "flac": (workloads.dense, "flac"),
         "long": (workloads.long, "wav"), "chords": (workloads.chords, "wav"),
         "tap-log": (workloads.tap_log, "wav"), "long-10h": (lambda: workloads.long(600), "w64"),
         "midi": (None, "wav")}


def build(work):
    """Builds the release binary as scripts/bootstrap does, with this CPU's flags, and checks
    that it still renders every example to its committed golden hash; compiles the helpers."""
    flags = subprocess.run([os.path.join(ROOT, "scripts", "release-flags")], check=True,
                           capture_output=True, text=True).stdout.split()
    subprocess.run(["swift", "build", "-c", "release", "--product", "xylo-render"] + flags, cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + flags, cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout.strip()
    xylo = os.path.join(binary, "xylo-render")
    checked = subprocess.run([xylo, "test", os.path.join(ROOT, "Examples"), "--ci"], capture_output=True,
                             text=True)
    if checked.returncode != 0:
        sys.exit("benchmark: the tuned build renders the examples differently; not benchmarking it\n"
                 + checked.stdout)
    measuring.build_helper(work)
    return xylo, floors.Floors(work), flags


def numpy_reference_available():
    try:
        import numpy  # noqa: F401
        import soundfile  # noqa: F401
        return True
    except ImportError:
        return False


def only_list(text):
    """--only's value: workload names separated by commas."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in WORKLOADS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown workload '{(unknown or [text])[0]}'; choose from {', '.join(WORKLOADS)}")
    return names


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"workloads: {', '.join(WORKLOADS)}\n"
               "(long-10h only with --ten-hours or --only, video only with --video or --only)\n"
               "dense, long, chords and tap-log render scores to WAV, flac the dense score to "
               "FLAC,\nlong-10h 10 hours to W64, midi a MIDI song; check and parse time reading "
               "scores;\nvideo makes Twinkle's video against FFmpeg.\n\n"
               "quick check while iterating: Benchmarks/run.py --runs 1 --only dense")
    parser.add_argument("--runs", type=int, default=5, metavar="N",
                        help="timed rounds per workload (default 5; long-10h always 1)")
    parser.add_argument("--only", type=only_list, metavar="NAMES",
                        help="run only these workloads, comma-separated, e.g. dense,long")
    parser.add_argument("--scaling", action="store_true", help="also print how time scales")
    parser.add_argument("--bank", metavar="DIR", default=None,
                        help="the samples to render with (default: the app's recordings in "
                             "../shared/fixtures/app-sounds where they are, else samples of "
                             "their shape written for the run)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="pass --jobs N to xylo-render")
    parser.add_argument("--ten-hours", action="store_true",
                        help="also render 10 hours to W64 (memory; about 7 GB of disk)")
    parser.add_argument("--video", action="store_true",
                        help="also make Twinkle's video at 1080p60 and 720p30 against FFmpeg "
                             "(needs ffmpeg; about 10 minutes at --runs 5)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    selected = args.only or (DEFAULT_WORKLOADS + (["long-10h"] if args.ten_hours else [])
                             + (["video"] if args.video else []))
    work = tempfile.mkdtemp(prefix="xylo-bench-")
    recordings = os.path.join(ROOT, "..", "shared", "fixtures", "app-sounds")
    if args.bank:
        bank = os.path.abspath(args.bank)
    elif os.path.exists(os.path.join(recordings, "C.wav")):
        bank = os.path.abspath(recordings)
    else:
        bank = workloads.app_like_bank(os.path.join(work, "app-like-bank"))
    try:
        binary, floor_programs, flags = build(work)
        jobs = ["--jobs", str(args.jobs)] if args.jobs else []
        audio = [name for name in WORKLOADS if name in AUDIO and name in selected]
        for line in machine.report(flags, work):
            print(line)
        print(f"bank: {bank}; runs: {args.runs}, interleaved, each to a fresh file; "
              f"xylo-render {' '.join(jobs) or '(default jobs)'}")
        if audio:
            print()
            print("| workload | maker | wall s | CPU s | peak MB | x realtime "
                  "| / raw floor, median (min–max) | / libsndfile floor, median (min–max) |")
            print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        reference = numpy_reference_available()
        shapes, notes = [], []
        for name in audio:
            shape, note = render_workload(name, binary, floor_programs, bank, work, jobs,
                                          args.runs, reference)
            shapes.append(shape)
            notes += note
        if notes:
            print()
            for line in notes:
                print(line)
        if audio:
            print()
            print("| workload | taps | audio s | file written | bytes (the raw floor's) |")
            print("| --- | --- | --- | --- | --- |")
            for shape in shapes:
                print("| " + " | ".join(shape) + " |")
        if "midi" in selected:
            midi(binary, work, args.runs)
        if "check" in selected:
            small = os.path.join(ROOT, "Examples", "scores", "twinkle.xylo")
            wall, cpu, peak = measure([binary, "check", small], 20)
            print()
            print(f"check on a small score (twinkle.xylo): {wall * 1000:.1f} ms wall, "
                  f"{cpu * 1000:.1f} ms CPU, {peak:.0f} MB (median of 20)")
        if "parse" in selected:
            parse(binary, work, args.runs)
        if "video" in selected:
            video.video(binary, work, args.runs)
        if args.scaling:
            scaling(binary, bank, work, args.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def render_workload(name, binary, floor_programs, bank, work, jobs, runs, reference):
    """Times one workload's render against its floors (and numpy), printing a table row for
    each; returns the workload's row of the table of workloads, and lines of notes."""
    maker, container = AUDIO[name]
    if maker is None:  # the MIDI song, with the built-in bank
        score = os.path.join(work, "song.mid")
        with open(score, "wb") as f:
            f.write(workloads.midi_song())
        bank_options = []
    else:
        score = os.path.join(work, f"{name}.xylo")
        with open(score, "w") as f:
            f.write(maker())
        bank_options = ["--bank", bank]
    out = os.path.join(work, f"{name}.{container}")
    runs = 1 if name == "long-10h" else runs
    if name == "long-10h":
        bank_options += ["--max-duration", "36010"]  # past the default two hours
    taps = subprocess.run([binary, "check", score] + bank_options, capture_output=True,
                          text=True, check=True).stdout.split(": ")[1].split(" ")[0]
    command = [binary, "render", score, "-o", out] + bank_options + jobs
    # Once for the file's length and size, and to warm the caches.
    frames, rate, channels = rendered_shape(subprocess.run(
        command, check=True, stderr=subprocess.PIPE, text=True).stderr)
    size = os.path.getsize(out)
    os.remove(out)
    command.append("--quiet")
    samples = None
    if container == "flac":  # the render's own samples, for the encoding floor
        samples = os.path.join(work, f"{name}-samples.wav")
        subprocess.run(command[:4] + [samples] + command[5:], check=True)
    seconds = frames / rate
    labels, commands = zip(*floor_programs.commands(container, frames, rate, channels, size,
                                                    samples))
    labels, commands = list(labels), list(commands)
    labels.append("**xylo-render**")
    commands.append((command, out))
    if reference and maker is not None and container == "wav":
        numpy_out = os.path.join(work, f"{name}-numpy.wav")
        commands.append(([sys.executable, os.path.join(HERE, "numpy_reference.py"), binary,
                          score, bank, numpy_out], numpy_out))
        labels.append("numpy + soundfile")
    # Each round: the libsndfile floors, the raw floor twice (the first run not timed), the
    # render (and numpy). A write of 1 MiB or more right after the libsndfile floors' small
    # writes, or after a pause, often finds a new file's pages slow to fill (performance.md,
    # Machine): so each timed one follows another.
    renderer = labels.index("**xylo-render**")
    order = list(range(1, renderer)) + [0, 0] + list(range(renderer, len(commands)))
    untimed = renderer - 1  # the position of the raw floor's first run
    measured = measure_interleaved([commands[index] for index in order], runs)
    results = [None] * len(commands)
    for position, index in enumerate(order):
        if position != untimed:
            results[index] = measured[position]
    for label, result in zip(labels, results):
        wall, cpu, peak = summary(result)
        print(f"| {name} | {label} | {wall:.3f} | {cpu:.3f} | {peak:.0f} | {seconds / wall:.0f} "
              f"| {ratio_text(result, results[0])} | {ratio_text(result, results[1])} |")
    notes = []
    # The disk's slow rounds fall on the floor as often as on the render; against the floor's
    # fastest run, a round's noise can only count against the render.
    fastest_floor = min(run[0] for run in results[0])
    notes.append(f"- {name}: xylo-render's median wall time over the raw floor's fastest run "
                 f"({fastest_floor:.3f} s): {summary(results[renderer])[0] / fastest_floor:.2f}")
    # Some runs find the new file's pages slow to fill, whatever wrote them (performance.md,
    # Machine): each program's fastest run is its own cost with none of that.
    fastest_render = min(run[0] for run in results[renderer])
    notes.append(f"- {name}: fastest over fastest, xylo-render {fastest_render:.3f} s over the "
                 f"raw floor: {fastest_render / fastest_floor:.2f}")
    if samples is not None:
        notes.append(f"- {name}: xylo-render over libsndfile encoding its own samples "
                     f"(the encoding floor), run by run: "
                     f"{ratio_text(results[renderer], results[2])}")
        os.remove(samples)
    channel_text = {1: "mono", 2: "stereo"}.get(channels, f"{channels} channels")
    shape = [name, taps, f"{seconds:.0f}",
             f"{container.upper()}, {rate} Hz, {channel_text}, 16-bit", f"{size:,}"]
    return shape, notes


def rendered_shape(messages):
    """Frames, rate and channels from the line a render prints on finishing."""
    found = re.search(r"(\d+) frames, (\d+) Hz, (mono|stereo)", messages)
    if not found:
        sys.exit(f"benchmark: no summary line in the render's messages:\n{messages}")
    return int(found[1]), int(found[2]), 1 if found[3] == "mono" else 2


def midi(binary, work, runs):
    """Reading the MIDI workload (its render is timed with the other workloads): check and
    events of 60,000 notes over 40 minutes in four tracks (drums left out, notes outside the
    xylophone folded by octaves), with the built-in bank."""
    song = os.path.join(work, "song.mid")
    with open(song, "wb") as f:
        f.write(workloads.midi_song())
    commands = [([binary, "check", song], None), ([binary, "events", song], None)]
    print()
    print("| reading the MIDI workload (60,000 notes, 40 min) | wall s | CPU s | peak MB |")
    print("| --- | --- | --- | --- |")
    for label, runs_of_command in zip(["check", "events (CSV to a file)"],
                                      measure_interleaved(commands, runs, quiet_stdout=True)):
        wall, cpu, peak = summary(runs_of_command)
        print(f"| {label} | {wall:.3f} | {cpu:.3f} | {peak:.0f} |")


def parse(binary, work, runs):
    """`check` of a 10 MB score on one line (5 million taps): with the default limits (the
    duration limit is passed at the 14,401st tap; the rest is only checked), with --max-taps 100,
    and read whole (--max-duration raised). Memory is shown above that of `check` of an empty
    score, and per byte of the score."""
    score = os.path.join(work, "one-line.xylo")
    with open(score, "w") as f:
        f.write(workloads.one_line())
    empty = os.path.join(work, "empty.xylo")
    open(empty, "w").close()
    size = os.path.getsize(score)
    cases = [("an empty score (the baseline)", [empty], 0),
             ("default limits (refused)", [score], 1),
             ("--max-taps 100 (refused)", [score, "--max-taps", "100"], 1),
             ("read whole: --max-duration 3000000", [score, "--max-duration", "3000000"], 0)]
    results = measure_interleaved([([binary, "check"] + arguments, None) for _, arguments, _ in cases],
                                  runs, quiet_stdout=True, statuses=[status for _, _, status in cases])
    baseline = summary(results[0])[2]
    print()
    print(f"| check of a {size / 1e6:.0f} MB score on one line | wall s | CPU s | peak MB "
          "| above the baseline, bytes a byte |")
    print("| --- | --- | --- | --- | --- |")
    for (label, _, _), runs_of_command in zip(cases, results):
        wall, cpu, peak = summary(runs_of_command)
        print(f"| {label} | {wall:.3f} | {cpu:.3f} | {peak:.0f} "
              f"| {(peak - baseline) * 1024 * 1024 / size:.1f} |")


def scaling(binary, bank, work, runs):
    """How render time grows with taps, sample length and song length."""
    print()
    print("| what varies | value | taps | wall s | CPU s |")
    print("| --- | --- | --- | --- | --- |")
    for minutes in (2.5, 5, 10):
        _row(binary, bank, work, runs, "dense taps (minutes)", minutes, workloads.dense(minutes))
    for minutes in (15, 30, 60):
        _row(binary, bank, work, runs, "long song (minutes)", minutes, workloads.long(minutes))
    for seconds in (0.5, 1, 2, None):
        short_bank = bank
        if seconds is not None:  # the app's samples cut short with sox
            short_bank = os.path.join(work, f"bank-{seconds}")
            os.makedirs(short_bank, exist_ok=True)
            for key in workloads.KEYS:
                subprocess.run(["sox", os.path.join(bank, f"{key}.wav"),
                                os.path.join(short_bank, f"{key}.wav"), "trim", "0", str(seconds)],
                               check=True)
        _row(binary, short_bank, work, runs, "sample length (s), dense", seconds or "3.8 (whole)",
             workloads.dense())


def _row(binary, bank, work, runs, label, value, text):
    score = os.path.join(work, "scaling.xylo")
    with open(score, "w") as f:
        f.write(text)
    taps = subprocess.run([binary, "check", score, "--bank", bank], capture_output=True, text=True,
                          check=True).stdout.split(": ")[1].split(" ")[0]
    out = os.path.join(work, "scaling.wav")
    wall, cpu, _ = measure([binary, "render", score, "-o", out, "--bank", bank, "--quiet"], runs, out)
    print(f"| {label} | {value} | {taps} | {wall:.3f} | {cpu:.3f} |")


if __name__ == "__main__":
    main()
