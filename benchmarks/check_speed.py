"""`check -j 1` over a folder of scenarios, by this tree and by earlier commits (issue 11: at least
1.3x faster than when the issue was filed, in CPU and in wall time).

    python -m benchmarks.check_speed [--filed a07bfc3] [--base main] [--runs 3] [--write]

The earlier code is taken from git (`git archive` of the commit: its pybridge/, asp/ and queries/)
into a temporary folder, so nothing outside this repository is needed.  Cases:
- the scenarios of the filing commit (its queries/), checked by the filing commit's code and by
  this tree's (with its compile cache warm, and with it off: MTGASP_NO_CACHE=1);
- today's scenarios (this tree's queries/), checked by the base commit's code and by this tree's.
The runs of the cases take turns (one run of each, then the next round), so a change of the
machine's load falls on every case alike; each case's figure is the median of its runs.  CPU
seconds are user + system of the `check` process and every process it waited for (its fork
server and workers), from os.wait4.  Each tree's modules are compiled first (this machine sets
PYTHONDONTWRITEBYTECODE=1).  Every run has MTGASP_HOME set to one empty temporary folder, so no
imported card pool is read and the compile cache lives there (one untimed run of this tree fills
it first).  The results go to docs/check_speed.json; --write puts the table in
docs/benchmarks.md, in its own section (benchmarks/publish.py).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.publish import write_section

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "docs" / "check_speed.json"        # the results the section was written from
SECTION = "check"
FILED = "a07bfc3"          # the commit issue 11 was filed at


def archive(commit: str, dest: Path) -> Path:
    """The commit's pybridge/, asp/ and queries/ under dest."""
    dest.mkdir(parents=True)
    tar = subprocess.run(["git", "archive", commit, "pybridge", "asp", "queries"], cwd=REPO,
                         capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=tar, check=True)
    return dest


def compile_modules(tree: Path) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", "pybridge"], cwd=tree, check=True,
                   env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""})


def run_check(tree: Path, queries: Path, env: dict[str, str]) -> dict:
    """One `python -m pybridge check -j 1 queries` by the code of tree: its times and summary."""
    started = time.perf_counter()
    load = os.getloadavg()[0]
    proc = subprocess.Popen([sys.executable, "-m", "pybridge", "check", "-j", "1", str(queries)],
                            cwd=tree, env={**os.environ, **env, "PYTHONPATH": str(tree)},
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    summary = out.strip().splitlines()[-1] if out.strip() else ""
    return {"cpu": usage.ru_utime + usage.ru_stime, "user": usage.ru_utime,
            "sys": usage.ru_stime, "wall": wall, "load": load, "summary": summary,
            "exit": os.waitstatus_to_exitcode(status)}


def measure(filed: str, base: str, runs: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="check-speed-") as folder:
        root = Path(folder)
        old = archive(filed, root / "filed")
        before = archive(base, root / "base")
        home = root / "home"
        home.mkdir()
        for tree in (old, before, REPO):
            compile_modules(tree)
        old_queries, today = old / "queries", REPO / "queries"
        env = {"MTGASP_HOME": str(home)}
        cases = {
            "filed code, filed scenarios": (old, old_queries, env),
            "this tree, filed scenarios": (REPO, old_queries, env),
            "this tree, filed scenarios, no compile cache": (REPO, old_queries,
                                                              {**env, "MTGASP_NO_CACHE": "1"}),
            "base code, today's scenarios": (before, today, env),
            "this tree, today's scenarios": (REPO, today, env),
        }
        run_check(REPO, today, env)        # fills the compile cache (untimed)
        results: dict[str, list[dict]] = {name: [] for name in cases}
        for _ in range(runs):
            for name, (tree, queries, case_env) in cases.items():
                results[name].append(run_check(tree, queries, case_env))
                print(f"{name}: {results[name][-1]}", file=sys.stderr)
    commit = subprocess.run(["git", "rev-parse", "--short", base], cwd=REPO, capture_output=True,
                            text=True).stdout.strip()
    return {"filed": filed, "base": f"{base} ({commit})" if commit else base, "runs": runs,
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cases": results}


def median(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def table(data: dict) -> str:
    cases = data["cases"]
    lines = [f"## `check -j 1` (issue 11): `python -m benchmarks.check_speed`", "",
             f"Written by `python -m benchmarks.check_speed --write` on {data['when']}: medians of "
             f"{data['runs']} runs per case, the cases taking turns; {os.cpu_count() or 1} cores, "
             "the load average at each run's start as given (wall times stretch with the load, "
             "CPU times much less).  *CPU s* is user + system time of the `check` "
             "process and of its fork server and workers.  *Filed* is commit "
             f"{data['filed']}, where the issue was filed; *base* is `{data['base']}` before this "
             "change.", "",
             "| case | summary | CPU s | user s | sys s | wall s | load |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for name, rows in cases.items():
        loads = sorted(r["load"] for r in rows)
        lines.append(f"| {name} | {rows[0]['summary']} | {median(rows, 'cpu'):.2f} | "
                     f"{median(rows, 'user'):.2f} | {median(rows, 'sys'):.2f} | "
                     f"{median(rows, 'wall'):.2f} | {loads[0]:.1f} to {loads[-1]:.1f} |")
    old, new = cases["filed code, filed scenarios"], cases["this tree, filed scenarios"]
    base, today = cases["base code, today's scenarios"], cases["this tree, today's scenarios"]
    lines += ["", f"Filed scenarios, filed code against this tree: "
              f"{median(old, 'cpu') / median(new, 'cpu'):.2f}x in CPU, "
              f"{median(old, 'wall') / median(new, 'wall'):.2f}x in wall time (goal: at least "
              f"1.3x).  Today's scenarios, base against this tree: "
              f"{median(base, 'cpu') / median(today, 'cpu'):.2f}x in CPU, "
              f"{median(base, 'wall') / median(today, 'wall'):.2f}x in wall time.  (The filed "
              "scenarios include two that today's code refuses as bad input: the scenario "
              "format changed since.)"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filed", default=FILED, help="the commit the issue was filed at")
    parser.add_argument("--base", default="main", help="the code before this change")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    parser.add_argument("--from-results", action="store_true",
                        help="write the table from the last results, measuring nothing")
    args = parser.parse_args(argv)
    if args.from_results:
        data = json.loads(OUT.read_text(encoding="utf-8"))
    else:
        data = measure(args.filed, args.base, args.runs)
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(json.dumps(data, indent=1), encoding="utf-8")
    text = table(data)
    print(text)
    if args.write:
        write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
