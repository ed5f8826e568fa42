"""Which rules cost the grounder most on a scenario: each rule grounded alone, timed.

    python -m benchmarks.rule_profile FILE [--top 40]

clingo reports no time per rule, so this grounds the scenario once to get its answer set, adds
every atom of it as a fact to a fresh Control, and then grounds each rule of the programs in a
program part of its own, timing each call.  A rule's figure is the cost of its joins and
aggregates over the domains the whole program derives; it leaves out what inserting its new
atoms would cost (they are facts already) and the rounds of a recursive component.  Every call
also pays a fixed cost of the incremental grounder (an empty part is timed the same way and
reported as `overhead`), so the sum over the rules says little; the order of the rules does.
Issue 11 used it on the 100,000-permanent issue board (docs/benchmarks.md).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import clingo
from clingo import ast

from pybridge.read.facts import scenario_facts
from pybridge.read.scenario import load_scenario
from pybridge.solve.solver import program_files, solve_in_process


@dataclass(frozen=True)
class RuleCost:
    seconds: float
    where: str        # file:line, the file relative to asp/
    text: str


def _timed_part(ctl: clingo.Control, name: str) -> float:
    started = time.perf_counter()
    ctl.ground([(name, [])])
    return time.perf_counter() - started


def profile(path: str) -> tuple[list[RuleCost], float]:
    """The rules of the programs, costliest first, and the median cost of an empty part."""
    facts = scenario_facts(load_scenario(path))
    model = solve_in_process(facts, shown_only=False).symbols
    del facts
    statements: list[ast.AST] = []
    programs = program_files()[0].parent
    ast.parse_files([str(p) for p in program_files()], statements.append)
    ctl = clingo.Control(["--warn=none"])
    parts: list[tuple[str, ast.AST]] = []
    empty = [f"empty_{k}" for k in range(5)]
    with ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            if statement.ast_type == ast.ASTType.Program:
                continue
            # A rule with a body gets a part of its own; facts, directives and constraints stay
            # in base, so every part sees the same domains.
            if statement.ast_type == ast.ASTType.Rule and len(statement.body) > 0:
                name = f"rule_{len(parts)}"
                parts.append((name, statement))
            else:
                name = "base"
            builder.add(ast.Program(statement.location, name, []))
            builder.add(statement)
        for name in empty:
            builder.add(ast.Program(statements[0].location, name, []))
    with ctl.backend() as backend:
        for symbol in model:
            backend.add_rule([backend.add_atom(symbol)])
    ctl.ground([("base", [])])
    overhead = statistics.median(_timed_part(ctl, name) for name in empty)
    costs = []
    for name, statement in parts:
        seconds = _timed_part(ctl, name)
        begin = statement.location.begin
        where = f"{Path(begin.filename).relative_to(programs)}:{begin.line}"
        costs.append(RuleCost(seconds, where, str(statement)))
    costs.sort(key=lambda cost: -cost.seconds)
    return costs, overhead


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rule_profile",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args(argv)
    costs, overhead = profile(args.file)
    print(f"{len(costs)} rules; overhead of a grounding call {overhead * 1000:.1f} ms")
    for cost in costs[:args.top]:
        print(f"{cost.seconds:8.3f} s  {cost.where:38}  {cost.text[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
