"""How long the test suite takes: the fast tier, and with `--full` the whole suite on SQLite.

Run from the repository root: `python benchmarks/suite.py [--full] [--browser]`.
For each run it prints the wall time, the CPU time of pytest and its children (a fairer figure
on a machine other processes share: wall time there grows with their load, CPU time much
less), the sum of the tests' own durations (setup, call and teardown, as `--durations=0`
reports them), the slowest ten, and the result line.
Targets: the fast tier (`-m fast`) under 60 s, the whole suite on SQLite under 8 minutes, on a
quiet 2-core machine. The whole suite leaves out the browser tests unless `--browser` is given.
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DURATION = re.compile(r"^([\d.]+)s (setup|call|teardown)\s+(\S+)", re.M)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(name, selection):
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "--durations=0", *selection, "tests"]
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    cpu, started = children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - started, children_cpu() - cpu
    durations = sorted(((float(s), phase, test) for s, phase, test in
                        DURATION.findall(done.stdout)), reverse=True)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-500:]
    print(f"== {name}: {' '.join(selection) or '(everything)'}")
    print(f"   wall {wall:7.1f} s   cpu {cpu:7.1f} s   "
          f"sum of test durations {sum(d for d, _, _ in durations):7.1f} s")
    for seconds, phase, test in durations[:10]:
        print(f"   {seconds:7.2f} s {phase:8} {test}")
    print(f"   {summary}")
    return done.returncode


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--full", action="store_true", help="also time the whole suite")
    parser.add_argument("--browser", action="store_true",
                        help="the whole suite with the browser tests too")
    args = parser.parse_args()
    status = run("fast tier (target: under 60 s)", ["-m", "fast"])
    if args.full:
        selection = [] if args.browser else ["-m", "not browser"]
        status |= run("whole suite on SQLite (target: under 8 minutes)", selection)
    sys.exit(status)


if __name__ == "__main__":
    main()
