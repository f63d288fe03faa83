"""The floors a render is timed against, each writing a file of the render's shape:

- the raw floor (raw-floor.c): as many bytes as the render's file, zeros written with no audio
  library after reserving the space with fallocate, in 1 MiB write() calls: the disk's and the
  kernel's share of any render;
- the libsndfile floors (silence-floor.c): as many frames of 16-bit silence written with
  libsndfile to the same container, 4096 frames a call (the reference floor of the speed issues)
  and, for uncompressed files, 32768;
- for FLAC, where silence costs little to encode, also the encoding floor (encode-floor.c):
  libsndfile encoding the render's own samples, read into memory first and left out of the time,
  32768 frames a call as xylo-render writes encoded files. Neither sets a compression level, so
  both encode at libsndfile's default (5), and their FLAC frames come out byte for byte alike.
"""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE_BLOCK = 4096
# The containers the floors write, by the extension of the render's file.
CONTAINERS = {"wav": "wav", "w64": "w64", "flac": "flac"}


class Floors:
    """The floor programs, compiled into the benchmark's folder."""

    def __init__(self, work):
        self.work = work
        self.raw = self._compile("raw-floor")
        self.silence = self._compile("silence-floor", "-lsndfile")
        self.encode = self._compile("encode-floor", "-lsndfile")

    def _compile(self, name, *libraries):
        binary = os.path.join(self.work, name)
        subprocess.run(["cc", "-O2", "-I", HERE, os.path.join(HERE, f"{name}.c"), "-o", binary]
                       + list(libraries), check=True)
        return binary

    def commands(self, container, frames, rate, channels, size, samples=None):
        """The floors for a render to `container` (wav, w64 or flac) of `frames` frames at
        `rate` with `channels`, `size` bytes: (label, measure_interleaved entry) pairs, the
        raw floor first and the reference libsndfile floor second. `samples`, a 16-bit WAV of
        the render's own samples, adds the encoding floor for FLAC."""
        raw_out = os.path.join(self.work, "raw-floor.out")
        out = os.path.join(self.work, f"floor.{container}")
        shape = [str(frames), str(rate), str(channels)]
        kind = CONTAINERS[container]
        name = kind.upper()

        def silence(block):
            return [self.silence, out] + shape + [str(block), kind], out

        floors = [(f"raw floor: {size / 1e6:.1f} MB of zeros, 1 MiB writes",
                   ([self.raw, raw_out, str(size)], raw_out)),
                  (f"libsndfile, silence to {name}, {REFERENCE_BLOCK}-frame writes",
                   silence(REFERENCE_BLOCK))]
        if kind == "flac":
            if samples is not None:
                timing = os.path.join(self.work, "encode-floor.timing")
                floors.append((f"libsndfile, its samples to {name} from memory, 32768-frame writes",
                               ([self.encode, samples, out + ".encoded", kind, "32768", timing],
                                out + ".encoded", timing)))
        else:
            floors.append((f"libsndfile, silence to {name}, 32768-frame writes", silence(32768)))
        return floors
