"""A face's Oracle text as its numbered abilities.

The numbering is the one every ability term ab(Face,I) uses: paragraphs of the Oracle text with
reminder text removed, a paragraph that is a list of keywords ("Flying, trample") split into one
ability per keyword, empty paragraphs skipped, counting from 1 (pybridge/cards/printed.py's
printed_ability/3 is made the same way).
"""
from __future__ import annotations

import re

KEYWORDS = ("flying", "reach", "trample", "haste", "vigilance", "deathtouch", "lifelink", "hexproof",
            "indestructible", "menace", "defender", "flash", "first strike", "double strike",
            "protection from", "ward", "shroud", "wither", "changeling", "fear", "intimidate")
_REMINDER = re.compile(r"\s*\([^()]*\)")


def strip_reminder(text: str) -> str:
    return _REMINDER.sub("", text).strip()


def split_abilities(oracle: str) -> list[str]:
    abilities: list[str] = []
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
