"""What the hand encodings in asp/cards/ say about cards: which abilities they cover.

The hand facts name a printed ability as ab(Face,I) (and an ability it grants as grant(Face,I)),
so grounding asp/cards/*.lp alone tells which abilities of which faces have an encoding, and
which cards the library encodes at all; no list is kept beside the facts.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import clingo

from pybridge.cards.pool import Pool, load_pool


# Files of asp/cards/ that name no card: the subtype lists of rule 205.3 ("Shapeshifter" there is
# a creature type, not the card).
NOT_CARD_FACTS = {"subtypes.lp"}


def hand_programs() -> list[Path]:
    """Every file of asp/cards/: the hand facts, and the subtype lists."""
    from pybridge.cards.library import asp_dir   # library imports the pool; keep this one-way
    return sorted((asp_dir() / "cards").glob("*.lp"))


def card_programs() -> list[Path]:
    return [p for p in hand_programs() if p.name not in NOT_CARD_FACTS]


@lru_cache(maxsize=2)
def _grounded(paths: tuple[Path, ...]) -> tuple[clingo.Symbol, ...]:
    ctl = clingo.Control(["--warn=none"])
    for path in paths:
        ctl.load(str(path))
    ctl.ground([("base", [])])
    return tuple(atom.symbol for atom in ctl.symbolic_atoms)


def hand_atoms() -> tuple[clingo.Symbol, ...]:
    """Every fact of asp/cards/, grounded alone: the one reading of those files (the Oracle
    hook, the sweep groups and the library's list of encoded cards all start from it)."""
    return _grounded(tuple(hand_programs()))


@dataclass(frozen=True)
class HandFacts:
    abilities: frozenset[tuple[str, int]]          # (face, I) of every ab(Face,I) mentioned
    faces: frozenset[str]                          # every face a fact names
    lines: tuple[tuple[str, int, str], ...]        # (file, line number, text) of each fact line


def _faces(sym: clingo.Symbol, out: set[str], abilities: set[tuple[str, int]]) -> None:
    """The faces a fact names: the Face of every ab(Face,I) and grant(Face,I) in it, and its
    first argument when that is a string (turns_face_up_spell("Break Open")).  Other strings are
    values (a subtype, a counter kind), not cards."""
    args = sym.arguments
    if args and args[0].type == clingo.SymbolType.String:
        out.add(args[0].string)
    _ability_faces(sym, out, abilities)


def _ability_faces(sym: clingo.Symbol, out: set[str], abilities: set[tuple[str, int]]) -> None:
    if sym.type != clingo.SymbolType.Function:
        return
    args = sym.arguments
    if sym.name in ("ab", "grant") and len(args) == 2 \
            and args[0].type == clingo.SymbolType.String:
        out.add(args[0].string)
        if sym.name == "ab" and args[1].type == clingo.SymbolType.Number:
            abilities.add((args[0].string, args[1].number))
    for arg in args:
        _ability_faces(arg, out, abilities)


@lru_cache(maxsize=1)
def hand_facts() -> HandFacts:
    lines = []
    for path in card_programs():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip() and not line.lstrip().startswith(("%", "#")):
                lines.append((path.name, number, line.strip()))
    strings: set[str] = set()
    abilities: set[tuple[str, int]] = set()
    for symbol in _grounded(tuple(card_programs())):
        _faces(symbol, strings, abilities)
    return HandFacts(frozenset(abilities), frozenset(strings), tuple(lines))


def encoded_cards(pool: Pool | None = None) -> list[str]:
    """The cards the hand facts name (by card or face name): the hand-encoded library."""
    pool = pool or load_pool()
    found = set()
    for face in hand_facts().faces:
        for card, number in pool.lookup(face):   # the lookup ignores case; a fact doesn't
            exact = card if number == 0 else pool.card(card).faces[number - 1].name
            if exact == face:
                found.add(card)
    return sorted(found)


def library_cards(pool: Pool | None = None) -> list[str]:
    """The library: the project's card list (pybridge/data/library_cards.json, the cards whose
    rulings the scenarios cover) and every card the hand facts encode."""
    from importlib import resources
    listed = json.loads((resources.files("pybridge.data") / "library_cards.json")
                        .read_text(encoding="utf-8"))
    return sorted({c["name"] for c in listed} | set(encoded_cards(pool)))

