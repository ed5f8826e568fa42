"""The Enchant keyword of an Aura (rules 303.4a, 702.5a): what it may be attached to, as
enchants(Ab,Filter) with Filter permanent, type(T) or subtype(S); the state-based action of
an Aura attached to an illegal object reads it (704.5m, asp/events/state_based.lp)."""
from __future__ import annotations

import re

from clingo import Function, String

from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, ability_term

ENCHANT = re.compile(r"^Enchant (.+)$")
CARD_TYPES = {"artifact": "Artifact", "battle": "Battle", "creature": "Creature",
              "enchantment": "Enchantment", "land": "Land", "planeswalker": "Planeswalker"}


def is_enchant_text(source: str) -> bool:
    return bool(ENCHANT.match(source))


def compile_enchant(face: str, index: int, text: str, source: str) -> AbilityCompilation:
    """"Enchant creature", "Enchant permanent", "Enchant Forest": one card type, any permanent
    or one subtype (capitalised); any other ("Enchant creature you control", "Enchant player")
    is unmodelled."""
    what = ENCHANT.match(source).group(1)
    if what == "permanent":
        filter_ = Function("permanent")
    elif what in CARD_TYPES:
        filter_ = Function("type", [String(CARD_TYPES[what])])
    elif re.fullmatch(r"[A-Z][a-z]+", what):
        filter_ = Function("subtype", [String(what)])
    else:
        return AbilityCompilation(face, index, text, UNMODELLED, pattern="enchant",
                                  why="an Enchant keyword other than one card type, one subtype "
                                      "or \"permanent\" (a player, \"you control\", \"non-\"): not read")
    fact = Function("enchants", [ability_term(face, index), filter_])
    return AbilityCompilation(face, index, text, MODELLED, (fact,), pattern="enchant")
