"""The machine a benchmark ran on: CPU, vector width, the release build's target CPU, kernel and
the filesystem written to. Linux sources (/proc); anything not found is reported as unknown."""
import os
import platform
import shutil
import subprocess

# Widest first: the first flag the CPU has names its widest vector extension.
VECTOR_EXTENSIONS = [("avx512f", "AVX-512"), ("avx2", "AVX2"), ("avx", "AVX"),
                     ("sse4_2", "SSE4.2"), ("sse4_1", "SSE4.1"), ("ssse3", "SSSE3"),
                     ("pni", "SSE3"), ("sse2", "SSE2"),
                     ("sve2", "SVE2"), ("sve", "SVE"), ("asimd", "NEON")]


def report(release_flags, output_dir):
    """Lines describing this machine; `release_flags` are scripts/release-flags' words."""
    fields = _cpuinfo()
    model = fields.get("model name") or platform.processor() or "unknown"
    cores = os.cpu_count()
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    core_text = f"{cores} cores" + (f" ({usable} usable here)" if usable != cores else "")
    flags = set((fields.get("flags") or fields.get("Features") or "").split())
    vector = next((name for flag, name in VECTOR_EXTENSIONS if flag in flags), "unknown")
    flag_text = " ".join(release_flags) or "no flags"
    return [
        f"CPU: {model}, {core_text}, {platform.machine()}",
        f"widest vector extension: {vector}",
        f"release build: -target-cpu {target_cpu(release_flags)} "
        f"(scripts/release-flags printed: {flag_text})",
        f"kernel: {platform.system()} {platform.release()}",
        f"output folder: {output_dir} on {filesystem(output_dir)}",
    ]


def target_cpu(release_flags):
    """The value given to -target-cpu in `swift build` flags (each compiler word after
    -Xswiftc), or the compiler's default when there is none."""
    words = [w for w in release_flags if w != "-Xswiftc"]
    if "-target-cpu" in words and words.index("-target-cpu") + 1 < len(words):
        return words[words.index("-target-cpu") + 1]
    return "not set (the compiler's generic default)"


def filesystem(path):
    """The filesystem type holding `path` and its device, as `df -PT` reports them."""
    if shutil.which("df"):
        shown = subprocess.run(["df", "-P", "-T", path], capture_output=True, text=True)
        lines = shown.stdout.splitlines()
        if shown.returncode == 0 and len(lines) >= 2 and len(lines[-1].split()) >= 2:
            device, kind = lines[-1].split()[:2]
            return f"{kind} ({device})"
    return "an unknown filesystem"


def _cpuinfo():
    """The first value of each field in /proc/cpuinfo (the first processor's)."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, sep, value = line.partition(":")
                if sep and key.strip() not in fields:
                    fields[key.strip()] = value.strip()
    except OSError:
        pass
    return fields
