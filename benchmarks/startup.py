"""Start-up: a one-Forest `mtgasp ask` as a whole process against a bare `python -c "import
clingo"`, the medians of 9 runs each, interleaved (issue 33's goal: at most 4x); and a warm
`mtgasp serve` answering the same question (the goal: no slower than 0.038 s).

    python -m benchmarks.startup [--runs N] [--no-serve]

The first ask is run once before timing, so the disk caches it fills (the parsed programs, the
compile cache, and Python's bytecode of the package: PYTHONDONTWRITEBYTECODE is unset for the
runs, since without the bytecode every run compiles the package again, a tenth of a second an
installed package never pays) are there, as they are for every ask after a user's first.  Prints the load
average before and after: wall times on a busy machine stretch, the CPU times far less.
"""
from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.measure import REPO, run_process
from benchmarks.publish import load_average

FOREST = 'title = "one Forest"\n[[permanent]]\nid = "f"\ncard = "Forest"\n[[ask]]\nproduce = "f"\n'
GOAL_RATIO = 4.0


def _median_runs(args: list[str], runs: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        done = run_process(args)
        if done.exit_code != 0:
            raise SystemExit(f"{' '.join(args)}: exit {done.exit_code}: {done.stderr.strip()}")
        walls.append(done.wall_seconds)
        cpus.append(done.cpu_seconds)
    return statistics.median(walls), statistics.median(cpus)


def _serve_seconds(scenario: str, runs: int) -> float:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "pybridge", "serve", "--port", str(port)],
                              cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        times = []
        for number in range(runs + 1):           # the first one warms the fork server
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            started = time.perf_counter()
            conn.request("POST", "/api/ask", scenario, {"Content-Type": "application/toml"})
            conn.getresponse().read()
            if number:
                times.append(time.perf_counter() - started)
            conn.close()
        return statistics.median(times)
    finally:
        server.terminate()
        server.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.startup")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args(argv)
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
        print("PYTHONDONTWRITEBYTECODE unset for the runs: the first one writes the bytecode")
    with tempfile.TemporaryDirectory() as folder:
        scenario = Path(folder) / "forest.toml"
        scenario.write_text(FOREST, encoding="utf-8")
        ask = ["-m", "pybridge", "ask", str(scenario)]
        run_process(ask)                        # fills the disk caches, as any first ask does
        before = load_average()
        ask_wall, ask_cpu = _median_runs(ask, args.runs)
        clingo_wall, clingo_cpu = _median_runs(["-c", "import clingo"], args.runs)
        after = load_average()
    ratio = ask_wall / clingo_wall
    print(f"load average {before:.2f} before, {after:.2f} after ({args.runs} runs each)")
    print(f"mtgasp ask one Forest:  {ask_wall:.3f} s wall, {ask_cpu:.3f} s CPU (median)")
    print(f"python -c 'import clingo': {clingo_wall:.3f} s wall, {clingo_cpu:.3f} s CPU (median)")
    print(f"ratio {ratio:.1f}x wall, {ask_cpu / max(clingo_cpu, 1e-9):.1f}x CPU "
          f"(goal: at most {GOAL_RATIO:g}x wall, measured idle)")
    if not args.no_serve:
        print(f"warm serve, one Forest: {_serve_seconds(FOREST, args.runs):.3f} s (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
