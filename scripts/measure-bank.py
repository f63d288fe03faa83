#!/usr/bin/env python3
"""Measures a folder of key samples, and optionally compares it key by key with a reference folder
and register by register with one or more reference folders, so that changes to the built-in bar
model can be judged by numbers rather than by ear alone.

Usage: scripts/measure-bank.py DIR [--reference REFDIR ...] [--registers] [--no-key-table]
                               [--pictures OUTDIR] [--keys F4,C6,C8]

  DIR, REFDIR  folders of <title>.wav: note names (F4, F#4, Gb4, ... C8) or the app's titles
               (C D E F G A B HighC = MIDI 84 86 88 89 91 93 95 96); 16/24/32-bit integer or
               32-bit float WAV, channels averaged to mono. For example 'xylo-render bank export
               DIR' and 'scripts/reference-bank REFDIR [--source ...]'. Keys are matched by MIDI
               number; the files are taken as full-strength taps.
  --reference  may be given several times; the per-key table and --pictures use the first one,
               the register table all of them (each labelled by its folder's name)
  --registers  after the per-key table, prints the register table and a pass/fail line per
               register (see below)
  --no-key-table  leaves out the per-key table (for a register table alone)
  --pictures   writes OUTDIR/spectrogram-<KEY>.png for each of --keys (default F4,C6,C8): DIR's
               key left, the first reference's key right. Needs matplotlib
               ('pip install matplotlib').
Needs numpy and scipy.

Per-key table (the default output, as before --registers existed): a markdown table, one row per
file of DIR; with --reference each measured cell is "DIR / REFDIR" (a key REFDIR lacks keeps
only DIR's numbers), then the median distance. Every time is measured from the onset: the first
frame whose |x| reaches -40 dB re the file's peak.
Columns:
  f1           strongest peak within 3 % of the equal-tempered target (A4 = 440 Hz), Hann window
               over onset+5 ms ... +250 ms (at most half the file); cents from the target
  ~3x          strongest peak within f1 * (3 +- 0.1): ratio to f1, level dB re f1, same window
  >4x          strongest spectral peak above 4 * f1 (up to 20 kHz): ratio and dB re f1, from one
               Hann window over onset+5 ms ... +105 ms; "—" if none is above -100 dB
  HF 5 ms      energy above 8 kHz (8th-order Butterworth high-pass, zero phase) in the first 5 ms
               after the onset, dB re all the energy of those 5 ms
  peak         sample peak, dBFS
  T60 slope    60 dB decay time from the slope of the envelope's fall from -10 to -40 dB
  -20 / -60    time from the envelope's maximum to its last frame at or above -20 / -60 dB re
               that maximum; envelope = RMS over a sliding 5 ms window. A -60 value marked *
               is extrapolated from the -10..-40 dB slope because the file ends first
  dist         spectrogram distance: mean |dB difference| over base-10 1/3-octave bands
               (centres 100 Hz ... 16 kHz, 3rd-order Butterworth band-passes) and 10 ms frames
               over the first 0.5 s after the onset, each spectrogram normalized to its own
               maximum and floored at -80 dB

Register table (--registers): one column per bank (DIR, then each reference), each cell the
median over the register's keys that folder has ("(n=K)" when it lacks some), then the
references' min-max span and the target. Registers: F4-B4 (MIDI 65-71), C5-B5 (72-83), C6-B6
(84-95, the app's keys C ... B) and C7-C8 (96-108, with the app's HighC). Rows:
  centroid     spectral centroid of the first 20 ms: one Hann window over onset ... onset+20 ms
               (zeros past the file's end), magnitude-weighted mean frequency of the FFT bins
               above 0 Hz up to 20 kHz (or Nyquist)
  peak/RMS     crest factor over onset ... onset+100 ms (zeros past the file's end): the largest
               |x| in that span over its RMS, dB
  5.8x mode    level of the strongest spectral peak (local maximum) within f1 * (5.8 +- 0.3),
               dB re the peak at f1, from one Hann window over onset+5 ms ... +105 ms (f1 as in
               the per-key table); "absent" if no peak there reaches -60 dB re f1 (the median
               counts an absent key as the weakest); keys whose band reaches past 20 kHz or
               0.49 x the sample rate are left out. Also a row for G6 alone.
  f1 -20 dB    ring time of the fundamental alone: the file (after 20 ms of zeros) band-passed
               to f1 * 2^(+-1/6) (4th-order Butterworth, zero phase), its RMS over a sliding
               max(5 ms, 2 periods) window, then the time from that envelope's maximum to its
               last frame at or above -20 dB re the maximum; left out when the file ends first.
               Also a row for C7 alone.
Targets, checked per register in the pass/fail lines (and the table's last column):
  centroid at most 1.25 x the brightest reference's median; peak/RMS within 2 dB of the
  references' min-max span; 5.8x mode no stronger than the strongest reference's median. The
  ring time has no target.
"""
import argparse
import math
import os
import sys
import warnings

import numpy as np
from scipy.io import wavfile
from scipy.signal import butter, find_peaks, sosfiltfilt

NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
FLATS = {"Db": "C#", "Eb": "D#", "Gb": "F#", "Ab": "G#", "Bb": "A#"}
APP = {"C": 84, "D": 86, "E": 88, "F": 89, "G": 91, "A": 93, "B": 95, "HighC": 96}
ONSET_DB = -40.0
BAND_CENTRES = 1000.0 * 10 ** (np.arange(-10, 13) / 10)  # 100 Hz ... 15.85 kHz
FLOOR_DB = -80.0
PARTIAL_FLOOR_DB = -100.0  # weaker "partials" are rounding noise
MODE_FLOOR_DB = -60.0  # a 5.8x mode weaker than this re f1 counts as absent
REGISTERS = [("F4-B4", range(65, 72), ""), ("C5-B5", range(72, 84), ""),
             ("C6-B6", range(84, 96), "the app's keys"), ("C7-C8", range(96, 109), "")]
ABSENT = -math.inf
EXTRAPOLATED = "*"


def midi_of(title):
    """MIDI number of a note name (F4, F#4, Gb4) or an app title (C ... HighC); None otherwise."""
    if title in APP:
        return APP[title]
    name, octave = title[:-1], title[-1:]
    name = FLATS.get(name, name)
    if name not in NAMES or not octave.isdigit():
        return None
    return NAMES.index(name) + 12 * (int(octave) + 1)


def titles_in(folder):
    """The file titles of a folder that name a key, sorted by MIDI number and then by title."""
    titles = [f[:-4] for f in os.listdir(folder) if f.endswith(".wav")]
    return sorted((t for t in titles if midi_of(t) is not None), key=lambda t: (midi_of(t), t))


def load(path):
    """Mono float samples in -1...1 and the sample rate, from 8/16/24/32-bit integer or float WAV."""
    with warnings.catch_warnings():  # fluidsynth and others add chunks scipy does not know
        warnings.simplefilter("ignore", wavfile.WavFileWarning)
        rate, data = wavfile.read(path)
    if data.dtype == np.uint8:
        x = (data.astype(np.float64) - 128) / 128
    elif data.dtype.kind == "i":  # scipy left-justifies 24-bit samples in int32
        x = data.astype(np.float64) / -float(np.iinfo(data.dtype).min)
    else:
        x = data.astype(np.float64)
    return (x.mean(axis=1) if x.ndim == 2 else x), rate


def onset_of(x):
    peak = np.max(np.abs(x))
    return int(np.argmax(np.abs(x) >= peak * 10 ** (ONSET_DB / 20)))


def peak_near(x, rate, target, width):
    """Frequency (to about 0.005 Hz) and magnitude of the largest spectral peak within
    target +- width: a zero-padded FFT finds it, a direct DFT scan refines it."""
    windowed = x * np.hanning(len(x))
    n = 1 << int(math.ceil(math.log2(16 * len(x))))
    freqs = np.fft.rfftfreq(n, 1 / rate)
    band = np.nonzero(np.abs(freqs - target) <= width)[0]
    spectrum = np.abs(np.fft.rfft(windowed, n))
    coarse = freqs[band[np.argmax(spectrum[band])]]
    fine = np.arange(coarse - rate / n, coarse + rate / n, 0.005)
    t = np.arange(len(x)) / rate
    mags = np.abs(np.exp(-2j * np.pi * np.outer(fine, t)) @ windowed)
    i = int(np.argmax(mags))
    return fine[i], mags[i]


def strongest_above(x, rate, f1, floor_ratio):
    """Ratio to f1 and level (dB re the peak at f1) of the strongest spectral peak between
    floor_ratio * f1 and 20 kHz, or None when there is none above PARTIAL_FLOOR_DB."""
    windowed = x * np.hanning(len(x))
    n = 1 << int(math.ceil(math.log2(16 * len(x))))
    freqs = np.fft.rfftfreq(n, 1 / rate)
    spectrum = np.abs(np.fft.rfft(windowed, n))
    peaks, _ = find_peaks(spectrum)
    peaks = peaks[(freqs[peaks] > floor_ratio * f1) & (freqs[peaks] < min(20000.0, 0.49 * rate))]
    if len(peaks) == 0:
        return None
    fk, mk = peak_near(x, rate, freqs[peaks[np.argmax(spectrum[peaks])]], 2 * rate / n)
    _, m1 = peak_near(x, rate, f1, 0.01 * f1)
    level = 20 * math.log10(mk / m1)
    return (fk / f1, level) if level > PARTIAL_FLOOR_DB else None


def high_band_share(x, rate, onset):
    """Energy above 8 kHz in the 5 ms after the onset, dB re all energy of those 5 ms."""
    if rate <= 16000 * 1.05:
        return None
    lead = round(0.02 * rate)  # silence before the file, so a hard start is filtered as heard
    padded = np.concatenate([np.zeros(lead), x[:onset + round(0.05 * rate)]])
    high = sosfiltfilt(butter(8, 8000, "highpass", fs=rate, output="sos"), padded)
    span = slice(lead + onset, lead + onset + round(0.005 * rate))
    return 10 * math.log10(np.sum(high[span] ** 2) / np.sum(padded[span] ** 2) + 1e-30)


def envelope_db(x, rate):
    """RMS over a sliding 5 ms window, in dB re its maximum, and the maximum's index."""
    width = round(0.005 * rate)
    env = np.sqrt(np.convolve(x ** 2, np.ones(width) / width, "valid"))
    top = int(np.argmax(env))
    return 20 * np.log10(env / env[top] + 1e-15), top


def time_to(db, top, rate, level):
    """Seconds from the maximum to the last frame at or above level dB; None when the file ends
    before the envelope falls below it."""
    above = np.nonzero(db[top:] >= level)[0]
    last = top + int(above[-1])
    return None if last >= len(db) - 1 else (last - top) / rate


def ring_times(x, rate):
    """T60 from the -10..-40 dB slope, time to -20 dB, and time to -60 dB with a flag telling
    whether it was extrapolated from that slope."""
    db, top = envelope_db(x, rate)
    t10, t20, t40, t60 = (time_to(db, top, rate, level) for level in (-10, -20, -40, -60))
    slope_t60 = 2 * (t40 - t10) if t10 is not None and t40 is not None and t40 > t10 else None
    if t60 is None and slope_t60 is not None:
        return slope_t60, t20, t40 + slope_t60 / 3, True
    return slope_t60, t20, t60, False


def fundamental(x, rate, midi):
    """The onset, the window the fundamental is measured in, its target, frequency and magnitude
    (see f1 in the usage text)."""
    target = 440.0 * 2 ** ((midi - 69) / 12)
    onset = onset_of(x)
    start = onset + round(0.005 * rate)
    seg = x[start:start + min(len(x) // 2, round(0.25 * rate))]
    f1, m1 = peak_near(seg, rate, target, 0.03 * target)
    return onset, start, seg, target, f1, m1


def measure(x, rate, midi):
    """The numbers of one row (see the usage text), as a dict."""
    onset, start, seg, target, f1, m1 = fundamental(x, rate, midi)
    m = {"target": target, "f1": f1, "cents": 1200 * math.log2(f1 / target), "third": None}
    if 3 * f1 < 0.45 * rate:
        f3, m3 = peak_near(seg, rate, 3 * f1, 0.1 * f1)
        m["third"] = (f3 / f1, 20 * math.log10(m3 / m1))
    m["above4"] = strongest_above(x[start:start + round(0.1 * rate)], rate, f1, 4.0)
    m["hf"] = high_band_share(x, rate, onset)
    m["peak"] = 20 * math.log10(np.max(np.abs(x)))
    m["slope_t60"], m["t20"], m["t60"], m["t60_extrapolated"] = ring_times(x, rate)
    return m


def third_octave_db(x, rate):
    """1/3-octave spectrogram of the first 0.5 s after the onset: bands x 10 ms frames, in dB
    re its own maximum, floored at FLOOR_DB (bands above Nyquist are at the floor)."""
    onset, hop, frames = onset_of(x), round(0.01 * rate), 50
    lead = round(0.05 * rate)
    piece = np.concatenate([np.zeros(lead), x[onset:onset + frames * hop], np.zeros(lead)])
    piece = np.concatenate([piece, np.zeros(max(0, 2 * lead + frames * hop - len(piece)))])
    power = np.zeros((len(BAND_CENTRES), frames))
    for row, centre in enumerate(BAND_CENTRES):
        edges = centre * 10 ** (-1 / 20), centre * 10 ** (1 / 20)
        if edges[1] >= 0.5 * rate:
            continue
        band = sosfiltfilt(butter(3, edges, "bandpass", fs=rate, output="sos"), piece)
        power[row] = np.mean(band[lead:lead + frames * hop].reshape(frames, hop) ** 2, axis=1)
    return np.maximum(10 * np.log10(power / np.max(power) + 1e-30), FLOOR_DB)


def spectrogram_distance(x, rate_x, y, rate_y):
    return float(np.mean(np.abs(third_octave_db(x, rate_x) - third_octave_db(y, rate_y))))


def cells(m):
    """The measured cells of one row, as text, in column order."""
    def num(value, digits):
        return "—" if value is None else f"{value:.{digits}f}"
    third, above = m["third"] or (None, None), m["above4"] or (None, None)
    t60 = num(m["t60"], 2) + (EXTRAPOLATED if m["t60_extrapolated"] else "")
    return [f"{m['f1']:.2f}", f"{m['cents']:+.2f}", num(third[0], 4), num(third[1], 1),
            num(above[0], 3), num(above[1], 1), num(m["hf"], 1), f"{m['peak']:.1f}",
            num(m["slope_t60"], 2), num(m["t20"], 3), t60]


HEADER = ["key", "target Hz", "f1 Hz", "cents", "~3x ratio", "~3x dB", ">4x ratio", ">4x dB",
          "HF 5 ms dB", "peak dBFS", "T60 slope s", "-20 dB s", "-60 dB s"]


def table(folder, reference):
    """Prints the table, its footnote and the summary line."""
    ref_titles = {}
    for title in titles_in(reference) if reference else []:
        ref_titles.setdefault(midi_of(title), title)
    header = HEADER + (["dist dB"] if reference else [])
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    distances, extrapolated = [], False
    for title in titles_in(folder):
        midi = midi_of(title)
        x, rate = load(os.path.join(folder, title + ".wav"))
        m = measure(x, rate, midi)
        extrapolated |= m["t60_extrapolated"]
        row = cells(m)
        name = title
        if midi in ref_titles:
            y, rate_y = load(os.path.join(reference, ref_titles[midi] + ".wav"))
            r = measure(y, rate_y, midi)
            extrapolated |= r["t60_extrapolated"]
            row = [f"{a} / {b}" for a, b in zip(row, cells(r))]
            distances.append(spectrogram_distance(x, rate, y, rate_y))
            row.append(f"{distances[-1]:.1f}")
            name = f"{title} / {ref_titles[midi]}"
        elif reference:
            row.append("")
        print("| " + " | ".join([name, f"{m['target']:.2f}"] + row) + " |")
    if extrapolated:
        print(f"\n{EXTRAPOLATED} extrapolated from the -10..-40 dB slope: the recording ends "
              "before the envelope falls below -60 dB.")
    if reference:
        median = f"{np.median(distances):.1f} dB" if distances else "— (no key matched)"
        print(f"\nMedian spectrogram distance: {median} over {len(distances)} keys "
              f"matched with {reference}.")


def span_after(x, start, length):
    """x[start:start + length], padded with zeros past the file's end."""
    piece = x[start:start + length]
    return np.concatenate([piece, np.zeros(length - len(piece))])


def centroid_20ms(x, rate, onset):
    """Magnitude-weighted mean frequency (Hz) of a Hann window over onset ... onset+20 ms."""
    n = round(0.02 * rate)
    spectrum = np.abs(np.fft.rfft(span_after(x, onset, n) * np.hanning(n)))
    freqs = np.fft.rfftfreq(n, 1 / rate)
    band = (freqs > 0) & (freqs <= 20000.0)
    return float(np.sum(freqs[band] * spectrum[band]) / np.sum(spectrum[band]))


def crest_100ms(x, rate, onset):
    """Peak over RMS (dB) of onset ... onset+100 ms."""
    piece = span_after(x, onset, round(0.1 * rate))
    return 20 * math.log10(np.max(np.abs(piece)) / np.sqrt(np.mean(piece ** 2)))


def mode_near(x, rate, start, f1, ratio=5.8, width=0.3):
    """dB re f1 of the strongest spectral peak within f1 * (ratio +- width) in a Hann window
    over start ... start+100 ms; ABSENT below MODE_FLOOR_DB; None when the band is out of
    reach (past 20 kHz or 0.49 x the rate)."""
    if (ratio + width) * f1 > min(20000.0, 0.49 * rate):
        return None
    seg = span_after(x, start, round(0.1 * rate))
    n = 1 << int(math.ceil(math.log2(16 * len(seg))))
    freqs = np.fft.rfftfreq(n, 1 / rate)
    spectrum = np.abs(np.fft.rfft(seg * np.hanning(len(seg)), n))
    peaks, _ = find_peaks(spectrum)
    peaks = peaks[np.abs(freqs[peaks] - ratio * f1) <= width * f1]
    if len(peaks) == 0:
        return ABSENT
    _, mk = peak_near(seg, rate, freqs[peaks[np.argmax(spectrum[peaks])]], 2 * rate / n)
    _, m1 = peak_near(seg, rate, f1, 0.01 * f1)
    level = 20 * math.log10(mk / m1)
    return level if level >= MODE_FLOOR_DB else ABSENT


def fundamental_ring(x, rate, f1):
    """Seconds from the maximum of the fundamental's envelope to its last frame at or above
    -20 dB; None when the file ends first."""
    lead = round(0.02 * rate)
    padded = np.concatenate([np.zeros(lead), x])
    edges = f1 * 2 ** (-1 / 6), min(f1 * 2 ** (1 / 6), 0.49 * rate)
    band = sosfiltfilt(butter(4, edges, "bandpass", fs=rate, output="sos"), padded)
    width = max(round(0.005 * rate), round(2 * rate / f1))
    env = np.sqrt(np.convolve(band ** 2, np.ones(width) / width, "valid"))
    top = int(np.argmax(env))
    db = 20 * np.log10(env / env[top] + 1e-15)
    return time_to(db, top, rate, -20)


def register_measures(x, rate, midi):
    """The register table's numbers for one key, as a dict."""
    onset, start, _, _, f1, _ = fundamental(x, rate, midi)
    return {"centroid": centroid_20ms(x, rate, onset), "crest": crest_100ms(x, rate, onset),
            "mode58": mode_near(x, rate, start, f1), "ring20": fundamental_ring(x, rate, f1)}


def bank_measures(folder):
    """{MIDI: register measures} for the keys of a folder (the first title of each MIDI number)."""
    out = {}
    for title in titles_in(folder):
        midi = midi_of(title)
        if midi not in out:
            out[midi] = register_measures(*load(os.path.join(folder, title + ".wav")), midi)
    return out


def label_of(folder, taken):
    """A column label: the folder's name, numbered when another column has it already."""
    label = os.path.basename(os.path.normpath(folder)) or folder
    while label in taken:
        label += "'"
    taken.add(label)
    return label


ROWS = [  # (measure, heading)
    ("centroid", "centroid 0-20 ms, kHz"), ("crest", "peak/RMS 0-100 ms, dB"),
    ("mode58", "5.8x mode, dB re f1"), ("ring20", "f1 -20 dB ring, s")]


def fmt_value(key, value):
    if value is None:
        return "—"
    if value == ABSENT:
        return "absent"
    return {"centroid": f"{value / 1000:.2f}", "crest": f"{value:.1f}", "mode58": f"{value:.1f}",
            "ring20": f"{value:.3f}"}[key]


def summary(measures, key, keys):
    """Median of one measure over the given keys a bank has (ABSENT sorts lowest), the number of
    keys it counted, and how many of those were absent."""
    values = [measures[m][key] for m in keys if m in measures and measures[m][key] is not None]
    if not values:
        return None, 0, 0
    values.sort()
    middle = len(values) // 2
    median = values[middle] if len(values) % 2 else (
        ABSENT if ABSENT in (values[middle - 1], values[middle])
        else 0.5 * (values[middle - 1] + values[middle]))
    return median, len(values), values.count(ABSENT)


def target_of(key, refs):
    """(target text, check function) for one measure given the references' medians."""
    known = [r for r in refs if r is not None]
    if not known or key == "ring20":
        return "—", None
    if key == "centroid":
        limit = 1.25 * max(known)
        return f"≤ {limit / 1000:.2f}", lambda v: v <= limit
    if key == "crest":
        low, high = min(known) - 2, max(known) + 2
        return f"{low:.1f} ... {high:.1f}", lambda v: low <= v <= high
    strongest = max(known)
    return f"≤ {fmt_value(key, strongest)}", lambda v: v <= strongest


def register_table(folder, references):
    """Prints the register table and a pass/fail line per register."""
    taken = set()
    banks = [(label_of(f, taken), bank_measures(f)) for f in [folder] + references]
    groups = REGISTERS
    header = ["measure", "keys"] + [label for label, _ in banks] + ["refs min–max", "target", ""]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    verdicts = {name: [] for name, _, _ in groups}
    for key, heading in ROWS:
        rows = [(name, keys, name) for name, keys, _ in groups]
        if key == "mode58":
            rows.append(("G6", [91], None))
        if key == "ring20":
            rows.append(("C7", [96], None))
        for name, keys, register in rows:
            stats = [summary(measures, key, keys) for _, measures in banks]
            cells = []
            for median, count, absent in stats:
                cell = fmt_value(key, median)
                notes = []
                if count and count < len(keys) and len(keys) > 1:
                    notes.append(f"n={count}")
                if absent and median != ABSENT:
                    notes.append(f"{absent} absent")
                cells.append(cell + (f" ({', '.join(notes)})" if notes else ""))
            refs = [median for median, _, _ in stats[1:]]
            known = [r for r in refs if r is not None]
            span = (f"{fmt_value(key, min(known))} ... {fmt_value(key, max(known))}"
                    if known else "—")
            target, check = target_of(key, refs)
            verdict = ""
            if check is not None and stats[0][0] is not None:
                verdict = "ok" if check(stats[0][0]) else "FAIL"
                if register:
                    verdicts[register].append((key, verdict, stats[0][0], target))
            print("| " + " | ".join([heading, name] + cells + [span, target, verdict]) + " |")
    print()
    words = {"centroid": ("centroid", " kHz"), "crest": ("peak/RMS", " dB"),
             "mode58": ("5.8x mode", " dB")}
    for name, keys, note in groups:
        checks = verdicts[name]
        label = f"{name} (MIDI {keys[0]}-{keys[-1]}{', ' + note if note else ''})"
        if not checks:
            print(f"{label}: no verdict (no keys, or no reference has them)")
            continue
        overall = "PASS" if all(v == "ok" for _, v, _, _ in checks) else "FAIL"
        parts = [f"{words[k][0]} {fmt_value(k, value)}{words[k][1] if value != ABSENT else ''} "
                 f"{'ok' if v == 'ok' else 'FAIL'} (target {t})" for k, v, value, t in checks]
        print(f"{label}: {overall} — " + "; ".join(parts))


def find_title(folder, key):
    """key itself if folder has it, else the first title with key's MIDI number, else None."""
    titles = titles_in(folder)
    return key if key in titles else next((t for t in titles if midi_of(t) == midi_of(key)), None)


def pictures(folder, reference, keys, outdir):
    """One PNG per key: DIR's spectrogram left, the reference's right, on the same axes."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    os.makedirs(outdir, exist_ok=True)
    for key in keys:
        sources = [(folder, find_title(folder, key))]
        if reference:
            sources.append((reference, find_title(reference, key)))
        sources = [(d, t) for d, t in sources if t is not None]
        if not sources:
            print(f"no file for {key} in {folder}", file=sys.stderr)
            continue
        figure, axes = plt.subplots(1, len(sources), figsize=(6.5 * len(sources), 5),
                                    squeeze=False, constrained_layout=True)
        for axis, (source, title) in zip(axes[0], sources):
            image = draw_spectrogram(axis, *load(os.path.join(source, title + ".wav")))
            axis.set_title(f"{key}: {title}.wav in {source}")
        figure.colorbar(image, ax=axes[0].tolist(), label="dB re max")
        path = os.path.join(outdir, f"spectrogram-{key}.png")
        figure.savefig(path, dpi=100)
        plt.close(figure)
        print(f"wrote {path}", file=sys.stderr)


def draw_spectrogram(axis, x, rate):
    """Spectrogram of 1.5 s from the onset (20 ms Hann frames, 5 ms hop), dB re its maximum."""
    from scipy.signal import spectrogram
    span = round(1.5 * rate)
    piece = x[onset_of(x):][:span]
    piece = np.concatenate([piece, np.zeros(span - len(piece))])
    size = round(0.02 * rate)
    freqs, times, power = spectrogram(piece, rate, window="hann", nperseg=size,
                                      noverlap=size - round(0.005 * rate), mode="psd")
    db = 10 * np.log10(power / np.max(power) + 1e-30)
    image = axis.pcolormesh(times, freqs / 1000, db, vmin=-100, vmax=0, cmap="magma",
                            shading="auto")
    axis.set_facecolor("black")  # past the last frame's centre
    axis.set_xlim(0, 1.5)
    axis.set_ylim(0, 20)
    axis.set_xlabel("s after onset")
    axis.set_ylabel("kHz")
    return image


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("--reference", action="append", default=[])
    parser.add_argument("--registers", action="store_true")
    parser.add_argument("--no-key-table", action="store_true")
    parser.add_argument("--pictures")
    parser.add_argument("--keys", default="F4,C6,C8")
    args = parser.parse_args()
    keys = args.keys.split(",")
    unknown = [k for k in keys if midi_of(k) is None]
    if unknown:
        parser.error(f"not a key name: {', '.join(unknown)}")
    if args.no_key_table and not args.registers:
        parser.error("--no-key-table needs --registers")
    first = args.reference[0] if args.reference else None
    if not args.no_key_table:
        table(args.dir, first)
    if args.registers:
        if not args.no_key_table:
            print()
        register_table(args.dir, args.reference)
    if args.pictures:
        pictures(args.dir, first, keys, args.pictures)


if __name__ == "__main__":
    main()
