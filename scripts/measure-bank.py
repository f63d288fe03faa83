#!/usr/bin/env python3
"""Measures a folder of key samples: fundamental (and its error in cents from equal temperament,
A4 = 440 Hz), the strongest partial near 3x the fundamental, peak level, and ring time (-60 dB,
extrapolated from the envelope's fall from -10 to -40 dB). Needs numpy.

Usage: scripts/measure-bank.py DIR   (for example after 'xylo-render bank export DIR')
"""
import math
import sys
import wave

import numpy as np

NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
APP = {"C": 84, "D": 86, "E": 88, "F": 89, "G": 91, "A": 93, "B": 95, "HighC": 96}


def midi_of(title):
    if title in APP:
        return APP[title]
    name, octave = title[:-1], int(title[-1])
    flats = {"Db": "C#", "Eb": "D#", "Gb": "F#", "Ab": "G#", "Bb": "A#"}
    return NAMES.index(flats.get(name, name)) + 12 * (octave + 1)


def load(path):
    with wave.open(path) as w:
        raw = w.readframes(w.getnframes())
        width, channels, rate = w.getsampwidth(), w.getnchannels(), w.getframerate()
    if width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3)
        ints = (b[:, 0].astype(np.int32) | (b[:, 1].astype(np.int32) << 8) | (b[:, 2].astype(np.int32) << 16))
        ints = np.where(ints >= 1 << 23, ints - (1 << 24), ints)
        x = ints / float(1 << 23)
    else:
        x = np.frombuffer(raw, dtype="<i2") / 32768.0
    return x.reshape(-1, channels).mean(axis=1), rate


def peak_near(x, rate, target, width):
    """The frequency of the largest spectral peak within target +- width, to 0.01 Hz."""
    n = len(x)
    t = np.arange(n) / rate
    window = np.hanning(n)
    freqs = np.arange(target - width, target + width, 0.01)
    mags = [abs(np.sum(x * window * np.exp(-2j * np.pi * f * t))) for f in freqs[::50]]
    coarse = freqs[::50][int(np.argmax(mags))]
    fine = np.arange(coarse - 0.6, coarse + 0.6, 0.005)
    mags = [abs(np.sum(x * window * np.exp(-2j * np.pi * f * t))) for f in fine]
    i = int(np.argmax(mags))
    return fine[i], mags[i]


def main(folder):
    import os
    titles = sorted((f[:-4] for f in os.listdir(folder) if f.endswith(".wav")), key=midi_of)
    print("| key | target Hz | measured Hz | cents | overtone ratio | overtone dB | peak dBFS | ring s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for title in titles:
        x, rate = load(os.path.join(folder, title + ".wav"))
        target = 440.0 * 2 ** ((midi_of(title) - 69) / 12)
        seg = x[int(0.005 * rate):int(0.005 * rate) + min(len(x) // 2, int(0.25 * rate))]
        f1, m1 = peak_near(seg, rate, target, 0.03 * target)
        cents = 1200 * math.log2(f1 / target)
        if 3 * f1 < 0.45 * rate:
            f3, m3 = peak_near(seg, rate, 3 * f1, 0.1 * f1)
            ratio, level = f"{f3 / f1:.4f}", f"{20 * math.log10(m3 / m1):.1f}"
        else:
            ratio, level = "above band", "-"
        env = np.sqrt(np.convolve(x ** 2, np.ones(int(0.005 * rate)) / (0.005 * rate), "same"))
        top = int(np.argmax(env))
        db = 20 * np.log10(env[top:] / env[top] + 1e-12)
        a = top + int(np.argmax(db < -10))
        b = top + int(np.argmax(db < -40))
        ring = (b - a) / rate * 60 / 30 if b > a else float("nan")
        peak = 20 * math.log10(np.max(np.abs(x)))
        print(f"| {title} | {target:.2f} | {f1:.2f} | {cents:+.2f} | {ratio} | {level} | {peak:.1f} | {ring:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1])
