"""`python -m benchmarks.sweep_speed`: vectors per second of `mtgasp sweep` on 1 and 2 local workers.

    python -m benchmarks.sweep_speed                      # docs/sweeps/speed_spec.toml, 3 rounds
    python -m benchmarks.sweep_speed --spec S.toml --rounds 1
    python -m benchmarks.sweep_speed --publish            # also docs/sweeps/speed.json

What it measures is the sweep's steady state, the part that grows with the sweep: for each worker
count, one pool of local workers is started and warmed up (every worker started, its library and
programs loaded, one board answered) before the clock starts, and the same pool runs every round;
a round answers the whole spec afresh into a new output file.  Rounds alternate 1 and 2 workers so
that a change in the machine's load falls on both alike, and the median rate is reported.  Start-up
(about a second a worker) is measured apart, as `startup_seconds`.  The parent's own CPU time per
vector (ordering, JSON, writing) is recorded too: it has to stay far below a worker's time per
vector, or the parent, not the workers, would bound the scaling; so is the workers' CPU time per
vector (from /proc), which stays flat from 1 to 2 workers if nothing is shared between them.
Other work on the machine takes cores from the workers, so beside the load average each round
measures the machine's own ceiling: the speed-up of two processes of a plain CPU loop over one,
run just after it (`ceiling`, 2.0 on two idle cores).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pybridge.sweep.run import _tasks, local_pool, run_sweep, warm_up
from pybridge.sweep.spec import boards, load_spec
from pybridge.sweep.vectors import answer_boards

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SPEC = REPO / "docs" / "sweeps" / "speed_spec.toml"
PUBLISHED = REPO / "docs" / "sweeps" / "speed.json"
WORKERS = (1, 2)


def _cpu_seconds(pids) -> float:
    """User plus system CPU time of the processes so far (Linux /proc; 0 elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / ticks


def _spin(seconds: float) -> int:
    """As many loop turns as fit in `seconds` of wall time: a plain CPU load."""
    end, turns = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        for _ in range(10_000):
            turns += 1
    return turns


def ceiling(pool, seconds: float = 1.0) -> float:
    """The machine's 2-process speed-up now: turns of the CPU loop in 2 processes over 1."""
    one = pool.submit(_spin, seconds).result()
    two = sum(f.result() for f in [pool.submit(_spin, seconds) for _ in range(2)])
    return round(two / one, 3)


def start_pool(spec, jobs: int):
    """A pool of `jobs` workers, each started and past its first board; and how long that took."""
    started = time.perf_counter()
    pool = local_pool(jobs)
    warm_up(pool, jobs)
    first = _tasks(boards(spec)[:jobs])
    for future in [pool.submit(answer_boards, [task[0]], True) for task in first * jobs]:
        future.result()
    return pool, time.perf_counter() - started


def one_run(spec, pool, jobs: int) -> dict:
    load_before = os.getloadavg()[0]
    cpu = time.process_time()
    pids = list(pool._processes)
    workers_cpu = _cpu_seconds(pids)
    with tempfile.TemporaryDirectory() as folder:
        summary = run_sweep(spec, Path(folder) / "out.jsonl", jobs=jobs, progress=False, pool=pool)
    parent_cpu = time.process_time() - cpu
    workers_cpu = _cpu_seconds(pids) - workers_cpu
    return {"vectors": summary.vectors, "seconds": round(summary.seconds, 3),
            "rate": round(summary.vectors / summary.seconds, 2), "agree": summary.agree,
            "parent_cpu_ms_per_vector": round(1000 * parent_cpu / summary.vectors, 3),
            "workers_cpu_ms_per_vector": round(1000 * workers_cpu / summary.vectors, 2),
            "load_average": round((load_before + os.getloadavg()[0]) / 2, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sweep_speed")
    parser.add_argument("--spec", default=str(DEFAULT_SPEC))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--publish", action="store_true", help=f"write {PUBLISHED.relative_to(REPO)}")
    args = parser.parse_args(argv)
    spec = load_spec(args.spec)
    pools, startup = {}, {}
    try:
        for jobs in WORKERS:
            pools[jobs], startup[jobs] = start_pool(spec, jobs)
        runs: dict[int, list[dict]] = {jobs: [] for jobs in WORKERS}
        for n in range(args.rounds):
            for jobs in WORKERS:
                run = one_run(spec, pools[jobs], jobs)
                run["ceiling"] = ceiling(pools[2])
                runs[jobs].append(run)
                print(f"round {n + 1}, {jobs} worker{'s' if jobs > 1 else ''}: {run['vectors']} "
                      f"vectors in {run['seconds']:.1f} s, {run['rate']:.1f} vectors/s, parent "
                      f"{run['parent_cpu_ms_per_vector']} ms and workers {run['workers_cpu_ms_per_vector']} "
                      f"ms CPU a vector, load average {run['load_average']}, machine ceiling "
                      f"{run['ceiling']}", file=sys.stderr)
    finally:
        for pool in pools.values():
            pool.shutdown()
    median = {jobs: statistics.median(r["rate"] for r in rs) for jobs, rs in runs.items()}
    spec_path = Path(args.spec).resolve()
    result = {"spec": str(spec_path.relative_to(REPO)) if spec_path.is_relative_to(REPO) else args.spec,
              "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores",
              "median_rate": {str(k): round(v, 2) for k, v in median.items()},
              "speedup": round(median[2] / median[1], 3),
              "median_ceiling": round(statistics.median(r["ceiling"] for rs in runs.values()
                                                        for r in rs), 3),
              "startup_seconds": {str(k): round(v, 2) for k, v in startup.items()},
              "runs": {str(k): v for k, v in runs.items()}}
    print(json.dumps(result, indent=1))
    if args.publish:
        PUBLISHED.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
