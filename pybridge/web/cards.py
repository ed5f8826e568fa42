"""Cards for the page, over the whole card pool (pybridge/cards: the embedded cards and any the
user imported), not only the cards the library has facts for.

`find_cards` is the autocomplete, the lookup of `mtgasp cards NAME` ranked for typing: the card a
name names exactly (its own name or any face's, so a double-faced card by either face) first, then
names starting with the query, names with a word starting with it, names containing it, names
holding each of its words ("tomb yawg": Urborg, Tomb of Yawgmoth, as Pool.search finds it), then
the pool's closest spellings.  `card_panel` is `mtgasp cards NAME` as a record: the faces' type
lines, costs and Oracle text, what each ability compiled to, and the official rulings with dates.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pybridge.cards.pool import Pool, load_pool

MAX_QUERY = 100
DEFAULT_LIMIT = 20


@lru_cache(maxsize=2)
def _names(pool: Pool) -> tuple[tuple[str, str], ...]:
    """(casefolded name, name) of every card of the pool, sorted by name.  Keyed by the pool
    object: load_pool opens a new one when the user's pool changes (an import), so the page
    suggests the imported cards at once."""
    return tuple((name.casefold(), name) for name in pool.names())


def find_cards(query: str, limit: int = DEFAULT_LIMIT) -> list[str]:
    """Card names matching the query, the exactly named card first (see the module docstring);
    each group alphabetical."""
    key = " ".join(query.casefold().split())[:MAX_QUERY]
    if not key:
        return []
    pool = load_pool()
    exact = [card for card, _ in pool.lookup(key)]
    starts, words, contains = [], [], []
    for folded, name in _names(pool):
        if name in exact:
            continue
        if folded.startswith(key):
            starts.append(name)
        elif f" {key}" in folded or f"/ {key}" in folded:
            words.append(name)
        elif key in folded:
            contains.append(name)
    starts.sort(key=lambda n: not n.casefold().startswith(key + ","))   # "Urborg, Tomb of ..."
    found = list(dict.fromkeys(exact + starts + words + contains))[:limit]
    if len(found) < limit:
        every = re.findall(r"\w[\w'-]*", key)
        if len(every) > 1:
            found += [n for folded, n in _names(pool)
                      if n not in found and all(w in folded for w in every)][:limit - len(found)]
    if len(found) < limit:
        for close in pool.closest(key, count=limit):
            if close not in found:
                found.append(close)
    return found[:limit]


def exact_card(query: str) -> str | None:
    """The card the query names exactly, by its name or any face's (any case), or None."""
    found = load_pool().lookup(" ".join(query.split())) if query.strip() else []
    return found[0][0] if found else None


def others_named(name: str, limit: int = 6) -> list[str]:
    """Other cards whose names hold the name as a word ("Urborg": Urborg, Tomb of Yawgmoth),
    for the page to offer beside the card a name names exactly."""
    key = name.casefold()
    pattern = re.compile(rf"(^|[\s/,-]){re.escape(key)}\b")
    hits = [n for folded, n in _names(load_pool()) if n != name and pattern.search(folded)]
    hits.sort(key=lambda n: (not n.casefold().startswith(key + ","),
                             not n.casefold().startswith(key), len(n), n))
    return hits[:limit]


def card_panel(name: str) -> dict[str, Any] | None:
    """The card a name names (any face), as the page's card panel shows it, or None."""
    pool = load_pool()
    found = pool.lookup(name)
    if not found:
        return None
    card = pool.card(found[0][0], rulings=True)
    if card is None:
        return None
    from pybridge.answer.unmodelled import text_classes
    from pybridge.cards.coverage import INTRINSIC_INDEX, compiled_abilities
    abilities, classes = [], set()
    for r in compiled_abilities(card):
        intrinsic = r.index == INTRINSIC_INDEX       # a basic land type's ability (305.6)
        classes.update({"mana_ability"} if intrinsic else text_classes(card.name, r.text))
        abilities.append({
            "face": r.face, "text": r.text,
            "label": "intrinsic (305.6)" if r.index == INTRINSIC_INDEX else f"ability {r.index}",
            "modelled": r.modelled, "status": r.status, "source": r.source,
            "facts": list(r.facts), "why": "" if r.modelled else r.why,
            "trigger": r.trigger, "trigger_why": r.trigger_why})
    faces = [{"name": f.name, "type_line": f.type_line, "mana_cost": f.mana_cost,
              "oracle_text": f.oracle_text, "power": f.power, "toughness": f.toughness,
              "loyalty": f.loyalty, "defense": f.defense} for f in card.faces]
    return {"name": card.name, "layout": card.layout, "faces": faces, "abilities": abilities,
            "rulings": [{"date": r.date, "text": r.text} for r in card.rulings],
            # the classes of its abilities (pybridge/contract/kinds.py), for the questions offered
            "classes": sorted(classes),
            "others": others_named(name)}
