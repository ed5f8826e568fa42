"""Answering a scenario: facts in, one solver run, one result per ask."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pybridge.errors import InputError, SolverTimeout
from pybridge.facts import scenario_facts
from pybridge.kinds import KINDS, ModelAtoms
from pybridge.scenario import Ask, Scenario
from pybridge.solver import solve

UNKNOWN = "unknown"


@dataclass
class AskResult:
    ask: Ask
    answer: Any
    ok: bool | None            # None: nothing was expected
    explain: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class ScenarioResult:
    scenario: Scenario
    results: list[AskResult]
    timed_out: bool = False
    stats: dict = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        return any(r.ok is False for r in self.results)


def answer_scenario(scenario: Scenario, timeout: float | None = None,
                    explain: bool = False) -> ScenarioResult:
    try:
        solved = solve(scenario_facts(scenario), timeout=timeout)
    except SolverTimeout:
        return ScenarioResult(scenario, [AskResult(a, UNKNOWN, None) for a in scenario.asks],
                              timed_out=True)
    atoms = ModelAtoms(solved.symbols)
    # The rules may find a state the game can't reach (e.g. rule 712.16); that is bad input.
    problems = sorted(s.arguments[0].string for s in atoms.by_name.get("scenario_problem", []))
    if problems:
        raise InputError(f"{scenario.path}: {problems[0]}")
    results = []
    for ask in scenario.asks:
        kind = KINDS[ask.kind]
        answer = kind.answer(atoms, ask)
        ok = kind.matches(answer, ask.expect) if ask.has_expect else None
        lines = kind.explain(atoms, ask) if explain and kind.explain else []
        details = kind.details(atoms, ask) if kind.details else {}
        results.append(AskResult(ask, answer, ok, lines, details))
    return ScenarioResult(scenario, results, stats=solved.stats)
