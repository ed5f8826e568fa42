"""The static compiler's leaf terms: its Unmodelled error, number words, colours and the `both`
filter, shared by the reader (reader.py) and the modules it hands parts of a tree to (conds.py,
rules.py, ...), which so import nothing of reader.py itself (no import cycle)."""
from __future__ import annotations

from clingo import Function, Symbol


class Unmodelled(Exception):
    """Parsed, but says something the vocabulary can't express yet."""


NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def number(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    raise Unmodelled(f"amount {word!r} is not a number")


def both(filters: list[Symbol]) -> Symbol:
    out = filters[-1]
    for f in reversed(filters[:-1]):
        out = Function("both", [f, out])
    return out


def rekey(sym: Symbol, old: Symbol, new: Symbol) -> Symbol:
    """A compiled fact about ability `old` restated about `new` (a granted ability's facts are
    compiled about the granting ability, then keyed by the grant)."""
    if sym == old:
        return new
    if sym.type.name == "Function" and sym.arguments:
        return Function(sym.name, [rekey(a, old, new) for a in sym.arguments], sym.positive)
    return sym
