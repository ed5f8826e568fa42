"""The compiled facts of a scenario's cards, and which of their abilities are modelled.

A hand encoding in asp/cards/ takes precedence: an ability that any hand fact names (ab(Face,I)
anywhere in the facts of asp/cards/) gets no compiled facts, so the two
never add up.  Everything here is cached per card.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

import clingo
from clingo import Symbol

from pybridge.cards.pool import load_pool
from pybridge.cards.library import load_library
from pybridge.contract import vocabulary
from pybridge.oracle import cache

if TYPE_CHECKING:
    from pybridge.oracle.compilation import AbilityCompilation, CardCompilation

# The card vocabulary is declared once, in pybridge/contract/vocabulary.py; these are its flags.
# A hand fact in one of COMPILED_PREDICATES about an ability replaces everything the compiler says
# about it; the copy vocabulary (COPY_PREDICATES) is keyed by the card, so a card that
# asp/cards/copy.lp encodes by hand gets none of the compiler's copy facts.
COMPILED_PREDICATES = frozenset(p.name for p in vocabulary.CARD_VOCABULARY if p.replaces_compiled)
CARD_VOCABULARY = vocabulary.signatures()       # name/arity of each
COPY_PREDICATES = frozenset(p.name for p in vocabulary.CARD_VOCABULARY if p.copy_keyed)


@lru_cache(maxsize=1)
def hand_copy_cards() -> frozenset[str]:
    return frozenset(atom.arguments[0].string for atom in _hand_atoms()
                     if atom.name in COPY_PREDICATES and atom.arguments
                     and atom.arguments[0].type == clingo.SymbolType.String)


def _hand_atoms() -> tuple[Symbol, ...]:
    from pybridge.cards.encoded import hand_atoms
    return hand_atoms()


def _ability_terms(sym: Symbol, found: set[Symbol]) -> None:
    if sym.type == clingo.SymbolType.Function:
        if sym.name == "ab" and len(sym.arguments) == 2:
            found.add(sym)
        for arg in sym.arguments:
            _ability_terms(arg, found)


@lru_cache(maxsize=1)
def hand_encoded() -> frozenset[Symbol]:
    """The abilities ab(Face,I) whose mana ability and costs asp/cards/ states by hand."""
    return frozenset(atom.arguments[0] for atom in _hand_atoms()
                     if atom.name in COMPILED_PREDICATES and atom.arguments)


@lru_cache(maxsize=1)
def hand_named() -> frozenset[Symbol]:
    """Every ability ab(Face,I) that some hand fact of asp/cards/ says something about."""
    found: set[Symbol] = set()
    for atom in _hand_atoms():
        _ability_terms(atom, found)
    return frozenset(found)


@lru_cache(maxsize=4096)
def card_compilation(card: str) -> CardCompilation:
    info = load_library().cards.get(card)
    faces = [(face, text, "") for face, text in info.oracle] if info else []
    # compiled by an earlier process (pybridge/oracle/cache.py), else compiled here
    key = (card, tuple((face, text) for face, text, _ in faces))
    found = cache.get(key)
    if found is None:
        from pybridge.oracle.compile import compile_card    # (see ability_compilations)
        found = compile_card(card, faces)
        cache.put(key, found)
    return found


@lru_cache(maxsize=4096)     # (as card_compilation: a question looks a card up many times)
def ability_compilations(card: str) -> tuple[AbilityCompilation, ...]:
    """What each ability of the card compiled to.  A card with no ability (a basic land: its
    text is reminder text) needs no compiler, so a question about such cards never imports it
    nor lark (a good part of a small question's start-up)."""
    info = load_library().cards.get(card)
    if info is not None and not info.abilities:
        return ()
    return card_compilation(card).abilities


def is_modelled(ability: AbilityCompilation) -> bool:
    return ability.modelled or ability.term in hand_named()


@lru_cache(maxsize=1)
def hand_triggered() -> frozenset[Symbol]:
    """The abilities whose trigger condition asp/cards/ states by hand (triggers_on/3)."""
    return frozenset(atom.arguments[0] for atom in _hand_atoms()
                     if atom.name in TRIGGER_PREDICATES and atom.arguments)


TRIGGER_PREDICATES = ("triggers_on", "trigger_if")


def compiled_facts(card: str) -> list[Symbol]:
    if not ability_compilations(card):   # (a basic land: the hand facts aren't even grounded)
        return []
    hand = hand_encoded()
    by_hand = card in hand_copy_cards()
    # a copy ability's facts are keyed by the card: only copy.lp's facts of the card replace them
    # (a hand cost of the same ability, activated_abilities.lp, is about its activation)
    out = [f for a in ability_compilations(card) if a.modelled
           and (not by_hand if a.pattern == "copy" else a.term not in hand) for f in a.facts]
    # a trigger condition is stated whatever its effect is (603.2), unless the hand states it
    triggered = hand_triggered()
    out += [f for a in ability_compilations(card) if a.term not in triggered
            for f in a.trigger_facts]
    return out + unread_facts(card)


def unread_facts(card: str) -> list[Symbol]:
    """unread_ability(Ab,Shape): each printed ability nothing models that is a spell's, an
    activated (or mana, 605.1a) or a triggered ability (and, beside, `lasting` when its words
    make a lasting effect, `face_down` when they turn cards face down), so that `ability = N` counts the
    abilities as printed (rule 113.2) and an ask or a refusal naming one says it is not
    modelled yet, never another ability's answer nor "none"."""
    unread = [a for a in ability_compilations(card) if not is_modelled(a)]
    if not unread:        # (the classes' patterns then never compiled: a basic land's question)
        return []
    from pybridge.cards.ability_classes import (classes_of, is_activated, makes_lasting_effect,
                                                strip_prefix, turns_face_down)
    found_card = load_library().card(card)
    spell = found_card is not None and not any(face.is_permanent for face in found_card.faces)
    out = []
    for a in unread:
        found = classes_of(a.text)
        shapes = ["spell"] if spell else []
        shapes += ["activated"] if "activated" in found else []      # an Equip keyword too
        if "mana_ability" in found and is_activated(strip_prefix(a.text)):    # not 605.1b's
            shapes.append("mana_ability")
        shapes += ["trigger"] if found & {"trigger", "phase_trigger"} else []
        resolves = bool(set(shapes) & {"spell", "activated", "trigger"})
        shapes += ["lasting"] if resolves and makes_lasting_effect(a.text) else []
        shapes += ["face_down"] if resolves and turns_face_down(a.text) else []
        out += [clingo.Function("unread_ability", [a.term, clingo.Function(shape)]) for shape in shapes]
    return out


def oracle_facts(card_names) -> list[Symbol]:
    """The compiled facts of the named cards' abilities that no hand encoding covers, and the
    coloured symbols of their mana costs (for devotion)."""
    out: list[Symbol] = []
    for card in sorted(set(card_names)):
        out += compiled_facts(card)
    if any(f.name == "mana_group_devotion" for f in out):     # only devotion reads costs
        out += devotion_facts(card_names)
    colour_sets = sorted({f.arguments[1].arguments[0].string for f in out if f.name == "static_when"
                          and f.arguments[1].name == "devotion_below"})
    colour_sets = sorted(set(colour_sets) | counted_colour_sets(out))     # counts
    if colour_sets:                                         # devotion to colours (rule 700.5a)
        out += devotion_set_facts(card_names, colour_sets)
    cache.save()        # what this process compiled, for the next `ask` (nothing new: no write)
    return out


def scenario_cards(scenario) -> set[str]:
    """Every card a scenario names: permanents, what they copy, effects, commanders, graveyards."""
    names = {p.card for p in scenario.permanents if p.card}
    names |= {p.token for p in scenario.permanents if p.token}
    names |= {c for p in scenario.permanents for c in (p.copy_of_card, p.copy_by, p.exiled_card) if c}
    names |= {p.face_down for p in scenario.permanents if p.face_down in load_library().cards}
    names |= {e.card for e in scenario.effects}
    names |= {e.copy_of_card for e in scenario.effects if getattr(e, "copy_of_card", None)}
    names |= {card for _, card in scenario.commanders}
    names |= {card for _, _, card in scenario.graveyards}
    names |= {card for _, card, _ in getattr(scenario, "conspiracies", ())}   # 315.5
    names |= {card for _, card in getattr(scenario, "library_tops", ())}
    return names


# --- devotion (rule 700.5) reads the coloured symbols of mana costs ---
def cost_symbol_facts(cost: str) -> list[Symbol]:
    """mana_cost_color_symbols(Cost,T,N): N symbols of colour T in the mana cost; a hybrid
    symbol counts for each of its colours, a Phyrexian one for its colour (rule 700.5)."""
    counts: dict[str, int] = {}
    for symbol in re.findall(r"\{([^}]+)\}", cost):
        for colour in {c for c in symbol.lower().split("/") if c in "wubrg"}:
            counts[colour] = counts.get(colour, 0) + 1
    return [clingo.Function("mana_cost_color_symbols", [clingo.String(cost), clingo.Function(t),
                                                        clingo.Number(n)])
            for t, n in sorted(counts.items())]


def devotion_facts(card_names) -> list[Symbol]:
    """The coloured symbols of the named cards' faces' mana costs, from the card pool."""
    pool = load_pool()
    found = {face.mana_cost for name in card_names if (card := pool.card(name)) is not None
             for face in card.faces if face.mana_cost}
    return [fact for cost in sorted(found) for fact in cost_symbol_facts(cost)]


# --- counts: devotion and chroma counted in a power/toughness (statics_counts.lp) ---
COUNTED_COLOURS = ("devotion", "yard_symbols", "its_symbols")


def counted_colour_sets(facts: list[Symbol]) -> set[str]:
    """The colour sets of the devotion and chroma count terms among the facts."""
    found: set[str] = set()

    def walk(sym: Symbol) -> None:
        if sym.type == clingo.SymbolType.Function:
            if sym.name in COUNTED_COLOURS and len(sym.arguments) == 1 and \
                    sym.arguments[0].type == clingo.SymbolType.String:
                found.add(sym.arguments[0].string)
            for arg in sym.arguments:
                walk(arg)
    for f in facts:
        if f.name in ("pt_cda", "pt_modify_per"):
            walk(f)
    return found


def devotion_set_facts(card_names, colour_sets: list[str]) -> list[Symbol]:
    """mana_cost_devotion(Cost,Colours,N): N mana symbols of Cost have a colour of Colours, each
    symbol counted once, a hybrid one included (rule 700.5a)."""
    pool = load_pool()
    costs = sorted({face.mana_cost for name in card_names if (card := pool.card(name)) is not None
                    for face in card.faces if face.mana_cost})
    out = []
    for cost in costs:
        symbols = [set(s.lower().split("/")) for s in re.findall(r"\{([^}]+)\}", cost)]
        for colours in colour_sets:
            n = sum(1 for s in symbols if s & set(colours))
            if n:
                out.append(clingo.Function("mana_cost_devotion", [clingo.String(cost),
                                                                  clingo.String(colours), clingo.Number(n)]))
    return out


# --- a process's compile cache, filled ahead (the fork server, before `check`'s workers) ---
def precompile(names) -> None:
    """Compile every card the names name (others are skipped), so that the processes forked
    from this one find them compiled."""
    library = load_library()
    hand_named()
    for name in sorted(set(names)):
        card = library.resolve(name) if isinstance(name, str) and name else None
        if card is not None:
            ability_compilations(card)
    cache.save()         # so that the next process finds them compiled

