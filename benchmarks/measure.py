"""Timing whole processes: wall time and peak memory of a fresh Python process per run.

Each run is a new interpreter, so imports, loading the logic programs and reading the scenario are
all in the wall time, and no run inherits memory from an earlier one.  Peak memory is the
child's ru_maxrss as os.wait4 reports it for that one child; on Linux this already includes any
process the child forked and waited for (the CLI's time-limit worker).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# Where measured processes run: the repository, or a snapshot of it (benchmarks/snapshot.py).
_run_root = REPO
PROCESS_LIMIT_SECONDS = 900.0
# A guard, not an expectation: a whole `mtgasp ask` run that takes longer than this is stopped
# and reported as "> limit".
CLI_LIMIT_SECONDS = 300.0
# Interpreter start and imports, on top of a process's own time limit, before it is killed.
STARTUP_SLACK_SECONDS = 3.0


@dataclass(frozen=True)
class ProcessRun:
    wall_seconds: float
    peak_mb: float
    exit_code: int
    stdout: str
    stderr: str
    cpu_seconds: float = 0.0     # user + system of the process and the children it waited for


def run_from(root: Path) -> None:
    """Run every later measured process from `root` (a snapshot of the repository)."""
    global _run_root
    _run_root = root


def run_process(args: list[str], limit: float = PROCESS_LIMIT_SECONDS) -> ProcessRun:
    """Run `python ARGS...` from the run root; time it and read its peak memory.
    TimeoutError (after killing it) if it runs longer than `limit` seconds."""
    env = dict(os.environ)
    # The run root first, so that its pybridge/ and benchmarks/ are the ones imported.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_run_root), env.get("PYTHONPATH")]))
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *args], cwd=_run_root, env=env, stdout=out, stderr=err)
        try:
            # wait4 rather than Popen.wait: it hands back this child's own resource usage.
            _, status, usage = _wait_with_limit(proc.pid, limit)
        except TimeoutError:
            proc.kill()
            proc.wait()
            raise
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        # ru_maxrss is in kilobytes on Linux.
        return ProcessRun(wall, usage.ru_maxrss / 1024.0, proc.returncode, out.read(), err.read(),
                          usage.ru_utime + usage.ru_stime)


def _wait_with_limit(pid: int, limit: float):
    deadline = time.monotonic() + limit
    while True:
        waited, status, usage = os.wait4(pid, os.WNOHANG)
        if waited == pid:
            return waited, status, usage
        if time.monotonic() > deadline:
            raise TimeoutError(f"process {pid} ran past {limit:g} s")
        time.sleep(0.005)


def run_worker(toml_path: Path) -> tuple[ProcessRun, dict]:
    """One fresh `python -m benchmarks.worker FILE`: the process, and the JSON it printed."""
    run = run_process(["-m", "benchmarks.worker", str(toml_path)])
    if run.exit_code != 0:
        raise RuntimeError(f"worker failed on {toml_path}: {run.stderr.strip()[-2000:]}")
    return run, json.loads(run.stdout)


def run_cli(toml_path: Path, limit: float = PROCESS_LIMIT_SECONDS, check: bool = True) -> ProcessRun:
    """One fresh `python -m pybridge ask FILE --json`, the command a user runs (check: a
    RuntimeError unless it exits 0)."""
    run = run_process(["-m", "pybridge", "ask", str(toml_path), "--json", "--timeout", str(limit)],
                      limit=limit + STARTUP_SLACK_SECONDS)
    if check and run.exit_code != 0:
        raise RuntimeError(f"mtgasp ask failed on {toml_path} (exit {run.exit_code}): "
                           f"{run.stderr.strip()[-2000:]}")
    return run


def run_reference(k: int, limit: float) -> dict | None:
    """One brute-force reference run (benchmarks.reference_worker); None if it ran out of time."""
    try:
        run = run_process(["-m", "benchmarks.reference_worker", str(k)],
                          limit=limit + STARTUP_SLACK_SECONDS)
    except TimeoutError:
        return None
    if run.exit_code != 0:
        raise RuntimeError(f"reference failed at k = {k}: {run.stderr.strip()[-2000:]}")
    out = json.loads(run.stdout)
    if out["seconds"] > limit:
        return None
    out["peak_mb"] = run.peak_mb
    return out


def _worker_mode(toml_path: Path, mode: str) -> dict:
    run = run_process(["-m", "benchmarks.worker", str(toml_path), mode])
    if run.exit_code != 0:
        raise RuntimeError(f"worker {mode} failed on {toml_path}: {run.stderr.strip()[-2000:]}")
    return json.loads(run.stdout)


def profile_atoms(toml_path: Path) -> dict[str, int]:
    """Ground atoms per predicate."""
    return _worker_mode(toml_path, "--profile")


def state_graph_counts(toml_path: Path) -> dict:
    """The replacement state graph's size (benchmarks.worker --states)."""
    return _worker_mode(toml_path, "--states")


# A CLI run longer than this is not repeated: at that length the noise of a shared machine is
# small beside it, and repeating would only make the benchmark slow.
CLI_REPEAT_BELOW_SECONDS = 30.0


@dataclass(frozen=True)
class CaseTiming:
    """Medians over the repeated runs of one case, and the raw runs behind them."""
    ground_seconds: float
    solve_seconds: float
    ground_solve_seconds: float
    ground_solve_cpu_seconds: float
    worker_wall_seconds: float
    cli_wall_seconds: float | None     # None: the CLI ran past its limit
    cli_runs: int
    peak_mb: float
    atoms: int
    rules: int
    runs: int
    last_output: dict
    raw: dict


def time_case(toml_path: Path, repeats: int, cli_limit: float = PROCESS_LIMIT_SECONDS) -> CaseTiming:
    """Run the worker `repeats` times and the CLI as often (fewer when it is slow); medians."""
    grounds, solves, sums, cpus, worker_walls, cli_walls, peaks = [], [], [], [], [], [], []
    output: dict = {}
    sizes: set[tuple[int, int]] = set()
    cli_gave_up = False
    for _ in range(repeats):
        worker, output = run_worker(toml_path)
        grounds.append(output["ground_seconds"])
        solves.append(output["solve_seconds"])
        sums.append(output["ground_seconds"] + output["solve_seconds"])
        cpus.append(output["ground_solve_cpu_seconds"])
        worker_walls.append(worker.wall_seconds)
        peaks.append(worker.peak_mb)
        sizes.add((output["atoms"], output["rules"]))
        slow = cli_walls and cli_walls[0] > CLI_REPEAT_BELOW_SECONDS
        if cli_gave_up or slow:
            continue
        try:
            cli = run_cli(toml_path, cli_limit)
        except TimeoutError:
            cli_gave_up = True
            continue
        cli_walls.append(cli.wall_seconds)
        peaks.append(cli.peak_mb)
    # The programs are deterministic: every run must ground to the same size.
    if len(sizes) != 1:
        raise RuntimeError(f"{toml_path}: grounding size changed between runs: {sorted(sizes)}")
    atoms, rules = sizes.pop()
    median = statistics.median
    return CaseTiming(
        ground_seconds=median(grounds), solve_seconds=median(solves),
        ground_solve_seconds=median(sums), ground_solve_cpu_seconds=median(cpus),
        worker_wall_seconds=median(worker_walls),
        cli_wall_seconds=None if cli_gave_up else median(cli_walls), cli_runs=len(cli_walls),
        peak_mb=max(peaks), atoms=atoms, rules=rules, runs=repeats, last_output=output,
        raw={"ground_seconds": grounds, "solve_seconds": solves, "ground_solve_cpu_seconds": cpus,
             "worker_wall_seconds": worker_walls,
             "cli_wall_seconds": cli_walls, "peak_mb": peaks, "cli_limit_seconds": cli_limit})
