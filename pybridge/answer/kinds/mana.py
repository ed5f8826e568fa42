"""`could_produce` (rule 106.7) and `produce`: the mana question kinds."""
from __future__ import annotations

from typing import Any

import clingo

from pybridge.answer.explain import orders_count, raw_groups, steps_of
from pybridge.answer.kinds.base import (ModelAtoms, QuestionKind, ability_option_facts, ask_error,
                                 positive_int_option)
from pybridge.read.mana_strings import TYPE_LETTERS, mana_counts, mana_json, mana_string, parse_mana_string
from pybridge.solve.model import Group

__all__ = ["TYPE_LETTERS", "mana_string", "parse_mana_string"]

def _sort_key_mana(text: str) -> tuple:
    counts = parse_mana_string(text) or [0] * 6
    return (sum(counts), [-n for n in counts])


# --- could_produce ---
def could_produce_answer(atoms: ModelAtoms, ask) -> list[str]:
    letters = {atoms.name(row[0]).upper() for row in atoms.rows("could_produce_answer", ask.number)}
    return [t for t in TYPE_LETTERS if t in letters]


def could_produce_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(t, str) for t in expect):
        return "must be a list of mana type letters (W U B R G C)"
    bad = [t for t in expect if t.upper() not in TYPE_LETTERS or len(t) != 1]
    return f"has {bad[0]!r}, not a mana type letter (W U B R G C)" if bad else None


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
    check_expect=could_produce_check,
    normalise_expect=lambda e: [t for t in TYPE_LETTERS if t in {x.upper() for x in e}],
    matches=lambda answer, expect: set(answer) == set(expect),
    explain=could_produce_groups,
)


# --- produce ---
def produce_answer(atoms: ModelAtoms, ask) -> list[str]:
    for n, count in atoms.rows("no_such_ability", ask.number):
        raise ask_error(ask, f"ability = {n.number}, but the permanent has "
                             f"{count.number} mana abilit{'y' if count.number == 1 else 'ies'}")
    totals = {mana_string(mana_counts(row[0])) for row in atoms.rows("produce_answer", ask.number)}
    return sorted(totals, key=_sort_key_mana)


def produce_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    """The JSON "activatable" (false when no asked activation can be made now) with "reason",
    each rule that forbids one, and "depends_on"/"note" when the answer rests on state the
    scenario format can't state."""
    values = {row[0].name for row in atoms.rows("produce_activatable", ask.number)}
    reasons = sorted({(r.string, t.string) for r, t in atoms.rows("produce_reason", ask.number)})
    out: dict[str, Any] = {
        # Each total as a count per symbol too, beside the readable string (README, the format).
        "counts": [mana_json(t) for t in produce_answer(atoms, ask)],
        "activatable": "true" in values,
        "reason": "; ".join(f"{rule}: {text}" for rule, text in reasons) if reasons else None}
    depends = sorted({(w.name, t.string) for w, t in atoms.rows("produce_depends_on", ask.number)})
    if depends:
        out["depends_on"] = [what for what, _ in depends]
        out["note"] = "the answer rests on " + "; and on ".join(text for _, text in depends)
    return out


def produce_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(t, str) for t in expect):
        return 'must be a list of mana strings such as "{B}{B}" ("" for no mana)'
    bad = [t for t in expect if parse_mana_string(t) is None]
    return f"has {bad[0]!r}, not a mana string of {{W}} {{U}} {{B}} {{R}} {{G}} {{C}}" if bad else None


def produce_normalise(expect: list[str]) -> list[str]:
    return sorted({mana_string(parse_mana_string(t)) for t in expect}, key=_sort_key_mana)


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
            if step == clingo.Number(0) and term.name == "orders":
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
    check_expect=produce_check,
    normalise_expect=produce_normalise,
    matches=lambda answer, expect: set(answer) == set(expect),
    options={"ability": positive_int_option},
    option_facts=ability_option_facts,
    explain=produce_groups,
    details=produce_details,
)

KINDS = (COULD_PRODUCE, PRODUCE)
