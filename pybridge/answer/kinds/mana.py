"""`could_produce` (rule 106.7) and `produce`: the mana question kinds."""
from __future__ import annotations

from typing import Any

import clingo

from pybridge.answer.explain import orders_count, raw_groups, steps_of
from pybridge.answer.kinds.base import UNKNOWN, ModelAtoms, QuestionKind, ask_error, unread_rows
from pybridge.contract.answers import (CouldProduceAnswer, NoSuchAbility, ProduceActivatable,
                                       ProduceUnread,
                                       ProduceAnswer, ProduceDependsOn, ProduceReason)
from pybridge.read.expects import produce_normalise, sort_key_mana
from pybridge.read.mana_strings import TYPE_LETTERS, mana_counts, mana_json, mana_string, parse_mana_string
from pybridge.solve.model import Group

# The tests compare totals as produce answers are kept (produce_normalise, read/expects.py).
__all__ = ["TYPE_LETTERS", "mana_string", "parse_mana_string", "produce_normalise"]

# The step of a group's headline, its first.
_HEADLINE = clingo.Number(0)


# --- could_produce ---
def could_produce_answer(atoms: ModelAtoms, ask) -> list[str]:
    letters = {row.type.upper() for row in atoms.read(CouldProduceAnswer, ask.number)}
    return [t for t in TYPE_LETTERS if t in letters]


def could_produce_groups(atoms: ModelAtoms, ask) -> list[Group]:
    """One group per type: the chain from the permanent the mana starts at to the one asked."""
    out = []
    for raw in raw_groups(atoms, ask.number):
        if raw.key.name == "none":
            out.append(Group("no type:", {"type": None}, steps_of(raw)))
            continue
        letter = raw.key.arguments[0].name.upper()
        out.append(Group(f"{letter}:", {"type": letter}, steps_of(raw)))
    return sorted(out, key=lambda g: TYPE_LETTERS.find(g.fields["type"] or ""))


COULD_PRODUCE = QuestionKind(
    name="could_produce",
    answer=could_produce_answer,
    matches=lambda answer, expect: set(answer) == set(expect),
    explain=could_produce_groups,
)


# --- produce ---
def produce_answer(atoms: ModelAtoms, ask) -> list[str] | str:
    if atoms.read(ProduceUnread, ask.number):      # the asked ability: no rule reads it
        return UNKNOWN
    for missing in atoms.read(NoSuchAbility, ask.number):
        raise ask_error(ask, f"ability = {missing.number}, but the permanent has {missing.count} "
                             f"mana abilit{'y' if missing.count == 1 else 'ies'}")
    totals = {mana_string(mana_counts(row.mana)) for row in atoms.read(ProduceAnswer, ask.number)}
    return sorted(totals, key=sort_key_mana)


def produce_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    """The JSON "activatable" (false when no asked activation can be made now) with "reason",
    each rule that forbids one, and "depends_on"/"note" when the answer rests on state the
    scenario format can't state."""
    unread = unread_rows(ask, atoms.read(ProduceUnread, ask.number))
    if unread:
        return unread
    values = {row.value for row in atoms.read(ProduceActivatable, ask.number)}
    reasons = sorted({(row.rule, row.text) for row in atoms.read(ProduceReason, ask.number)})
    out: dict[str, Any] = {
        # Each total as a count per symbol too, beside the readable string (README, the format).
        "counts": [mana_json(t) for t in produce_answer(atoms, ask)],
        "activatable": "true" in values,
        "reason": "; ".join(f"{rule}: {text}" for rule, text in reasons) if reasons else None}
    depends = sorted({(row.what, row.text) for row in atoms.read(ProduceDependsOn, ask.number)})
    if depends:
        out["depends_on"] = [what for what, _ in depends]
        out["note"] = "the answer rests on " + "; and on ".join(text for _, text in depends)
    return out


def produce_groups(atoms: ModelAtoms, ask) -> list[Group]:
    """One group per distinct result: how many orders lead to it, and a shortest one."""
    out = []
    for raw in raw_groups(atoms, ask.number):
        if raw.key.name == "none":
            out.append(Group("no result:", {"result": None, "orders": 0}, steps_of(raw)))
            continue
        result = mana_string(mana_counts(raw.key.arguments[0]))
        count, at_least = 0, False
        for step, _, term in raw.steps:
            if step == _HEADLINE and term.name == "orders":
                count, at_least = orders_count(term.arguments[0])
        # An order counts every choice on the way too: the ability's options, the effects' own.
        if count == 1 and not at_least:
            heading = f"{result or 'no mana'}: 1 order leads here:"
        else:
            heading = (f"{result or 'no mana'}: {'at least ' if at_least else ''}{count:,} "
                       f"orders lead here; a shortest:")
        fields: dict[str, Any] = {"result": result, "orders": count}
        if at_least:
            fields["orders_at_least"] = True
        out.append(Group(heading, fields, steps_of(raw, skip_headline=True)))
    # The same order as the answer: fewest mana first.
    order = {text: n for n, text in enumerate(produce_answer(atoms, ask))}
    return sorted(out, key=lambda g: order.get(g.fields["result"], len(order)))


PRODUCE = QuestionKind(
    name="produce",
    answer=produce_answer,
    matches=lambda answer, expect: set(answer) == set(expect),
    explain=produce_groups,
    details=produce_details,
)

KINDS = (COULD_PRODUCE, PRODUCE)
