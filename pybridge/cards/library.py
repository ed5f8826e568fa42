"""Where the logic programs live, and which cards a scenario may name.

The cards are the card pool (pybridge/cards/): every name of it can be named, and a scenario's
facts carry the printed characteristics of just the cards it uses.  What abilities do is stated
in asp/cards/*.lp (hand encodings, keyed by face name) and, as it lands, by the Oracle compiler.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pybridge.cards.model import Card
from pybridge.cards.pool import Pool, load_pool


def asp_dir() -> Path:
    """The asp/ folder: beside the package in a checkout, inside it in an installed wheel."""
    checkout = Path(__file__).resolve().parents[2] / "asp"
    if (checkout / "main.lp").is_file():
        return checkout
    from importlib import resources     # (not at the top: it costs start-up time)
    return Path(str(resources.files("pybridge") / "asp"))


EXPLAIN_FOLDER = "explain"
# The program run apart before each event step: which permanents the step may leave out
# (pybridge/answer/slicing.py).
SLICING_FOLDER = "slicing"
ENTRY = "main.lp"      # the program: it #includes the rules in their order (asp/main.lp)
# The folders of asp/ that hold rules, in main.lp's order (the rest: vocabulary/, cards/, show/,
# explain/, slicing/).
RULE_FOLDERS = ("game", "scopes", "layers", "combat", "mana", "questions", "events")


def rule_files() -> list[Path]:
    """Every rules file of asp/ (not the vocabulary, the card facts, the #show or explain files)."""
    return [path for folder in RULE_FOLDERS for path in sorted((asp_dir() / folder).glob("*.lp"))]


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


# Why a later face can't be named (the card shows its front face, or both halves of a split card).
LATER_FACE_WHY = {
    "transform": ("the back face of", "it shows its front face in every zone but the battlefield "
                  "(rule 712.8a) and enters front face up (rule 712.14); a scenario can't "
                  "transform it yet"),
    "modal_dfc": ("the back face of", "it shows its front face off the battlefield (rule 712.8a) "
                  "and a scenario can't put it onto the battlefield back face up yet (rule 712.12)"),
    "meld": ("the back face of", "a meld card's back face is only half of a melded permanent "
             "(rule 712.4b)"),
    "split": ("a half of", "a split card has both halves' characteristics combined off the stack "
              "(rule 709.4)"),
    "aftermath": ("a half of", "a split card has both halves' characteristics combined off the "
                  "stack (rule 709.4)"),
    "adventure": ("the Adventure of", "an adventurer card has only its normal characteristics "
                  "off the stack (rule 715.4)"),
    "flip": ("the flipped half of", "a flip card has only its normal characteristics until the "
             "permanent flips (rule 710.2), and a scenario can't flip one yet"),
}


@dataclass(frozen=True)
class CardInfo:
    """A card's names and text, as the library has always given them (pybridge.cards.model.Card
    has everything else)."""
    name: str
    faces: tuple[str, ...]
    oracle: tuple[tuple[str, str], ...]          # (face name, Oracle text) per face
    abilities: tuple[tuple[str, int, str], ...]  # (face name, index, text)

    @classmethod
    def of(cls, card: Card) -> CardInfo:
        return cls(name=card.name, faces=tuple(f.name for f in card.faces),
                   oracle=tuple((f.name, f.oracle_text) for f in card.faces),
                   abilities=tuple((f.name, i, t) for f in card.faces
                                   for i, t in enumerate(f.abilities, start=1)))


class _CardInfos(Mapping):
    """CardLibrary.cards: card name -> CardInfo over the whole pool, read only when asked."""

    def __init__(self, pool: Pool):
        self.pool = pool

    def __getitem__(self, name: str) -> CardInfo:
        card = self.pool.card(name) if isinstance(name, str) else None
        if card is None or card.name != name:
            raise KeyError(name)
        return CardInfo.of(card)

    def __iter__(self):
        return iter(self.pool.names())

    def __len__(self) -> int:
        return len(self.pool.names())


class CardLibrary:
    """The cards a scenario may name: the card pool (pybridge/cards/pool.py), looked up
    case-insensitively by card name or front face."""

    def __init__(self, pool: Pool):
        self.pool = pool
        self.cards: Mapping[str, CardInfo] = _CardInfos(pool)

    def resolve(self, name: str) -> str | None:
        return self.pool.resolve(name)

    def closest(self, name: str, count: int = 3) -> list[str]:
        return self.pool.closest(name, count)

    def names(self) -> list[str]:
        return self.pool.names()

    def card(self, name: str) -> Card | None:
        return self.pool.card(name)

    def later_face_problem(self, name: str) -> str | None:
        """Why a name that is only a later face of a card can't be named, or None."""
        ref = self.pool.later_face(name)
        if ref is None:
            return None
        what, why = LATER_FACE_WHY.get(ref.layout, (f"face {ref.index} of", "a card shows its "
                                                    "front face (rule 712.8a)"))
        return f"{name!r} is {what} {ref.card!r}: name the card; {why}"

    def permanent_problem(self, name: str) -> str | None:
        """Why the card can't be a permanent face up (rule 110.4), or None."""
        card = self.pool.card(name)
        if card is None:
            return None
        # A split card has each card type of either half (709.4c); other cards show their front.
        faces = card.faces if card.layout in ("split", "aftermath") else card.faces[:1]
        if any(face.is_permanent for face in faces):
            return None
        types = " // ".join(face.type_line for face in faces)
        rules = ["110.4"]
        if "Instant" in types:
            rules.append("304.4")
        if "Sorcery" in types:
            rules.append("307.4")
        return (f"{name!r} ({types}) can't be a permanent: only artifact, battle, creature, "
                f"enchantment, land and planeswalker cards can (rule{'s' if len(rules) > 1 else ''} "
                f"{', '.join(rules)}); face down it can (face_down = ...)")


def load_library() -> CardLibrary:
    """The card pool as a library; opening it reads nothing until a name is looked up."""
    return CardLibrary(load_pool())
