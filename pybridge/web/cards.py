"""Card name lookup for the page's autocomplete, over the whole card pool (pybridge/cards: the
embedded 23,716 cards and any the user imported), not only the cards the library has facts for:
names starting with the query, then names with a word starting with it, then names containing
it, then the pool's closest spellings (rapidfuzz, as `mtgasp cards NAME` suggests them)."""
from __future__ import annotations

from functools import lru_cache

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
    """Card names matching the query: names starting with it, then names with a word starting
    with it, then names containing it, then close spellings; each group alphabetical."""
    key = " ".join(query.casefold().split())[:MAX_QUERY]
    if not key:
        return []
    pool = load_pool()
    starts, words, contains = [], [], []
    for folded, name in _names(pool):
        if folded.startswith(key):
            starts.append(name)
        elif f" {key}" in folded:
            words.append(name)
        elif key in folded:
            contains.append(name)
    found = (starts + words + contains)[:limit]
    if len(found) < limit:
        for close in pool.closest(key, count=limit):
            if close not in found:
                found.append(close)
    return found[:limit]
