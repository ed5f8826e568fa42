"""`python -m benchmarks`: run the three series, print markdown tables, write JSON (and a plot).

    python -m benchmarks              # results to benchmarks/out/ (git-ignored)
    python -m benchmarks --publish    # also docs/benchmarks.{json,md,png}
    python -m benchmarks --quick      # smaller sizes, one run each: a look, not a measurement
    python -m benchmarks NAME ARGS    # another benchmark: check_speed, events, forty_lands,
                                      # replacement_scaling, rule_profile, scaling, soak,
                                      # startup, sweep_speed (as `python -m benchmarks.NAME ARGS`)
"""
from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import platform
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import clingo

from benchmarks import series, snapshot
from benchmarks.measure import CLI_LIMIT_SECONDS, PROCESS_LIMIT_SECONDS, REPO, run_from
from benchmarks.plot import draw, matplotlib_available
from benchmarks.publish import write_section
from benchmarks.report import evaluate_goals, markdown

OUT = REPO / "benchmarks" / "out"
DOCS = REPO / "docs"
PLOT_NAME = "benchmarks.png"
# The benchmarks beside the three series: each a module of this package with main(argv).
BENCHMARKS = ("check_speed", "events", "forty_lands", "replacement_scaling", "rule_profile", "scaling",
              "soak", "startup", "sweep_speed")


def _machine() -> str:
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = f", {int(line.split()[1]) / 1024 / 1024:.0f} GB"
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores{memory}"


@dataclass(frozen=True)
class Plan:
    """What to measure: the sizes of each series and how."""
    board_sizes: tuple[int, ...]
    effect_counts: tuple[int, ...]
    copy_sizes: tuple[int, ...]
    profile_sizes: tuple[int, ...]
    repeats: int
    reference_limit: float = series.REFERENCE_LIMIT_SECONDS
    cli_limit: float = PROCESS_LIMIT_SECONDS


# Every series' sizes, declared once: measured (FULL, --repeats runs of each case) or a look
# (QUICK, --quick: smaller sizes, one run each).
FULL = Plan(series.BOARD_SIZES, series.EFFECT_COUNTS, series.COPY_SIZES, (1000, 2000, 5000), 5)
QUICK = Plan((100, 500, 1000), tuple(range(1, 10)), (1000,), (1000,), 1)


def plan_from_args(args: argparse.Namespace) -> Plan:
    plan = QUICK if args.quick else replace(FULL, repeats=args.repeats)
    return replace(plan, reference_limit=args.reference_limit, cli_limit=args.cli_limit)


def collect(plan: Plan, cases: Path, progress: series.Progress = lambda text: None) -> dict:
    """Measure every series of the plan; the results as one JSON-ready dictionary."""
    copy_kind = "characteristics"
    load_at_start = list(os.getloadavg())
    results: dict = {"meta": {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": _machine(), "python": platform.python_version(), "clingo": clingo.__version__,
        "repeats": plan.repeats, "reference_limit_seconds": plan.reference_limit,
        "cli_limit_seconds": plan.cli_limit, "references": series.reference_names(),
    }, "series": {}}
    results["series"]["board_size"] = series.board_size_series(
        plan.board_sizes, plan.repeats, cases, progress, plan.cli_limit)
    rows = series.replacement_series(plan.effect_counts, plan.repeats, cases, plan.reference_limit,
                                     progress, plan.cli_limit)
    series.finish_replacement_rows(rows)
    results["series"]["replacement_effects"] = rows
    results["series"]["copies"] = {
        "kind": copy_kind,
        "rows": series.copy_series(plan.copy_sizes, copy_kind, plan.repeats, cases, progress,
                                   plan.cli_limit)}
    if plan.profile_sizes:
        progress("profile: ground atoms per predicate")
        results["profile"] = series.grounding_profile(plan.profile_sizes, cases)
    largest_ks = tuple(k for k in plan.effect_counts if k >= max(plan.effect_counts, default=0) - 3)
    if plan.profile_sizes and len(largest_ks) > 1:
        results["profile_replacement"] = series.grounding_profile(largest_ks, cases, top=6,
                                                                  family="replacement")
    results["meta"]["load_average"] = {"start": load_at_start, "end": list(os.getloadavg())}
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=FULL.repeats, help="runs per case; medians are kept")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, one run each")
    parser.add_argument("--reference-limit", type=float, default=series.REFERENCE_LIMIT_SECONDS,
                        help="seconds the brute-force reference may take per k")
    parser.add_argument("--cli-limit", type=float, default=CLI_LIMIT_SECONDS,
                        help="seconds one `mtgasp ask` run may take before it is stopped")
    parser.add_argument("--publish", action="store_true",
                        help="also write docs/benchmarks.json, .md and .png")
    parser.add_argument("--from-json", type=Path,
                        help="don't measure: rebuild the tables and plot from a results file")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be 1 or more")

    if args.from_json:
        results = json.loads(args.from_json.read_text(encoding="utf-8"))
    else:
        measured = snapshot.take(REPO, OUT / "snapshot")
        run_from(OUT / "snapshot")
        results = collect(plan_from_args(args), OUT / "cases",
                          lambda text: print(f"... {text}", file=sys.stderr, flush=True))
        results["meta"]["code"] = measured
        results["meta"]["command"] = " ".join(["python -m benchmarks", *(argv if argv is not None else sys.argv[1:])])
    goals = evaluate_goals(results)
    results["goals"] = [goal.__dict__ for goal in goals]

    targets = [OUT] + ([DOCS] if args.publish else [])
    has_plot = matplotlib_available()
    if not has_plot:
        print("matplotlib is not installed (pip install -e '.[bench]'): no plot", file=sys.stderr)
    text = markdown(results, goals, PLOT_NAME if has_plot else None)
    for folder in targets:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "benchmarks.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        if folder == DOCS:      # the other benchmarks' sections of that file stay as they are
            write_section("series", text, DOCS / "benchmarks.md")
        else:
            (folder / "benchmarks.md").write_text(text, encoding="utf-8")
        if has_plot:
            draw(results, folder / PLOT_NAME)
    print(text)
    return 0 if all(goal.met is not False for goal in goals) else 1


def run(argv: list[str] | None = None) -> int:
    """`python -m benchmarks [NAME] ARGS`: the benchmark NAME, else the three series."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in BENCHMARKS:
        return importlib.import_module(f"benchmarks.{argv[0]}").main(argv[1:])
    return main(argv)


if __name__ == "__main__":
    sys.exit(run())
