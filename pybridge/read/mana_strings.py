"""Mana written as symbols: the counts m(W,U,B,R,G,C) the programs use, as "{B}{B}" and back.

A type with more than COMPACT_AFTER mana is written compactly, "{G}x2842146468"; both forms are
read.  The programs keep a large amount as x(Base,Factors,Added) (asp/mana/replacement.lp), which
mana_counts multiplies out with Python's exact integers.
"""
from __future__ import annotations

import re

TYPE_LETTERS = "WUBRGC"
COMPACT_AFTER = 20
_COMPACT = re.compile(r"\{([WUBRGC])\}x([1-9][0-9]{0,4000})")


def mana_counts(sym) -> list[int]:
    """The counts in WUBRGC order of a mana term (a clingo symbol): m(W,U,B,R,G,C), or a large
    amount x(Base,Factors,Added) = Base * K1^E1 * K2^E2 ... + Added, Factors f(K1,E1,f(K2,E2,nil))."""
    if sym.name == "x":
        base, factors, added = sym.arguments
        product = 1
        while factors.name == "f":
            k, e, factors = factors.arguments
            product *= k.number ** e.number
        return [b * product + a for b, a in zip(mana_counts(base), mana_counts(added))]
    return [a.number for a in sym.arguments]


def mana_string(counts: list[int]) -> str:
    """Counts in WUBRGC order as symbols: [0,0,2,0,0,0] -> "{B}{B}"; more than COMPACT_AFTER of a
    type as "{G}x2842146468"."""
    return "".join(f"{{{letter}}}x{n}" if n > COMPACT_AFTER else f"{{{letter}}}" * n
                   for letter, n in zip(TYPE_LETTERS, counts))


def parse_mana_string(text: str) -> list[int] | None:
    """The counts of a mana string ("{B}{B}", "{G}x52000000", or both mixed), None if it is not
    one.  Linear: C-level counting, no slicing.  A symbol is three characters and two symbols can't
    overlap, so a plain part is exactly symbols when the symbols found cover every character."""
    counts = [0] * 6
    # Only a compact count has an "x": a plain string skips the (slower) regular expression.
    parts = _COMPACT.split(text) if "x" in text else [text]
    for i in range(1, len(parts), 3):
        counts[TYPE_LETTERS.index(parts[i])] += int(parts[i + 1])
    for plain in parts[0::3]:
        # One scan per type present; the first symbol's type first, so that a long run of one
        # type ("{G}" * 52,000,000) is one scan of the string.
        first = plain[1:2]
        covered = 0
        for letter in sorted(TYPE_LETTERS, key=lambda t: t != first):
            if covered == len(plain):
                break
            n = plain.count(f"{{{letter}}}")
            counts[TYPE_LETTERS.index(letter)] += n
            covered += 3 * n
        if covered != len(plain):
            return None
    return counts


def mana_json(text: str) -> dict[str, int]:
    """A mana string as a count per symbol, e.g. {"G": 2842146468}: exact and compact."""
    counts = parse_mana_string(text) or [0] * 6
    return {letter: n for letter, n in zip(TYPE_LETTERS, counts) if n}
