#!/usr/bin/env python3
"""Benchmarks xylo-render against the cost of writing its output, on this machine, in one run.

Renders deterministic workloads (workloads.py) with the release build and the app's samples,
and times the silence floor (libsndfile writing as many frames of silence, silence-floor.c)
interleaved with it: floor, floor, renderer, floor, floor, renderer ... Every timed run writes a
fresh file: its output is removed first, so no run pays for replacing an old one. Prints what
machine it ran on, then a markdown table: wall and CPU seconds (medians), peak memory (largest),
times realtime, and the ratio to each floor, taken run by run (each run divided by the floor run
of the same round) and shown as median (min-max). Where numpy and soundfile are installed, a
numpy reference renderer is timed too. Output goes to a new folder under $TMPDIR (default /tmp).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = None  # the helper that runs and measures a command, built by build()
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import machine  # noqa: E402
import workloads  # noqa: E402

# The workloads --only can pick, in the order they run; long-10h also runs with --ten-hours,
# video with --video.
WORKLOADS = ["dense", "long", "chords", "tap-log", "long-10h", "midi", "check", "parse", "video"]
DEFAULT_WORKLOADS = [name for name in WORKLOADS if name not in ("long-10h", "video")]

# The video workload: Twinkle at these sizes and rates, against FFmpeg encoding as many black
# pictures, and the same audio, with the encoder settings of xylo-render's video
# (Sources/MediaEncoding: VideoStreamEncoder, DeterministicSettings, AACWriter).
VIDEO_CASES = [(1920, 1080, 60), (1280, 720, 30)]
X264_PARAMETERS = "sliced-threads=1" + (":asm=SSE2" if os.uname().machine == "x86_64" else "")


def measure(command, runs, output=None):
    """Runs `command` `runs` times, removing `output` before each run; returns median wall s,
    median CPU s, max peak RSS in MB."""
    return summary(measure_interleaved([(command, output)], runs)[0])


def measure_interleaved(commands, runs, env=None, quiet_stdout=False, statuses=None):
    """Runs each (command, output file or None) once per round, `runs` rounds, so that disk and
    cache noise falls on all of them alike. The output file is removed before every run, so each
    run writes a new file. `statuses` gives each command's expected exit status (default 0).
    Returns, per command, its (wall s, CPU s, peak MB) of each round."""
    samples = [[] for _ in commands]
    statuses = statuses or [0] * len(commands)
    for _ in range(runs):
        for (command, output), runs_of_command, status in zip(commands, samples, statuses):
            if output is not None and os.path.lexists(output):
                os.remove(output)
            runs_of_command.append(_run_once(command, env, quiet_stdout, status))
    return samples


def summary(runs):
    """Median wall s, median CPU s and largest peak MB of one command's runs."""
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            max(r[2] for r in runs))


def ratio_text(runs, floor_runs):
    """Each run's wall time over the floor's in the same round: "median (min–max)"."""
    ratios = [run[0] / floor[0] for run, floor in zip(runs, floor_runs)]
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"


def _run_once(command, env, quiet_stdout=False, expected_status=0):
    """One run through the small C helper `measure`, which sees the command's true peak."""
    with tempfile.NamedTemporaryFile("r") as result, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as out:
        status = subprocess.run([MEASURE, result.name] + command, stderr=err, env=env,
                                stdout=out if quiet_stdout else None).returncode
        fields = result.read().split()
        if status != 0 or len(fields) != 4 or fields[3] != str(expected_status):
            err.seek(0)
            sys.exit(f"benchmark: {' '.join(command)} failed:\n{err.read().decode()}")
        return float(fields[0]), float(fields[1]), int(fields[2]) / 1024


def frames_of(path):
    with wave.open(path) as w:
        return w.getnframes(), w.getframerate(), w.getnchannels()


def build(work):
    """Builds the release binary as scripts/bootstrap does, with this CPU's flags, and checks
    that it still renders every example to its committed golden hash."""
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
    floor = os.path.join(work, "silence-floor")
    subprocess.run(["cc", "-O2", os.path.join(HERE, "silence-floor.c"), "-o", floor, "-lsndfile"],
                   check=True)
    global MEASURE
    MEASURE = os.path.join(work, "measure")
    subprocess.run(["cc", "-O2", os.path.join(HERE, "measure.c"), "-o", MEASURE], check=True)
    return xylo, floor, flags


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
        epilog=f"workloads: {', '.join(WORKLOADS)}\n(long-10h only with --ten-hours or --only)\n\n"
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
        binary, floor, flags = build(work)
        jobs = ["--jobs", str(args.jobs)] if args.jobs else []
        makers = {"dense": workloads.dense, "long": workloads.long, "chords": workloads.chords,
                  "tap-log": workloads.tap_log, "long-10h": lambda: workloads.long(600)}
        cases = [(name, makers[name]()) for name in WORKLOADS
                 if name in makers and name in selected]
        for line in machine.report(flags, work):
            print(line)
        print(f"bank: {bank}; runs: {args.runs}, interleaved, each to a fresh file; "
              f"xylo-render {' '.join(jobs) or '(default jobs)'}")
        if cases:
            print()
            print("| workload | taps | audio s | renderer | wall s | CPU s | peak MB "
                  "| x realtime | / floor (32768), median (min–max) | / floor (4096), median (min–max) |")
            print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        reference = numpy_reference_available()
        for name, text in cases:
            render_workload(name, text, binary, floor, bank, work, jobs, args.runs, reference)
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
            video(binary, work, args.runs)
        if args.scaling:
            scaling(binary, bank, work, args.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def render_workload(name, text, binary, floor, bank, work, jobs, runs, reference):
    """Times one score against both floors (and numpy), printing a table row for each."""
    score = os.path.join(work, f"{name}.xylo")
    with open(score, "w") as f:
        f.write(text)
    ext = "w64" if name == "long-10h" else "wav"
    out = os.path.join(work, f"{name}.{ext}")
    runs = 1 if name == "long-10h" else runs
    taps = subprocess.run([binary, "check", score, "--bank", bank], capture_output=True,
                          text=True, check=True).stdout.split(": ")[1].split(" ")[0]
    command = [binary, "render", score, "-o", out, "--bank", bank, "--quiet"] + jobs
    if name == "long-10h":
        command += ["--max-duration", "36010"]  # past the default two hours
    subprocess.run(command, check=True)  # once for the length, and to warm the caches
    if ext == "wav":
        frames, rate, channels = frames_of(out)
    else:
        frames, rate, channels = 600 * 60 * 48000 + 180798, 48000, 2
    seconds = frames / rate
    floor_out = os.path.join(work, "floor.wav" if ext == "wav" else "floor.w64")
    shape = [str(frames), str(rate), str(channels)]
    commands = [([floor, floor_out] + shape + ["32768"], floor_out),
                ([floor, floor_out] + shape + ["4096"], floor_out),
                (command, out)]
    labels = ["silence, 32768-frame writes", "silence, 4096-frame writes", "xylo-render"]
    if reference and name != "long-10h":
        numpy_out = os.path.join(work, f"{name}-numpy.wav")
        commands.append(([sys.executable, os.path.join(HERE, "numpy_reference.py"), binary,
                          score, bank, numpy_out], numpy_out))
        labels.append("numpy + soundfile")
    results = measure_interleaved(commands, runs)
    for label, result in zip(labels, results):
        wall, cpu, peak = summary(result)
        print(f"| {name} | {taps} | {seconds:.0f} | {label} | {wall:.3f} | {cpu:.3f} "
              f"| {peak:.0f} | {seconds / wall:.0f} | {ratio_text(result, results[0])} | "
              f"{ratio_text(result, results[1])} |")
    for _, path in commands:
        if os.path.exists(path):
            os.remove(path)


def midi(binary, work, runs):
    """The MIDI workload: 60,000 notes over 40 minutes in four tracks (drums left out, notes
    outside the xylophone folded by octaves), with the built-in bank."""
    song = os.path.join(work, "song.mid")
    with open(song, "wb") as f:
        f.write(workloads.midi_song())
    out = os.path.join(work, "song.wav")
    commands = [([binary, "check", song], None), ([binary, "events", song], None),
                ([binary, "render", song, "-o", out, "--quiet"], out)]
    subprocess.run(commands[2][0], check=True, stderr=subprocess.DEVNULL)
    seconds = frames_of(out)[0] / 48000
    print()
    print("| MIDI workload (60,000 notes, 40 min, built-in bank) | wall s | CPU s | peak MB | x realtime |")
    print("| --- | --- | --- | --- | --- |")
    env = dict(os.environ)
    for label, runs_of_command in zip(["check", "events (CSV to a file)", "render"],
                                      measure_interleaved(commands, runs, env, quiet_stdout=True)):
        wall, cpu, peak = summary(runs_of_command)
        print(f"| {label} | {wall:.3f} | {cpu:.3f} | {peak:.0f} | {seconds / wall:.0f} |")
    os.remove(out)


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


def video(binary, work, runs):
    """`video` of Twinkle (its own bank) at each size of VIDEO_CASES, interleaved with the floor:
    FFmpeg's libx264 encoding as many black pictures with the same settings, and AAC encoding
    the same audio (rendered once to WAV), into an MP4 with its index first."""
    if shutil.which("ffmpeg") is None:
        print()
        print("video: skipped, no ffmpeg on the PATH")
        return
    score = os.path.join(ROOT, "Examples", "scores", "twinkle.xylo")
    audio = os.path.join(work, "twinkle.wav")
    subprocess.run([binary, "render", score, "-o", audio, "--quiet"], check=True)
    frames, rate, _ = frames_of(audio)
    seconds = frames / rate
    print()
    print("| video of twinkle.xylo | pictures | audio s | maker | wall s | CPU s | peak MB "
          "| x realtime | / FFmpeg, median (min–max) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for width, height, fps in VIDEO_CASES:
        pictures = -(-frames * fps // rate)  # the pictures that cover the audio, rounded up
        ours = os.path.join(work, "video.mp4")
        floor = os.path.join(work, "floor.mp4")
        floor_command = [
            "ffmpeg", "-nostdin", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", f"color=c=black:s={width}x{height}:r={fps}", "-i", audio,
            "-frames:v", str(pictures), "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
            "-threads:v", "4", "-g", str(2 * fps), "-x264-params", X264_PARAMETERS,
            "-pix_fmt", "yuv420p", "-color_primaries", "bt709", "-color_trc", "bt709",
            "-colorspace", "bt709", "-color_range", "tv", "-flags:v", "+bitexact",
            "-c:a", "aac", "-b:a", "256k", "-threads:a", "1", "-flags:a", "+bitexact",
            "-fflags", "+bitexact", "-movflags", "+faststart", floor]
        command = [binary, "video", score, "-o", ours, "--size", f"{width}x{height}",
                   "--fps", str(fps), "--quiet"]
        subprocess.run(command, check=True)  # once to warm the caches
        results = measure_interleaved([(floor_command, floor), (command, ours)], runs)
        for label, result in zip(["FFmpeg, black pictures", "xylo-render"], results):
            wall, cpu, peak = summary(result)
            print(f"| {width}x{height} {fps} fps | {pictures} | {seconds:.1f} | {label} "
                  f"| {wall:.2f} | {cpu:.2f} | {peak:.0f} | {seconds / wall:.1f} "
                  f"| {ratio_text(result, results[0])} |")
        for path in (ours, floor):
            if os.path.exists(path):
                os.remove(path)


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
