#!/usr/bin/python3
"""xylo-render's SoundFont 2 presets measured against FluidSynth's rendering of the same notes.

For each suite (a SoundFont, a General MIDI program, keys across its register, several
velocities) one MIDI file strikes every key at every velocity, one note every few seconds. It
is rendered by `fluidsynth` (reverb and chorus off, 44.1 kHz, float WAV: deterministic) and by
`xylo-render render --bank FILE.sf2 --preset N`, and each note is measured in both:

- pitch: the strongest partial, within 5 cents of FluidSynth's;
- level (RMS of the first 100 ms, dB) relative to the mean of the suite's notes, and the step
  from each velocity to the next softer one on the same key, each within 2 dB of FluidSynth's
  (a constant offset between the two renderers does not count);
- ring time: from the onset until the level falls 40 dB under its peak (10 ms frames), within
  25 %;
- spectral centroid of the first 100 ms, within 15 %.

It prints a table per suite and its worst figures, and exits 1 if any note is outside a limit,
or if fluidsynth, the SoundFonts or numpy are missing: it is never skipped. Debian's python3
with python3-numpy (scripts/bootstrap installs them and the SoundFonts).
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    sys.exit("compare_fluidsynth: numpy is missing; run scripts/bootstrap (python3-numpy)")

SOUNDFONTS = "/usr/share/sounds/sf2"
RATE = 44_100
SPACING_SECONDS = 2
LIMITS = {"cents": 5.0, "level_db": 2.0, "ring": 0.25, "centroid": 0.15}

# (name, SoundFont file, General MIDI program 1-128, keys, velocities). FluidR3_GM's xylophone
# is stored as program 13 (0-based) and its marimba as 12: General MIDI's 14 and 13.
# FluidR3's xylophone has nine velocity layers (121-127 ... 1-64) told apart by their filter:
# the velocities meet the top, a middle and the bottom one.
SUITES = [
    ("FluidR3_GM xylophone", "FluidR3_GM.sf2", 14, [60, 67, 74, 79, 86, 91, 98, 108],
     [127, 90, 50]),
    ("FluidR3_GM marimba", "FluidR3_GM.sf2", 13, [48, 55, 62, 69, 76, 84, 91, 96], [127, 90, 50]),
    ("TimGM6mb xylophone", "TimGM6mb.sf2", 14, [60, 67, 74, 79, 86, 91, 98, 108], [127, 90, 50]),
]


def midi_file(program, notes):
    """A format-0 SMF at 120 bpm: program change on channel 1, then each (key, velocity) held
    one second, SPACING_SECONDS apart."""
    ticks_per_quarter = 480
    spacing = SPACING_SECONDS * 2 * ticks_per_quarter

    def delta(value):
        out = [value & 0x7F]
        value >>= 7
        while value:
            out.insert(0, 0x80 | (value & 0x7F))
            value >>= 7
        return bytes(out)

    events = delta(0) + bytes([0xFF, 0x51, 3, 0x07, 0xA1, 0x20])
    events += delta(0) + bytes([0xC0, program - 1])
    for index, (key, velocity) in enumerate(notes):
        events += delta(0 if index == 0 else spacing - 2 * ticks_per_quarter)
        events += bytes([0x90, key, velocity])
        events += delta(2 * ticks_per_quarter) + bytes([0x80, key, 0])
    events += delta(spacing) + bytes([0xFF, 0x2F, 0])
    return (b"MThd" + struct.pack(">IHHH", 6, 0, 1, ticks_per_quarter)
            + b"MTrk" + struct.pack(">I", len(events)) + events)


def read_wav(path):
    """A float or 16-bit PCM WAV as a mono float64 array (channels averaged)."""
    data = open(path, "rb").read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        sys.exit(f"compare_fluidsynth: {path} is not a WAV file")
    offset, fmt, frames = 12, None, None
    while offset + 8 <= len(data):
        kind, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if kind == b"fmt ":
            tag, channels, rate = struct.unpack("<HHI", body[:8])
            bits = struct.unpack("<H", body[14:16])[0]
            if tag == 0xFFFE:
                tag = struct.unpack("<H", body[24:26])[0]
            fmt = (tag, channels, rate, bits)
        elif kind == b"data":
            frames = body
        offset += 8 + size + (size & 1)
    tag, channels, rate, bits = fmt
    if rate != RATE:
        sys.exit(f"compare_fluidsynth: {path} is at {rate} Hz, not {RATE}")
    if tag == 3 and bits == 32:
        values = np.frombuffer(frames, dtype="<f4").astype(np.float64)
    elif tag == 1 and bits == 16:
        values = np.frombuffer(frames, dtype="<i2").astype(np.float64) / 32768
    else:
        sys.exit(f"compare_fluidsynth: {path}: format {tag}, {bits} bits is not read here")
    return values.reshape(-1, channels).mean(axis=1)


def measure(audio, index):
    """The figures of note `index`: pitch (Hz), level (dB), ring (s), centroid (Hz)."""
    start = index * SPACING_SECONDS * RATE
    note = audio[start:start + SPACING_SECONDS * RATE]
    note = np.concatenate([note, np.zeros(SPACING_SECONDS * RATE - len(note))])
    peak = np.max(np.abs(note))
    onset = int(np.argmax(np.abs(note) > peak * 0.01))
    first = note[onset:onset + RATE // 10]
    level = 10 * np.log10(np.mean(first ** 2) + 1e-30)
    frame = RATE // 100
    frames = note[onset:onset + (len(note) - onset) // frame * frame].reshape(-1, frame)
    envelope = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-30)
    loudest = int(np.argmax(envelope))
    above = np.nonzero(envelope >= envelope[loudest] - 40)[0]
    ring = (above[-1] + 1) * frame / RATE
    window = np.hanning(len(first))
    spectrum = np.abs(np.fft.rfft(first * window))
    frequencies = np.fft.rfftfreq(len(first), 1 / RATE)
    centroid = float(np.sum(frequencies * spectrum) / np.sum(spectrum))
    steady = note[onset + RATE // 50:onset + RATE // 50 + RATE // 2]
    padded = len(steady) * 8
    spectrum = np.abs(np.fft.rfft(steady * np.hanning(len(steady)), padded))
    return {"spectrum": spectrum, "padded": padded, "level": level, "ring": ring,
            "centroid": centroid}


def peak_frequency(spectrum, padded, near=None):
    """The strongest partial above 40 Hz (or within 100 cents of `near`), interpolated."""
    frequencies = np.arange(len(spectrum)) * RATE / padded
    allowed = frequencies > 40
    if near is not None:
        allowed &= np.abs(1200 * np.log2(np.maximum(frequencies, 1) / near)) < 100
    bin_ = int(np.argmax(np.where(allowed, spectrum, 0)))
    if not 0 < bin_ < len(spectrum) - 1:
        return float(near or 1)
    a, b, c = np.log(spectrum[bin_ - 1:bin_ + 2] + 1e-30)
    shift = 0.5 * (a - c) / (a - 2 * b + c) if a - 2 * b + c != 0 else 0
    return (bin_ + shift) * RATE / padded


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"compare_fluidsynth: {' '.join(command)} failed ({result.returncode}):\n"
                 + result.stderr[-2000:])


def compare(name, soundfont, program, keys, velocities, xylo_render, folder):
    notes = [(key, velocity) for key in keys for velocity in velocities]
    midi = os.path.join(folder, "notes.mid")
    with open(midi, "wb") as out:
        out.write(midi_file(program, notes))
    theirs_path = os.path.join(folder, "fluidsynth.wav")
    ours_path = os.path.join(folder, "xylo-render.wav")
    run(["fluidsynth", "-n", "-i", "-q", "-R", "0", "-C", "0", "-g", "1", "-r", str(RATE),
         "-O", "float", "-T", "wav", "-F", theirs_path, soundfont, midi])
    run([xylo_render, "render", midi, "--bank", soundfont, "--preset", str(program),
         "--rate", str(RATE), "--encoding", "float", "--tail", "0", "--quiet",
         "-o", ours_path])
    theirs, ours = read_wav(theirs_path), read_wav(ours_path)
    measured = [(measure(theirs, index), measure(ours, index)) for index in range(len(notes))]
    mean_theirs = np.mean([t["level"] for t, _ in measured])
    mean_ours = np.mean([o["level"] for _, o in measured])
    rows, failures = [], []
    worst = {"cents": 0.0, "level_db": 0.0, "ring": 0.0, "centroid": 0.0}
    for index, ((key, velocity), (t, o)) in enumerate(zip(notes, measured)):
        pitch_t = peak_frequency(t["spectrum"], t["padded"])
        pitch_o = peak_frequency(o["spectrum"], o["padded"], near=pitch_t)
        figures = {
            "cents": 1200 * np.log2(pitch_o / pitch_t),
            "level_db": (o["level"] - mean_ours) - (t["level"] - mean_theirs),
            "ring": o["ring"] / t["ring"] - 1,
            "centroid": o["centroid"] / t["centroid"] - 1,
        }
        position = velocities.index(velocity)
        step = None
        if position + 1 < len(velocities):
            softer_t, softer_o = measured[index + 1]
            step = (o["level"] - softer_o["level"]) - (t["level"] - softer_t["level"])
            if abs(step) > abs(figures["level_db"]):
                figures["level_db"] = step
        for kind, value in figures.items():
            if abs(value) > abs(worst[kind]):
                worst[kind] = value
            if abs(value) > LIMITS[kind]:
                failures.append(f"{name}: key {key} velocity {velocity}: {kind} {value:+.3f} "
                                f"(limit {LIMITS[kind]})")
        rows.append(f"  {key:3d} {velocity:3d}  {figures['cents']:+6.2f}  "
                    f"{figures['level_db']:+6.2f}  {100 * figures['ring']:+6.1f}  "
                    f"{100 * figures['centroid']:+6.1f}   {t['ring']:.2f} s  "
                    f"{t['centroid']:6.0f} Hz")
    print(f"{name} ({os.path.basename(soundfont)}, program {program}): {len(notes)} notes")
    print("  key vel   cents      dB  ring %  cent %   (FluidSynth: ring, centroid)")
    print("\n".join(rows))
    print(f"  worst: pitch {worst['cents']:+.2f} cents, level {worst['level_db']:+.2f} dB, "
          f"ring {100 * worst['ring']:+.1f} %, centroid {100 * worst['centroid']:+.1f} %")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xylo-render", default=".build/debug/xylo-render")
    parser.add_argument("--soundfonts", default=SOUNDFONTS)
    arguments = parser.parse_args()
    if shutil.which("fluidsynth") is None:
        sys.exit("compare_fluidsynth: fluidsynth is missing; run scripts/bootstrap")
    if not os.access(arguments.xylo_render, os.X_OK):
        sys.exit(f"compare_fluidsynth: no {arguments.xylo_render}; build it first")
    failures = []
    for name, file, program, keys, velocities in SUITES:
        soundfont = os.path.join(arguments.soundfonts, file)
        if not os.path.isfile(soundfont):
            sys.exit(f"compare_fluidsynth: {soundfont} is missing; run scripts/bootstrap")
        with tempfile.TemporaryDirectory() as folder:
            failures += compare(name, soundfont, program, keys, velocities,
                                arguments.xylo_render, folder)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(f"compare_fluidsynth: {len(failures)} figures outside the limits")
    print("compare_fluidsynth: every note within the limits")


if __name__ == "__main__":
    main()
