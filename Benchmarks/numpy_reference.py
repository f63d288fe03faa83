#!/usr/bin/env python3
"""A numpy + soundfile reference renderer: a full-length float buffer, each tap's sample added at
the frame `xylo-render events` reports, written as 16-bit WAV. For timing comparisons only.

Usage: numpy_reference.py XYLO_RENDER SCORE BANK OUT"""
import subprocess
import sys

import numpy as np
import soundfile

binary, score, bank, out = sys.argv[1:5]
events = subprocess.run([binary, "events", score, "--bank", bank], capture_output=True, text=True,
                        check=True).stdout.splitlines()[1:]
samples = {}
taps = []
for row in events:
    frame, _, key, gain, _ = row.split(",")
    if key not in samples:
        samples[key], rate = soundfile.read(f"{bank}/{key}.wav", dtype="float32", always_2d=True)
    taps.append((int(frame), key, float(gain)))
length = max(frame + len(samples[key]) for frame, key, _ in taps)
mix = np.zeros((length, 2), dtype=np.float32)
for frame, key, gain in taps:
    sample = samples[key]
    mix[frame:frame + len(sample)] += gain * sample
soundfile.write(out, np.clip(mix, -1, 32767 / 32768), 48000, subtype="PCM_16")
