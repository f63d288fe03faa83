#!/usr/bin/env python3
"""The release binary that scripts/bootstrap builds for this CPU (scripts/release-flags: AVX2 or
AVX-512 vector code) renders the same bytes as the debug build the suite tests.

A bank shaped like the app's keeps every storage the mixer reads: 16-bit keys whose two channels
are equal (kept once), a 16-bit key whose channels differ, and a key at 44.1 kHz that is
resampled to floats whose channels differ. A seeded score of chords sums many voices at once
(some of them clip), with and without taps of their own gain, so blocks are summed both in steps
of 2^-15 and as stored. Each render is made by both builds and compared byte for byte; then the
tuned build renders every example to its committed golden (`xylo-render test Examples --ci`).

Usage: compare_builds.py [--tuned BINARY] [--debug BINARY]
"""
import argparse
import array
import hashlib
import math
import os
import random
import subprocess
import sys
import tempfile
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# key: (rate, frames, right channel as a factor of the left; 1.0 keeps the channels equal)
KEYS = {"C": (48000, 60000, 1.0), "D": (48000, 60000, 1.0), "E": (48000, 61000, 1.0),
        "F": (48000, 59000, 1.0), "G": (48000, 60000, 1.0), "A": (48000, 62000, 1.0),
        "B": (48000, 60000, 0.8), "HighC": (44100, 55125, 0.9)}

# Each option set is rendered by both builds; together they reach the mixer's passes (stereo
# and mono sums, the 16-bit, float and dithered conversions, gains) and its block and thread
# splits.
RENDERS = [[], ["--jobs", "1", "--block-frames", "333"], ["--jobs", "3", "--block-frames", "1000"],
           ["--channels", "1"], ["--encoding", "float"], ["--gain", "-6"], ["--dither"],
           ["--format", "flac"]]


def write_bank(folder):
    for index, (key, (rate, frames, right_factor)) in enumerate(KEYS.items()):
        step = 2 * math.pi * (523.25 * 2 ** (index / 7)) / rate
        values = array.array("h")
        for frame in range(frames):
            level = 0.45 * math.sin(step * frame) * math.exp(-5 * frame / rate)
            left = int(round(level * 32767))
            values.extend((left, int(round(left * right_factor))))
        with wave.open(os.path.join(folder, f"{key}.wav"), "wb") as out:
            out.setnchannels(2)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(values.tobytes())


def write_score(path):
    rng = random.Random(32)
    keys = list(KEYS)
    lines = ["title tuned and debug builds", "tempo 480"]
    for bar in range(24):
        row = []
        for _ in range(8):
            chord = "+".join(rng.sample(keys, rng.choice([1, 2, 3])))
            # The second half taps with gains of their own: blocks summed as stored.
            row.append(chord + (f"*{rng.choice(['0.5', '0.8', '1.2'])}" if bar >= 12 else ""))
        lines.append(" ".join(row))
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def render(binary, score, bank, options, output):
    result = subprocess.run(
        [binary, "render", score, "--bank", bank, "-o", output, "--quiet"] + options,
        capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"compare_builds: {binary} {' '.join(options)} failed:\n{result.stderr}")
    with open(output, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tuned", default=os.path.join(ROOT, ".build/release/xylo-render"))
    parser.add_argument("--debug", default=os.path.join(ROOT, ".build/debug/xylo-render"))
    args = parser.parse_args()
    for name, binary in (("tuned release", args.tuned), ("debug", args.debug)):
        if not os.access(binary, os.X_OK):
            sys.exit(f"compare_builds: no {name} binary at {binary}; run scripts/bootstrap "
                     "(the release build) and swift test (the debug build)")
    differing = []
    with tempfile.TemporaryDirectory() as work:
        bank = os.path.join(work, "bank")
        os.mkdir(bank)
        write_bank(bank)
        score = os.path.join(work, "chords.xylo")
        write_score(score)
        for options in RENDERS:
            extension = "flac" if "flac" in options else "wav"
            tuned = render(args.tuned, score, bank, options, os.path.join(work, f"t.{extension}"))
            debug = render(args.debug, score, bank, options, os.path.join(work, f"d.{extension}"))
            label = " ".join(options) or "(default options)"
            print(f"{'same' if tuned == debug else 'DIFFERENT'}  {tuned[:16]}  {label}")
            if tuned != debug:
                differing.append(label)
    examples = subprocess.run([args.tuned, "test", os.path.join(ROOT, "Examples"), "--ci"],
                              capture_output=True, text=True)
    print(examples.stdout.strip().splitlines()[-1] if examples.stdout.strip() else "")
    if differing or examples.returncode != 0:
        if examples.returncode != 0:
            print(examples.stdout + examples.stderr, file=sys.stderr)
        sys.exit(f"compare_builds: the tuned build renders differently: "
                 f"{', '.join(differing) or 'the examples against their goldens'}")
    print(f"compare_builds: the tuned build's {len(RENDERS)} renders are the debug build's bytes, "
          "and it renders every example to its golden")


if __name__ == "__main__":
    main()
