#!/usr/bin/env python3
"""The built-in bank is bit-identical in the release binary that scripts/bootstrap builds for
this CPU: every key's samples, as `bank export` writes them, hash to the values pinned in
Tests/XylophoneTests/pinned-hashes.txt, which XylophoneTests checks in the debug build. (The
release binary itself, not a release build of the tests: the bank as the tool plays it.)

The hashes are SHA-256 of each sample's 32-bit float values, little-endian, as
`everyKeysSamplesMatchTheirPinnedHash` takes them. `bank export` writes the keys as 24-bit WAV;
the synthesis puts every value on the 24-bit grid (`everyTapPeaksAtMinus8DBFSOnThe24BitGrid`),
so each 24-bit integer over 2^23 is the float value exactly (a negative zero would come back
as +0.0 and fail the check loudly, never pass it wrongly).

Usage: check_bank.py [--tuned BINARY]
"""
import argparse
import hashlib
import os
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PINNED = os.path.join(ROOT, "Tests", "XylophoneTests", "pinned-hashes.txt")


def wav_values(path):
    """The float values of a mono 24-bit PCM WAV file at 48 kHz."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        sys.exit(f"{path}: not a WAV file")
    position, fmt, samples = 12, None, None
    while position + 8 <= len(data):
        kind, size = data[position:position + 4], struct.unpack_from("<I", data, position + 4)[0]
        body = data[position + 8:position + 8 + size]
        if kind == b"fmt ":
            fmt = struct.unpack_from("<HHIIHH", body)
        elif kind == b"data":
            samples = body
        position += 8 + size + (size & 1)
    if fmt is None or samples is None:
        sys.exit(f"{path}: no fmt or data chunk")
    _, channels, rate, _, _, bits = fmt
    if (channels, rate, bits) != (1, 48000, 24):
        sys.exit(f"{path}: {channels} channels, {rate} Hz, {bits} bits; expected 1, 48000, 24")
    count = len(samples) // 3
    values = bytearray()
    for index in range(count):
        integer = int.from_bytes(samples[3 * index:3 * index + 3], "little", signed=True)
        values += struct.pack("<f", integer / 8388608)
    return bytes(values)


def export(binary, folder):
    subprocess.run([binary, "bank", "export", folder, "--quiet"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tuned", default=os.path.join(ROOT, ".build", "release", "xylo-render"))
    arguments = parser.parse_args()
    if not os.access(arguments.tuned, os.X_OK):
        sys.exit(f"check_bank.py: no binary at {arguments.tuned}; run scripts/bootstrap")
    with tempfile.TemporaryDirectory() as tuned:
        export(arguments.tuned, tuned)
        failures = 0
        with open(PINNED, encoding="utf-8") as file:
            pinned = [line.split("  ", 1) for line in file.read().splitlines()]
        for digest, title in pinned:
            actual = hashlib.sha256(wav_values(os.path.join(tuned, f"{title}.wav"))).hexdigest()
            if actual != digest:
                print(f"{title}: the release build's samples hash to {actual}, pinned {digest}")
                failures += 1
        if failures:
            sys.exit(1)
        print(f"built-in bank in the release build: all {len(pinned)} keys match their pinned"
              " hashes")


if __name__ == "__main__":
    main()
