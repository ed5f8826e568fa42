"""Card groups of the whole pool (`effects_group`, `permanents_group` = "pool_..."), read off the
compiled facts of every card of the pool, as `mtgasp cards --coverage` enumerates them
(pybridge/cards/coverage.py's compiled_abilities: the Oracle compiler's facts, the hand facts of
asp/cards/, the rules' own abilities such as the intrinsic mana abilities of basic land types).

A card is in a group when one of its *modelled* abilities compiled to a fact of the group's
predicates: membership is the facts', never a list kept in Python.  Compiling 23,716 cards takes
minutes, so only the cards a wide net of their Oracle text catches are compiled: coverage's
classification (its GROUPS) into one of the related coverage groups, or an ability that says
"mana", "copy", "face down" or names a basic land type (coverage's triggered-mana pattern misses
"Until end of turn, whenever ..." and "Whenever a land's ability causes you to add ...": High
Tide, Caged Sun).  The net only chooses what to compile; the facts decide.  A card whose abilities there are not modelled is
in no group (a sweep of it would only say "unmodelled"): `mtgasp cards --coverage` names them.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pybridge.cards.coverage import (INTRINSIC_INDEX, abilities_of, ability_groups,
                                     compiled_abilities)

INTRINSIC = "intrinsic"      # the intrinsic mana abilities of basic land types (305.6)
# group -> (the coverage groups whose cards are compiled, the predicates that put a card in it)
POOL_GROUPS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "pool_mana_replacement": (("mana_replacement_effects",), frozenset({"mana_replacement"})),
    "pool_mana_trigger": (("triggered_mana_abilities",), frozenset({"mana_trigger"})),
    "pool_mana_abilities": (("mana_abilities",), frozenset({"mana_ability", INTRINSIC})),
    "pool_land_type_changes": (("land_type_changes",), frozenset({"land_type_effect"})),
    "pool_face_down": (("face_down_keywords",),
                       frozenset({"morph_ability", "face_down_mechanic",
                                  "as_enters_turns_face_down"})),
    "pool_copy_effects": (("copy_effects",),
                          frozenset({"enters_as_copy_effect", "makes_copy",
                                     "enters_as_copy_of_source"})),
}
POOL_UNIONS = {"pool_mana": ("pool_mana_replacement", "pool_mana_trigger")}
# a fact as clingo prints it, or a hand fact as coverage gives it ("mana_triggers.lp:18: fact.")
PREDICATE = re.compile(r"(?:[\w./-]+:\d+: )?\s*([a-z_][A-Za-z0-9_]*)\(")
NET = re.compile(r"\bmana\b|\bcop(y|ies)\b|face[- ]down|\b(Plains|Island|Swamp|Mountain|Forest)"
                 r"(s|es)?\b|land types?\b", re.IGNORECASE)


def pool_group_names() -> list[str]:
    return sorted([*POOL_GROUPS, *POOL_UNIONS])


def predicates(result) -> set[str]:
    """The predicates an ability compiled to (a fact as clingo prints it, or a hand fact's line);
    the intrinsic pseudo-ability of basic land types is INTRINSIC."""
    if result.index == INTRINSIC_INDEX:
        return {INTRINSIC}
    # an ability the card grants another object (an Aura's "enchanted land has '{T}: Add ...'")
    # or gives a token it makes is no ability of the card itself
    return {m.group(1) for fact in result.facts if (m := PREDICATE.match(fact))
            and not fact[m.end():].startswith(("grant(", "ab(token("))}


def groups_of(cards) -> dict[str, tuple[str, ...]]:
    """Each pool group over the given cards (pybridge.cards.model.Card): card names, sorted."""
    wanted = {c for related, _ in POOL_GROUPS.values() for c in related}
    found: dict[str, set[str]] = {g: set() for g in POOL_GROUPS}
    for card in cards:
        if not any(NET.search(text) or wanted & set(ability_groups(text, index))
                   for _, index, text in abilities_of(card)):
            continue
        for result in compiled_abilities(card):
            if not result.modelled:
                continue
            made = predicates(result)
            for group, (_, facts) in POOL_GROUPS.items():
                if made & facts:
                    found[group].add(card.name)
    groups = {g: tuple(sorted(names)) for g, names in found.items()}
    for union, parts in POOL_UNIONS.items():
        groups[union] = tuple(sorted({c for part in parts for c in groups[part]}))
    return groups


@lru_cache(maxsize=1)
def pool_groups() -> dict[str, tuple[str, ...]]:
    """Every pool group over the whole pool (about a minute the first time after an upgrade; the
    compiler's on-disk cache makes it quicker after)."""
    from pybridge.cards.pool import load_pool
    pool = load_pool()
    return groups_of(pool.cards())
