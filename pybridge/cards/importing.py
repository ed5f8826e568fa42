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

Any malformed record stops the import with one line naming the file and the record; the user's
pool is written atomically (store.write_pool), so a failed import leaves it as it was.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pybridge.cards.model import Card, Face, Ruling
from pybridge.cards.pool import Pool, load_pool, user_pool_path
from pybridge.cards.store import write_pool
from pybridge.errors import InputError

SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
COLOR_LETTERS = "WUBRG"


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
                    face = {**face, "type_line": obj["type_line"].split(" // ")[
                        min(number, obj["type_line"].count(" // "))]}
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


def import_cards(path: str | Path, pool: Pool | None = None) -> tuple[str, int, Path]:
    """Read the file and write the user's pool: its earlier cards, replaced by the file's of the
    same name.  A card without rulings keeps the ones the pool had.  Returns (format, number of
    cards read, the pool file)."""
    kind, cards = read_card_file(path)
    if not cards:
        raise InputError(f"{path}: no cards in it")
    pool = pool or load_pool()
    target = user_pool_path()
    earlier = [c for f in pool.files if f.path == target for c in f.cards(rulings=True)]
    filled = []
    for card in cards:
        if not card.rulings:
            known = pool.card(card.name, rulings=True)
            if known is not None and known.rulings:
                card = Card(card.name, card.faces, card.layout, known.rulings)
        filled.append(card)
    try:
        write_pool([*earlier, *filled], target, sources=[Path(path).name])
    except OSError as err:
        raise InputError(f"cannot write the card pool {target}: {err.strerror or err}") from None
    return kind, len(filled), target
