"""Answer one scenario file in this process and print what it cost, as one JSON object.

    python -m benchmarks.worker FILE             # clingo statistics and the answers
    python -m benchmarks.worker FILE --profile   # ground atoms per predicate, largest first
    python -m benchmarks.worker FILE --states    # the replacement state graph, measured

It runs what `mtgasp ask FILE --json` runs (pybridge's loader and answer_scenario) minus the
forked time-limit process, so that clingo's own statistics come back to the parent, which times
the whole process and reads its peak memory.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict

import clingo

from pybridge.answer.answering import answer_scenario
from pybridge.read.facts import scenario_facts
from pybridge.read.scenario import load_scenario
from pybridge.solve.solver import ground


def answer_file(path: str) -> dict:
    started = time.perf_counter()
    scenario = load_scenario(path)
    # CPU time as well as clingo's wall times: on a shared machine it is the steadier measure of
    # the solver's own work (grounding and solving run on this one thread).
    cpu_started = time.process_time()
    result = answer_scenario(scenario)      # no time limit: in this process, stats included
    cpu_seconds = time.process_time() - cpu_started
    return {
        **result.stats,
        "ground_solve_cpu_seconds": cpu_seconds,
        "permanents": len(scenario.permanents),
        "asks": len(scenario.asks),
        "answers": [[r.ask.kind, r.ask.target, r.answer] for r in result.results],
        "worker_seconds": time.perf_counter() - started,
    }


def _grounded(path: str) -> clingo.Control:
    return ground(scenario_facts(load_scenario(path)))


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
    """The replacement state graph of asp/mana/replacement.lp, counted: how many states and
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
