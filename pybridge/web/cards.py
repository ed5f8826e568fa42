"""Card name lookup for the page's autocomplete: prefix, then word, then substring, then fuzzy."""
from __future__ import annotations

import difflib
from functools import lru_cache

from pybridge.library import load_library

MAX_QUERY = 100
DEFAULT_LIMIT = 20


@lru_cache(maxsize=1)
def _names() -> tuple[tuple[str, str], ...]:
    """(casefolded name, name) of every card the library defines, sorted by name."""
    return tuple((name.casefold(), name) for name in load_library().names())


def find_cards(query: str, limit: int = DEFAULT_LIMIT) -> list[str]:
    """Card names matching the query: names starting with it, then names with a word starting
    with it, then names containing it, then close spellings; each group alphabetical."""
    key = " ".join(query.casefold().split())[:MAX_QUERY]
    if not key:
        return []
    names = _names()
    starts, words, contains = [], [], []
    for folded, name in names:
        if folded.startswith(key):
            starts.append(name)
        elif f" {key}" in folded:
            words.append(name)
        elif key in folded:
            contains.append(name)
    found = (starts + words + contains)[:limit]
    if len(found) < limit:
        folded_names = [folded for folded, _ in names]
        by_folded = dict(names)
        for close in difflib.get_close_matches(key, folded_names, n=limit, cutoff=0.6):
            if by_folded[close] not in found:
                found.append(by_folded[close])
    return found[:limit]
