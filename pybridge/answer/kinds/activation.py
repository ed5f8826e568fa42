"""`can_activate` (rules 602, 302.6, 107.5, 107.6) and `etb_x` (rule 107.3m).

The logic programs decide; this module only reads their #show atoms (asp/show/can_activate.lp and
asp/show/etb_x.lp) and turns them into the JSON values the spec promises.
"""
from __future__ import annotations

from typing import Any

from pybridge.errors import SolverError
from pybridge.answer.explain import answer_groups
from pybridge.answer.kinds.base import UNKNOWN, ModelAtoms, QuestionKind, ask_error, unread_rows
from pybridge.contract.answers import (CanActivateAnswer, CanActivateReason, CanActivateUnread, EtbXAnswer,
                                       NoSuchActivatedAbility)


# --- can_activate ---
def can_activate_answer(atoms: ModelAtoms, ask) -> bool | str:
    if atoms.read(CanActivateUnread, ask.number):      # the asked ability: no rule reads it
        return UNKNOWN
    for missing in atoms.read(NoSuchActivatedAbility, ask.number):
        plural = "y" if missing.count == 1 else "ies"
        raise ask_error(ask, f"ability = {missing.number}, but the permanent has {missing.count} "
                             f"activated abilit{plural}")
    values = {row.value for row in atoms.read(CanActivateAnswer, ask.number)}
    return values == {"true"}


def can_activate_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    """The JSON "reason": each rule that forbids the activation, with what it says; null if none."""
    unread = unread_rows(ask, atoms.read(CanActivateUnread, ask.number))
    if unread:
        return unread
    reasons = sorted({(row.rule, row.text) for row in atoms.read(CanActivateReason, ask.number)})
    return {"reason": "; ".join(f"{rule}: {text}" for rule, text in reasons) if reasons else None}


CAN_ACTIVATE = QuestionKind(
    name="can_activate",
    answer=can_activate_answer,
    explain=answer_groups(lambda v: "it can be activated:" if v.name == "true"
                          else "it can't be activated:"),
    details=can_activate_details,
)


# --- etb_x ---
def etb_x_answer(atoms: ModelAtoms, ask) -> int:
    values = [row.x for row in atoms.read(EtbXAnswer, ask.number)]
    if len(values) != 1:
        raise SolverError(f"etb_x: the logic programs gave {len(values)} values for ask {ask.number}")
    return values[0]


ETB_X = QuestionKind(
    name="etb_x",
    answer=etb_x_answer,
    explain=answer_groups(lambda v: f"X = {v}:"),
)

KINDS = (CAN_ACTIVATE, ETB_X)
