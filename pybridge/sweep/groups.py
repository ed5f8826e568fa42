"""Card groups a sweep spec can name (`effects_group`), read off the library's card facts.

The library's facts are the single source of truth: a group is every card of the library
(pybridge/cards/encoded.py's library_cards) one of whose abilities the facts declare in that
role, never a list kept in Python.  The facts are what a scenario of the card gets: the Oracle
compiler's output for it and the hand facts of asp/cards/ (library_facts).  The same facts say
which cards are lasting effects of resolved spells and abilities (they join a board as
[[effect]] tables).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

import clingo

from pybridge.cards.printed import card_facts as printed_card_facts
from pybridge.cards.library import load_library

# group name -> the fact (name/1 over ab(Face,I)) that puts a card's ability in it
GROUP_FACTS = {
    "mana_replacement": "mana_replacement",   # replacement effects on mana production (614, 616)
    "mana_trigger": "mana_trigger",           # triggered mana abilities (106.12a, 605.1b)
}
# a group that is the union of others
GROUP_UNIONS = {"mana": ("mana_replacement", "mana_trigger")}
CHOOSES_A_COLOR = re.compile(r"\bchooses? a colou?r\b", re.IGNORECASE)   # "that player chooses a color"


@dataclass(frozen=True)
class CardFacts:
    groups: dict[str, tuple[str, ...]]     # group -> card names, sorted
    lasting: frozenset[str]                # cards whose effect is a lasting effect ([[effect]])
    auras: frozenset[str]                  # cards with the subtype Aura on their first face
    chooses_color: frozenset[str]          # cards whose Oracle text chooses a colour as it enters
    face_down_ways: frozenset[str] = frozenset()   # every `face_down` value (face_down_source)


def group_names() -> list[str]:
    return sorted([*GROUP_FACTS, *GROUP_UNIONS])


@lru_cache(maxsize=4)
def library_facts(extra: frozenset[str] = frozenset()) -> tuple[clingo.Symbol, ...]:
    """The hand facts of asp/cards/ and the compiled facts of every library card and of the
    `extra` cards (a spec's cards of the pool beyond the library; those no hand fact covers, as
    pybridge/oracle/hook.py gives a scenario)."""
    from pybridge.cards.encoded import hand_atoms, library_cards
    from pybridge.oracle.hook import compiled_facts
    hand = list(hand_atoms())
    compiled = {f for card in {*library_cards(), *extra} for f in compiled_facts(card)}
    return tuple(hand) + tuple(sorted(compiled - set(hand)))


@lru_cache(maxsize=4)
def card_facts(extra: frozenset[str] = frozenset()) -> CardFacts:
    """The library's groups (GROUP_FACTS) and what a board needs to know of its cards (lasting
    effects, Auras, colour choosers), over the library and the `extra` cards."""
    ctl = clingo.Control(["--warn=none"])
    with ctl.backend() as backend:
        for sym in library_facts(extra):
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    # The cards' printed facts come from the card pool (a scenario gets only its own cards'), so
    # the cards the ability facts name are looked up there.
    named = {atom.symbol.arguments[0].arguments[0].string for fact in (*GROUP_FACTS.values(),)
             for atom in ctl.symbolic_atoms.by_signature(fact, 1)
             if atom.symbol.arguments[0].name == "ab"}
    named |= {atom.symbol.arguments[0].string
              for atom in ctl.symbolic_atoms.by_signature("lasting_effect", 2)}
    library = load_library()
    cards = {library.resolve(face) for face in named} - {None}
    printed = printed_card_facts(cards)
    face_card: dict[str, str] = {}
    first_face: dict[str, str] = {}
    found: dict[str, set[str]] = {g: set() for g in GROUP_FACTS}
    lasting_by: dict[str, set[str]] = defaultdict(set)   # card -> its abilities' lasting effects
    mana_abilities: set[str] = set()
    aura_faces: set[str] = set()
    chooser_faces: set[str] = set()
    ways = {str(a.symbol.arguments[0]).strip('"') for a in ctl.symbolic_atoms.by_signature("face_down_source", 3)}
    for sym in [*(atom.symbol for atom in ctl.symbolic_atoms), *printed]:
        args = sym.arguments
        if sym.name == "card_face" and len(args) == 3:
            face_card[args[2].string] = args[0].string
            if args[1].number == 1:
                first_face[args[0].string] = args[2].string
        elif sym.name == "lasting_effect" and len(args) == 2:
            lasting_by[args[0].string].add(str(args[1]))
        elif sym.name == "printed_subtype" and len(args) == 2 and args[1].string == "Aura":
            aura_faces.add(args[0].string)
        elif sym.name == "printed_ability" and len(args) == 3 and CHOOSES_A_COLOR.search(args[2].string):
            chooser_faces.add(args[0].string)
        for group, fact in GROUP_FACTS.items():
            if sym.name == fact and len(args) == 1 and args[0].name == "ab":
                found[group].add(args[0].arguments[0].string)
                mana_abilities.add(str(args[0]))
    # A card joins as an [[effect]] when its mana ability is the lasting effect (Deep Water's
    # "{U}: Until end of turn ..."), or it has no mana ability; a permanent whose other ability
    # makes a lasting effect (Nirkana Revenant's "+1/+1 until end of turn") is a permanent.
    with_mana = {face_card.get(face, face) for faces in found.values() for face in faces}
    lasting = {card for card, abilities in lasting_by.items()
               if abilities & mana_abilities or card not in with_mana}
    groups = {g: tuple(sorted({face_card.get(face, face) for face in faces}))
              for g, faces in found.items()}
    for union, parts in GROUP_UNIONS.items():
        groups[union] = tuple(sorted({c for part in parts for c in groups[part]}))
    return CardFacts(groups=groups, lasting=frozenset(lasting),
                     auras=frozenset(face_card.get(f, f) for f in aura_faces
                                     if first_face.get(face_card.get(f, f)) == f),
                     chooses_color=frozenset(face_card.get(f, f) for f in chooser_faces),
                     face_down_ways=frozenset(ways))
