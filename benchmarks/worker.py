"""Answer one scenario file in this process and print what it cost, as one JSON object.

    python -m benchmarks.worker FILE             # clingo statistics and the answers
    python -m benchmarks.worker FILE --profile   # ground atoms per predicate, largest first
    python -m benchmarks.worker FILE --states    # the replacement state graph, measured

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
    facts = scenario_facts(scenario)
    # CPU time as well as clingo's wall times: on a shared machine it is the steadier measure of
    # the solver's own work (grounding and solving run on this one thread).
    cpu_started = time.process_time()
    solved = solve_in_process(facts)
    cpu_seconds = time.process_time() - cpu_started
    before_answers = time.perf_counter()
    answers = answers_by_ask(scenario, solved.symbols)
    return {
        **solved.stats,
        "ground_solve_cpu_seconds": cpu_seconds,
        "shown_atoms": len(solved.symbols),
        "permanents": len(scenario.permanents),
        "asks": len(scenario.asks),
        "answers": answers,
        "answer_seconds": time.perf_counter() - before_answers,
        "worker_seconds": time.perf_counter() - started,
    }


def _grounded(path: str) -> clingo.Control:
    ctl = clingo.Control(["--warn=none"])
    for program in program_files():
        ctl.load(str(program))
    with ctl.backend() as backend:
        for sym in scenario_facts(load_scenario(path)):
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    return ctl


def atoms_per_predicate(path: str) -> dict[str, int]:
    """How many ground atoms each predicate has: where the grounding's size comes from."""
    ctl = _grounded(path)   # keep the Control alive while its atoms are read
    atoms = ctl.symbolic_atoms
    counts: Counter[str] = Counter()
    for name, arity, positive in atoms.signatures:
        label = f"{name}/{arity}" if positive else f"-{name}/{arity}"
        counts[label] += sum(1 for _ in atoms.by_signature(name, arity, positive))
    return dict(counts.most_common())


def state_graph(path: str) -> dict:
    """The replacement state graph of asp/rules/replacement.lp, counted: how many states and
    sets of applied effects it has, and how many states would remain if effects that do the same
    thing to the event (same operation, same minimum) were interchangeable, so that a state
    recorded how many of each kind had applied rather than which ones.  Reads that file's
    predicates (sig_bit/3, rep_op/3, rep_min/2, state/4, transition/8); empty if they are gone."""
    ctl = _grounded(path)
    atoms = ctl.symbolic_atoms
    effect_of_bit = {(str(a.symbol.arguments[0]), a.symbol.arguments[2].number): str(a.symbol.arguments[1])
                     for a in atoms.by_signature("sig_bit", 3)}
    if not effect_of_bit:
        return {}
    operations: dict[tuple[str, str], set[str]] = defaultdict(set)
    for a in atoms.by_signature("rep_op", 3):
        effect, sig, op = (str(x) for x in a.symbol.arguments)
        operations[(effect, sig)].add(op)
    minimum = {str(a.symbol.arguments[0]): a.symbol.arguments[1].number
               for a in atoms.by_signature("rep_min", 2)}

    def kind(sig: str, bit: int) -> tuple:
        effect = effect_of_bit[(sig, bit)]
        return tuple(sorted(operations[(effect, sig)])), minimum.get(effect)

    def applied_kinds(sig: str, mask: int) -> tuple:
        counts = Counter(kind(sig, bit) for (s, bit) in effect_of_bit if s == sig and mask & bit)
        return tuple(sorted(counts.items()))

    states = [a.symbol.arguments for a in atoms.by_signature("state", 4)]
    return {
        "effects": len(effect_of_bit),
        "kinds": len({kind(sig, bit) for sig, bit in effect_of_bit}),
        "states": len(states),
        "applied_sets": len({(str(s[0]), s[2].number) for s in states}),
        "transitions": sum(1 for _ in atoms.by_signature("transition", 8)),
        "states_if_kinds_shared": len({(str(s[0]), str(s[1]), applied_kinds(str(s[0]), s[2].number),
                                        str(s[3])) for s in states}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worker")
    parser.add_argument("file")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--profile", action="store_true")
    mode.add_argument("--states", action="store_true")
    args = parser.parse_args(argv)
    if args.profile:
        out: dict = atoms_per_predicate(args.file)
    elif args.states:
        out = state_graph(args.file)
    else:
        out = answer_file(args.file)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
