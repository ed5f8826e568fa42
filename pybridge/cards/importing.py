"""`mtgasp cards import FILE`: read MTGJSON's AtomicCards.json or Scryfall's oracle-cards bulk file
into card records, and write them as the user's pool.

MTGJSON AtomicCards: {"meta": {...}, "data": {card name: [face object, ...]}}, a face object
carrying "name" (the whole card's, "A // B"), "faceName" (the face's, on multi-faced cards),
"side" ("a", "b", ...), "layout", "manaCost", "type", "text", "power", "toughness",
"loyalty", "defense", "colorIndicator" (["G"]) and "rulings" ([{"date", "text"}]).

Scryfall oracle cards: [card object, ...], each with "object": "card", "name", "layout",
"mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense",
"color_indicator", and for a multi-faced card "card_faces" (objects with the same face fields).
The bulk file has no rulings: an imported card keeps the rulings the pool already had for it.
Tokens, emblems and art cards (Scryfall layouts token, double_faced_token, emblem, art_series)
are not cards a scenario names, and are skipped.

Meld cards become one card per face (each front face, and the melded permanent), and a
reversible card whose faces are the same card becomes that card, as in the embedded pool.

Any malformed record stops the import with one line naming the file and the record (exit 2): a
name holding a control character or a line break (the pool's name list is one name a line), any
text holding a lone surrogate (no UTF-8) or a NUL.  The user's pool is written atomically
(store.write_pool), so a failed import leaves it as it was; and under an exclusive lock on a file
beside it, re-reading the pool under the lock, so two imports at once both keep their cards.
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pybridge.cards.model import Card, Face, Ruling
from pybridge.cards.pool import Pool, load_pool, user_pool_path
from pybridge.cards.store import PoolFile, PoolFormatError, pool_lock, write_pool
from pybridge.errors import InputError

SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
COLOR_LETTERS = "WUBRG"
# A name is one line of the pool's name list and a word a user types: no control character
# (C0, DEL, C1), no line or paragraph separator, no lone surrogate.
BAD_NAME_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
# Any text: no lone surrogate (it has no UTF-8, so the pool could not store it), no NUL.
BAD_TEXT_CHARACTER = re.compile("[\x00\ud800-\udfff]")


class _Record:
    """One record of the file, for messages: `FILE: data["Name"][0]: problem`."""

    def __init__(self, path: str, where: str):
        self.path, self.where = path, where

    def fail(self, problem: str) -> InputError:
        return InputError(f"{self.path}: {self.where}: {problem}")

    def text(self, obj: dict, key: str, required: bool = False) -> str | None:
        value = obj.get(key)
        if value is None:
            if required:
                raise self.fail(f"missing {key!r}")
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool) \
                and key in ("power", "toughness", "loyalty", "defense"):
            return str(value)
        if not isinstance(value, str):
            raise self.fail(f"{key!r} must be a string, not {type(value).__name__}")
        bad = (BAD_NAME_CHARACTER if key in ("name", "faceName") else BAD_TEXT_CHARACTER).search(value)
        if bad:
            raise self.fail(f"{key!r} holds the character U+{ord(bad.group()):04X}, "
                            f"which no card {'name' if key in ('name', 'faceName') else 'text'} has")
        return value

    def colors(self, obj: dict, key: str) -> tuple[str, ...]:
        value = obj.get(key)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(v in tuple(COLOR_LETTERS) for v in value):
            raise self.fail(f"{key!r} must be a list of W, U, B, R, G")
        return tuple(c for c in COLOR_LETTERS if c in value)

    def rulings(self, obj: dict) -> tuple[Ruling, ...]:
        value = obj.get("rulings")
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail("'rulings' must be a list")
        out = []
        for number, ruling in enumerate(value):
            if not (isinstance(ruling, dict) and isinstance(ruling.get("date"), str)
                    and isinstance(ruling.get("text"), str)):
                raise self.fail(f"ruling {number} must have a 'date' and a 'text'")
            if BAD_TEXT_CHARACTER.search(ruling["date"] + ruling["text"]):
                raise self.fail(f"ruling {number} holds a NUL or a lone surrogate")
            out.append(Ruling(ruling["date"], ruling["text"]))
        return tuple(out)


# --- MTGJSON ---------------------------------------------------------------------------------
def _mtgjson_face(r: _Record, obj: Any, name_key: str) -> Face:
    if not isinstance(obj, dict):
        raise r.fail("a face must be an object")
    return Face(name=r.text(obj, name_key, required=True), type_line=r.text(obj, "type", True),
                mana_cost=r.text(obj, "manaCost") or "", oracle_text=r.text(obj, "text") or "",
                power=r.text(obj, "power"), toughness=r.text(obj, "toughness"),
                loyalty=r.text(obj, "loyalty"), defense=r.text(obj, "defense"),
                color_indicator=r.colors(obj, "colorIndicator"))


def read_mtgjson(doc: dict, path: str) -> list[Card]:
    data = doc["data"]
    if not isinstance(data, dict):
        raise InputError(f"{path}: 'data' must be an object of card names")
    cards: list[Card] = []
    for name, faces in data.items():
        r = _Record(path, f"data[{json.dumps(name, ensure_ascii=False)}]")
        r.text({"name": name}, "name")
        if not isinstance(faces, list) or not faces:
            raise r.fail("must be a list of face objects")
        records = []
        for index, obj in enumerate(faces):
            rf = _Record(path, f"{r.where}[{index}]")
            name_key = "faceName" if isinstance(obj, dict) and "faceName" in obj else "name"
            records.append((rf, obj, _mtgjson_face(rf, obj, name_key)))
        records.sort(key=lambda rec: str(rec[1].get("side") or ""))
        first = records[0][1]
        layout = records[0][0].text(first, "layout") or "normal"
        rulings = records[0][0].rulings(first)
        face_list = [face for _, _, face in records]
        if layout == "meld":
            cards += [Card(f.name, (f,), layout, rulings) for f in face_list]
        else:
            cards.append(_one_card(name, face_list, layout, rulings))
    return cards


def _one_card(name: str, faces: list[Face], layout: str, rulings: tuple[Ruling, ...]) -> Card:
    if len({f.name for f in faces}) == 1:      # a reversible card of one card twice
        return Card(faces[0].name, (faces[0],), layout, rulings)
    if len(faces) == 1:
        return Card(faces[0].name if faces[0].name != name and " // " in name else name,
                    (faces[0],), layout, rulings)
    return Card(name, tuple(faces), layout, rulings)


# --- Scryfall --------------------------------------------------------------------------------
def _scryfall_face(r: _Record, obj: Any) -> Face:
    if not isinstance(obj, dict):
        raise r.fail("a face must be an object")
    return Face(name=r.text(obj, "name", required=True),
                type_line=r.text(obj, "type_line", required=True),
                mana_cost=r.text(obj, "mana_cost") or "", oracle_text=r.text(obj, "oracle_text") or "",
                power=r.text(obj, "power"), toughness=r.text(obj, "toughness"),
                loyalty=r.text(obj, "loyalty"), defense=r.text(obj, "defense"),
                color_indicator=r.colors(obj, "color_indicator"))


def read_scryfall(doc: list, path: str) -> list[Card]:
    cards: list[Card] = []
    for index, obj in enumerate(doc):
        label = obj.get("name") if isinstance(obj, dict) else None
        r = _Record(path, f"card {index}" + (f" ({json.dumps(label, ensure_ascii=False)})"
                                             if isinstance(label, str) else ""))
        if not isinstance(obj, dict):
            raise r.fail("must be a card object")
        layout = r.text(obj, "layout") or "normal"
        if layout in SKIPPED_LAYOUTS or obj.get("object", "card") != "card":
            continue
        name = r.text(obj, "name", required=True)
        faces_raw = obj.get("card_faces")
        if faces_raw is None:
            faces = [_scryfall_face(r, obj)]
        elif isinstance(faces_raw, list) and faces_raw:
            faces = []
            for number, face in enumerate(faces_raw):
                rf = _Record(path, f"{r.where} face {number}")
                if isinstance(face, dict) and "type_line" not in face and "type_line" in obj:
                    # a flip or split face may leave its type line to the card
                    whole = r.text(obj, "type_line")
                    face = {**face, "type_line": whole.split(" // ")[
                        min(number, whole.count(" // "))]}
                faces.append(_scryfall_face(rf, face))
        else:
            raise r.fail("'card_faces' must be a list of face objects")
        cards.append(_one_card(name, faces, layout, ()))
    return cards


# --- the command -----------------------------------------------------------------------------
def read_card_file(path: str | Path) -> tuple[str, list[Card]]:
    """(format name, cards) of an AtomicCards.json or a Scryfall oracle-cards file."""
    path = str(path)
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except json.JSONDecodeError as err:
        raise InputError(f"{path}: line {err.lineno}: not JSON: {err.msg}") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        raise InputError(f"{path}: cannot read: {err}") from None
    if isinstance(doc, dict) and "data" in doc:
        return "MTGJSON AtomicCards", read_mtgjson(doc, path)
    if isinstance(doc, list) and all(isinstance(c, dict) and c.get("object") in ("card", None)
                                     and "name" in c for c in doc[:1]):
        return "Scryfall oracle cards", read_scryfall(doc, path)
    raise InputError(f"{path}: neither MTGJSON's AtomicCards ({{\"meta\", \"data\"}}) nor "
                     f"Scryfall's oracle cards (a list of card objects)")


@dataclass
class ImportReport:
    """What an import did: the file's format, the cards it added to the user's pool and those it
    replaced there (by name), and the names the file gave more than once (the last kept)."""
    kind: str
    target: Path
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.added) + len(self.replaced)


def _duplicates(cards: list[Card]) -> list[str]:
    seen: set[str] = set()
    twice: set[str] = set()
    for card in cards:
        (twice if card.name in seen else seen).add(card.name)
    return sorted(twice)


def _pool_cards(target: Path) -> list[Card]:
    """The user's pool as it is on disk now (read under the lock, never from a cached pool)."""
    if not target.is_file():
        return []
    try:
        pool_file = PoolFile(target)
        return list(pool_file.cards(rulings=True))
    except (PoolFormatError, sqlite3.Error) as err:
        raise InputError(f"{err} (delete it to import afresh)") from None


def import_cards(path: str | Path, pool: Pool | None = None) -> ImportReport:
    """Read the file and merge it into the user's pool: its earlier cards, replaced by the file's
    of the same name.  A card without rulings keeps the ones the pool had.  The merge re-reads the
    pool under an exclusive lock, so an import running at the same time loses nothing."""
    kind, cards = read_card_file(path)
    if not cards:
        raise InputError(f"{path}: no cards in it")
    pool = pool or load_pool()
    target = user_pool_path()
    report = ImportReport(kind, target, duplicates=_duplicates(cards))
    try:
        with pool_lock(target):
            earlier = _pool_cards(target)
            known_here = {c.name: c for c in earlier}
            filled: dict[str, Card] = {}
            for card in cards:
                if not card.rulings:
                    known = known_here.get(card.name) or pool.card(card.name, rulings=True)
                    if known is not None and known.rulings:
                        card = Card(card.name, card.faces, card.layout, known.rulings)
                filled[card.name] = card
            for name in sorted(filled):
                (report.replaced if name in known_here else report.added).append(name)
            write_pool([*earlier, *filled.values()], target, sources=[Path(path).name])
    except (OSError, sqlite3.Error) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise InputError(f"cannot write the card pool {target}: {reason}") from None
    return report
