"""One board of a sweep answered twice: by the solver (all its asks in one solve) and by the
independent reference (pybridge.reference); the result is one test vector per ask.

`answer_boards` is what the workers run, locally or on Dask: it takes and returns plain data, so
it pickles by reference to this module and a worker needs nothing but the package installed.
"""
from __future__ import annotations

import re
from typing import Any

import pybridge.reference as reference
from pybridge.answer.answering import answer_here, answer_scenario
from pybridge.api import build_scenario
from pybridge.errors import InputError, SolverTimeout
from pybridge.sweep.provenance import provenance

SCHEMA = 1


def rule_key(rule: str) -> tuple:
    """"106.12b" -> (106, 12, "b"): rule numbers in the order of the Comprehensive Rules."""
    parts = re.findall(r"\d+|[a-z]+", rule)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def same_answer(a: Any, b: Any) -> bool:
    """Answers of the mana kinds are sets written as sorted lists; a table of characteristics
    is compared key by key, its lists as sets (as `expect` compares them)."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(repr, a)) == sorted(map(repr, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_answer(a[k], b[k]) for k in a)
    return a == b


def minimal_disagreement(scenario: dict, ask: dict) -> dict | None:
    """The scenario with effects dropped one at a time while the solver and the reference still
    disagree on `ask`; None if they agree on the scenario as given."""
    def disagrees(doc: dict) -> bool:
        vector = answer_board(doc, [ask])[0]
        return vector["agree"] is False

    if not disagrees(scenario):
        return None
    target = next(iter(ask.values()))
    current = scenario
    shrunk = True
    while shrunk:
        shrunk = False
        for key in ("permanent", "effect"):
            for i, table in enumerate(current.get(key, [])):
                if table.get("id") == target:
                    continue
                candidate = dict(current)
                rest = current[key][:i] + current[key][i + 1:]
                if rest:
                    candidate[key] = rest
                else:
                    candidate.pop(key)
                ident = table.get("id")
                if ident and any(t.get("attached_to") == ident for t in candidate.get("permanent", [])):
                    continue
                if disagrees(candidate):
                    current, shrunk = candidate, True
                    break
            if shrunk:
                break
    return current


def answer_board(scenario: dict, asks: list[dict], in_process: bool = False) -> list[dict]:
    """The vectors of one board: for each ask, the solver's answer, the reference's, whether
    they agree (None where the reference has no answer) and the rules the answer applies.

    `in_process` solves here instead of in a forked worker (pybridge/run/worker.py): for a sweep's
    own worker processes, which are single-threaded, bounded in memory and expendable already, so
    a second fork per board would only cost time (it nearly doubles the time of a board)."""
    doc = {**scenario, "ask": list(asks)}
    vectors = [{"schema": SCHEMA, "scenario": {**scenario, "ask": [ask]}, "ask": ask}
               for ask in asks]
    try:
        built = build_scenario(doc, "<sweep>")
        result = answer_here(built, explain=True) if in_process else \
            answer_scenario(built, explain=True)
        answers = [(r.answer, r.known, r.explain) for r in result.results]
        error = None
    except (InputError, SolverTimeout) as err:
        answers, error = [(None, False, [])] * len(asks), str(err)
    for vector, ask, (answer, known, groups) in zip(vectors, asks, answers):
        try:
            ref = reference.scenario_answer(scenario, ask)
            note = None
        except reference.NotCovered as why:
            ref, note = None, f"not covered by the reference: {why}"
        rules = {s.rule for g in groups for s in g.steps if s.rule} | set(scenario.get("cites", []))
        vector["answer"] = answer if known else None
        vector["reference"] = ref
        # a reference answer may be null itself ("can't be turned face up"): only a note says
        # that the reference has no answer
        vector["agree"] = None if note is not None or not known else same_answer(answer, ref)
        vector["cites"] = sorted(rules, key=rule_key)
        if note:
            vector["reference_note"] = note
        if error:
            vector["error"] = error
        vector["provenance"] = provenance()     # what answered it, for a resumed run to check
    return vectors


def answer_boards(batch: list[tuple[int, dict, list[dict]]],
                  in_process: bool = False) -> list[tuple[int, list[dict]]]:
    """A worker's unit of work: several boards, each (index, scenario tables, ask tables)."""
    return [(index, answer_board(scenario, asks, in_process)) for index, scenario, asks in batch]
