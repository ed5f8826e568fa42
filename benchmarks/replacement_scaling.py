"""Replacement effects at scale (issue 11): many effects on one event, and amounts past 2^31.

    python -m benchmarks.replacement_scaling            # medians of 3 fresh processes per case
    python -m benchmarks.replacement_scaling --runs 5 --json out.json
    python -m benchmarks.replacement_scaling --publish  # one run per case (about a minute), then
                                                        # its section of docs/benchmarks.md and
                                                        # docs/replacement_scaling.png

Cases, each one `produce` question on one permanent:
  one_forest           a Forest alone: the baseline every goal is relative to
  three_kinds(k)       a Forest, k - 8 Damping Spheres, 7 Infernal Darknesses, a Contamination:
                       k effects of three kinds; the answer is ["{B}"] (goal: k = 40 within 4x the
                       baseline; k = 64 correct)
  mixed(k)             a Forest and k effects dealt from every replacement effect of the library
                       in turn (goal: k = 20 under 2 s)
  reflections(k)       a Forest, k - 1 Mana Reflections and a Contamination: 2^j {B} for every
                       j < k, exact past 2^31
  cradle               Gaea's Cradle, 4,000 Grizzly Bears, eleven Nyxbloom Ancients, two Mana
                       Reflections: 2,842,146,468 {G}
Each row has the median wall time, peak memory, the state graph's size (state/4, transition/8,
ground atoms, from one in-process run of the project's solver, whose user + system CPU time is
*CPU s*: a forked `ask` worker's CPU time never reaches its parent) and whether the answer is
right.
Card names live here on purpose, as in boards.py.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.boards import Board, EffectSpec, PermanentSpec
from benchmarks.measure import run_cli, run_process
from benchmarks.publish import load_average, machine_line, publish

YOU, OPPONENT = "you", "opponent"
# Every replacement effect of the library, in turn (lasting effects as [[effect]] tables).
LIBRARY_CYCLE: tuple[tuple[str, str, bool], ...] = (
    ("Mana Reflection", YOU, False), ("Nyxbloom Ancient", YOU, False),
    ("Virtue of Strength", YOU, False), ("Contamination", OPPONENT, False),
    ("Infernal Darkness", OPPONENT, False), ("Damping Sphere", OPPONENT, False),
    ("Pulse of Llanowar", YOU, False), ("Reality Twist", OPPONENT, False),
    ("Naked Singularity", OPPONENT, False), ("Deep Water", YOU, True), ("Pale Moon", OPPONENT, True),
)


@dataclass(frozen=True)
class Case:
    name: str
    board: Board
    expect: list[str] | None      # the answer, where it is known in closed form


def _forest(title: str, cards: list[tuple[str, str, bool]]) -> Board:
    board = Board(title=title, permanents=[PermanentSpec("forest", "Forest", YOU)],
                  asks=[("produce", "forest")])
    for i, (card, controller, lasting) in enumerate(cards):
        if lasting:
            board.effects.append(EffectSpec(card, controller))
        else:
            board.permanents.append(PermanentSpec(f"e{i}", card, controller))
    return board


def one_forest() -> Case:
    return Case("one_forest", _forest("A Forest alone", []), ["{G}"])


def three_kinds(k: int) -> Case:
    cards = ([("Damping Sphere", OPPONENT, False)] * (k - 8) + [("Infernal Darkness", OPPONENT, False)] * 7
             + [("Contamination", OPPONENT, False)])
    return Case(f"three_kinds_{k}", _forest(f"{k} effects of three kinds on a Forest", cards), ["{B}"])


def mixed(k: int) -> Case:
    cards = [LIBRARY_CYCLE[i % len(LIBRARY_CYCLE)] for i in range(k)]
    return Case(f"mixed_{k}", _forest(f"{k} effects from the whole library on a Forest", cards), None)


def reflections(k: int) -> Case:
    cards = [("Mana Reflection", YOU, False)] * (k - 1) + [("Contamination", OPPONENT, False)]
    expect = [f"{{B}}x{2 ** j}" if 2 ** j > 20 else "{B}" * 2 ** j for j in range(k)]
    return Case(f"reflections_{k}", _forest(f"{k - 1} Mana Reflections and Contamination", cards), expect)


def cradle() -> Case:
    board = Board(title="Gaea's Cradle past 2^31", permanents=[PermanentSpec("cradle", "Gaea's Cradle", YOU)],
                  asks=[("produce", "cradle")])
    board.permanents += [PermanentSpec(f"nyx{i}", "Nyxbloom Ancient", YOU) for i in range(11)]
    board.permanents += [PermanentSpec(f"refl{i}", "Mana Reflection", YOU) for i in range(2)]
    board.permanents += [PermanentSpec(f"bear{i}", "Grizzly Bears", YOU) for i in range(4000)]
    return Case("cradle", board, [f"{{G}}x{4011 * 3 ** 11 * 4}"])


MIXED_SERIES = (4, 8, 11, 16, 20, 24, 32)
THREE_KINDS_SERIES = (16, 20, 40, 64)


def cases() -> list[Case]:
    return ([one_forest()] + [three_kinds(k) for k in THREE_KINDS_SERIES]
            + [mixed(k) for k in MIXED_SERIES] + [reflections(k) for k in (40, 64)] + [cradle()])


# The graph's size, from one run of the project's solver in a fresh process.
GRAPH_PROBE = """
import json, sys
from pathlib import Path
from pybridge import parse_scenario
from pybridge.read.facts import scenario_facts
from pybridge.solve.solver import solve_in_process
path = sys.argv[1]
result = solve_in_process(scenario_facts(parse_scenario(Path(path).read_text(), path)), shown_only=False)
count = lambda name, arity: sum(1 for s in result.symbols if s.name == name and len(s.arguments) == arity)
print(json.dumps({"states": count("state", 4), "transitions": count("transition", 8),
                  "atoms": result.stats["atoms"]}))
"""


def measure(case: Case, runs: int, folder: Path, limit: float) -> dict:
    load = load_average()
    path = folder / f"{case.name}.toml"
    path.write_text(case.board.to_toml(), encoding="utf-8")
    times, peaks, answer = [], [], None
    for _ in range(runs):
        try:
            run = run_cli(path, limit, check=False)
        except TimeoutError:
            return {"case": case.name, "seconds": None, "note": f"> {limit:g} s"}
        times.append(run.wall_seconds)
        peaks.append(run.peak_mb)
        if run.exit_code == 0:
            answer = json.loads(run.stdout)["answers"][0]["answer"]
    graph = {}
    probe = run_process(["-c", GRAPH_PROBE, str(path)], limit=limit + 10)
    if probe.exit_code == 0:
        graph = json.loads(probe.stdout)
        graph["cpu_seconds"] = probe.cpu_seconds
    return {"case": case.name, "seconds": statistics.median(times), "peak_mb": max(peaks), "load_avg": load,
            **graph, "answers": len(answer) if answer is not None else None,
            "correct": None if case.expect is None or answer is None else answer == case.expect}


def _cell(row: dict, key: str, form: str = "{}") -> str:
    value = row.get(key)
    return "" if value is None else form.format(value)


def markdown(rows: list[dict], command: str) -> str:
    loads = [r["load_avg"] for r in rows if "load_avg" in r]
    lines = ["## Replacement effects at scale (issue 11): `python -m benchmarks.replacement_scaling`", "",
             f"Written by `{command}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
             f"{machine_line(loads)}.  Cases: " + CASES_TEXT, "",
             "| case | CPU s | `ask` wall s | peak MB | states | transitions | ground atoms | answers | correct |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        wall = _cell(r, "seconds", "{:.2f}") or r.get("note", "")
        lines.append(f"| {r['case']} | {_cell(r, 'cpu_seconds', '{:.2f}')} | {wall} | {_cell(r, 'peak_mb', '{:.0f}')} | "
                     f"{_cell(r, 'states', '{:,}')} | {_cell(r, 'transitions', '{:,}')} | {_cell(r, 'atoms', '{:,}')} | "
                     f"{_cell(r, 'answers')} | {_cell(r, 'correct')} |")
    by_name = {r["case"]: r for r in rows}
    base, forty, twenty = (by_name.get(n, {}) for n in ("one_forest", "three_kinds_40", "mixed_20"))
    lines.append("")
    if base.get("seconds") and forty.get("seconds"):
        lines.append(f"40 effects of three kinds against one Forest: {forty['seconds'] / base['seconds']:.2f}x "
                     "the wall time (goal: at most 4x).  ")
    if twenty.get("seconds"):
        lines.append(f"20 effects mixed from the whole library: {twenty['seconds']:.2f} s wall, "
                     f"{twenty.get('cpu_seconds', 0):.2f} s CPU (goal: under 2 s).")
    lines += ["", GRAPH_TEXT, "", "![CPU time and ground atoms against the number of effects](replacement_scaling.png)"]
    return "\n".join(lines) + "\n"


CASES_TEXT = ("a Forest alone (`one_forest`); k effects of three kinds (`three_kinds_k`: Damping Spheres, seven "
              "Infernal Darknesses, a Contamination; the answer is {B}); k effects dealt in turn from every "
              "replacement effect of the library (`mixed_k`); k - 1 Mana Reflections and a Contamination "
              "(`reflections_k`, amounts past 2^31); Gaea's Cradle with 4,000 creatures, eleven Nyxbloom "
              "Ancients and two Mana Reflections (`cradle`).  *CPU s*: one in-process run of the solver "
              "(user + system); *states*, *transitions*: `state/4`, `transition/8` of asp/mana/replacement.lp.")
GRAPH_TEXT = ("How the graph stays small: effects that behave alike on the event are one kind with a count "
              "(`kind/5`), and kinds that only name the type (\"that much mana of type T instead\", minimum at "
              "most 1: Infernal Darkness, Reality Twist and Naked Singularity on a Forest, Pulse of Llanowar, "
              "Deep Water) are deferred off the graph (`deferred/2`): they keep the amount and apply to any "
              "event, so they can stand anywhere in an order, and only name the type of the result when one "
              "of them applies last.  Before that reduction `mixed_20` had 109,076 states, 713,725 "
              "transitions and 1,390,324 ground atoms (10.1 s wall loaded).  With `--explain` (exact order "
              "counts) every effect stays on the graph.")


def draw(rows: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (by_cpu, by_atoms) = plt.subplots(1, 2, figsize=(12, 4.8))
    for prefix, label in (("mixed_", "mixed from the whole library"), ("three_kinds_", "three kinds"),
                          ("reflections_", "Mana Reflections and Contamination")):
        series = sorted((int(r["case"][len(prefix):]), r) for r in rows if r["case"].startswith(prefix))
        ks = [k for k, _ in series]
        by_cpu.plot(ks, [r.get("cpu_seconds") or float("nan") for _, r in series], "o-", label=label)
        by_atoms.plot(ks, [r.get("atoms") or float("nan") for _, r in series], "o-", label=label)
    base = next((r for r in rows if r["case"] == "one_forest"), None)
    if base and base.get("cpu_seconds"):
        by_cpu.axhline(base["cpu_seconds"], color="grey", linestyle=":", label="one Forest alone")
    for ax, what in ((by_cpu, "CPU seconds, one solver process"), (by_atoms, "ground atoms")):
        ax.set_xlabel("replacement effects on one Forest (k)")
        ax.set_ylabel(what)
        ax.set_yscale("log")
        ax.grid(True, which="both", alpha=0.3)
    by_cpu.set_title("Replacement effects on one event")
    by_cpu.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.replacement_scaling")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per process")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--publish", action="store_true",
                        help="one run per case, then write this benchmark's section of docs/benchmarks.md, "
                             "docs/replacement_scaling.json and docs/replacement_scaling.png")
    args = parser.parse_args(argv)
    if args.publish:
        args.runs = 1
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        print("| case | median s | CPU s | peak MB | states | transitions | atoms | answers | correct |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for case in cases():
            row = measure(case, args.runs, Path(tmp), args.limit)
            rows.append(row)
            print(f"| {row['case']} | {row.get('seconds') or row.get('note')} | {row.get('cpu_seconds', '')} | "
                  f"{row.get('peak_mb', '')} | "
                  f"{row.get('states', '')} | {row.get('transitions', '')} | {row.get('atoms', '')} | "
                  f"{row.get('answers', '')} | {row.get('correct', '')} |", flush=True)
    base = rows[0]["seconds"]
    forty = next(r for r in rows if r["case"] == "three_kinds_40")["seconds"]
    if base and forty:
        print(f"\nthree_kinds_40 / one_forest = {forty / base:.2f} (goal: at most 4)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    if args.publish:
        command = " ".join(["python -m benchmarks.replacement_scaling", *(argv if argv is not None else sys.argv[1:])])
        publish("replacement", "replacement_scaling", rows, markdown(rows, command), draw)
    return 0


if __name__ == "__main__":
    sys.exit(main())
