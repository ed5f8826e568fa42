"""Sweep specs (TOML): which boards a sweep builds and what it asks of each (docs/sweep-format.md).

A spec names the permanents asked about, the effects that may join them, the subset sizes, the
controllers each effect may have and the question kinds.  `vectors()` expands it, in one fixed
order, into boards (scenario tables) and the asks of each; nothing here decides a ruling.  Bad
input is an InputError of one line naming the file and the line.
"""
from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pybridge.errors import InputError
from pybridge.cards.library import CardLibrary, load_library
from pybridge.contract.scenario import COLORS
from pybridge.cards.pool import unknown_card_message
from pybridge.read.scenario import IDENT, SUGGEST_UP_TO_LENGTH
from pybridge.sweep.groups import card_facts, group_names
from pybridge.sweep.pool_groups import pool_group_names, pool_groups

SPEC_KEYS = {"title", "permanents", "effects", "effects_group", "sizes", "controllers", "asks",
             "chosen_colors", "players", "cites", "reduce", "face_down", "copies", "face_up",
             "permanents_group"}
SUBJECT_KEYS = {"card", "with"}
ASKED_ID_PLAYER = "you"       # the permanent asked about is always controlled by "you"


@dataclass(frozen=True)
class Subject:
    """A permanent asked about, with the permanents always beside it (under its controller)."""
    card: str
    beside: tuple[str, ...] = ()


@dataclass(frozen=True)
class SweepSpec:
    path: str
    title: str
    subjects: tuple[Subject, ...]
    effects: tuple[str, ...]
    sizes: tuple[int, ...]
    controllers: tuple[str, ...]
    asks: tuple[str, ...]
    chosen_colors: tuple[str, ...]
    players: tuple[str, ...]
    cites: tuple[str, ...]
    reduce: bool = False
    face_down: tuple[str, ...] = ()       # ways of turning the subject face down, each in turn
    face_up: bool = True                  # the subject also face up (before the face-down ways)
    copies: tuple[str, ...] = ()          # copy cards, each in turn a copy of the subject
    extra: frozenset[str] = frozenset()   # effects of the pool beyond the library (their facts)


@dataclass(frozen=True)
class Board:
    """One board of the sweep: the scenario tables (no asks) and the ask tables put to it.
    In a reduced sweep it stands for `stands_for` boards of the unreduced one (its class)."""
    index: int
    first_vector: int
    scenario: dict
    asks: tuple[dict, ...]
    stands_for: int = 1


class _SpecReader:
    def __init__(self, path: str, text: str, library: CardLibrary):
        self.path, self.lines, self.library = path, text.splitlines(), library

    def fail(self, message: str, key: str | None = None, value: str | None = None) -> InputError:
        line = None
        if value is not None:
            line = next((n for n, text in enumerate(self.lines, 1) if f'"{value}"' in text
                         or f"'{value}'" in text), None)
        if line is None and key is not None:
            pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
            line = next((n for n, text in enumerate(self.lines, 1) if pattern.match(text)), None)
        where = f"{self.path}: line {line}: " if line else f"{self.path}: "
        return InputError(where + message)

    def strings(self, doc: dict, key: str, required: bool = True) -> list[str]:
        if key not in doc:
            if required:
                raise self.fail(f"the spec needs `{key}`")
            return []
        value = doc[key]
        if isinstance(value, str) and key in ("effects_group", "permanents_group"):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"`{key}` must be a list of strings", key)
        return value

    def card(self, name: str, key: str) -> str:
        card = self.library.resolve(name)
        if card is None:
            close = [] if len(name) > SUGGEST_UP_TO_LENGTH else self.library.closest(name)
            raise self.fail(f"`{key}`: {unknown_card_message(name, close)}", key, name)
        return card


def load_spec(path: str | Path, library: CardLibrary | None = None) -> SweepSpec:
    path = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise InputError(f"{path}: cannot read: {err}") from None
    return parse_spec(text, path, library)


def parse_spec(text: str, path: str = "<spec>", library: CardLibrary | None = None) -> SweepSpec:
    from pybridge.contract.kinds import KIND_BY_NAME as KINDS

    doc = _toml(text, path)
    r = _SpecReader(path, text, library or load_library())
    unknown = sorted(set(doc) - SPEC_KEYS)
    if unknown:
        raise r.fail(f"unknown key `{unknown[0]}` (a sweep spec has: {', '.join(sorted(SPEC_KEYS))})",
                     unknown[0])
    title = doc.get("title")
    if not isinstance(title, str) or not title.strip():
        raise r.fail("the spec needs a `title`, a sentence", "title")
    subjects = _subjects(doc, r)
    effects, face_down, copies, face_up = _effects(doc, r)
    sizes = _sizes(doc, r, effects, bool(face_down or copies))
    controllers, players = _players(doc, r, effects)
    asks = _asks(doc, r, KINDS)
    colors = [c.upper() for c in r.strings(doc, "chosen_colors", required=False)] or list(COLORS)
    for c in colors:
        if c not in COLORS:
            raise r.fail(f"`chosen_colors`: {c!r} is not one of W U B R G", "chosen_colors", c)
    cites = r.strings(doc, "cites", required=False)
    reduce = _reduce(doc, r, effects, bool(face_down or copies))
    return SweepSpec(path, title.strip(), tuple(subjects), tuple(effects), tuple(sizes),
                     tuple(controllers), tuple(asks), tuple(dict.fromkeys(colors)),
                     tuple(players), tuple(cites), reduce=reduce,
                     face_down=tuple(dict.fromkeys(face_down)), face_up=face_up,
                     copies=tuple(dict.fromkeys(copies)), extra=_beyond_library(effects))


def _toml(text: str, path: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"\(at line (\d+), column \d+\)", str(err))
        if match:
            raise InputError(f"{path}: line {match.group(1)}: malformed TOML: "
                             f"{str(err)[:match.start()].strip()}") from None
        raise InputError(f"{path}: malformed TOML: {err}") from None


def _beyond_library(cards) -> frozenset[str]:
    from pybridge.cards.encoded import library_cards
    return frozenset(cards) - set(library_cards())


def _group(r: _SpecReader, key: str, group: str) -> tuple[str, ...]:
    """The cards of a group named in `key`: the library's (groups.py) or the pool's
    (pool_groups.py), each read off the facts."""
    if group in pool_group_names():
        cards = pool_groups()[group]
        if key == "permanents_group":
            return cards
        # an effect joins a board as a permanent or a lasting effect: a plane or a vanguard
        # (in the pool, with mana abilities) can be neither
        lasting = card_facts(_beyond_library(cards)).lasting
        return tuple(c for c in cards if c in lasting or r.library.permanent_problem(c) is None)
    facts = card_facts()
    if group not in facts.groups:
        raise r.fail(f"`{key}`: unknown group {group!r} (groups: "
                     f"{', '.join(group_names() + pool_group_names())})", key, group)
    return facts.groups[group]


def _subjects(doc: dict, r: _SpecReader) -> list[Subject]:
    """`permanents`: the cards asked about, each alone or with the cards beside it; then the
    permanent cards of `permanents_group` (a card that can't be a permanent is left out)."""
    subjects, grouped = [], []
    for group in r.strings(doc, "permanents_group", required=False):
        grouped += [Subject(card) for card in _group(r, "permanents_group", group)
                     if r.library.permanent_problem(card) is None]
    raw_subjects = doc.get("permanents", [] if grouped else None)
    if not isinstance(raw_subjects, list) or not (raw_subjects or grouped):
        raise r.fail("`permanents` must be a non-empty list of card names (or {card, with} tables)",
                     "permanents")
    for item in raw_subjects:
        if isinstance(item, str):
            subjects.append(Subject(r.card(item, "permanents")))
        elif isinstance(item, dict) and "card" in item and not set(item) - SUBJECT_KEYS:
            beside = item.get("with", [])
            if not isinstance(item["card"], str) or not isinstance(beside, list) \
                    or not all(isinstance(b, str) for b in beside):
                raise r.fail("a `permanents` table is {card = NAME, with = [NAME, ...]}", "permanents")
            subjects.append(Subject(r.card(item["card"], "permanents"),
                                    tuple(r.card(b, "permanents") for b in beside)))
        else:
            raise r.fail("`permanents` must list card names or {card = NAME, with = [NAME, ...]}",
                         "permanents")
    return list(dict.fromkeys(subjects + grouped))


def _effects(doc: dict, r: _SpecReader) -> tuple[list[str], list[str], list[str], bool]:
    """The effects swept (`effects`, `effects_group`), each card once, first mention first, and
    the faces: `face_down` ways, `copies`, `face_up`."""
    effects: list[str] = []
    for name in r.strings(doc, "effects", required=False):
        effects.append(r.card(name, "effects"))
    for group in r.strings(doc, "effects_group", required=False):
        effects.extend(_group(r, "effects_group", group))
    face_down = r.strings(doc, "face_down", required=False)
    ways = card_facts().face_down_ways
    for way in face_down:
        if way not in ways:
            raise r.fail(f"`face_down`: {way!r} is no way of turning a card face down (ways: "
                         f"{', '.join(sorted(ways))})", "face_down", way)
    copies = [r.card(name, "copies") for name in r.strings(doc, "copies", required=False)]
    face_up = doc.get("face_up", True)
    if not isinstance(face_up, bool) or not (face_up or face_down):
        raise r.fail("`face_up` is true or false, and false only with `face_down` ways", "face_up")
    if "effects" not in doc and "effects_group" not in doc and not (face_down or copies):
        raise r.fail("the spec needs `effects` (card names) or `effects_group`")
    return list(dict.fromkeys(effects)), face_down, copies, face_up


def _sizes(doc: dict, r: _SpecReader, effects: list[str], faces: bool) -> list[int]:
    """`sizes`: how many effects each board holds (default: none, for a sweep of faces only)."""
    sizes = doc.get("sizes", [0] if not effects and faces else None)
    if not isinstance(sizes, list) or not sizes or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in sizes):
        raise r.fail("`sizes` must be a non-empty list of integers", "sizes")
    for n in sizes:
        if not 0 <= n <= len(effects):
            raise r.fail(f"`sizes`: {n} is not between 0 and the {len(effects)} effects", "sizes")
    if len(set(sizes)) != len(sizes):
        raise r.fail("`sizes` lists a size twice", "sizes")
    return sizes


def _players(doc: dict, r: _SpecReader, effects: list[str]) -> tuple[list[str], list[str]]:
    """`controllers` (who controls the effects) and `players`."""
    controllers = r.strings(doc, "controllers", required=bool(effects)) or (
        [] if effects else ["opponent"])
    if not controllers:
        raise r.fail("`controllers` must name at least one player", "controllers")
    for pl in controllers:
        if not IDENT.match(pl):
            raise r.fail(f"`controllers`: {pl!r} is not a player name ([a-z][a-z0-9_]*)",
                         "controllers", pl)
    players = r.strings(doc, "players", required=False) or list(
        dict.fromkeys([ASKED_ID_PLAYER, *controllers]))
    for pl in [*controllers, ASKED_ID_PLAYER]:
        if pl not in players:
            raise r.fail(f"`players` must include {pl!r}", "players")
    return controllers, players


def _asks(doc: dict, r: _SpecReader, kinds: dict) -> list[str]:
    asks = r.strings(doc, "asks")
    if not asks:
        raise r.fail("`asks` must name at least one question kind", "asks")
    for kind in asks:
        if kind not in kinds:
            raise r.fail(f"`asks`: unknown question kind {kind!r} (kinds: {', '.join(sorted(kinds))})",
                         "asks", kind)
    return asks


def _reduce(doc: dict, r: _SpecReader, effects: list[str], faces: bool) -> bool:
    reduce = doc.get("reduce", False)
    if not isinstance(reduce, bool):
        raise r.fail("`reduce` must be true or false", "reduce")
    if reduce and faces:
        raise r.fail("`reduce` is for sweeps of mana effects, not with `face_down` or `copies`",
                     "reduce")
    if reduce:
        from pybridge.sweep.reduce import check_reducible
        try:
            check_reducible(effects)
        except ValueError as err:
            raise r.fail(f"`reduce`: {err.args[0]!r} has no mana replacement or triggered mana "
                         f"ability; the reduction holds only for those (docs/sweep-format.md)",
                         "reduce") from None
    return reduce


# --- expansion ------------------------------------------------------------------------------------
def slug(card: str) -> str:
    """A scenario id from a card name: "Mirari's Wake" -> "mirari_s_wake"."""
    text = re.sub(r"[^a-z0-9]+", "_", card.split(" // ")[0].lower()).strip("_")
    return text if text and text[0].isalpha() else f"c_{text}"


class _Ids:
    def __init__(self):
        self.used: set[str] = set()

    def new(self, card: str) -> str:
        base = slug(card)
        ident, n = base, 1
        while ident in self.used:
            n += 1
            ident = f"{base}_{n}"
        self.used.add(ident)
        return ident


def _board_tables(spec: SweepSpec, subject: Subject, chosen: list[tuple[str, str, str | None]],
                  way: str | None = None, copier: str | None = None) -> tuple[dict, str]:
    """The scenario tables of one board and the id asked about.  `chosen`: (card, controller,
    chosen colour or None) for each effect joining the board; `way`: how the subject is face
    down (None: face up); `copier`: a copy card that joins as a copy of the subject, and is
    then the permanent asked about."""
    facts = card_facts(spec.extra)
    ids = _Ids()
    target = ids.new(subject.card)
    permanents = [{"id": target, "card": subject.card, "controller": ASKED_ID_PLAYER}]
    if way is not None:
        permanents[0]["face_down"] = way
    for card in subject.beside:
        permanents.append({"id": ids.new(card), "card": card, "controller": ASKED_ID_PLAYER})
    subject_id = target
    if copier is not None:
        target = ids.new(copier)
        permanents.append({"id": target, "card": copier, "controller": ASKED_ID_PLAYER,
                           "copy_of": subject_id})
    effects = []
    for card, controller, color in chosen:
        if card in facts.lasting:
            table = {"card": card, "controller": controller}
            effects.append(table)
        else:
            table = {"id": ids.new(card), "card": card, "controller": controller}
            if card in facts.auras:
                table["attached_to"] = subject_id     # an Aura of the sweep enchants the subject
            permanents.append(table)
        if color is not None:
            table["chosen_color"] = color
    parts = [f"{c} ({ctl})" for c, ctl, _ in chosen]
    if way is not None or copier is not None:
        parts.insert(0, subject.card + (f" face down ({way})" if way else "")
                     + (f", copied by {copier}" if copier else ""))
    doc: dict[str, Any] = {"title": f"{spec.title}: " + ", ".join(parts) if parts
                           else f"{spec.title}: {subject.card} alone"}
    if spec.cites:
        doc["cites"] = list(spec.cites)
    doc["game"] = {"players": list(spec.players)}
    doc["permanent"] = permanents
    if effects:
        doc["effect"] = effects
    return doc, target


def _chosen_lists(spec: SweepSpec, subject: Subject):
    """Every board of a subject, as the (card, controller, chosen colour) of its effects, in the
    order of the output."""
    facts = card_facts(spec.extra)
    for size in spec.sizes:
        for subset in itertools.combinations(spec.effects, size):
            for owners in itertools.product(spec.controllers, repeat=size):
                color_options = [spec.chosen_colors if card in facts.chooses_color else (None,)
                                 for card in subset]
                for colors in itertools.product(*color_options):
                    yield list(zip(subset, owners, colors))


def boards(spec: SweepSpec) -> list[Board]:
    """Every board of the spec, in the order of the output: by permanent, then face up and each
    way of `face_down`, then alone and each copy of `copies`, then size, then subset (in the
    order of `effects`), then controllers, then chosen colours.  Reduced (`reduce`), the
    first board of each class (pybridge/sweep/reduce.py), standing for all of the class."""
    if spec.reduce:
        from pybridge.sweep.reduce import board_class
    out: list[Board] = []
    vector = 0
    for subject in spec.subjects:
        classes: dict[tuple, int] = {}       # class key -> its place in `chosen_boards`
        chosen_boards: list[list] = []
        sizes: list[int] = []
        ways = ((None,) if spec.face_up else ()) + spec.face_down
        for way, copier, chosen in ((w, c, ch) for w in ways
                                    for c in (None, *spec.copies)
                                    for ch in _chosen_lists(spec, subject)):
            if spec.reduce:
                key = board_class([subject.card, *subject.beside], ASKED_ID_PLAYER, chosen).key
                if key in classes:
                    sizes[classes[key]] += 1
                    continue
                classes[key] = len(chosen_boards)
            chosen_boards.append((way, copier, chosen))
            sizes.append(1)
        for (way, copier, chosen), stands_for in zip(chosen_boards, sizes):
            doc, target = _board_tables(spec, subject, chosen, way, copier)
            asks = tuple({kind: target} for kind in spec.asks)
            out.append(Board(len(out), vector, doc, asks, stands_for))
            vector += len(asks)
    return out


def unreduced_vector_count(board_list: list[Board]) -> int:
    return sum(b.stands_for * len(b.asks) for b in board_list)


def vector_count(board_list: list[Board]) -> int:
    return sum(len(b.asks) for b in board_list)
