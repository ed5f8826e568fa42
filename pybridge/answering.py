"""Answering a scenario: facts in, one solver run, one result per ask."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import clingo

from pybridge.errors import InputError, SolverTimeout
from pybridge.explain import explain_ask
from pybridge.facts import scenario_facts
from pybridge.kinds import KINDS
from pybridge.library import explain_files
from pybridge.model import Group, ModelAtoms
from pybridge.oracle.unmodelled import unmodelled_abilities
from pybridge.scenario import Ask, Scenario
from pybridge.solver import solve

UNKNOWN = "unknown"
# asp/explain/ programs: common.lp serves every explanation, <kind>.lp explains that kind, and
# graph.lp draws the replacement state graph of `produce` questions.
COMMON_EXPLAIN_PROGRAM = "common"
GRAPH_PROGRAM = "graph"
GRAPH_ATOMS = ("graph_root", "graph_edge", "graph_applied", "graph_final")


@dataclass
class AskResult:
    ask: Ask
    answer: Any
    ok: bool | None            # None: nothing was expected, or the answer is unknown
    explain: list[Group] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def known(self) -> bool:
        return not (isinstance(self.answer, str) and self.answer == UNKNOWN)


@dataclass
class ScenarioResult:
    scenario: Scenario
    results: list[AskResult]
    timed_out: bool = False
    # Why the answers are unknown ("no answer within 2 s", "out of memory ..."), when they are.
    unknown_reason: str = ""
    stats: dict = field(default_factory=dict)
    # The graph_* atoms of asp/explain/graph.lp, when the state graph was asked for.
    graph_atoms: list[clingo.Symbol] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(r.ok is False for r in self.results)

    def answer(self, kind: str | None = None, target: str | None = None) -> Any:
        """The answer of the first ask matching kind and target (either may be left out)."""
        for r in self.results:
            if kind in (None, r.ask.kind) and target in (None, r.ask.target):
                return r.answer
        raise KeyError(f"no ask {kind or ''} {target or ''}".strip())


def explain_programs(scenario: Scenario, explain: bool, graph: bool) -> list:
    """The asp/explain/ programs a run needs: none for a plain answer (so it stays as fast)."""
    names: list[str] = []
    if explain:
        names += sorted({ask.kind for ask in scenario.asks})
    if graph:
        names.append(GRAPH_PROGRAM)
    return explain_files([COMMON_EXPLAIN_PROGRAM, *names]) if names else []


def answer_scenario(scenario: Scenario, timeout: float | None = None,
                    explain: bool = False, graph: bool = False) -> ScenarioResult:
    """Answer every ask of the scenario.  explain adds how each answer was reached (derived by
    asp/explain/ programs); graph keeps the replacement state graph of `produce` questions."""
    try:
        solved = solve(scenario_facts(scenario), timeout=timeout,
                       extra_programs=explain_programs(scenario, explain, graph))
    except SolverTimeout as limit:
        return ScenarioResult(scenario, [AskResult(a, UNKNOWN, None) for a in scenario.asks],
                              timed_out=True, unknown_reason=str(limit))
    atoms = ModelAtoms(solved.symbols)
    # The rules may find a state the game can't reach (e.g. rule 712.16); that is bad input.
    problems = sorted(_problem_text(scenario, s) for s in atoms.by_name.get("scenario_problem", []))
    if problems:
        raise InputError(f"{scenario.path}: {problems[0]}")
    results = []
    for ask in scenario.asks:
        kind = KINDS[ask.kind]
        answer = kind.answer(atoms, ask)
        ok = kind.matches(answer, ask.expect) if ask.has_expect else None
        groups = explain_ask(atoms, ask, kind.explain) if explain else []
        details = kind.details(atoms, ask) if kind.details else {}
        unmodelled = unmodelled_abilities(scenario, ask.kind, ask.target)
        if unmodelled:        # what the answer may miss (issue 12: no silent partial cards)
            details = {**details, "unmodelled": unmodelled}
        results.append(AskResult(ask, answer, ok, groups, details))
    graph_atoms = sorted(s for name in GRAPH_ATOMS for s in atoms.by_name.get(name, []))
    return ScenarioResult(scenario, results, stats=solved.stats, graph_atoms=graph_atoms)


def _problem_text(scenario: Scenario, atom) -> str:
    """scenario_problem(Text), scenario_problem(Text, Permanent) or scenario_problem(Text,
    effect(N)) as one line, naming the line of the table it is about."""
    text = atom.arguments[0].string
    if len(atom.arguments) == 1:
        return text
    about = atom.arguments[1]
    if about.type == clingo.SymbolType.Function and about.name == "effect":
        number = about.arguments[0].number
        line = dict(scenario.effect_lines).get(number)
        where = f"line {line}: " if line else ""
        return f"{where}effect {number}: {text}"
    line = dict(scenario.permanent_lines).get(about.string)
    where = f"line {line}: " if line else ""
    return f"{where}permanent {about.string!r}: {text}"
