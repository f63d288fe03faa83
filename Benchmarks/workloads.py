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
