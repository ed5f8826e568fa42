"""`can_activate` (rules 602, 302.6, 107.5, 107.6) and `etb_x` (rule 107.3m).

The logic programs decide; this module only reads their #show atoms (asp/show/can_activate.lp and
asp/show/etb_x.lp) and turns them into the JSON values the spec promises.
"""
from __future__ import annotations

from typing import Any

from pybridge.errors import SolverError
from pybridge.answer.explain import answer_groups
from pybridge.answer.kinds.base import (ModelAtoms, QuestionKind, ability_option_facts, ask_error,
                                 positive_int_option)


def _rule_texts(atoms: ModelAtoms, name: str, ask) -> list[tuple[str, str]]:
    """(rule, text) pairs of the `name(K, Rule, Text)` atoms of one ask, sorted by rule."""
    pairs = {(rule.string, text.string) for rule, text in atoms.rows(name, ask.number)}
    return sorted(pairs)


# --- can_activate ---
def can_activate_answer(atoms: ModelAtoms, ask) -> bool:
    for n, count in atoms.rows("no_such_activated_ability", ask.number):
        plural = "y" if count.number == 1 else "ies"
        raise ask_error(ask, f"ability = {n.number}, but the permanent has {count.number} "
                             f"activated abilit{plural}")
    values = {row[0].name for row in atoms.rows("can_activate_answer", ask.number)}
    return values == {"true"}


def can_activate_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    """The JSON "reason": each rule that forbids the activation, with what it says; null if none."""
    reasons = _rule_texts(atoms, "can_activate_reason", ask)
    return {"reason": "; ".join(f"{rule}: {text}" for rule, text in reasons) if reasons else None}


def bool_check(expect: Any) -> str | None:
    return None if isinstance(expect, bool) else "must be true or false"


CAN_ACTIVATE = QuestionKind(
    name="can_activate",
    answer=can_activate_answer,
    check_expect=bool_check,
    options={"ability": positive_int_option},
    option_facts=ability_option_facts,
    explain=answer_groups(lambda v: "it can be activated:" if v.name == "true"
                          else "it can't be activated:"),
    details=can_activate_details,
)


# --- etb_x ---
def etb_x_answer(atoms: ModelAtoms, ask) -> int:
    values = [row[0].number for row in atoms.rows("etb_x_answer", ask.number)]
    if len(values) != 1:
        raise SolverError(f"etb_x: the logic programs gave {len(values)} values for ask {ask.number}")
    return values[0]


def etb_x_check(expect: Any) -> str | None:
    if isinstance(expect, bool) or not isinstance(expect, int) or expect < 0:
        return "must be a non-negative integer"
    return None


ETB_X = QuestionKind(
    name="etb_x",
    answer=etb_x_answer,
    check_expect=etb_x_check,
    explain=answer_groups(lambda v: f"X = {v}:"),
)

KINDS = (CAN_ACTIVATE, ETB_X)
