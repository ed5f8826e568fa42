"""The card library: where the logic programs live, and which cards they define.

The card facts in asp/cards/ are the single source of truth; Python reads the names (to validate
scenarios and suggest close names) by grounding those facts, never by keeping a list of its own.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import clingo


def asp_dir() -> Path:
    """The asp/ folder: beside the package in a checkout, inside it in an installed wheel."""
    checkout = Path(__file__).resolve().parent.parent / "asp"
    if (checkout / "rules").is_dir():
        return checkout
    return Path(str(resources.files("pybridge") / "asp"))


EXPLAIN_FOLDER = "explain"
ENTRY = "main.lp"      # the program: it #includes the rules in their order (asp/main.lp)


def program_files() -> list[Path]:
    """The logic program an answer runs: asp/main.lp, which includes every rules, card and show
    file in a visible order.

    asp/explain/ is left out: those programs only justify answers (--explain, --dot) and cost
    grounding time, so they are loaded on request (explain_files)."""
    return [asp_dir() / ENTRY]


def explain_files(names: list[str] | None = None) -> list[Path]:
    """The programs of asp/explain/ named (file stems), or all of them; in a stable order.
    (asp/explain/main.lp includes them all, for clingo by hand.)"""
    folder = asp_dir() / EXPLAIN_FOLDER
    files = sorted(p for p in folder.glob("*.lp") if p.name != ENTRY)
    if names is None:
        return files
    wanted = set(names)
    return [p for p in files if p.stem in wanted]


@dataclass(frozen=True)
class CardInfo:
    name: str
    faces: tuple[str, ...]
    oracle: tuple[tuple[str, str], ...]          # (face name, Oracle text) per face
    abilities: tuple[tuple[str, int, str], ...]  # (face name, index, text)


class CardLibrary:
    """Names of the cards the library defines, looked up case-insensitively by card or first face."""

    def __init__(self, cards: dict[str, CardInfo]):
        self.cards = cards
        self._by_key: dict[str, str] = {}
        for name, info in cards.items():
            self._by_key[name.casefold()] = name
            if info.faces:
                self._by_key.setdefault(info.faces[0].casefold(), name)

    def resolve(self, name: str) -> str | None:
        return self._by_key.get(name.casefold())

    def closest(self, name: str, count: int = 3) -> list[str]:
        keys = difflib.get_close_matches(name.casefold(), list(self._by_key), n=count, cutoff=0.0)
        seen: list[str] = []
        for key in keys:
            if self._by_key[key] not in seen:
                seen.append(self._by_key[key])
        return seen

    def names(self) -> list[str]:
        return sorted(self.cards)


@lru_cache(maxsize=1)
def load_library() -> CardLibrary:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(asp_dir() / "cards" / "printed.lp"))
    ctl.ground([("base", [])])
    faces: dict[str, list[tuple[int, str]]] = {}
    oracle: dict[str, str] = {}
    abilities: dict[str, list[tuple[int, str]]] = {}
    for atom in ctl.symbolic_atoms:
        sym = atom.symbol
        if sym.name == "card_face" and len(sym.arguments) == 3:
            card, number, face = sym.arguments
            faces.setdefault(card.string, []).append((number.number, face.string))
        elif sym.name == "printed_oracle":
            oracle[sym.arguments[0].string] = sym.arguments[1].string
        elif sym.name == "printed_ability":
            face, index, text = sym.arguments
            abilities.setdefault(face.string, []).append((index.number, text.string))
    cards = {}
    for card, numbered in faces.items():
        names = tuple(face for _, face in sorted(numbered))
        cards[card] = CardInfo(
            name=card,
            faces=names,
            oracle=tuple((f, oracle.get(f, "")) for f in names),
            abilities=tuple((f, i, t) for f in names for i, t in sorted(abilities.get(f, []))),
        )
    return CardLibrary(cards)
