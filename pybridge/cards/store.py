"""A card pool file: SQLite holding compressed blocks of cards, indexed by every name a user types.

Tables (format version FORMAT_VERSION):
    meta(key, value)          format, zdict (a shared zlib dictionary), count, sources, and
                              all_names: every card name, newline-separated, compressed
    blocks(id, data)          BLOCK consecutive cards (by name) as compressed JSON, each
                              Card.as_dict() plus "rulings": [[date, ruling number], ...]
    ruling_blocks(id, data)   the distinct ruling texts, RULING_BLOCK to a block (many cards
                              share a ruling: 45,046 rulings, 23,597 texts)
    names(key, card, face)    casefolded card and face names -> card number (its block is
                              card // BLOCK); face 0 is the card's own name, 1.. its faces

Opening a pool reads only meta; resolving a name is one indexed query and inflating one block,
so the cards of a one-Forest question cost about a millisecond.  `write_pool` writes a new file
beside the target and renames it over it, so no reader ever sees half a pool.
"""
from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from pybridge.cards.model import Card, Ruling

FORMAT_VERSION = "2"
BLOCK = 64
RULING_BLOCK = 64
ZDICT_BYTES = 32 * 1024   # zlib's window: a longer preset dictionary would not be used


@contextmanager
def pool_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `<pool>.lock` beside the pool file: writers of the same pool
    (two `mtgasp cards import` at once) take turns, each re-reading what the other wrote.  The
    lock is the kernel's (flock): it is released when its holder exits, however it exits."""
    import fcntl
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(str(path) + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


class PoolFormatError(Exception):
    """The file is not a card pool this version can read."""


def _build_zdict(samples: Iterable[str]) -> bytes:
    """A preset dictionary of the commonest runs of words, the commonest last (zlib reaches the
    end of its dictionary most cheaply)."""
    counts: Counter[str] = Counter()
    for sample in samples:
        words = sample.split(" ")
        for size in (6, 3):
            for i in range(0, len(words) - size + 1, size):
                counts[" ".join(words[i:i + size]) + " "] += size
    chosen: list[bytes] = []
    total = 0
    for run, count in counts.most_common():
        if count < 12:
            break
        encoded = run.encode()
        if total + len(encoded) <= ZDICT_BYTES:
            chosen.append(encoded)
            total += len(encoded)
    return b"".join(reversed(chosen))


def _pack(value, zdict: bytes) -> bytes:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    return packer.compress(raw) + packer.flush()


def _unpack(blob: bytes, zdict: bytes):
    return json.loads(zlib.decompressobj(-15, zdict).decompress(blob))


def write_pool(cards: Iterable[Card], path: Path, sources: Iterable[str] = ()) -> int:
    """Write the cards (a later card replaces an earlier one of the same name) to path
    atomically; returns the number of cards written."""
    by_name: dict[str, Card] = {}
    for card in cards:
        by_name[card.name] = card
    ordered = [by_name[n] for n in sorted(by_name)]
    texts: dict[str, int] = {}
    records = []
    for card in ordered:
        record = card.as_dict()
        if card.rulings:
            record["rulings"] = [[r.date, texts.setdefault(r.text, len(texts))]
                                 for r in card.rulings]
        records.append(record)
    all_texts = list(texts)
    zdict = _build_zdict([json.dumps(r, ensure_ascii=False) for r in records] + all_texts)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile      # only writing a pool needs it (not at the top: start-up time)
    handle, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        db = sqlite3.connect(temp)
        with db:
            db.executescript("""
                CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB);
                CREATE TABLE blocks (id INTEGER PRIMARY KEY, data BLOB);
                CREATE TABLE ruling_blocks (id INTEGER PRIMARY KEY, data BLOB);
                CREATE TABLE names (key TEXT, card INTEGER, face INTEGER,
                                    PRIMARY KEY (key, card, face)) WITHOUT ROWID;
            """)
            db.executemany("INSERT INTO meta VALUES (?, ?)", [
                ("format", FORMAT_VERSION), ("zdict", zdict), ("count", str(len(ordered))),
                ("sources", json.dumps(list(sources))),
                ("all_names", zlib.compress("\n".join(c.name for c in ordered).encode(), 9))])
            db.executemany("INSERT INTO blocks VALUES (?, ?)", [
                (i // BLOCK, _pack(records[i:i + BLOCK], zdict))
                for i in range(0, len(records), BLOCK)])
            db.executemany("INSERT INTO ruling_blocks VALUES (?, ?)", [
                (i // RULING_BLOCK, _pack(all_texts[i:i + RULING_BLOCK], zdict))
                for i in range(0, len(all_texts), RULING_BLOCK)])
            names = set()
            for number, card in enumerate(ordered):
                names.add((card.name.casefold(), number, 0))
                if len(card.faces) > 1 or card.faces[0].name != card.name:
                    names.update((f.name.casefold(), number, i)
                                 for i, f in enumerate(card.faces, start=1))
            db.executemany("INSERT INTO names VALUES (?, ?, ?)", sorted(names))
        db.execute("VACUUM")
        db.close()
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return len(ordered)


class PoolFile:
    """A pool file opened read-only; nothing is read until asked for."""

    def __init__(self, path: Path):
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True,
                                       check_same_thread=False)
            meta = dict(self._db.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as err:
            raise PoolFormatError(f"{self.path}: not a card pool ({err})") from None
        if meta.get("format") != FORMAT_VERSION:
            raise PoolFormatError(f"{self.path}: card pool format {meta.get('format')!r}, "
                                  f"this mtgasp reads {FORMAT_VERSION!r}")
        self._meta = meta
        self._zdict = meta["zdict"]
        self.count = int(meta["count"])
        self.sources = json.loads(meta.get("sources", "[]"))
        self._block = lru_cache(maxsize=64)(self._read_block)
        self._ruling_block = lru_cache(maxsize=64)(self._read_ruling_block)

    def _read_block(self, number: int) -> list[dict]:
        (blob,) = self._db.execute("SELECT data FROM blocks WHERE id = ?", (number,)).fetchone()
        return _unpack(blob, self._zdict)

    def _read_ruling_block(self, number: int) -> list[str]:
        (blob,) = self._db.execute("SELECT data FROM ruling_blocks WHERE id = ?",
                                   (number,)).fetchone()
        return _unpack(blob, self._zdict)

    def _record(self, number: int) -> dict:
        return self._block(number // BLOCK)[number % BLOCK]

    def _card(self, record: dict, rulings: bool) -> Card:
        found: tuple[Ruling, ...] = ()
        if rulings:
            found = tuple(Ruling(date, self._ruling_block(n // RULING_BLOCK)[n % RULING_BLOCK])
                          for date, n in record.get("rulings", ()))
        return Card.from_dict(record, found)

    def lookup(self, name: str) -> list[tuple[str, int]]:
        """(card name, face number: 0 for the card's own name) of every card the name names."""
        rows = self._db.execute("SELECT card, face FROM names WHERE key = ? ORDER BY face, card",
                                (name.casefold(),)).fetchall()
        return [(self._record(card)["name"], face) for card, face in rows]

    def card(self, name: str, rulings: bool = False) -> Card | None:
        """The card of that name (its own name, any case), or None."""
        row = self._db.execute("SELECT card FROM names WHERE key = ? AND face = 0",
                               (name.casefold(),)).fetchone()
        return None if row is None else self._card(self._record(row[0]), rulings)

    def names(self) -> list[str]:
        return zlib.decompress(self._meta["all_names"]).decode().split("\n")

    def cards(self, rulings: bool = False) -> Iterator[Card]:
        for (blob,) in self._db.execute("SELECT data FROM blocks ORDER BY id"):
            for record in _unpack(blob, self._zdict):
                yield self._card(record, rulings)
