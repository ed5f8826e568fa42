"""Printed-characteristic facts for the cards a scenario uses, made from the pool's records.

The pool is never grounded whole: a scenario's facts carry these facts for exactly the cards it
names (scenario_cards), as clingo symbols.  The vocabulary (declared in
pybridge/contract/vocabulary.py; asp/layers/layer1_copy_face_down.lp reads it) is keyed by the face
name (the card name itself for a one-faced card):

    card(Card). card_face(Card,I,Face). card_layout(Card,Layout)   % layout: several faces only
    printed_name(Face,Name). printed_mana_cost(Face,Cost). printed_mana_value(Face,N).
    printed_color(Face,c). printed_color_indicator(Face,c). printed_cost_has_x(Face).
    printed_supertype(Face,T). printed_type(Face,T). printed_subtype(Face,T).
    printed_power(Face,N). printed_toughness(Face,N). printed_power_defined_by_ability(Face).
    printed_toughness_defined_by_ability(Face). printed_oracle(Face,Text).
    printed_ability(Face,I,Text). printed_color_identity(Face,c).

printed_ability's I is the ability's position (model.split_abilities), the I of ab(Face,I).
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from clingo import Function, Number, String, Symbol

from pybridge.cards.model import Card, Face
from pybridge.contract.vocabulary import PRINTED, signatures
from pybridge.cards.pool import Pool, load_pool

# The predicates of these facts: inputs beside the scenario contract's, declared with the card
# vocabulary (pybridge/contract/vocabulary.py; asp/vocabulary/cards.lp #defines them).
PRINTED_SIGNATURES = signatures(PRINTED)
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing"}
COLOR_LETTERS = "WUBRG"
TWO_WORD_SUBTYPES = {"Time Lord"}


def _fact(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


COST_SYMBOL = re.compile(r"\{([^}]+)\}")       # a mana symbol of a cost: {G}, {2/W}


def mana_symbols(cost: str | None) -> list[str]:
    return COST_SYMBOL.findall(cost or "")


def mana_value(cost: str | None) -> int:
    """Rule 202.3: numbers count as themselves, X as 0, every other symbol as one."""
    total = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym not in ("X", "Y", "Z"):
            total += 1
    return total


def colors_of(symbols: list[str]) -> list[str]:
    return [c for c in COLOR_LETTERS if any(c in s.split("/") or s == c for s in symbols)]


def subtypes(types: list[str], text: str) -> list[str]:
    """The subtypes after the dash: single words, except the two-word creature type Time Lord
    (rule 205.3m) and a plane's subtype, which is every word together (rule 205.3b)."""
    words = text.split()
    if "Plane" in types:
        return [" ".join(words)] if words else []
    out: list[str] = []
    for word in words:
        if out and f"{out[-1]} {word}" in TWO_WORD_SUBTYPES:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def face_facts(face: Face) -> list[Symbol]:
    s = String(face.name)
    cost = face.mana_cost or ""
    symbols = mana_symbols(cost)
    out = [_fact("printed_name", s, String(face.name)),
           _fact("printed_mana_cost", s, String(cost)),
           _fact("printed_mana_value", s, Number(mana_value(cost)))]
    out += [_fact("printed_color", s, Function(c.lower())) for c in colors_of(symbols)]
    out += [_fact("printed_color_indicator", s, Function(c.lower()))
            for c in COLOR_LETTERS if c in face.color_indicator]
    if "X" in symbols:
        out.append(_fact("printed_cost_has_x", s))
    left, _, right = face.type_line.partition("—")
    for word in left.split():
        kind = "printed_supertype" if word in SUPERTYPES else "printed_type"
        out.append(_fact(kind, s, String(word)))
    out += [_fact("printed_subtype", s, String(w)) for w in subtypes(left.split(), right)]
    if face.power is not None and face.toughness is not None:
        for key, value in (("power", face.power), ("toughness", face.toughness)):
            if value.strip().lstrip("-").isdigit():
                out.append(_fact(f"printed_{key}", s, Number(int(value))))
            else:
                out.append(_fact(f"printed_{key}_defined_by_ability", s))
    out.append(_fact("printed_oracle", s, String(face.oracle_text or "")))
    out += [_fact("printed_ability", s, Number(i), String(text))
            for i, text in enumerate(face.abilities, start=1)]
    identity = set(colors_of(symbols)) | set(colors_of(mana_symbols(face.oracle_text)))
    out += [_fact("printed_color_identity", s, Function(c.lower()))
            for c in COLOR_LETTERS if c in identity]
    return out


def card_symbols(card: Card) -> list[Symbol]:
    name = String(card.name)
    out = [_fact("card", name)]
    if len(card.faces) > 1:
        out.append(_fact("card_layout", name, String(card.layout)))
    for number, face in enumerate(card.faces, start=1):
        out.append(_fact("card_face", name, Number(number), String(face.name)))
        out += face_facts(face)
    return out


def card_facts(names: Iterable[str], pool: Pool | None = None) -> list[Symbol]:
    """The printed facts of the named cards (card names as the pool spells them), each once,
    in name order.  A name the pool lacks is a bug in the caller: scenarios resolve names first."""
    pool = pool or load_pool()
    out: list[Symbol] = []
    for name in sorted(set(names)):
        card = pool.card(name)
        if card is None:
            raise KeyError(f"no card {name!r} in the card pool")
        out += card_symbols(card)
    return out


def scenario_cards(scenario) -> set[str]:
    """Every card a scenario uses: its permanents' cards and the cards they copy or were turned
    face down by, its effects', commanders' and graveyards' cards, the cards its asks name, and
    noted names that are card names."""
    names: set[str] = set()
    maybe: set[str] = set()
    names.update(card for _, card in scenario.commanders)
    names.update(card for _, _, card in scenario.graveyards)
    names.update(card for _, card, _ in getattr(scenario, "conspiracies", ()))   # 315.5
    names.update(card for _, card in getattr(scenario, "library_tops", ()))
    for p in scenario.permanents:
        names.update(c for c in (p.card, p.copy_of_card, p.copy_by, p.exiled_card) if c)
        if getattr(p, "token", None):           # the card whose text defines the token (111.3)
            names.add(p.token)
        maybe.update(c for c in (p.face_down, p.noted_name) if c)
    names.update(e.card for e in scenario.effects)
    names.update(e.copy_of_card for e in scenario.effects if getattr(e, "copy_of_card", None))
    names.update(c.card for c in getattr(scenario, "cards", ()))        # [[card]] and [[event]]
    maybe.update(c.face_down for c in getattr(scenario, "cards", ()) if c.face_down)
    for event in getattr(scenario, "events", ()):
        names.update(c for c in (event.by,) if c)
        maybe.update(how for _, how in event.face_down)
        maybe.update(c for c in (event.way,) if c)
    maybe.update(ask.options["way"] for ask in scenario.asks
                 if isinstance(ask.options.get("way"), str))
    # face_down and way are a card's name or a mechanic's; noted_name is free text
    pool = load_pool()
    names.update(filter(None, (pool.resolve(text) for text in maybe - names)))
    return names
