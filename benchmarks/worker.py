"""Answer one scenario file in this process and print what it cost, as one JSON object.

    python -m benchmarks.worker FILE             # clingo statistics and the answers
    python -m benchmarks.worker FILE --profile   # ground atoms per predicate, largest first

It runs what `mtgasp ask FILE --json` runs (load, facts, ground, solve, read the answers) minus
the forked time-limit process, so that clingo's own statistics come back to the parent, which
times the whole process and reads its peak memory.  The answers are read per ask (see
answers_by_ask) and the scenario_problem check is left to the CLI.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict

import clingo

from pybridge.facts import scenario_facts
from pybridge.kinds import KINDS, ModelAtoms
from pybridge.library import program_files
from pybridge.scenario import Scenario, load_scenario
from pybridge.solver import solve_in_process


def answers_by_ask(scenario: Scenario, symbols: list[clingo.Symbol]) -> list[list]:
    """Each ask's answer, read by its question kind's own code from that ask's atoms only.

    pybridge's ModelAtoms.rows scans every shown atom of a predicate for each ask, so reading N
    answers costs N x N (see docs/benchmarks.md).  Handing each ask a ModelAtoms of just its own
    atoms (plus the few that carry no ask number) runs the same kind code in linear time, so the
    worker measures the solver; the `mtgasp ask` column still measures the bridge as it is.
    """
    per_ask: dict[int, list[clingo.Symbol]] = defaultdict(list)
    shared: list[clingo.Symbol] = []
    for sym in symbols:
        first = sym.arguments[0] if sym.arguments else None
        if first is not None and first.type == clingo.SymbolType.Number:
            per_ask[first.number].append(sym)
        else:
            shared.append(sym)
    return [[ask.kind, ask.target, KINDS[ask.kind].answer(ModelAtoms(per_ask[ask.number] + shared), ask)]
            for ask in scenario.asks]


def answer_file(path: str) -> dict:
    started = time.perf_counter()
    scenario = load_scenario(path)
    solved = solve_in_process(scenario_facts(scenario))
    before_answers = time.perf_counter()
    answers = answers_by_ask(scenario, solved.symbols)
    return {
        **solved.stats,
        "permanents": len(scenario.permanents),
        "asks": len(scenario.asks),
        "answers": answers,
        "answer_seconds": time.perf_counter() - before_answers,
        "worker_seconds": time.perf_counter() - started,
    }


def atoms_per_predicate(path: str) -> dict[str, int]:
    """How many ground atoms each predicate has: where the grounding's size comes from."""
    ctl = clingo.Control(["--warn=none"])
    for program in program_files():
        ctl.load(str(program))
    with ctl.backend() as backend:
        for sym in scenario_facts(load_scenario(path)):
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    counts: Counter[str] = Counter()
    for atom in ctl.symbolic_atoms:
        counts[f"{atom.symbol.name}/{len(atom.symbol.arguments)}"] += 1
    return dict(counts.most_common())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worker")
    parser.add_argument("file")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    out = atoms_per_predicate(args.file) if args.profile else answer_file(args.file)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
