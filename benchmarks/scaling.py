"""Scaling laws (issue 11): each question kind asked of every permanent of an N-permanent board,
copy chains, a 100,000-permanent board, and where a trivial question's time goes.

    python -m benchmarks.scaling                 # print the tables (results in benchmarks/out/)
    python -m benchmarks.scaling --part chains   # one part (forest, kinds, chains, big)
    python -m benchmarks.scaling --publish       # docs/scaling.json and docs/scaling.png from the results
    python -m benchmarks.scaling --quick         # small sizes, one run each: a look only
    python -m benchmarks.scaling --phases FILE   # one fresh process: the phases of FILE, as JSON

Every number is the median of fresh processes.  A case is timed twice over: as the command a user
runs (`python -m pybridge ask FILE --json`: wall time and peak memory of the whole process tree),
and as `--phases`, which runs the same steps with the project's own loader and solver in one
process and times each (import, load, facts, ground, solve, answers).  Boards are written as
scenario TOML so the real loader reads them; card names live here, never in the bridge.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from itertools import cycle
from pathlib import Path

from benchmarks import boards
from benchmarks.measure import run_cli, run_process
from benchmarks.publish import load_average, machine_line, publish

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "benchmarks" / "out"
DOCS = REPO / "docs"
KINDS = ("could_produce", "produce", "characteristics", "can_activate", "etb_x", "turn_face_up")
SIZES = (100, 500, 2000)
CHAIN_LENGTH = 5000
BIG_BOARD = 100_000
PROCESS_LIMIT_SECONDS = 600.0


# --- boards ---

@dataclass
class Board:
    title: str
    permanents: list[tuple[str, str, str, tuple[tuple[str, str | int], ...]]] = field(default_factory=list)
    asks: list[tuple[str, str]] = field(default_factory=list)

    def add(self, card: str, controller: str, *extra: tuple[str, str | int]) -> str:
        ident = f"p{len(self.permanents)}"
        self.permanents.append((ident, card, controller, extra))
        return ident

    def to_toml(self) -> str:
        lines = [f"title = {_quote(self.title)}"]
        for ident, card, controller, extra in self.permanents:
            lines += ["", "[[permanent]]", f"id = {_quote(ident)}", f"card = {_quote(card)}",
                      f"controller = {_quote(controller)}"]
            lines += [f"{key} = {_value(value)}" for key, value in extra]
        for kind, target in self.asks:
            lines += ["", "[[ask]]", f"{kind} = {_quote(target)}"]
        return "\n".join(lines) + "\n"


def _value(value: str | int) -> str:
    return str(value) if isinstance(value, int) else _quote(value)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)   # a JSON string is a TOML basic string


# Lands, rocks, creatures and the reflecting family; a type-changing land and mana-ability
# grants among them, so scopes, layers and reflection all grow with the board.  No replacement
# effect: each one on a board multiplies the replacement states of every event it reaches, which
# is the replacement series' subject (docs/benchmarks.md), not this one's.
MANA_CYCLE = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Reflecting Pool",
              "Exotic Orchard", "Tundra", "Breeding Pool", "Ketria Triome", "Command Tower",
              "Fellwar Stone", "Naga Vitalist", "City of Brass", "Ancient Tomb", "Sol Ring",
              "Birds of Paradise", "Llanowar Elves", "Cryptolith Rite", "Chromatic Lantern")
# Once per board: a land-type effect.  Layer 4 still pairs each land-type effect with every
# permanent in its scope (l4_applies/2), so repeating it would measure that, not the board.
MANA_FIXED = ("Urborg, Tomb of Yawgmoth",)
# Every one has an activated ability; targets of every kind, shroud, hexproof and protection.
ACTIVATION_CYCLE = ("Fatestitcher", "Vizier of Tumbling Sands", "Rust Tick", "Voyaging Satyr",
                    "Gilder Bairn", "Leech Bonder", "Pale Wayfarer", "Crackleburr",
                    "Springleaf Drum", "Benthic Explorers", "Forest", "Llanowar Elves", "Sol Ring",
                    "Akroma, Angel of Fury", "Bloodthirsty Ogre", "Hangarback Walker")
# Copies of copies (Clone, Phantasmal Image, Vesuvan Doppelganger), a copy of an artifact,
# face-down permanents and copies of those, X creatures.
COPY_BLOCK = (("Grizzly Bears", None, ()), ("Clone", -1, ()), ("Phantasmal Image", -1, ()),
              ("Vesuvan Doppelganger", -1, ()), ("Exalted Angel", None, (("face_down", "morph"),)),
              ("Clone", -1, ()), ("Hangarback Walker", None, (("x", 2),)),
              ("Grizzly Bears", None, (("face_down", "Ixidron"),)), ("Dryad Arbor", None, ()),
              ("Sol Ring", None, ()), ("Sculpting Steel", -1, ()),
              ("Ainok Survivalist", None, (("face_down", "megamorph"),)))


def _side(i: int) -> str:
    return "you" if (i // 3) % 2 == 0 else "opponent"


def mana_board(n: int, kind: str = "could_produce") -> Board:
    board = Board(f"Scaling: {n} mana permanents, {kind} of each")
    for card in MANA_FIXED:
        board.add(card, "you")
    cards = cycle(MANA_CYCLE)
    for i in range(n - len(MANA_FIXED)):
        board.add(next(cards), _side(i))
    board.asks = [(kind, p[0]) for p in board.permanents]
    return board


def activation_board(n: int) -> Board:
    board = Board(f"Scaling: {n} permanents with activated abilities, can_activate of each")
    cards = cycle(ACTIVATION_CYCLE)
    for i in range(n):
        board.add(next(cards), _side(i))
    board.asks = [("can_activate", p[0]) for p in board.permanents]
    return board


def copy_board(n: int, kind: str) -> Board:
    board = Board(f"Scaling: {n} permanents with copies and face-down ones, {kind} of each")
    blocks = cycle(COPY_BLOCK)
    for i in range(n):
        card, of, extra = next(blocks)
        if of is not None:       # a copy of the permanent before it (Sculpting Steel: the Sol Ring)
            extra = (("copy_of", f"p{i - 1}"),)
        board.add(card, _side(i), *extra)
    if kind == "turn_face_up":
        board.asks = [(kind, p[0]) for p in board.permanents
                      if any(key == "face_down" for key, _ in p[3])]
    else:
        board.asks = [(kind, p[0]) for p in board.permanents]
    return board


def board_for(kind: str, n: int) -> Board:
    if kind in ("could_produce", "produce"):
        return mana_board(n, kind)
    if kind == "can_activate":
        return activation_board(n)
    return copy_board(n, kind)


def copy_chain(n: int, cards: tuple[str, ...]) -> Board:
    """Grizzly Bears and n - 1 copies, each of the one before; the last one's characteristics."""
    board = Board(f"Scaling: a chain of {n} copies ({', '.join(cards)})")
    board.add("Grizzly Bears", "you")
    links = cycle(cards)
    for i in range(1, n):
        board.add(next(links), "you", ("copy_of", f"p{i - 1}"))
    board.asks = [("characteristics", f"p{n - 1}")]
    return board


ONE_FOREST = Board("One Forest", [("forest", "Forest", "you", ())], [("produce", "forest")])


# --- one process: the phases ---

def phases(path: str) -> dict:
    """The steps of `mtgasp ask FILE`, timed one by one in this process (no worker process)."""
    started = time.perf_counter()
    import clingo  # noqa: F401  (the import is part of what is measured)
    imported_clingo = time.perf_counter()
    from pybridge.read.facts import scenario_facts
    from pybridge.answer.kinds import KINDS as QUESTION_KINDS, ModelAtoms
    from pybridge.read.scenario import load_scenario
    from pybridge.solve.solver import solve_in_process
    imported = time.perf_counter()
    scenario = load_scenario(path)
    loaded = time.perf_counter()
    facts = scenario_facts(scenario)
    built = time.perf_counter()
    solved = solve_in_process(facts, release_facts=True)   # as pybridge/answer/answering.py's answer_facts
    answered_at = time.perf_counter()
    atoms = ModelAtoms(solved.symbols)
    answers = [QUESTION_KINDS[a.kind].answer(atoms, a) for a in scenario.asks]
    done = time.perf_counter()
    return {
        "import_clingo": imported_clingo - started, "import_pybridge": imported - imported_clingo,
        "load": loaded - imported, "facts": built - loaded,
        "ground": solved.stats["ground_seconds"], "solve": solved.stats["solve_seconds"],
        "answers": done - answered_at, "total": done - started,
        "atoms": solved.stats["atoms"], "asks": len(answers),
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
    }


# --- fresh processes (benchmarks/measure.py runs and times them) ---

def measure(path: Path, repeats: int, phase_repeats: int = 1) -> dict:
    """Medians of `repeats` fresh `mtgasp ask` processes and of `phase_repeats` `--phases` ones.
    The `ask` processes give the wall time and peak memory a user sees; the `--phases` ones say
    where the time goes and give the CPU time (`cpu_seconds`: user + system of that process, read
    with os.wait4, the same steps without a worker process); `ask_cpu_seconds` is an `ask`
    process's, its worker's included (the command line forks and waits for it).  `load_avg` is
    the one-minute load average when the case started: wall times on a shared machine stretch
    with it."""
    load = load_average()
    asks = [run_cli(path, PROCESS_LIMIT_SECONDS) for _ in range(repeats)]
    phase_runs, cpu = [], []
    for _ in range(phase_repeats):
        run = run_process(["-m", "benchmarks.scaling", "--phases", str(path)], PROCESS_LIMIT_SECONDS)
        if run.exit_code != 0:
            raise RuntimeError(f"--phases {path} exited {run.exit_code}: {run.stderr.strip()[-2000:]}")
        phase_runs.append(json.loads(run.stdout))
        cpu.append(run.cpu_seconds)
    median = statistics.median
    row = {"load_avg": load, "runs": repeats, "phase_runs": phase_repeats,
           "phase_totals": [round(p["total"], 2) for p in phase_runs]}
    if asks:
        row.update(seconds=median(a.wall_seconds for a in asks), peak_mb=max(a.peak_mb for a in asks),
                   ask_cpu_seconds=median(a.cpu_seconds for a in asks))
    for key in phase_runs[0]:
        row[key] = median(p[key] for p in phase_runs)
    row["cpu_seconds"] = median(cpu)
    if not asks:     # only the one process: its wall time and memory stand for the question's
        row.update(seconds=row["total"], peak_mb=row["peak_mb"])
    return row


def write_case(board: Board, cases: Path, name: str) -> Path:
    cases.mkdir(parents=True, exist_ok=True)
    path = cases / f"{name}.toml"
    path.write_text(board.to_toml(), encoding="utf-8")
    return path


def bare_clingo_import(repeats: int) -> tuple[float, float]:
    """Medians of fresh `python -c "import clingo"` processes: wall and CPU seconds."""
    runs = [run_process(["-c", "import clingo"]) for _ in range(repeats)]
    return (statistics.median(r.wall_seconds for r in runs),
            statistics.median(r.cpu_seconds for r in runs))


PARTS = ("forest", "kinds", "chains", "big")


@dataclass(frozen=True)
class Plan:
    """The sizes and repeats of one run of the parts."""
    sizes: tuple[int, ...]
    chain: int
    big: int
    repeats: int          # `ask` processes per case (0: the `--phases` process alone)
    phase_repeats: int
    big_asks: int         # `ask` processes for the big boards (each is minutes at 100,000)
    big_phases: int = 3   # `--phases` processes for each big board: their median is published


FULL = Plan(SIZES, CHAIN_LENGTH, BIG_BOARD, 3, 1, 1)
QUICK = Plan((100, 300), 500, 5000, 1, 1, 1, 1)
# What --publish measures: every part once per case, within about eight minutes on an idle
# 2-core machine.  The big boards run as three `--phases` processes each (CPU time, phases, peak
# memory of the one process that does all the work; their medians, as wall times here vary by a
# third from minute to minute).
PUBLISH = Plan(SIZES, CHAIN_LENGTH, BIG_BOARD, 1, 1, 0)


def heavy_board(n: int) -> Board:
    """The heavy 100,000-permanent board: mana_board, where every Cryptolith Rite and Chromatic
    Lantern grants a mana ability to every creature or land."""
    return mana_board(n)


def issue_board(n: int) -> Board:
    """The board issue 11 measured at 100,000 permanents (31 s, 1.6 GB): series 1's mana board
    (benchmarks/boards.py: basics, duals, the reflecting family, Urborg, Prismatic Omen, a few
    replacement effects, commanders; no granted mana abilities), could_produce of each."""
    board = boards.mana_board(n)
    return _FromToml(board.title, board.to_toml())


@dataclass
class _FromToml(Board):
    text: str = ""

    def __init__(self, title: str, text: str) -> None:
        super().__init__(title)
        self.text = text

    def to_toml(self) -> str:
        return self.text


def run_part(part: str, plan: Plan, cases: Path, say=print, kinds_wanted: tuple[str, ...] = KINDS) -> dict:
    """One part of the measurements; parts can run one after another or side by side."""
    if part == "forest":
        runs = max(plan.repeats, 9)      # small and noisy on a shared machine: more runs
        bare, bare_cpu = bare_clingo_import(runs)
        forest = measure(write_case(ONE_FOREST, cases, "one_forest"), runs, 3)
        say(f"bare import clingo: {bare:.3f} s, one Forest: {forest['seconds']:.3f} s")
        return {"import_clingo_seconds": bare, "import_clingo_cpu_seconds": bare_cpu,
                "one_forest": forest}
    if part == "kinds":
        kinds = {}
        for kind in kinds_wanted:
            rows = []
            for n in plan.sizes:
                row = measure(write_case(board_for(kind, n), cases, f"{kind}_{n}"), plan.repeats,
                              plan.phase_repeats)
                rows.append({"n": n, **row})
                say(f"{kind} n = {n}: {row['seconds']:.2f} s wall, {row['cpu_seconds']:.2f} s CPU, "
                    f"{row['atoms']:,} atoms (load {row['load_avg']:.1f})")
            kinds[kind] = rows
        return {"sizes": list(plan.sizes), "kinds": kinds}
    if part == "chains":
        chains = {}
        for name, cards in (("clone", ("Clone",)),
                            ("mixed", ("Clone", "Phantasmal Image", "Vesuvan Doppelganger"))):
            row = measure(write_case(copy_chain(plan.chain, cards), cases, f"chain_{name}_{plan.chain}"),
                          plan.repeats, plan.phase_repeats)
            chains[name] = {"n": plan.chain, **row}
            say(f"copy chain {name} of {plan.chain}: {row['seconds']:.2f} s, {row['cpu_seconds']:.2f} s CPU, "
                f"{row['peak_mb']:.0f} MB")
        return {"chains": chains}
    big = {}
    for name, build in (("issue", issue_board), ("heavy", heavy_board)):
        row = measure(write_case(build(plan.big), cases, f"big_{name}_{plan.big}"), plan.big_asks,
                      plan.big_phases)
        big[name] = {"n": plan.big, **row}
        say(f"{plan.big} permanents ({name}): {row['seconds']:.1f} s wall, {row['cpu_seconds']:.1f} s CPU, "
            f"{row['peak_mb']:.0f} MB")
    return {"big": big}


def _series(rows: list[dict], key: str, form: str) -> str:
    return " / ".join(form.format(r.get(key, 0)) for r in rows)


def _ratio(rows: list[dict], key: str) -> str:
    return f"{rows[-1][key] / rows[0][key]:.1f}x" if rows[0].get(key) else "-"


def markdown(results: dict) -> str:
    sizes = results["sizes"]
    loads = [r["load_avg"] for rows in results["kinds"].values() for r in rows if "load_avg" in r]
    loads += [c["load_avg"] for c in results["chains"].values() if "load_avg" in c]
    loads += [b["load_avg"] for b in results["big"].values() if isinstance(b, dict) and "load_avg" in b]
    lines = ["## Scaling laws (issue 11): `python -m benchmarks.scaling`", "",
             f"Written by `{results.get('command', 'python -m benchmarks.scaling --publish')}` on "
             f"{results.get('date', '?')}, {machine_line(loads)}.  Each case is a scenario file; "
             "*CPU s* is the user + system time of one `--phases` process, which runs the steps of "
             "`mtgasp ask` (import, load, facts, ground, solve, answers) in one process; *wall s* is "
             "the `python -m pybridge ask FILE --json` process a user runs.", "",
             "### Each question kind asked of every permanent", "",
             "| kind | ground atoms N = " + " / ".join(f"{n:,}" for n in sizes) + " | atoms ratio | CPU s | CPU ratio "
             "| wall s | wall ratio |",
             "| --- | --- | ---: | --- | ---: | --- | ---: |"]
    for kind, rows in results["kinds"].items():
        lines.append(f"| {kind} | {_series(rows, 'atoms', '{:,}')} | {_ratio(rows, 'atoms')} | "
                     f"{_series(rows, 'cpu_seconds', '{:.2f}')} | {_ratio(rows, 'cpu_seconds')} | "
                     f"{_series(rows, 'seconds', '{:.2f}')} | {_ratio(rows, 'seconds')} |")
    lines += ["", f"Ratios are N = {sizes[-1]:,} against N = {sizes[0]:,} (goal: at most 4x for "
              f"{sizes[-1] // sizes[0]}x the board).", ""]
    clone, mixed = results["chains"]["clone"], results["chains"]["mixed"]
    lines += ["### Copy chains", "",
              "| chain | links | ground atoms | CPU s | wall s | peak MB |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, row in (("Clone only", clone), ("Clone, Phantasmal Image, Vesuvan Doppelganger", mixed)):
        lines.append(f"| {name} | {row['n']:,} | {row['atoms']:,} | {row.get('cpu_seconds', 0):.2f} | "
                     f"{row['seconds']:.2f} | {row['peak_mb']:.0f} |")
    lines += ["", f"Mixed against Clone: {mixed['atoms'] / clone['atoms']:.1f}x the atoms, "
              f"{mixed.get('cpu_seconds', 0) / max(clone.get('cpu_seconds', 0), 1e-9):.1f}x the CPU time (goal: at most 4x).", ""]
    lines += ["### 100,000 permanents", "",
              "| board | N | ground atoms | CPU s | wall s | peak MB | load s | facts s | ground s | solve s | answers s | load avg |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    names = {"issue": "the issue's (series 1's mana board)", "heavy": "heavy (granted mana abilities)"}
    big = results["big"]
    boards = list(big.items()) if "n" not in big else [("heavy", big)]   # (older results: one board)
    for name, row in boards:
        lines.append(f"| {names.get(name, name)} | {row['n']:,} | {row['atoms']:,} | {row.get('cpu_seconds', 0):.1f} | "
                     f"{row['seconds']:.1f} | {row['peak_mb']:.0f} | {row['load']:.1f} | {row['facts']:.1f} | "
                     f"{row['ground']:.1f} | {row['solve']:.1f} | {row['answers']:.1f} | {row.get('load_avg', 0):.1f} |")
    spread = "; ".join(f"{name} board " + ", ".join(f"{s:.1f}" for s in row["phase_totals"])
                       for name, row in boards if row.get("phase_totals"))
    lines += ["", "Goal: under 20 s and 1.2 GB.  *wall s* and *peak MB* are those of the `--phases` "
              "processes where no `ask` process ran (--publish; medians); *load s* is reading the scenario."
              + (f"  Each `--phases` run's wall seconds: {spread}." if spread else ""), ""]
    forest = results["one_forest"]
    lines += ["### Where a trivial question's time goes", "",
              "| one Forest | import clingo | import pybridge | load | facts | ground | solve | answers | `ask` process | CPU |",
              "| --- |" + " ---: |" * 9,
              f"| seconds | {forest['import_clingo']:.3f} | {forest['import_pybridge']:.3f} | "
              f"{forest['load']:.3f} | {forest['facts']:.3f} | {forest['ground']:.3f} | "
              f"{forest['solve']:.3f} | {forest['answers']:.3f} | {forest['seconds']:.3f} | {forest.get('cpu_seconds', 0):.3f} |",
              "", f"Bare `python -c \"import clingo\"`: {results['import_clingo_seconds']:.3f} s; "
              f"the one-Forest `ask` process is {forest['seconds'] / results['import_clingo_seconds']:.1f}x that (goal: at most 6x)."
              + (f"  In CPU time (user + system, its worker's included): {forest['ask_cpu_seconds']:.3f} s "
                 f"against {results['import_clingo_cpu_seconds']:.3f} s, "
                 f"{forest['ask_cpu_seconds'] / results['import_clingo_cpu_seconds']:.1f}x."
                 if "ask_cpu_seconds" in forest and results.get("import_clingo_cpu_seconds") else ""),
              "", "![ground atoms, CPU time and wall time against N for each question kind](scaling.png)"]
    return "\n".join(lines) + "\n"


def draw(results: dict, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(16, 4.8))
    for kind, rows in results["kinds"].items():
        ns = [r["n"] for r in rows]
        for ax, key in zip(axes, ("atoms", "cpu_seconds", "seconds")):
            ax.plot(ns, [r.get(key, 0) for r in rows], "o-", label=kind)
    for ax, what in zip(axes, ("ground atoms (deterministic)", "CPU seconds, one --phases process",
                               "wall seconds, mtgasp ask process (shared machine)")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("permanents on the board, each asked (N)")
        ax.set_ylabel(what)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_title("Each question kind asked of every permanent")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scaling", description=__doc__.splitlines()[0])
    parser.add_argument("--phases", metavar="FILE", help="time the phases of one question file")
    parser.add_argument("--part", choices=PARTS, action="append",
                        help="run only these parts (default: all); each keeps its own results file")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--publish", action="store_true",
                        help="measure every part once per case (about 8 minutes idle), then write "
                             "docs/scaling.json, docs/scaling.png and the section of docs/benchmarks.md")
    parser.add_argument("--from-results", action="store_true",
                        help="measure nothing: publish the results files of earlier runs")
    parser.add_argument("--kind", choices=KINDS, action="append",
                        help="with --part kinds: measure only these kinds, keep the others' results")
    parser.add_argument("--repeats", type=int, default=FULL.repeats)
    args = parser.parse_args(argv)
    if args.phases:
        print(json.dumps(phases(args.phases)), flush=True)
        # As the worker of `mtgasp ask` does (pybridge/run/worker.py): the process ends without
        # freeing the ground program and the answers object by object, which at 100,000
        # permanents is seconds of CPU no question waits for.
        os._exit(0)
    plan = QUICK if args.quick else PUBLISH if args.publish else Plan(
        FULL.sizes, FULL.chain, FULL.big, args.repeats, FULL.phase_repeats, FULL.big_asks)
    OUT.mkdir(parents=True, exist_ok=True)
    parts = [] if args.from_results else (args.part or list(PARTS))
    started = time.perf_counter()
    for part in parts:
        path = OUT / f"scaling_{part}.json"
        result = run_part(part, plan, OUT / "scaling_cases", kinds_wanted=tuple(args.kind or KINDS))
        if part == "kinds" and args.kind and path.exists():
            earlier = json.loads(path.read_text(encoding="utf-8"))
            result["kinds"] = {k: result["kinds"].get(k, rows) for k, rows in earlier["kinds"].items()}
        path.write_text(json.dumps(result, indent=1), encoding="utf-8")
    results: dict = {}
    for part in PARTS:
        path = OUT / f"scaling_{part}.json"
        if not path.exists():
            print(f"no results for {part} yet: python -m benchmarks.scaling --part {part}")
            return 1
        results.update(json.loads(path.read_text(encoding="utf-8")))
    results["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    results["command"] = " ".join(["python -m benchmarks.scaling", *(argv if argv is not None else sys.argv[1:])])
    results["run_seconds"] = time.perf_counter() - started
    text = markdown(results)
    print(text)
    if args.publish or args.from_results:
        publish("scaling", "scaling", results, text, draw)
    return 0


if __name__ == "__main__":
    sys.exit(main())
