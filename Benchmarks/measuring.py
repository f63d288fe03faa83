"""Running commands for the benchmark and summing up their times: interleaved rounds, medians,
and ratios taken run by run against another command of the same round."""
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = None  # the helper that runs and measures a command, built by build_helper()


def build_helper(work):
    """Compiles measure.c into `work`; every timed run goes through it."""
    global MEASURE
    MEASURE = os.path.join(work, "measure")
    subprocess.run(["cc", "-O2", os.path.join(HERE, "measure.c"), "-o", MEASURE], check=True)


def measure(command, runs, output=None):
    """Runs `command` `runs` times, each to a fresh `output` (removed before and after each
    run); returns median wall s, median CPU s, max peak RSS in MB."""
    return summary(measure_interleaved([(command, output)], runs)[0])


def measure_interleaved(commands, runs, env=None, quiet_stdout=False, statuses=None):
    """Runs each (command, output file or None) once per round, `runs` rounds, so that disk and
    cache noise falls on all of them alike. The output file is removed before every run and
    again when the run ends, so each run writes a new file and no run shares the disk with the
    writing back of an earlier run's file. A command given as (command, output, timing file)
    times a part of itself: it writes that part's "WALL CPU" seconds to the timing file, and
    those stand for its wall and CPU time (its peak memory is still the whole run's).
    `statuses` gives each command's expected exit status (default 0).
    Returns, per command, its (wall s, CPU s, peak MB) of each round."""
    samples = [[] for _ in commands]
    statuses = statuses or [0] * len(commands)
    for _ in range(runs):
        for entry, runs_of_command, status in zip(commands, samples, statuses):
            command, output, timing = (tuple(entry) + (None,))[:3]
            _remove(output)
            run = _run_once(command, env, quiet_stdout, status)
            if timing is not None:
                with open(timing) as f:
                    wall, cpu = (float(field) for field in f.read().split())
                run = (wall, cpu, run[2])
            _remove(output)
            runs_of_command.append(run)
    return samples


def summary(runs):
    """Median wall s, median CPU s and largest peak MB of one command's runs."""
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            max(r[2] for r in runs))


def ratio_text(runs, floor_runs):
    """Each run's wall time over the floor's in the same round: "median (min–max)"."""
    if runs is floor_runs:
        return "1"
    ratios = [run[0] / floor[0] for run, floor in zip(runs, floor_runs)]
    if len(ratios) == 1:
        return f"{ratios[0]:.2f}"
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"


def _remove(path):
    if path is not None and os.path.lexists(path):
        os.remove(path)


def _run_once(command, env, quiet_stdout=False, expected_status=0):
    """One run through the small C helper `measure`, which sees the command's true peak."""
    with tempfile.NamedTemporaryFile("r") as result, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as out:
        status = subprocess.run([MEASURE, result.name] + command, stderr=err, env=env,
                                stdout=out if quiet_stdout else None).returncode
        fields = result.read().split()
        if status != 0 or len(fields) != 4 or fields[3] != str(expected_status):
            err.seek(0)
            sys.exit(f"benchmark: {' '.join(command)} failed:\n{err.read().decode()}")
        return float(fields[0]), float(fields[1]), int(fields[2]) / 1024
