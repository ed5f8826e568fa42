"""Mana written as symbols: the counts m(W,U,B,R,G,C) the programs use, as "{B}{B}" and back."""
from __future__ import annotations

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
