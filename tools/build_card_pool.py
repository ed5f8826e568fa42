"""Build the embedded card pool, pybridge/data/cards.sqlite, from the source card lists.

    python tools/build_card_pool.py ALL_CARDS.json.gz LIBRARY.json [EXTRA.json ...] [-o OUT]

ALL_CARDS is the 2022 pool (an object: name -> {"name", "faces": {face name: {"text", "type",
"manaCost", "power", "toughness", "layout"}}, "rulings": [{"date", "text"}]}); LIBRARY and the
EXTRA lists are arrays of {"name", "mana_cost", "type_line", "oracle_text", "power_toughness",
"rulings", optional "layout" and "faces"} (the project's card list: newer cards and rulings).
Later lists replace earlier cards of the same name.  The project's copy of the card list is
pybridge/data/library_cards.json; tools/extra_cards.json adds the cards scenarios need beside it:

    python tools/build_card_pool.py PATH/TO/all_cards_2022.json.gz \\
        pybridge/data/library_cards.json tools/extra_cards.json
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pybridge.cards.model import Card, Face, Ruling  # noqa: E402
from pybridge.cards.store import write_pool  # noqa: E402

OUT = ROOT / "pybridge" / "data" / "cards.sqlite"


def _rulings(entries) -> tuple[Ruling, ...]:
    return tuple(Ruling(r["date"], r["text"]) for r in entries or ())


def _pt(text: str | None) -> tuple[str | None, str | None]:
    if text and "/" in text:
        power, toughness = text.split("/", 1)
        return power.strip(), toughness.strip()
    return None, None


def pool_2022(path: Path) -> list[Card]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    cards = []
    for name, entry in data.items():
        faces = tuple(Face(name=face_name, type_line=f.get("type") or "",
                           mana_cost=f.get("manaCost") or "", oracle_text=f.get("text") or "",
                           power=f.get("power"), toughness=f.get("toughness"))
                      for face_name, f in entry["faces"].items())
        layout = next(iter(entry["faces"].values())).get("layout") or "normal"
        if len(faces) == 1 and faces[0].name != name:
            # "Bruna, the Fading Light // Brisela, Voice of Nightmares" (a meld card listed under
            # its pair) and "Propaganda // Propaganda" (a reversible card): the card is its face,
            # unless the face is listed on its own already.
            if faces[0].name in data:
                continue
            name = faces[0].name
        cards.append(Card(name=name, faces=faces, layout=layout,
                          rulings=_rulings(entry.get("rulings"))))
    return cards


def _faces_from_text(card: dict) -> list[dict]:
    """Faces of an "A // B" entry given only as text ("Name {cost}: rules" per face)."""
    names = card["name"].split(" // ")
    types = card["type_line"].split(" // ")
    texts = (card.get("oracle_text") or "").split("\n//\n")
    faces = []
    for name, type_line, text in zip(names, types, texts):
        match = re.match(re.escape(name) + r"\s*((?:\{[^}]+\})*)\s*:\s*", text)
        faces.append({"name": name, "type_line": type_line.strip(),
                      "mana_cost": match.group(1) if match else "",
                      "oracle_text": text[match.end():] if match else text})
    return faces


def _library_face(entry: dict) -> Face:
    power, toughness = _pt(entry.get("power_toughness"))
    return Face(name=entry["name"], type_line=entry.get("type_line") or "",
                mana_cost=entry.get("mana_cost") or "", oracle_text=entry.get("oracle_text") or "",
                power=power, toughness=toughness)


def library_list(path: Path) -> list[Card]:
    cards = []
    for entry in json.loads(path.read_text(encoding="utf-8")):
        faces = entry.get("faces")
        layout = entry.get("layout")
        if not faces and " // " in entry["name"]:
            faces = _faces_from_text(entry)
            layout = layout or ("adventure" if "Adventure" in entry["type_line"] else "split")
        face_records = tuple(_library_face(f) for f in faces) if faces else (_library_face(entry),)
        cards.append(Card(name=entry["name"], faces=face_records, layout=layout or "normal",
                          rulings=_rulings(entry.get("rulings"))))
    return cards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("all_cards", type=Path, help="the 2022 pool (.json.gz)")
    parser.add_argument("lists", type=Path, nargs="+", help="card lists that replace its entries")
    parser.add_argument("-o", "--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    cards = pool_2022(args.all_cards)
    for path in args.lists:
        cards += library_list(path)
    sources = [args.all_cards.name, *(p.name for p in args.lists)]
    count = write_pool(cards, args.out, sources)
    print(f"wrote {count} cards to {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
