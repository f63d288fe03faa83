#!/usr/bin/env python3
"""Benchmarks xylo-render against the cost of writing its output, on this machine, in one run.

Renders deterministic workloads (workloads.py) with the release build and the app's samples,
measures the silence floor (libsndfile writing as many frames of silence, silence-floor.c),
and prints a table: wall and CPU seconds (medians), peak memory, times realtime, and the ratio
to the floor. Where numpy and soundfile are installed, a numpy reference renderer is timed too.

Usage: Benchmarks/run.py [--runs N] [--scaling] [--bank DIR] [--jobs N]
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = None  # the helper that runs and measures a command, built by build()
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import workloads  # noqa: E402


def measure(command, runs, env=None):
    """Runs `command` `runs` times; returns median wall s, median CPU s, max peak RSS in MB."""
    return measure_interleaved([command], runs, env)[0]


def measure_interleaved(commands, runs, env=None, quiet_stdout=False):
    """Runs each command once per round, `runs` rounds, so that disk and cache noise falls on
    all of them alike; returns (median wall s, median CPU s, max peak MB) per command."""
    samples = [([], [], []) for _ in commands]
    for _ in range(runs):
        for command, (walls, cpus, peaks) in zip(commands, samples):
            wall, cpu, peak = _run_once(command, env, quiet_stdout)
            walls.append(wall)
            cpus.append(cpu)
            peaks.append(peak)
    return [(statistics.median(w), statistics.median(c), max(p)) for w, c, p in samples]


def _run_once(command, env, quiet_stdout=False):
    """One run through the small C helper `measure`, which sees the command's true peak."""
    with tempfile.NamedTemporaryFile("r") as result, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as out:
        status = subprocess.run([MEASURE, result.name] + command, stderr=err, env=env,
                                stdout=out if quiet_stdout else None).returncode
        fields = result.read().split()
        if status != 0 or len(fields) != 4 or fields[3] != "0":
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
    return xylo, floor


def numpy_reference_available():
    try:
        import numpy  # noqa: F401
        import soundfile  # noqa: F401
        return True
    except ImportError:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scaling", action="store_true", help="also print how time scales")
    parser.add_argument("--bank", default=os.path.join(ROOT, "..", "shared", "fixtures", "app-sounds"))
    parser.add_argument("--jobs", type=int, default=None, help="pass --jobs N to xylo-render")
    parser.add_argument("--ten-hours", action="store_true", help="also render 10 hours (memory)")
    args = parser.parse_args()
    bank = os.path.abspath(args.bank)
    work = tempfile.mkdtemp(prefix="xylo-bench-")
    try:
        binary, floor = build(work)
        jobs = ["--jobs", str(args.jobs)] if args.jobs else []
        cases = [("dense", workloads.dense()), ("long", workloads.long()),
                 ("chords", workloads.chords()), ("tap-log", workloads.tap_log())]
        if args.ten_hours:
            cases.append(("long-10h", workloads.long(600)))
        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}")
        print(f"bank: {bank}; runs: {args.runs} (medians); xylo-render {' '.join(jobs) or '(default jobs)'}, "
              f"built with: {subprocess.run([os.path.join(ROOT, 'scripts', 'release-flags')], capture_output=True, text=True).stdout.strip() or 'no CPU flags'}")
        print()
        print("| workload | taps | audio s | renderer | wall s | CPU s | peak MB | x realtime | / floor | / 4096 floor |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        reference = numpy_reference_available()
        for name, text in cases:
            score = os.path.join(work, f"{name}.xylo")
            with open(score, "w") as f:
                f.write(text)
            ext = "w64" if name == "long-10h" else "wav"
            out = os.path.join(work, f"{name}.{ext}")
            runs = 1 if name == "long-10h" else args.runs
            taps = subprocess.run([binary, "check", score, "--bank", bank], capture_output=True,
                                  text=True, check=True).stdout.split(": ")[1].split(" ")[0]
            command = [binary, "render", score, "-o", out, "--bank", bank, "--quiet"] + jobs
            subprocess.run(command, check=True)  # once for the length, and to warm the caches
            if ext == "wav":
                frames, rate, channels = frames_of(out)
            else:
                frames, rate, channels = 600 * 60 * 48000 + 180798, 48000, 2
            seconds = frames / rate
            floor_out = os.path.join(work, "floor.wav" if ext == "wav" else "floor.w64")
            floor_command = [floor, floor_out, str(frames), str(rate), str(channels), "32768"]
            small_floor = [floor, floor_out, str(frames), str(rate), str(channels), "4096"]
            commands = [floor_command, small_floor, command]
            if reference and name != "long-10h":
                commands.append([sys.executable, os.path.join(HERE, "numpy_reference.py"), binary,
                                 score, bank, os.path.join(work, f"{name}-numpy.wav")])
            results = measure_interleaved(commands, runs)
            labels = ["silence, 32768-frame writes", "silence, 4096-frame writes", "xylo-render",
                      "numpy + soundfile"]
            rows = [(label,) + result for label, result in zip(labels, results)]
            f_wall, small_wall = results[0][0], results[1][0]
            for label, w, c, p in rows:
                print(f"| {name} | {taps} | {seconds:.0f} | {label} | {w:.3f} | {c:.3f} | {p:.0f} | "
                      f"{seconds / w:.0f} | {w / f_wall:.2f} | {w / small_wall:.2f} |")
            for path in (out, floor_out):
                if os.path.exists(path):
                    os.remove(path)
        midi(binary, work, args.runs)
        small = os.path.join(ROOT, "Examples", "scores", "twinkle.xylo")
        wall, cpu, peak = measure([binary, "check", small], 20)
        print()
        print(f"check on a small score (twinkle.xylo): {wall * 1000:.1f} ms wall, {cpu * 1000:.1f} ms CPU, "
              f"{peak:.0f} MB (median of 20)")
        if args.scaling:
            scaling(binary, bank, work, args.runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def midi(binary, work, runs):
    """The MIDI workload: 60,000 notes over 40 minutes in four tracks (drums left out, notes
    outside the xylophone folded by octaves), with the built-in bank."""
    song = os.path.join(work, "song.mid")
    with open(song, "wb") as f:
        f.write(workloads.midi_song())
    out = os.path.join(work, "song.wav")
    commands = [[binary, "check", song], [binary, "events", song],
                [binary, "render", song, "-o", out, "--quiet"]]
    subprocess.run(commands[2], check=True, stderr=subprocess.DEVNULL)
    seconds = frames_of(out)[0] / 48000
    print()
    print("| MIDI workload (60,000 notes, 40 min, built-in bank) | wall s | CPU s | peak MB | x realtime |")
    print("| --- | --- | --- | --- | --- |")
    env = dict(os.environ)
    for label, (wall, cpu, peak) in zip(["check", "events (CSV to a file)", "render"],
                                        measure_interleaved(commands, runs, env, quiet_stdout=True)):
        print(f"| {label} | {wall:.3f} | {cpu:.3f} | {peak:.0f} | {seconds / wall:.0f} |")
    os.remove(out)


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
    wall, cpu, _ = measure([binary, "render", score, "-o", os.path.join(work, "scaling.wav"), "--bank",
                            bank, "--quiet"], runs)
    print(f"| {label} | {value} | {taps} | {wall:.3f} | {cpu:.3f} |")


if __name__ == "__main__":
    main()
