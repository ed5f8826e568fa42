"""The sweep's reduction (`reduce = true`): boards the rules answer alike are one class, and a
reduced sweep answers one board of each class (docs/sweep-format.md, "The reduction").

A board's class is its *key*: what is left of it once three things the rules cannot see are
taken out.  Everything is read off the card facts (the library's hand and compiled facts,
groups.library_facts, and the printed facts), never a list of cards in Python:

1. An effect that cannot apply to any permanent of the subject (the permanent asked about and the
   permanents beside it) is dropped: a condition of it (`replaces_when`, `trigger_when`) that the
   printed card of every one of them fails (`land`, `nonland`, `basic`, `nonbasic`,
   `subtype(S)`), `yours` under a controller who is not the subject's, or a replacement whose
   every `type_by_land(S,_)` names a land type none of them has.  (Rules 614.1, 603.2: an effect
   whose event never happens does nothing; 106.12a.)
2. The controller of an effect none of whose mana abilities has the condition `yours` is not
   part of the key: the mana goes to the player who tapped, and it is that player (the affected
   object's controller) who orders the replacement effects (616.1), whoever controls the effect.
3. An effect is keyed by its behaviour, the mana facts of its abilities with the ability's own
   name taken out, so that cards with the same mana abilities (Mana Flare, Heartbeat of Spring,
   Dictate of Karametra, Zhur-Taa Ancient) are one; and chosen colours are keyed up to a
   permutation of the colours that fixes every colour a card of the board names (in its mana
   facts or its colour identity): the rules treat the five colours alike (105.1), so a board and
   its image under such a permutation have answers that are images of each other.

These premises hold of the mana groups (`mana_replacement`, `mana_trigger`): their cards change no
characteristics (no layer effects) and count nothing, so a subject's abilities see the effects
only through their mana facts.  `reduce = true` is refused for an effect outside those groups.
The reduction's test (tests/test_sweep_reduce.py) runs a small spec both ways and finds the same
set of (class, answer); `class_answer` maps an answer through the class's colour permutation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import clingo

from pybridge.cards.printed import card_facts as printed_card_facts
from pybridge.contract.scenario import COLORS
from pybridge.cards.library import load_library
from pybridge.sweep.groups import library_facts

MANA_FACTS = ("mana_replacement", "replaces_when", "replaces_with", "replaces_min_total",
              "mana_trigger", "trigger_when", "trigger_adds")
LETTERS = {c.lower(): c for c in COLORS}


@dataclass(frozen=True)
class Behaviour:
    """What the facts say of one card's mana abilities."""
    key: tuple                               # the facts with the ability's name taken out
    conditions: tuple[frozenset, ...]        # per ability: its conditions (replaces_when, trigger_when)
    by_land: tuple[frozenset, ...]           # per ability: the land types of type_by_land, if any
    colors: frozenset[str]                   # colour letters its mana facts name
    yours: bool                              # some ability has the condition `yours`


@dataclass(frozen=True)
class Characteristics:
    """Of a permanent of the subject, what the conditions read: printed types and subtypes."""
    land: bool
    basic: bool
    subtypes: frozenset[str]
    colors: frozenset[str]                   # its colour identity


def _colors_in(sym: clingo.Symbol) -> set[str]:
    if sym.type == clingo.SymbolType.Function:
        if not sym.arguments and sym.name in LETTERS:
            return {LETTERS[sym.name]}
        return {c for a in sym.arguments for c in _colors_in(a)}
    return set()


def _strip(sym: clingo.Symbol) -> str:
    return "self" if sym.type == clingo.SymbolType.Function and sym.name == "ab" else str(sym)


@lru_cache(maxsize=1)
def behaviours() -> dict[str, Behaviour]:
    """Card name -> the behaviour of its mana abilities, for every card with a mana fact."""
    facts: dict[tuple[str, int], list[clingo.Symbol]] = {}
    for sym in library_facts():                # the library's hand and compiled facts
        if sym.name in MANA_FACTS and 1 <= len(sym.arguments) <= 3:
            ab = sym.arguments[0]
            if ab.type == clingo.SymbolType.Function and ab.name == "ab" and len(ab.arguments) == 2:
                facts.setdefault((ab.arguments[0].string, ab.arguments[1].number), []).append(sym)
    library = load_library()
    per_card: dict[str, list[tuple[str, int]]] = {}
    for face, index in facts:
        card = library.resolve(face) or face
        per_card.setdefault(card, []).append((face, index))
    out = {}
    for card, abilities in per_card.items():
        keys, conditions, by_land, colors = [], [], [], set()
        for ab in sorted(abilities):
            syms = facts[ab]
            keys.append(tuple(sorted(f"{s.name}({','.join(_strip(a) for a in s.arguments)})"
                                     for s in syms)))
            conditions.append(frozenset(str(s.arguments[1]) for s in syms
                                        if s.name in ("replaces_when", "trigger_when")))
            by_land.append(frozenset(s.arguments[1].arguments[0].string for s in syms
                                     if s.name == "replaces_with"
                                     and s.arguments[1].name == "type_by_land"))
            for s in syms:
                colors |= _colors_in(s)
        out[card] = Behaviour(tuple(sorted(keys)), tuple(conditions), tuple(by_land),
                              frozenset(colors), any("yours" in c for c in conditions))
    return out


@lru_cache(maxsize=None)
def characteristics(card: str) -> Characteristics:
    types, supertypes, subtypes, colors = set(), set(), set(), set()
    for s in printed_card_facts({card}):
        args = s.arguments
        if s.name == "card_face" and args[1].number != 1:
            continue
        if s.name == "printed_type":
            types.add(args[1].string)
        elif s.name == "printed_supertype":
            supertypes.add(args[1].string)
        elif s.name == "printed_subtype":
            subtypes.add(args[1].string)
        elif s.name == "printed_color_identity":
            colors |= _colors_in(args[1])
    return Characteristics("Land" in types, "Basic" in supertypes, frozenset(subtypes),
                           frozenset(colors))


def _fails(condition: str, p: Characteristics) -> bool:
    if condition == "land":
        return not p.land
    if condition == "nonland":
        return p.land
    if condition == "basic":
        return not p.basic
    if condition == "nonbasic":
        return p.basic or not p.land
    if condition.startswith("subtype(") and condition.endswith(")"):
        return condition[len('subtype("'):-2] not in p.subtypes
    return False


def inert(card: str, controller: str, subject_controller: str,
          subject: list[Characteristics]) -> bool:
    """Whether none of the card's mana abilities can apply to any permanent of the subject."""
    b = behaviours()[card]
    for conditions, lands in zip(b.conditions, b.by_land):
        if "yours" in conditions and controller != subject_controller:
            continue
        for p in subject:
            if any(_fails(c, p) for c in conditions):
                continue
            if lands and not lands & p.subtypes:
                continue
            return False
    return True


def check_reducible(effects) -> None:
    """The premise of the reduction: every effect is a card with mana facts (raises ValueError)."""
    known = behaviours()
    for card in effects:
        if card not in known:
            raise ValueError(card)


@dataclass(frozen=True)
class ClassOf:
    key: tuple
    colors: dict[str, str]         # the permutation of WUBRG taking this board to its class


def board_class(subject_cards: list[str], subject_controller: str,
                chosen: list[tuple[str, str, str | None]]) -> ClassOf:
    """The class of a board: the subject's cards and (card, controller, chosen colour) of each
    effect joining it."""
    subject = [characteristics(c) for c in subject_cards]
    known = behaviours()
    live = [(card, ctl, color) for card, ctl, color in chosen
            if not inert(card, ctl, subject_controller, subject)]
    named = set().union(*(p.colors for p in subject), *(known[c].colors for c, _, _ in live))
    items = sorted((known[card].key, ctl if known[card].yours else "*", color)
                   for card, ctl, color in live)
    free = [c for c in COLORS if c not in named]
    mapping: dict[str, str] = {}
    keyed = []
    for behaviour, ctl, color in items:
        if color is not None and color not in named:
            if color not in mapping:
                mapping[color] = free[len(mapping)]
            color = mapping[color]
        keyed.append((behaviour, ctl, color))
    # the rest of the free colours, in order, to the rest of the targets: a whole permutation
    rest_from = [c for c in free if c not in mapping]
    rest_to = [c for c in free if c not in mapping.values()]
    mapping.update(zip(rest_from, rest_to))
    key = (tuple(subject_cards), subject_controller, tuple(sorted(keyed)))
    return ClassOf(key, {c: mapping.get(c, c) for c in COLORS})


def class_answer(answer, colors: dict[str, str]):
    """An answer (mana strings or type letters) with its colours renamed by the class's
    permutation, so that the members of a class can be compared."""
    if answer is None:
        return None

    def rename(text: str) -> str:
        return "".join(colors.get(ch, ch) for ch in text)

    if isinstance(answer, list):
        renamed = [rename(a) if isinstance(a, str) else a for a in answer]
        return tuple(sorted(_canonical_mana(a) if isinstance(a, str) and "{" in a else a
                            for a in renamed))
    return answer


def _canonical_mana(text: str) -> str:
    """A mana string with its symbols in WUBRGC order (renaming colours may disorder them)."""
    order = "WUBRGC"
    parts = re.findall(r"\{([WUBRGC])\}(?:x(\d+))?", text)
    counts = {t: 0 for t in order}
    for t, n in parts:
        counts[t] += int(n) if n else 1
    return "".join(("{%s}x%d" % (t, counts[t])) if counts[t] > 20 else "{%s}" % t * counts[t]
                   for t in order)
