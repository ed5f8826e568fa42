"""`could_produce` (rule 106.7) and `produce`: the mana question kinds."""
from __future__ import annotations

from typing import Any


from pybridge.kinds import (ModelAtoms, QuestionKind, ability_option_facts, ask_error,
                            positive_int_option, register)

TYPE_LETTERS = "WUBRGC"


def mana_string(counts: list[int]) -> str:
    """m(W,U,B,R,G,C) as symbols in WUBRGC order: [0,0,2,0,0,0] -> "{B}{B}"."""
    return "".join(f"{{{letter}}}" * n for letter, n in zip(TYPE_LETTERS, counts))


def parse_mana_string(text: str) -> list[int] | None:
    counts = [0] * 6
    rest = text
    while rest:
        if len(rest) < 3 or rest[0] != "{" or rest[2] != "}" or rest[1] not in TYPE_LETTERS:
            return None
        counts[TYPE_LETTERS.index(rest[1])] += 1
        rest = rest[3:]
    return counts


def _sort_key_mana(text: str) -> tuple:
    counts = parse_mana_string(text) or [0] * 6
    return (sum(counts), [-n for n in counts])


# --- could_produce ---
def could_produce_answer(atoms: ModelAtoms, ask) -> list[str]:
    letters = {row[0].name.upper() for row in atoms.rows("could_produce_answer", ask.number)}
    return [t for t in TYPE_LETTERS if t in letters]


def could_produce_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(t, str) for t in expect):
        return "must be a list of mana type letters (W U B R G C)"
    bad = [t for t in expect if t.upper() not in TYPE_LETTERS or len(t) != 1]
    return f"has {bad[0]!r}, not a mana type letter (W U B R G C)" if bad else None


register(QuestionKind(
    name="could_produce",
    answer=could_produce_answer,
    check_expect=could_produce_check,
    normalise_expect=lambda e: [t for t in TYPE_LETTERS if t in {x.upper() for x in e}],
    matches=lambda answer, expect: set(answer) == set(expect),
))


# --- produce ---
def produce_answer(atoms: ModelAtoms, ask) -> list[str]:
    for n, count in atoms.rows("no_such_ability", ask.number):
        raise ask_error(ask, f"ability = {n.number}, but the permanent has "
                             f"{count.number} mana abilit{'y' if count.number == 1 else 'ies'}")
    totals = {mana_string([a.number for a in row[0].arguments])
              for row in atoms.rows("produce_answer", ask.number)}
    return sorted(totals, key=_sort_key_mana)


def produce_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(t, str) for t in expect):
        return 'must be a list of mana strings such as "{B}{B}" ("" for no mana)'
    bad = [t for t in expect if parse_mana_string(t) is None]
    return f"has {bad[0]!r}, not a mana string of {{W}} {{U}} {{B}} {{R}} {{G}} {{C}}" if bad else None


def produce_normalise(expect: list[str]) -> list[str]:
    return sorted({mana_string(parse_mana_string(t)) for t in expect}, key=_sort_key_mana)


register(QuestionKind(
    name="produce",
    answer=produce_answer,
    check_expect=produce_check,
    normalise_expect=produce_normalise,
    matches=lambda answer, expect: set(answer) == set(expect),
    options={"ability": positive_int_option},
    option_facts=ability_option_facts,
))
