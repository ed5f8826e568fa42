"""The card pool a scenario may name: the user's imported pool over the embedded one.

The embedded pool (pybridge/data/cards.sqlite, built by tools/build_card_pool.py) holds every card
of the 2022 card data plus the project's newer cards and rulings.  `mtgasp cards import FILE`
writes the user's own pool to user_pool_path(); its cards take precedence over the embedded
ones of the same name, and its other cards join them.

The user data folder is $MTGASP_HOME if set, else $XDG_DATA_HOME/mtgasp, else
~/.local/share/mtgasp.

Nothing is read until a name is looked up; `load_pool()` is cached per file (and re-opened when a
file changes), so every caller shares one open pool.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pybridge.cards.model import Card
from pybridge.cards.store import PoolFile, PoolFormatError
from pybridge.errors import InputError

POOL_FILE = "cards.sqlite"
# How many closest names a suggestion gives, and how alike they must be (rapidfuzz's ratio,
# 0-100): close ones first, else any somewhat alike.
SUGGESTIONS = 3
SUGGEST_CUTOFFS = (60, 35)


def unknown_card_message(name: str, closest: list[str], longest: int = 60) -> str:
    """"unknown card 'X' (closest: 'A', 'B')", or "(no card name is close to it)" when none is;
    a name too long to be one is shown cut, with its length."""
    shown = repr(name) if len(name) <= longest else f"{name[:40]!r}... ({len(name):,} characters)"
    if not closest:
        return f"unknown card {shown} (no card name is close to it)"
    return f"unknown card {shown} (closest: {', '.join(repr(n) for n in closest)})"


@lru_cache(maxsize=1)        # (the package doesn't move: resolved once a process)
def embedded_pool_path() -> Path:
    # The package's data folder is beside this module's package (importlib.resources is
    # imported only where it isn't: it costs a small question's start-up time).
    here = Path(__file__).resolve().parent.parent / "data" / POOL_FILE
    if here.is_file():
        return here
    from importlib import resources
    return Path(str(resources.files("pybridge.data") / POOL_FILE))


def user_home() -> Path:
    if os.environ.get("MTGASP_HOME"):
        return Path(os.environ["MTGASP_HOME"])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "mtgasp"


def user_pool_path() -> Path:
    return user_home() / POOL_FILE


@dataclass(frozen=True)
class FaceRef:
    """A name that is a face of a card but not the card's own name or its front face."""
    card: str
    index: int          # 2.. for the faces after the front
    layout: str


class Pool:
    """Cards by name over several pool files, the first file's cards taking precedence."""

    def __init__(self, files: list[PoolFile]):
        self.files = files
        self._names: list[str] | None = None
        self._cards: dict[str, Card | None] = {}
        self._keys: dict[str, str] | None = None

    def card(self, name: str, rulings: bool = False) -> Card | None:
        """The card of exactly that name (any case), or None."""
        if not rulings and name in self._cards:   # a big board names the same cards often
            return self._cards[name]
        found = next((c for pool in self.files if (c := pool.card(name, rulings)) is not None),
                     None)
        if not rulings:
            self._cards[name] = found
        return found

    def lookup(self, name: str) -> list[tuple[str, int]]:
        """(card name, face number: 0 for the card's own name) of every card the name names."""
        for pool in self.files:
            found = pool.lookup(name)
            if found:
                return found
        return []

    def resolve(self, name: str) -> str | None:
        """The card a name names: its own name or its front face's, in any case."""
        for card, face in self.lookup(name):
            if face in (0, 1):
                return card
        return None

    def later_face(self, name: str) -> FaceRef | None:
        """When the name is only a later face of a card (a back face, an Adventure, a split
        card's second half), which card and face."""
        for card_name, face in self.lookup(name):
            if face >= 2:
                card = self.card(card_name)
                return FaceRef(card_name, face, card.layout if card else "")
        return None

    def names(self) -> list[str]:
        """Every card name, sorted."""
        if self._names is None:
            self._names = sorted({n for pool in self.files for n in pool.names()})
        return self._names

    def keys(self) -> dict[str, str]:
        """Casefolded card names and front-face names -> the card name."""
        if self._keys is None:
            keys: dict[str, str] = {}
            for name in self.names():
                keys.setdefault(name.casefold(), name)
            for name in self.names():
                if " // " in name:
                    keys.setdefault(name.split(" // ")[0].casefold(), name)
            self._keys = keys
        return self._keys

    def closest(self, name: str, count: int = SUGGESTIONS) -> list[str]:
        """The card names most like the name (edit-distance ratio over every card name and front
        face, any case), best first; less alike ones when none is close."""
        keys = self.keys()
        choices = list(keys)
        wanted = name.casefold()
        found = []
        for cutoff in SUGGEST_CUTOFFS:
            from rapidfuzz import fuzz, process    # only a name not found needs it
            found = process.extract(wanted, choices, scorer=fuzz.ratio, limit=count * 2,
                                    score_cutoff=cutoff)
            if found:
                break
        found.sort(key=lambda hit: (-hit[1], hit[0]))
        out: list[str] = []
        for key, _, _ in found:
            if keys[key] not in out:
                out.append(keys[key])
        return out[:count]

    def search(self, text: str, limit: int = 20) -> list[str]:
        """Card names containing the text (any case), else each of its words, shortest first;
        else the closest names."""
        wanted = text.casefold()
        hits = [n for n in self.names() if wanted in n.casefold()]
        if not hits:   # every word somewhere: "urborg tomb"
            words = re.findall(r"\w[\w'-]*", wanted)
            hits = [n for n in self.names() if words and all(w in n.casefold() for w in words)]
        if hits:
            return sorted(hits, key=lambda n: (len(n), n))[:limit]
        return self.closest(text, count=min(limit, SUGGESTIONS))

    def cards(self, rulings: bool = False):
        """Every card once, the first file's version of a name."""
        seen: set[str] = set()
        for pool in self.files:
            for card in pool.cards(rulings):
                if card.name not in seen:
                    seen.add(card.name)
                    yield card


_OPEN: dict[tuple, Pool] = {}


def _stamp(path: Path) -> tuple:
    try:
        info = path.stat()
    except OSError:
        return (str(path), None)
    return (str(path), info.st_mtime_ns, info.st_size)


def load_pool() -> Pool:
    """The user's pool (if imported) over the embedded one, opened once per version of the files.

    A user pool that can't be read is bad input: the message names the file."""
    paths = [p for p in (user_pool_path(), embedded_pool_path()) if p.is_file()]
    key = tuple(_stamp(p) for p in paths)
    pool = _OPEN.get(key)
    if pool is None:
        files = []
        for path in paths:
            try:
                files.append(PoolFile(path))
            except PoolFormatError as err:
                raise InputError(f"{err} (import a card file again with `mtgasp cards import`)") \
                    from None
        pool = _OPEN[key] = Pool(files)
    return pool
