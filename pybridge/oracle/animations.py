"""Animations: an activated ability that makes its own permanent a creature until end of turn
("{1}: ~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land.";
a Vehicle's "Crew N", 702.122a: an artifact creature with its printed power and toughness),
rules 611.2, 613.1d-f, 613.4b) -> the facts of a lasting effect, which a scenario [[effect]]
naming the card and ability (and targeting the permanent it animated: its own source, a target
land, or the land its Aura enchants, as Mutavault's hand facts always did) states resolved:

    lasting_effect(Card,Ab)                       made only by resolving (rule 611.2a)
    land_type_effect(Ab,targets,add_type(T))      Creature, and Artifact or Enchantment if named
    land_type_effect(Ab,targets,add(Subtype))     its creature types; add_all_creature_types
    color_effect(Ab,targets,set(C))               its colours (layer 5), colorless if so
    sets_base_pt(Ab,targets,P,T)                  layer 7b
    ability_grant(Ab,targets,Keyword)             "with flying and infect" (layer 6)

The types it had stay: an animated land is still a land (205.1b).  A quoted ability, an X, or a
word of the description it doesn't know leaves the ability unmodelled with the reason.
"""
from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol
from lark.exceptions import LarkError

from pybridge.oracle.abilities import KEYWORDS
from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, ability_term

ANIMATION = re.compile(
    r"^(?P<cost>[^:\"]+): (?:[Uu]ntil end of turn, )?"
    r"(?:~|[Tt]arget (?:[\w-]+ )*?(?:land|artifact|creature|permanent|Forest|Island|Swamp|Mountain|Plains)"
    r"(?: you control)?|[Ee]nchanted (?:land|Forest|Island|Swamp|Mountain|Plains)) becomes an? (?P<pt>\d+/\d+) "
    r"(?P<desc>[^.\"]*?)\bcreature(?: with (?P<with>[^.]+?))?(?: until end of turn)?\."
    r"(?P<rest>(?: It's still an? (?:land|artifact|enchantment)\.)?)$")
# Crew N (702.122a): "Tap any number of other untapped creatures you control with total power N or
# greater: This permanent becomes an artifact creature until end of turn."
CREW = re.compile(r"^Crew \d+$")
COLOURS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "land": "Land"}


class Unreadable(Exception):
    pass


def is_animation_text(source: str) -> bool:
    return bool(ANIMATION.match(source) or CREW.match(source))


def compile_animation(card: str, face: str, index: int, text: str, source: str) -> AbilityCompilation:
    ab = ability_term(face, index)
    if CREW.match(source):          # its power-tapping cost isn't a {T}: nothing to judge of it
        facts = [Function("activated", [ab]), Function("lasting_effect", [String(card), ab]),
                 _type_change(ab, Function("add_type", [String("Artifact")])),
                 _type_change(ab, Function("add_type", [String("Creature")]))]
        return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="animation")
    match = ANIMATION.match(source)
    try:
        facts = _costs(match["cost"], ab) + _effect(match, ab)
    except Unreadable as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="animation")
    facts = [Function("activated", [ab]), Function("lasting_effect", [String(card), ab])] + facts
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="animation")


def _costs(cost: str, ab: Symbol) -> list[Symbol]:
    from pybridge.oracle.mana import Unmodelled, cost_facts, parser
    try:
        costs = parser().parse(cost + ": Add {C}.", start="mana_ability").children[0]
        return [f for part in costs.children for f in cost_facts(part, ab)]
    except (LarkError, Unmodelled):
        raise Unreadable(f"an animation with a cost the grammar doesn't read: {cost!r}") from None


def _effect(match: re.Match, ab: Symbol) -> list[Symbol]:
    targets = Function("targets")
    power, toughness = (int(n) for n in match["pt"].split("/"))
    facts = [_type_change(ab, Function("add_type", [String("Creature")])),
             Function("sets_base_pt", [ab, targets, Number(power), Number(toughness)])]
    facts += _description(match["desc"], ab)
    if match["with"]:
        facts += _with(match["with"], ab)
    return facts


def _type_change(ab: Symbol, change: Symbol) -> Symbol:
    return Function("land_type_effect", [ab, Function("targets"), change])


def _description(desc: str, ab: Symbol) -> list[Symbol]:
    """"white and blue Elemental artifact": colours, creature types, other card types."""
    from pybridge.oracle.statics.words import creature_types
    facts: list[Symbol] = []
    for word in re.findall(r"[\w'-]+", desc.replace(",", " ")):
        lower = word.lower()
        if lower == "and":
            continue
        if lower in COLOURS:
            facts.append(Function("color_effect", [ab, Function("targets"),
                                                   Function("set", [Function(COLOURS[lower])])]))
        elif lower == "colorless":
            facts.append(Function("color_effect", [ab, Function("targets"), Function("colorless")]))
        elif lower in TYPES:
            facts.append(_type_change(ab, Function("add_type", [String(TYPES[lower])])))
        elif word in creature_types():
            facts.append(_type_change(ab, Function("add", [String(word)])))
        else:
            raise Unreadable(f"an animation into a {word!r}: not in the vocabulary")
    return facts


def _with(words: str, ab: Symbol) -> list[Symbol]:
    """"flying", "flying and infect", "all creature types", "first strike": keywords only."""
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if p.strip()]
    out = []
    for part in parts:
        if part.lower() == "all creature types":
            out.append(_type_change(ab, Function("add_all_creature_types")))
            continue
        if part.lower() not in KEYWORDS + ("infect", "prowess", "shroud", "horsemanship") or \
                part.lower() in ("protection from", "ward"):
            raise Unreadable(f"an animation with {part!r}: not in the vocabulary")
        out.append(Function("ability_grant", [ab, Function("targets"), String(part[0].upper() + part[1:].lower())]))
    return out
