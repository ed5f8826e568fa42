"""Start-up: a one-Forest `mtgasp ask` as a whole process against a bare `python -c "import
clingo"`, the medians of 9 runs each (issue 33's goal: at most 4x); and a warm `mtgasp serve`
answering the same question (the goal: no slower than 0.038 s).

    python -m benchmarks.startup [--runs N] [--no-serve]

The first ask is run once before timing, so the disk caches it fills (the parsed programs and
its selection of them, the compile cache, and Python's bytecode of the package:
PYTHONDONTWRITEBYTECODE is unset for the runs, since without the bytecode every run compiles
the package again, a tenth of a second an installed package never pays) are there, as they are
for every ask after a user's first.  Prints the load average before and after, and CPU times
beside the wall times (a whole process's, the server's and its workers'): wall times on a busy
machine stretch, the CPU times far less.
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
SERVE_GOAL = 0.038      # seconds: a warm answer when the issue was filed


def _median_runs(args: list[str], runs: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        done = run_process(args)
        if done.exit_code != 0:
            raise SystemExit(f"{' '.join(args)}: exit {done.exit_code}: {done.stderr.strip()}")
        walls.append(done.wall_seconds)
        cpus.append(done.cpu_seconds)
    return statistics.median(walls), statistics.median(cpus)


def _tree_cpu_seconds(pid: int) -> float | None:
    """CPU seconds of process pid, its children and the children they waited for (Linux
    /proc): the server, its fork server and every worker the fork server reaped."""
    import glob
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        pids = [pid] + [int(child) for path in glob.glob(f"/proc/{pid}/task/*/children")
                        for child in Path(path).read_text().split()]
        total = 0
        for each in pids:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15])      # utime stime cutime cstime
        return total / ticks
    except (OSError, ValueError):
        return None


def _serve_seconds(scenario: str, runs: int) -> tuple[float, float | None]:
    """The median wall time of a warm `serve` answer, and the CPU time an answer costs the
    server and its workers (the mean over the runs; None where /proc can't say)."""
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
        times, cpu_before = [], None
        for number in range(runs + 1):           # the first one warms the fork server
            if number == 1:
                time.sleep(0.2)                  # (its worker reaped: its CPU counted before)
                cpu_before = _tree_cpu_seconds(server.pid)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            started = time.perf_counter()
            conn.request("POST", "/api/ask", scenario, {"Content-Type": "application/toml"})
            conn.getresponse().read()
            if number:
                times.append(time.perf_counter() - started)
            conn.close()
        time.sleep(0.2)
        cpu_after = _tree_cpu_seconds(server.pid)
        cpu = None if cpu_before is None or cpu_after is None else (cpu_after - cpu_before) / runs
        return statistics.median(times), cpu
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
          f"(goal: at most {GOAL_RATIO:g}x wall, measured idle; on a loaded machine the CPU "
          f"ratio is the steadier)")
    if not args.no_serve:
        wall, cpu = _serve_seconds(FOREST, args.runs)
        shown = "" if cpu is None else f", {cpu:.3f} s CPU (mean, server and workers)"
        print(f"warm serve, one Forest: {wall:.3f} s wall (median){shown} "
              f"(goal: at most {SERVE_GOAL:g} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
