"""Regenerate asp/cards/printed.lp from the shared card list.

The printed characteristics (name, mana cost, colours, type line, power and toughness, Oracle text
split into abilities) are data, so they are generated; what the abilities *do* is written by hand in
the other files of asp/cards/.  Run from the repository root:

    python tools/import_cards.py ../shared/cards/cards.json [extra.json ...]
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "asp" / "cards" / "printed.lp"
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing"}
KEYWORDS = ("flying", "reach", "trample", "haste", "vigilance", "deathtouch", "lifelink", "hexproof",
            "indestructible", "menace", "defender", "flash", "first strike", "double strike",
            "protection from", "ward", "shroud", "wither", "changeling", "fear", "intimidate")
COLOR_LETTERS = "WUBRG"
TWO_WORD_SUBTYPES = {"Time Lord"}


def asp_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def strip_reminder(text: str) -> str:
    return re.sub(r"\s*\([^()]*\)", "", text).strip()


def split_abilities(oracle: str) -> list[str]:
    """One entry per ability, reminder text removed; keyword lists ("Reach, trample") split."""
    abilities = []
    for paragraph in (oracle or "").split("\n"):
        text = strip_reminder(paragraph)
        if not text:
            continue
        parts = [p.strip() for p in text.split(",")]
        if len(parts) > 1 and all(p.lower().startswith(KEYWORDS) for p in parts):
            abilities.extend(p[0].upper() + p[1:] for p in parts)
        else:
            abilities.append(text)
    return abilities


def mana_symbols(cost: str | None) -> list[str]:
    return re.findall(r"\{([^}]+)\}", cost or "")


def mana_value(cost: str | None) -> int:
    total = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        else:
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


def face_facts(source: str, face: dict) -> list[str]:
    s = asp_string(source)
    out = [f"printed_name({s},{asp_string(face['name'])})."]
    cost = face.get("mana_cost") or ""
    out.append(f"printed_mana_cost({s},{asp_string(cost)}).")
    out.append(f"printed_mana_value({s},{mana_value(cost)}).")
    for col in colors_of(mana_symbols(cost)):
        out.append(f"printed_color({s},{col.lower()}).")
    if "X" in mana_symbols(cost):
        out.append(f"printed_cost_has_x({s}).")
    left, _, right = face["type_line"].partition("—")
    for word in left.split():
        kind = "supertype" if word in SUPERTYPES else "type"
        out.append(f"printed_{kind}({s},{asp_string(word)}).")
    for word in subtypes(left.split(), right):
        out.append(f"printed_subtype({s},{asp_string(word)}).")
    pt = face.get("power_toughness")
    if pt and "/" in pt:
        power, toughness = pt.split("/")
        for key, val in (("power", power), ("toughness", toughness)):
            if val.strip().lstrip("-").isdigit():
                out.append(f"printed_{key}({s},{int(val)}).")
            else:
                out.append(f"printed_{key}_defined_by_ability({s}).")
    out.append(f"printed_oracle({s},{asp_string(face.get('oracle_text') or '')}).")
    for index, text in enumerate(split_abilities(face.get("oracle_text") or ""), start=1):
        out.append(f"printed_ability({s},{index},{asp_string(text)}).")
    identity = set(colors_of(mana_symbols(cost))) | set(colors_of(mana_symbols(face.get("oracle_text"))))
    for col in sorted(identity, key=COLOR_LETTERS.index):
        out.append(f"printed_color_identity({s},{col.lower()}).")
    return out


def faces_from_text(card: dict) -> list[dict]:
    """Split "A // B" cards whose faces come only as text ("Name {cost}: rules" per face)."""
    names = card["name"].split(" // ")
    types = card["type_line"].split(" // ")
    texts = (card.get("oracle_text") or "").split("\n//\n")
    faces = []
    for name, type_line, text in zip(names, types, texts):
        match = re.match(re.escape(name) + r"\s*((?:\{[^}]+\})*)\s*:\s*", text)
        cost = match.group(1) if match else ""
        faces.append({"name": name, "type_line": type_line.strip(), "mana_cost": cost,
                      "oracle_text": text[match.end():] if match else text})
    return faces


def card_facts(card: dict) -> list[str]:
    name = card["name"]
    out = [f"% {name}", f"card({asp_string(name)})."]
    faces = card.get("faces")
    if not faces and " // " in name:
        faces = faces_from_text(card)
    if faces:
        out.append(f"card_layout({asp_string(name)},{asp_string(card.get('layout') or ('adventure' if 'Adventure' in card['type_line'] else 'split'))}).")
        for number, face in enumerate(faces, start=1):
            out.append(f"card_face({asp_string(name)},{number},{asp_string(face['name'])}).")
            out.extend(face_facts(face["name"], face))
    else:
        out.append(f"card_face({asp_string(name)},1,{asp_string(name)}).")
        out.extend(face_facts(name, card))
    return out


def main(paths: list[str]) -> None:
    cards: dict[str, dict] = {}
    for path in paths:
        for card in json.loads(Path(path).read_text()):
            cards[card["name"]] = card
    lines = [
        "% Printed characteristics of every card in the library, generated by tools/import_cards.py",
        "% from the shared card list: do not edit by hand.  A card's characteristics are keyed by the",
        "% name of its face (the card name itself for a one-faced card).",
        "",
    ]
    for name in sorted(cards):
        lines.extend(card_facts(cards[name]))
        lines.append("")
    OUT.write_text("\n".join(lines))
    print(f"wrote {len(cards)} cards to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:] or [str(Path(__file__).resolve().parents[2] / "shared" / "cards" / "cards.json")])
