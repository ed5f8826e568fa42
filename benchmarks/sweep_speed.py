"""`python -m benchmarks.sweep_speed`: vectors per second of `mtgasp sweep` on 1 and 2 local workers.

    python -m benchmarks.sweep_speed                      # docs/sweeps/speed_spec.toml, 2 rounds
    python -m benchmarks.sweep_speed --spec S.toml --rounds 1
    python -m benchmarks.sweep_speed --publish            # also docs/sweeps/speed.json

Each round runs the whole spec afresh (a new output file, worker start-up included, as a user
runs it) on 1 worker and then on 2; the median rate of the rounds is reported.  The machine's load
average is recorded beside the numbers: other work on the machine takes cores from the workers.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

from pybridge.sweep.run import run_sweep
from pybridge.sweep.spec import load_spec

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SPEC = REPO / "docs" / "sweeps" / "speed_spec.toml"
PUBLISHED = REPO / "docs" / "sweeps" / "speed.json"


def one_run(spec, jobs: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        summary = run_sweep(spec, Path(folder) / "out.jsonl", jobs=jobs, progress=False)
    return {"vectors": summary.vectors, "seconds": round(summary.seconds, 3),
            "rate": round(summary.vectors / summary.seconds, 2), "agree": summary.agree,
            "load_average": round(os.getloadavg()[0], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sweep_speed")
    parser.add_argument("--spec", default=str(DEFAULT_SPEC))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--publish", action="store_true", help=f"write {PUBLISHED.relative_to(REPO)}")
    args = parser.parse_args(argv)
    spec = load_spec(args.spec)
    runs: dict[int, list[dict]] = {1: [], 2: []}
    for n in range(args.rounds):
        for jobs in (1, 2):
            run = one_run(spec, jobs)
            runs[jobs].append(run)
            print(f"round {n + 1}, {jobs} worker{'s' if jobs > 1 else ''}: {run['vectors']} vectors "
                  f"in {run['seconds']:.1f} s, {run['rate']:.1f} vectors/s "
                  f"(load average {run['load_average']})", file=sys.stderr)
    median = {jobs: statistics.median(r["rate"] for r in rs) for jobs, rs in runs.items()}
    result = {"spec": str(Path(args.spec).resolve().relative_to(REPO)) if Path(args.spec).resolve()
              .is_relative_to(REPO) else args.spec,
              "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores",
              "median_rate": {str(k): round(v, 2) for k, v in median.items()},
              "speedup": round(median[2] / median[1], 3),
              "runs": {str(k): v for k, v in runs.items()}}
    print(json.dumps(result, indent=1))
    if args.publish:
        PUBLISHED.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
