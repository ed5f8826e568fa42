"""The typed card record: a card, its faces and its official rulings.

Every source (the embedded pool, MTGJSON's AtomicCards, Scryfall's oracle cards) becomes these
records; the logic programs only ever see facts made from them (pybridge/cards/printed.py).  A
one-faced card has one Face whose name is the card's; a card with several faces ("Fire // Ice",
"Delver of Secrets // Insectile Aberration") lists them in printed order, the front face first.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# Keyword abilities a line of Oracle text may list together ("Flying, trample"); such a line is
# one ability per keyword (rule 702.1).
LISTABLE_KEYWORDS = ("flying", "reach", "trample", "haste", "vigilance", "deathtouch", "lifelink",
                     "hexproof", "indestructible", "menace", "defender", "flash", "first strike",
                     "double strike", "protection from", "ward", "shroud", "wither", "changeling",
                     "fear", "intimidate")
# The card types that make a card a permanent card (rule 110.4).
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
LAYOUT_DEFAULT = "normal"


REMINDER = re.compile(r"\s*\([^()]*\)")      # (compiled once: a fork server's workers share it)


def strip_reminder(text: str) -> str:
    """Text without its reminder text (parenthesised; rule 207.2)."""
    return REMINDER.sub("", text).strip()


def split_abilities(oracle: str) -> list[str]:
    """One entry per ability, reminder text removed; keyword lists ("Reach, trample") split.

    The position in this list (from 1) is the I of the ability term ab(Face,I) that the hand
    encodings in asp/cards/ and the compiled facts key on, so it must never change lightly."""
    abilities = []
    for paragraph in (oracle or "").split("\n"):
        text = strip_reminder(paragraph)
        if not text:
            continue
        parts = [p.strip() for p in text.split(",")]
        if len(parts) > 1 and all(p.lower().startswith(LISTABLE_KEYWORDS) for p in parts):
            abilities.extend(p[0].upper() + p[1:] for p in parts)
        else:
            abilities.append(text)
    return abilities


@dataclass(frozen=True)
class Ruling:
    """A ruling on a card: its date and text."""
    date: str        # YYYY-MM-DD
    text: str


@dataclass(frozen=True)
class Face:
    """One face of a card as printed."""
    name: str
    type_line: str
    mana_cost: str = ""                    # "" when the face has none (a land, a back face)
    oracle_text: str = ""
    power: str | None = None               # printed, as text: "2", "*", "1+*"
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    color_indicator: tuple[str, ...] = ()  # WUBRG letters (rule 204), where the source knows it

    @property
    def abilities(self) -> list[str]:
        return split_abilities(self.oracle_text)

    @property
    def card_types(self) -> list[str]:
        left = self.type_line.partition("—")[0]
        return [w for w in left.split() if w[:1].isupper()]

    @property
    def is_permanent(self) -> bool:
        """A permanent card's face (rule 110.4): one of the permanent types."""
        return any(t in PERMANENT_TYPES for t in self.card_types)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type_line": self.type_line}
        for key in ("mana_cost", "oracle_text", "power", "toughness", "loyalty", "defense"):
            value = getattr(self, key)
            if value:
                out[key] = value
        if self.color_indicator:
            out["color_indicator"] = "".join(self.color_indicator)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Face:
        return cls(name=data["name"], type_line=data["type_line"],
                   mana_cost=data.get("mana_cost", ""), oracle_text=data.get("oracle_text", ""),
                   power=data.get("power"), toughness=data.get("toughness"),
                   loyalty=data.get("loyalty"), defense=data.get("defense"),
                   color_indicator=tuple(data.get("color_indicator", "")))


@dataclass(frozen=True)
class Card:
    """A card of the pool: its faces and layout."""
    name: str
    faces: tuple[Face, ...]
    layout: str = LAYOUT_DEFAULT           # MTGJSON/Scryfall layout: normal, split, transform, ...
    rulings: tuple[Ruling, ...] = field(default=(), compare=False)

    @property
    def front(self) -> Face:
        return self.faces[0]

    def face(self, name: str) -> Face | None:
        key = name.casefold()
        return next((f for f in self.faces if f.name.casefold() == key), None)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "faces": [f.as_dict() for f in self.faces]}
        if self.layout != LAYOUT_DEFAULT:
            out["layout"] = self.layout
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any],
                  rulings: tuple[Ruling, ...] = ()) -> Card:
        return cls(name=data["name"], faces=tuple(Face.from_dict(f) for f in data["faces"]),
                   layout=data.get("layout", LAYOUT_DEFAULT), rulings=rulings)
