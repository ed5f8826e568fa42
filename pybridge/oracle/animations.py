"""Animations: an activated ability, a triggered ability or a spell that makes a permanent a
creature until end of turn ("{1}: ~ becomes a 2/2 Assembly-Worker artifact creature until end of
turn. It's still a land."; "Target land becomes a 3/3 creature until end of turn."; "Whenever you
cast a creature spell, ~ becomes a 4/4 Illusion creature with flying in addition to its other
types until end of turn."; "Target Vehicle becomes an artifact creature until end of turn." and
a Vehicle's "Crew N", 702.122a: an artifact creature with its printed power and toughness;
rules 611.2, 613.1d-f, 613.4b) -> the facts of a lasting effect, which a scenario [[effect]]
naming the card and ability (and targeting the permanent it animated: its own source, a target
land, or the land its Aura enchants, as Mutavault's hand facts always did) states resolved:

    lasting_effect(Card,Ab)                       made only by resolving (rule 611.2a)
    land_type_effect(Ab,targets,add_type(T))      Creature, and Artifact or Enchantment if named
    land_type_effect(Ab,targets,add(Subtype))     its creature types; add_all_creature_types
    land_type_effect(Ab,targets,add_supertype(S)) "a legendary 8/12 Spirit creature"
    color_effect(Ab,targets,set(C))               its colours (layer 5), colorless if so
    sets_base_pt(Ab,targets,P,T)                  layer 7b; P = T = x: "an X/X", the X paid or
                                                  determined as it applied (608.2h), the
                                                  [[effect]]'s `x`
    pt_modify(Ab,targets,DP,DT)                   "and gets +1/+1" (layer 7c)
    combat_rule(Ab,targets,Kind,"")               "and can't be blocked this turn", "It must be
                                                  blocked this turn if able."
    ability_grant(Ab,targets,Keyword)             "with flying and infect" (layer 6)

The types it had stay: an animated land is still a land (205.1b).  "You may have ~ become": the
[[effect]] says the choice was made.  A quoted ability or a word of the description it doesn't
know leaves the ability unmodelled with the reason.
"""
from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol
from lark.exceptions import LarkError

from pybridge.oracle.abilities import KEYWORDS
from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, ability_term
from pybridge.oracle.statics.rules import combat_rule_facts

ANIMATION = re.compile(
    r"^(?:(?P<cost>[^:\"]+): |(?P<trigger>(?:When|Whenever|At)\b[^,:\"]*), )?(?:[Uu]ntil end of turn, )?"
    r"(?P<may>[Yy]ou may have )?"
    r"(?P<who>~|it|(?:[Aa]nother |[Uu]p to one )?[Tt]arget (?:[\w-]+ )*?(?:land|artifact|creature|permanent|Vehicle|"
    r"Forest|Island|Swamp|Mountain|Plains)(?: you control)?|[Ee]nchanted (?:land|Forest|Island|Swamp|Mountain|"
    r"Plains)) (?(may)become|becomes) an? (?P<super>(?:legendary|snow) )?(?:(?P<pt>\d+/\d+|X/X) )?(?P<desc>[^.\"]*?)\bcreature"
    r"(?: with (?P<with>[^.]+?))?(?: in addition to its other types)?"
    r"(?: and gets (?P<gets>[+-]\d+/[+-]\d+))?(?: until end of turn)?"
    r"(?P<combat> and (?:can't be blocked|must be blocked) this turn(?: if able)?)?"
    r"(?:, where X is (?P<where>[^.\"]+))?\."
    r"(?P<rest>(?: It's still an? (?:land|artifact|enchantment)\.)?)"
    r"(?P<must> It must be blocked this turn if able\.)?$")
# Crew N (702.122a): "Tap any number of other untapped creatures you control with total power N or
# greater: This permanent becomes an artifact creature until end of turn."
CREW = re.compile(r"^Crew \d+$")
COLOURS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "land": "Land"}
SUPERTYPES = {"legendary": "Legendary", "snow": "Snow"}


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
    # a spell's or a triggered ability's effect has no cost: no activated ability to judge
    activated = [Function("activated", [ab])] if match["cost"] else []
    facts = activated + [Function("lasting_effect", [String(card), ab])] + facts
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="animation")


def _costs(cost: str | None, ab: Symbol) -> list[Symbol]:
    if cost is None:
        return []
    from pybridge.oracle.mana import Unmodelled, cost_facts, parser
    try:
        costs = parser().parse(cost + ": Add {C}.", start="mana_ability").children[0]
        return [f for part in costs.children for f in cost_facts(part, ab)]
    except (LarkError, Unmodelled):
        raise Unreadable(f"an animation with a cost the grammar doesn't read: {cost!r}") from None


def _effect(match: re.Match, ab: Symbol) -> list[Symbol]:
    facts = [_type_change(ab, Function("add_type", [String("Creature")]))]
    if match["pt"] == "X/X":       # X paid, or determined once as the effect applies (608.2h):
        facts.append(Function("sets_base_pt", [ab, Function("targets"), Function("x"), Function("x")]))
    elif match["pt"]:              # without one a Vehicle keeps its printed values (301.7a)
        facts.append(_base_pt(ab, match["pt"]))
    elif match["where"]:
        raise Unreadable("an animation whose X is no power and toughness")
    facts += _description((match["super"] or "") + match["desc"], ab)
    if match["with"]:
        facts += _with(match["with"], ab)
    if match["gets"]:              # layer 7c, after the base the animation sets (613.4b-c)
        power, toughness = (int(n) for n in match["gets"].split("/"))
        facts.append(Function("pt_modify", [ab, Function("targets"), Number(power), Number(toughness)]))
    if match["combat"] or match["must"]:
        phrase = (match["combat"] or match["must"]).strip()
        facts += combat_rule_facts(ab, Function("targets"), "can't be blocked" if "can't" in phrase
                                   else "must be blocked if able")
    if sum(f.name == "sets_base_pt" for f in facts) > 1:
        raise Unreadable("an animation that sets its power and toughness twice")
    return facts


def _base_pt(ab: Symbol, pt: str) -> Symbol:
    power, toughness = (int(n) for n in pt.split("/"))
    return Function("sets_base_pt", [ab, Function("targets"), Number(power), Number(toughness)])


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
        elif lower in SUPERTYPES:    # "a legendary 8/12 Spirit creature" (205.4a)
            facts.append(_type_change(ab, Function("add_supertype", [String(SUPERTYPES[lower])])))
        elif word in creature_types():
            facts.append(_type_change(ab, Function("add", [String(word)])))
        else:
            raise Unreadable(f"an animation into a {word!r}: not in the vocabulary")
    return facts


def _with(words: str, ab: Symbol) -> list[Symbol]:
    """"flying", "flying and infect", "all creature types", "first strike", "base power and
    toughness 3/3": keywords and a base power and toughness only."""
    out = []
    base = re.fullmatch(r"base power and toughness (\d+/\d+)", words)
    if base:
        return [_base_pt(ab, base[1])]
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if p.strip()]
    for part in parts:
        if part.lower() == "all creature types":
            out.append(_type_change(ab, Function("add_all_creature_types")))
            continue
        if part.lower() not in KEYWORDS + ("infect", "prowess", "shroud", "horsemanship") or \
                part.lower() in ("protection from", "ward"):
            raise Unreadable(f"an animation with {part!r}: not in the vocabulary")
        out.append(Function("ability_grant", [ab, Function("targets"), String(part[0].upper() + part[1:].lower())]))
    return out
