"""Deterministic benchmark workloads: xylo scores made from a seeded generator."""
import random

KEYS = ["C", "D", "E", "F", "G", "A", "B", "HighC"]


def dense(minutes=10):
    """A tap every 0.25 s, 20% of them two-key chords."""
    rng = random.Random(1)
    lines = ["title dense benchmark", "tempo 240"]
    row = []
    for _ in range(int(minutes * 60 * 4)):
        first = rng.choice(KEYS)
        if rng.random() < 0.2:
            second = rng.choice([k for k in KEYS if k != first])
            row.append(f"{first}+{second}")
        else:
            row.append(first)
        if len(row) == 16:
            lines.append(" ".join(row))
            row = []
    lines.append(" ".join(row))
    return "\n".join(lines) + "\n"


def long(minutes=60):
    """One tap a second."""
    rng = random.Random(2)
    lines = ["title long benchmark", "tempo 60"]
    taps = [rng.choice(KEYS) for _ in range(minutes * 60)]
    for start in range(0, len(taps), 16):
        lines.append(" ".join(taps[start:start + 16]))
    return "\n".join(lines) + "\n"


def chords(minutes=10):
    """Four-key chords every half second."""
    rng = random.Random(3)
    lines = ["title chord benchmark", "tempo 120"]
    for _ in range(minutes * 60 * 2 // 8):
        lines.append(" ".join("+".join(rng.sample(KEYS, 4)) for _ in range(8)))
    return "\n".join(lines) + "\n"


def tap_log(minutes=10):
    """Absolute times with a person's unevenness, about three taps a second."""
    rng = random.Random(4)
    lines = ["title tap log benchmark"]
    t = 0.0
    while t < minutes * 60:
        lines.append(f"{t:.3f} {rng.choice(KEYS)}")
        t += rng.uniform(0.15, 0.5)
    return "\n".join(lines) + "\n"


def one_line(megabytes=10):
    """A score of one line: the seven keys over and over, a tap every two bytes."""
    unit = "C D E F G A B "
    return unit * (megabytes * 1_000_000 // len(unit)) + "\n"


def _vlq(value):
    """A MIDI variable-length quantity."""
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.insert(0, (value & 0x7F) | 0x80)
        value >>= 7
    return bytes(out)


def _chunk(kind, data):
    return kind + len(data).to_bytes(4, "big") + data


def midi_song(notes=60_000, minutes=40):
    """A format-1 MIDI file: a tempo track with a change every 5 minutes, three melodic tracks
    and a drum track, `notes` note-ons over about `minutes`, some outside the xylophone's range.
    """
    rng = random.Random(5)
    ppq = 480
    tempos = [500_000, 480_000, 520_000, 461_538, 500_000, 545_455, 500_000, 468_750]
    # Ticks per minute at each tempo; a change every 5 minutes of music.
    tempo_track = bytearray(b"\x00\xff\x03\x0dMIDI workload")
    tick = 0
    segments = []
    for index, tempo in enumerate(tempos[: max(1, minutes // 5)]):
        delta = 0 if index == 0 else segments[-1][2]
        tempo_track += _vlq(delta) + b"\xff\x51\x03" + tempo.to_bytes(3, "big")
        ticks = 5 * 60 * 1_000_000 * ppq // tempo
        segments.append((tick, tempo, ticks))
        tick += ticks
    total_ticks = tick
    tempo_track += b"\x00\xff\x2f\x00"
    tracks = [bytes(tempo_track)]
    per_track = notes // 4
    for channel, low, high in ((0, 60, 96), (1, 65, 100), (2, 55, 110), (9, 35, 60)):
        events = []
        for _ in range(per_track):
            start = rng.randrange(0, total_ticks - ppq)
            note = rng.randrange(low, high)
            velocity = rng.randrange(40, 128)
            events.append((start, 0x90 | channel, note, velocity))
            events.append((start + rng.choice((120, 240, 480)), 0x80 | channel, note, 0))
        events.sort()
        data = bytearray()
        last = 0
        for when, status, note, velocity in events:
            data += _vlq(when - last) + bytes((status, note, velocity))
            last = when
        data += b"\x00\xff\x2f\x00"
        tracks.append(bytes(data))
    header = _chunk(b"MThd", (1).to_bytes(2, "big") + len(tracks).to_bytes(2, "big") + ppq.to_bytes(2, "big"))
    return header + b"".join(_chunk(b"MTrk", t) for t in tracks)


# The app's recordings: stereo 16-bit WAVs of these lengths (HighC at 44.1 kHz). Where they are
# not beside the checkout, `app_like_bank` writes samples of the same shape, so every workload
# sums and resamples as much audio as with the app's own files.
APP_SHAPES = {"C": (48000, 180798), "D": (48000, 180798), "E": (48000, 180798),
              "F": (48000, 181648), "G": (48000, 181648), "A": (48000, 180798),
              "B": (48000, 180798), "HighC": (44100, 165375)}
FREQUENCIES = {"C": 1046.50, "D": 1174.66, "E": 1318.51, "F": 1396.91, "G": 1567.98,
               "A": 1760.00, "B": 1975.53, "HighC": 2093.00}


def app_like_bank(folder):
    """Writes decaying stereo tones shaped like the app's recordings into `folder`: like them,
    the seven keys' channels are equal (the mixer keeps such a key once) and HighC's differ."""
    import array
    import math
    import os
    import wave
    os.makedirs(folder, exist_ok=True)
    for key, (rate, frames) in APP_SHAPES.items():
        step = 2 * math.pi * FREQUENCIES[key] / rate
        values = array.array("h")
        for frame in range(frames):
            level = 0.3 * math.sin(step * frame) * math.exp(-4 * frame / rate)
            left = int(round(level * 32767))
            values.extend((left, int(round(left * 0.9)) if key == "HighC" else left))
        with wave.open(os.path.join(folder, f"{key}.wav"), "wb") as out:
            out.setnchannels(2)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(values.tobytes())
    return folder
