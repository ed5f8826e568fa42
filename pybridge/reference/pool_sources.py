"""Mana sources of the pool beyond the reference's own table: a permanent's printed mana options,
taken from the compiled facts of its abilities (the shared input, see the package docstring), and
its card types, supertypes and subtypes from the card pool's printed type line (data, not asp/).

Only what an ability adds when it resolves is read here, and only these shapes: `mana_ability`
with `cost_tap` or `cost_untap` (or neither), parts `mana_group(Ab,G,N)` each adding N mana of one
type among its `group_types` (`fixed(T)`, `any_color`), one part per creature its controller
controls (`mana_group_count(Ab,G,creature)`), or one mana of a type a land could produce
(`reflect(Whose,land,Kind)`, rule 106.7); the hand facts' shorthands `taps_for`, `adds`,
`taps_for_any_color`, `taps_for_one_of`.  Everything else (counted amounts, conditions, chosen
colours, distinct types, ...) is NotCovered, naming the fact.  Intrinsic abilities of basic land
types are the reference's own (rule 305.6, abilities_of), never read here.

A card whose other abilities could change a mana answer (a replacement or triggered mana
ability, a land-type, type or ability change, a lasting or copy effect, tokens) is NotCovered: the
reference reads only what its own tables model.
"""
from __future__ import annotations

import re
from functools import lru_cache

import clingo

from pybridge.reference.cards import COLORS, Card, ManaAbility
from pybridge.reference.covered import NotCovered

SHAPES = {"mana_ability", "cost_tap", "cost_untap", "cost_has", "mana_group", "group_types",
          "mana_group_count", "taps_for", "adds", "taps_for_any_color", "taps_for_one_of",
          "activate_only"}
# predicates of a card's other abilities that could change what it or another permanent produces
CHANGES_MANA = {"mana_trigger", "mana_replacement", "loses_type", "land_type_effect",
                "land_type_choice", "ability_grant", "ability_grant_part", "grant_apart",
                "loses_abilities", "affects_set", "lasting_while_counter", "lasting_effect",
                "static_when", "makes_copy", "enters_as_copy_effect", "enters_as_copy_of_source",
                "token_made", "doubles_pool", "mana_depends_on", "chooses_creature_type",
                "as_enters_choice", "player_grant"}
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}
HAND_PREFIX = re.compile(r"^[\w./-]+:\d+: ")


def _facts(result) -> list[clingo.Symbol]:
    out = []
    for text in result.facts:
        if text.startswith("rider, no fact:"):       # a rider the compiler read as no fact
            continue
        text = HAND_PREFIX.sub("", text).rstrip(".")
        try:
            out.append(clingo.parse_term(text))
        except (RuntimeError, ValueError):
            raise NotCovered(f"the fact {text!r}") from None
    return out


def _types(spec: clingo.Symbol, card: str) -> str:
    if spec.name == "fixed":
        return spec.arguments[0].name.upper()
    if spec.name == "any_color":
        return COLORS
    raise NotCovered(f"the card {card!r}: mana of {spec}")


def _ability(card: str, facts: list[clingo.Symbol]) -> ManaAbility:
    """One mana ability from its facts, in the reference's own shapes (cards.py)."""
    names = {f.name for f in facts}
    if names - SHAPES:
        raise NotCovered(f"the card {card!r}: a mana ability with {sorted(names - SHAPES)[0]}")
    tap = "cost_tap" in names or any(f.name.startswith("taps_for") for f in facts)
    groups: dict[int, list] = {}
    for f in facts:
        if f.name in ("taps_for", "adds"):                      # Ab,G,T,N
            g, t, n = f.arguments[1].number, f.arguments[2].name.upper(), f.arguments[3].number
            groups.setdefault(g, [n, ""])[1] += t
        elif f.name == "taps_for_any_color":
            groups.setdefault(1, [1, ""])[1] += COLORS
        elif f.name == "taps_for_one_of":
            groups.setdefault(1, [1, ""])[1] += f.arguments[1].name.upper()
        elif f.name == "mana_group":
            groups.setdefault(f.arguments[1].number, [0, ""])[0] = f.arguments[2].number
    counted = [f for f in facts if f.name == "mana_group_count"]
    specs = [f for f in facts if f.name == "group_types"]
    reflect = [s.arguments[2] for s in specs if s.arguments[2].name == "reflect"]
    if reflect:
        whose, what, kind = (a.name for a in reflect[0].arguments)
        if len(specs) != 1 or what != "land":
            raise NotCovered(f"the card {card!r}: mana of {reflect[0]}")
        return ManaAbility(tap, ("reflect", whose, kind))
    if counted:
        if len(counted) != 1 or len(specs) != 1 or counted[0].arguments[2].name != "creature":
            raise NotCovered(f"the card {card!r}: a counted amount of mana")
        return ManaAbility(tap, ("per_creature", _types(specs[0].arguments[2], card)))
    for s in specs:
        groups.setdefault(s.arguments[1].number, [0, ""])[1] += _types(s.arguments[2], card)
    parts = tuple((n, "".join(dict.fromkeys(t))) for _, (n, t) in sorted(groups.items()))
    if not parts or any(n < 1 or not t for n, t in parts):
        raise NotCovered(f"the card {card!r}: a mana ability of a shape the reference doesn't read")
    return ManaAbility(tap, ("groups", parts))


@lru_cache(maxsize=4096)
def pool_source(card: str) -> Card | None:
    """The card as a mana source (printed mana abilities of its front face from the compiled
    facts; none at all for a card without, such as the front of Akoum Warrior // Akoum Teeth), or
    None if the pool has no such card; NotCovered for a shape or another ability the reference
    doesn't model."""
    from pybridge.cards.coverage import INTRINSIC_INDEX, compiled_abilities
    from pybridge.cards.pool import load_pool

    found = load_pool().card(card)
    if found is None:
        return None
    face = found.front
    left, _, right = face.type_line.partition("—")
    words = left.split()
    abilities = []
    for result in compiled_abilities(found):
        if result.face != face.name or result.index == INTRINSIC_INDEX or not result.modelled \
                or result.source == "rules":      # a keyword the rules read (Haste): no mana
            continue
        facts = _facts(result)
        if any(f.name == "mana_ability" for f in facts):
            abilities.append(_ability(card, facts))
        elif {f.name for f in facts} & CHANGES_MANA:
            raise NotCovered(f"the card {card!r}: its ability {result.index} "
                             f"({sorted({f.name for f in facts} & CHANGES_MANA)[0]})")
    return Card(frozenset(w for w in words if w not in SUPERTYPES), "Basic" in words,
                frozenset(right.split()), tuple(abilities))
