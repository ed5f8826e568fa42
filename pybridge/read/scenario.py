"""Loading a scenario file (TOML) into typed dataclasses, and rejecting bad input.

Every problem becomes an InputError with one line that names the file, the line where one can be
found, and what is wrong; nothing here decides a ruling.
"""
from __future__ import annotations

import os
import re
from array import array
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pybridge.contract.scenario import (ASK_COMMON_KEYS, CARD, EFFECT, GAME, PERMANENT, TOP, Context)
from pybridge.read.events import Event, known_ids, read_events
from pybridge.errors import InputError
from pybridge.contract.kinds import KIND_BY_NAME, OPTION_KEYS, KindDecl
from pybridge.read.ask_options import read_option
from pybridge.read.expects import EXPECTS
from pybridge.cards.library import CardLibrary, load_library
from pybridge.cards.pool import unknown_card_message
from pybridge.read.toml_reader import DECODE_ERRORS, loads as toml_loads
from pybridge.solve.bulk import collector_paused
from pybridge.read.text_checks import text_problem

IDENT = re.compile(r"[a-z][a-z0-9_]*\Z")
# The solver's integers are 32-bit and the rules add and multiply them: a scenario's integers stay
# well inside that range.
INT_LIMIT = 10 ** 9
# Suggesting close card names costs time in the name's length; longer names get no suggestions.
SUGGEST_UP_TO_LENGTH = 100
# How many checked texts and names a reader remembers (a board of 100,000 permanents has as many ids).
GOOD_TEXT_KEPT = 1_000_000

# The keys each table allows: declared once, with their checks and facts, in pybridge/contract/scenario/.
TOP_KEYS = TOP.names
GAME_KEYS = GAME.names
PERMANENT_KEYS = PERMANENT.names
EFFECT_KEYS = EFFECT.names


@dataclass(frozen=True, slots=True)
class Permanent:
    """A [[permanent]] table, read and checked."""
    id: str
    card: str
    controller: str
    owner: str
    timestamp: int
    tapped: bool = False
    controlled_since_turn_start: bool = True
    entered_this_turn: bool = False          # what happened this turn
    counters: tuple[tuple[str, int], ...] = ()
    counters_given: bool = False
    attached_to: str | None = None
    chosen_color: str | None = None
    chosen_type: str | None = None
    chosen_player: str | None = None            # zones and players
    chosen_quality: str | None = None           # conditions and alternatives: odd or even
    x: int | None = None
    kicked: int | None = None                 # times its spell was kicked (rule 702.33)
    kicker: tuple[str, ...] = ()              # which kicker costs were paid (two kickers)
    cast_from_hand: bool = False              # it resolved from a spell cast from a hand
    spent: str | None = None                  # the mana spent to cast it
    paid_as_entered: int | None = None          # counts
    face_down: str | None = None
    noted_name: str | None = None
    exiled_card: str | None = None      # the card exiled with it (imprint, rule 607.2a)
    copy_of: str | None = None
    copy_of_card: str | None = None     # a copy of a card that isn't on the battlefield
    copy_by: str | None = None
    phased_out: bool = False
    # combat and status (the permanent table's combat and status keys)
    attacking: bool | tuple[str, str] = False
    blocking: tuple[str, ...] = ()
    blocked: bool | None = None
    paired_with: str | None = None
    monstrous: bool = False
    renowned: bool = False
    transformed: bool = False           # double-faced, back face up (rule 712)
    bestowed: bool = False              # an Aura by bestow (rule 702.103b)
    back_face: bool = False
    token: str | None = None            # a token that card's effect created (rule 111)
    token_number: int = 1
    enchanting_player: str | None = None  # a Curse's player (303.4)


@dataclass(frozen=True, slots=True)
class LastingEffect:
    """An [[effect]] table: a lasting effect of a card, read and checked."""
    number: int
    card: str
    controller: str
    timestamp: int
    targets: tuple[str, ...] = ()
    chosen_color: str | None = None
    chosen_type: str | None = None
    copy_of: str | None = None          # a copy effect: what its targets copy
    copy_of_card: str | None = None
    affected: tuple[str, ...] = ()      # the set it affected, fixed as it began (611.2c)
    ability: int | None = None          # which ability of the card resolved
    x: int | None = None                # the X it applied with (608.2h)


@dataclass(frozen=True, slots=True)
class CardObject:
    """A card outside the battlefield ([[card]])."""
    id: str
    card: str
    zone: str
    owner: str
    face_down: str | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    """An [[ask]] table: one question, its options and what it expects."""
    number: int
    kind: str
    target: str
    options: dict[str, Any] = field(default_factory=dict)
    expect: Any = None
    has_expect: bool = False


@dataclass(frozen=True)
class Scenario:
    """A scenario file, read and checked: its board, events and questions."""
    path: str
    title: str
    cites: tuple[str, ...]
    source: tuple[str, ...]
    players: tuple[str, ...]
    active_player: str
    commanders: tuple[tuple[str, str], ...]
    permanents: tuple[Permanent, ...]
    effects: tuple[LastingEffect, ...]
    asks: tuple[Ask, ...]
    # (player, position from the top starting at 1, card name): the cards in each graveyard
    graveyards: tuple[tuple[str, int, str], ...] = ()
    # zones and players: the players whose graveyards [game] graveyards states (even empty),
    # each hand's size and each life total ((player, N)), where the scenario gives them
    graveyards_listed: tuple[str, ...] = ()
    hand_sizes: tuple[tuple[str, int], ...] = ()
    life: tuple[tuple[str, int], ...] = ()
    starting_life: int | None = None
    timestamps: str = "file"            # or "every": every order of the effects' timestamps
    exile_listed: tuple[str, ...] = ()                                           # counts
    commander_casts: tuple[tuple[str, int], ...] = ()                            # counts
    city_blessing: tuple[str, ...] = ()
    city_blessing_given: bool = False
    completed_dungeon: tuple[str, ...] = ()
    completed_dungeon_given: bool = False
    # ability grants: (player, face-up conspiracy card, the name its hidden agenda chose)
    conspiracies: tuple[tuple[str, str, str], ...] = ()
    # ability grants: (player, the top card of their library), where the scenario gives it
    library_tops: tuple[tuple[str, str], ...] = ()
    # ability grants: (player, ((counter kind, N), ...)) for each player the scenario names
    player_counters: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    # what happened this turn: (player, count kind, N)
    this_turn: tuple[tuple[str, str, int], ...] = ()
    # (permanent id, line) and (effect number, line) of each table's header, for messages
    permanent_lines: tuple[tuple[str, int], ...] = ()
    effect_lines: tuple[tuple[int, int], ...] = ()
    cards: tuple[CardObject, ...] = ()
    events: tuple[Event, ...] = ()

    def permanent(self, ident: str) -> Permanent | None:
        return next((p for p in self.permanents if p.id == ident), None)


Where = tuple  # (section | None, table number from 1, key): e.g. ("permanent", 2, "card")
HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_]+)\s*\]\]?")
# HEADER over a whole text whose only line break is "\n" (str.splitlines breaks at these too).
HEADER_IN_TEXT = re.compile(r"^[^\S\n]*(\[\[?)[^\S\n]*([A-Za-z0-9_]+)[^\S\n]*\]\]?", re.M)
OTHER_LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
KEY = re.compile(r'^\s*"?([A-Za-z0-9_+/-]+)"?\s*[=.]')


class _Lines:
    """Where the tables and keys of a TOML text are: tomllib gives no positions, so the headers
    ([game], the n-th [[permanent]], ...) are found by their lines and a key by its line within
    its table's span."""

    def __init__(self, text: str):
        self.text = text
        # The line of each header, in order, and for each section the position among them of
        # its tables (1-based table number n at [n - 1]; the first header wins, as TOML would
        # refuse a repeated one): two arrays, where a dict of spans held 100,000 pairs of tuples.
        self._starts = array("l")
        self._tables: dict[str, array] = {}
        counts: dict[str, int] = {}
        for number, match in self._headers(text):
            name = match.group(2)
            if match.group(1) == "[[":
                counts[name] = index = counts.get(name, 0) + 1
            else:
                index = 1
            positions = self._tables.setdefault(name, array("l"))
            if index > len(positions):
                positions.append(len(self._starts))
            self._starts.append(number)

    def span(self, section: str | None, index: int = 1) -> tuple[int, int] | None:
        """(first line, last line), 1-based, of the index-th table of section; section None is
        the preamble."""
        starts = self._starts
        if section is None:
            if index != 1:
                return None
            return (1, starts[0] - 1) if starts else (1, self.line_count)
        positions = self._tables.get(section)
        if positions is None or not 1 <= index <= len(positions):
            return None
        at = positions[index - 1]
        return starts[at], (starts[at + 1] - 1 if at + 1 < len(starts) else self.line_count)

    @property
    def spans(self) -> dict[tuple[str | None, int], tuple[int, int]]:
        """Every table's span, by (section, index)."""
        out = {(None, 1): self.span(None)}
        for section, positions in self._tables.items():
            out.update({(section, n): self.span(section, n) for n in range(1, len(positions) + 1)})
        return out

    @cached_property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @cached_property
    def line_count(self) -> int:
        if OTHER_LINE_BREAKS.search(self.text):
            return len(self.lines)
        text = self.text
        return text.count("\n") + (0 if not text or text.endswith("\n") else 1)

    def _headers(self, text: str):
        """(line number, match) of each header line.  Where "\n" is the only line break in the
        text (as in every file TOML accepts but those with other breaks inside strings), one
        search of the whole text: a board of 100,000 permanents has a million lines."""
        if OTHER_LINE_BREAKS.search(text):
            for number, line in enumerate(self.lines, start=1):
                match = HEADER.match(line)
                if match:
                    yield number, match
            return
        number, counted = 1, 0
        for match in HEADER_IN_TEXT.finditer(text):
            number += text.count("\n", counted, match.start())
            counted = match.start()
            yield number, match

    def header(self, section: str, index: int = 1) -> int | None:
        span = self.span(section, index)
        return span[0] if span else None

    def key(self, section: str | None, index: int, key: str) -> int | None:
        """The line of `key` in the index-th table of section, else the table's header line."""
        span = self.span(section, index)
        if span is None:
            return None
        for number in range(span[0], span[1] + 1):
            match = KEY.match(self.lines[number - 1])
            if match and match.group(1) == key:
                return number
        return span[0] if section is not None else None


class _Reader:
    """Reads one parsed TOML document, turning every problem into a one-line InputError."""

    def __init__(self, path: str, text: str, library: CardLibrary):
        self.path = path
        self.located = _Lines(text)
        self.library = library
        self.moved: dict[str, tuple[int, str]] = {}    # id -> (event, new id), events_input
        # Card names already resolved: a board names a few cards many times (each lookup is a
        # query of the card pool).
        self.resolved: dict[str, str] = {}
        # Texts and names that passed their checks (both are checked the same way every time).
        self.good_text: set[str] = set()
        self.good_idents: set[str] = set()

    def mana(self, text: str):
        from pybridge.read.mana_strings import parse_mana_string
        return parse_mana_string(text)

    # --- errors, with the line of the offending key ---
    def fail(self, message: str, near: "str | Where | None" = None) -> InputError:
        """near: a Where (section, table number, key) locates the key; a string, the first line
        with that text (for keys outside the tables)."""
        if isinstance(near, tuple):
            line = self.located.key(*near)
        else:
            line = self._line_of(near) if near else None
        where = f"{self.path}: line {line}: " if line else f"{self.path}: "
        return InputError(where + message)

    @property
    def lines(self) -> list[str]:
        return self.located.lines

    def _line_of(self, needle: str) -> int | None:
        for number, line in enumerate(self.lines, start=1):
            if needle in line:
                return number
        return None

    # --- typed accessors ---
    def expect_type(self, value: Any, kind: type | tuple[type, ...], what: str, near: str) -> Any:
        if kind is str and value.__class__ is str and value in self.good_text:
            return value      # a text already checked (a board names a few cards many times)
        if isinstance(value, bool) and kind in (int, (int,)):
            raise self.fail(f"{what} must be an integer, not {value!r}", near)
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            shown = {"str": "a string", "int": "an integer", "bool": "true or false",
                     "list": "a list", "dict": "a table"}.get(names, names)
            raise self.fail(f"{what} must be {shown}, not {_toml_repr(value)}", near)
        if isinstance(value, str):
            if problem := text_problem(value):
                raise self.fail(f"{what} {problem}", near)
            if len(self.good_text) < GOOD_TEXT_KEPT:
                self.good_text.add(value)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > INT_LIMIT:
            raise self.fail(f"{what} {shown_number(value)} is out of range (at most {INT_LIMIT} "
                            f"either way)", near)
        return value

    def ident(self, value: Any, what: str, near: str) -> str:
        if value.__class__ is str and value in self.good_idents:
            return value
        self.expect_type(value, str, what, near)
        if not IDENT.match(value):
            raise self.fail(f"{what} {value!r} is not a valid name ([a-z][a-z0-9_]*)", near)
        if len(self.good_idents) < GOOD_TEXT_KEPT:
            self.good_idents.add(value)
        return value

    def unknown_keys(self, table: dict, allowed: set[str], where: str,
                     section: tuple[str | None, int] = (None, 1)) -> None:
        """section: the table (section, number) the keys are in, to name the key's line."""
        if table.keys() <= allowed:
            return
        extra = sorted(set(table) - allowed)
        if extra:
            raise self.fail(f"unknown key {extra[0]!r} in {where} (allowed: "
                            f"{', '.join(sorted(allowed))})", (*section, extra[0]))

    def card(self, value: Any, what: str, near: str) -> str:
        self.expect_type(value, str, what, near)
        resolved = self.resolved.get(value)
        if resolved is not None:
            return resolved
        resolved = self.library.resolve(value)
        if resolved is None:
            later_face = self.library.later_face_problem(value)
            if later_face:
                raise self.fail(later_face, near)
            close = [] if len(value) > SUGGEST_UP_TO_LENGTH else self.library.closest(value)
            raise self.fail(unknown_card_message(value, close), near)
        self.resolved[value] = resolved
        return resolved


    def string_list(self, value: Any, what: str, near: Any) -> list[str]:
        self.expect_type(value, list, what, near)
        for item in value:
            self.expect_type(item, str, f"each entry of {what}", near)
        return list(value)


def _toml_repr(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def shown_number(value: int, longest: int = 24) -> str:
    """An integer as a message shows it: a huge one cut, with its number of digits."""
    try:
        text = str(value)
    except ValueError:          # past Python's 4,300 digits for str()
        return "a number of more than 4,300 digits"
    return text if len(text) <= longest else f"{text[:12]}... ({len(text.lstrip('-')):,} digits)"


def not_regular(mode: int) -> str | None:
    """Why a file of that mode is no scenario file (a device, a FIFO ...), or None for a regular
    file: reading /dev/zero or a FIFO would never end, or never start."""
    import stat
    for test, what in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return f"not a regular file ({what}); a scenario is a TOML file"
    return None if stat.S_ISREG(mode) else "not a regular file"


def _read_regular(path: str) -> str:
    # Opened without blocking (a FIFO with no writer would block the open itself), then checked
    # on the open descriptor, so what is read is what was checked.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, encoding="utf-8", closefd=True) as handle:
        why = not_regular(os.fstat(fd).st_mode)
        if why:
            raise InputError(f"{path}: {why}")
        os.set_blocking(fd, True)
        return handle.read()


def load_scenario(path: str | Path, library: CardLibrary | None = None) -> Scenario:
    """Read and validate a scenario file (a regular file only)."""
    path = str(path)
    try:
        text = _read_regular(path)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, ValueError) as err:   # ValueError: a NUL in the path
        raise InputError(f"{path}: cannot read: {err}") from None
    return parse_scenario(text, path, library)


def parse_scenario(text: str, path: str = "<scenario>", library: CardLibrary | None = None) -> Scenario:
    """Validate scenario text; `path` is only used in messages."""
    with collector_paused():
        return _parse_scenario(text, path, library)


def _parse_scenario(text: str, path: str, library: CardLibrary | None) -> Scenario:
    try:
        doc = toml_loads(text)
    except DECODE_ERRORS as err:
        message = str(err)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        if match:
            detail = message[: match.start()].strip()
            raise InputError(f"{path}: line {match.group(1)}: malformed TOML: {detail}") from None
        raise InputError(f"{path}: malformed TOML: {message}") from None
    except RecursionError:
        raise InputError(f"{path}: malformed TOML: arrays or tables nested too deeply") from None
    except ValueError as err:     # Python's own bound: an integer of more than 4,300 digits
        shown = str(err).split(";")[0][:100]
        raise InputError(f"{path}: malformed TOML: {shown}") from None
    return scenario_from_document(doc, path, library, text)


def scenario_from_document(doc: Any, path: str = "<scenario>", library: CardLibrary | None = None,
                           text: str = "") -> Scenario:
    """Validate a scenario given as the tables TOML would give (Python dicts and lists); `text`,
    when there is one, is only used to name lines in messages."""
    library = library or load_library()
    r = _Reader(path, text, library)
    r.expect_type(doc, dict, "a scenario", "")
    r.unknown_keys(doc, TOP_KEYS, "the scenario")
    if "title" not in doc:
        raise r.fail("missing required key 'title'")
    top = TOP.read(Context(r, None, 1, doc))

    game = r.expect_type(doc.get("game", {}), dict, "[game]", "[game]")
    r.unknown_keys(game, GAME_KEYS, "[game]", ("game", 1))
    game_values = GAME.read(Context(r, "game", 1, game))
    players = game_values["players"]

    permanents = _read_permanents(r, doc.get("permanent", []), players)
    effects = _read_effects(r, doc.get("effect", []), players, permanents, len(permanents))
    cards = _read_cards(r, doc.get("card", []), players, {p.id for p in permanents})
    _check_hands(r, cards, dict(game_values["hand_sizes"]))
    events = read_events(r, doc.get("event", []), players,
                                      {p.id for p in permanents} | {c.id for c in cards})
    # several outcomes: those of the events, or of every order of timestamps
    asks = _read_asks(r, doc.get("ask", []), players, permanents, KIND_BY_NAME,
                      known_ids(permanents, cards, events),
                      events or game_values["timestamps"] == "every")
    if game_values["timestamps"] == "every" and events:
        raise r.fail('timestamps = "every" with [[event]]s is not modelled yet: give the state '
                     'after the events, or the timestamps as they are', "timestamps")
    lines = r.located
    return Scenario(path=path, **top, **game_values,
                    permanents=tuple(permanents), effects=tuple(effects), asks=tuple(asks),
                    cards=tuple(cards), events=tuple(events),
                    permanent_lines=tuple((p.id, lines.header("permanent", n))
                                          for n, p in enumerate(permanents, start=1)
                                          if lines.header("permanent", n)),
                    effect_lines=tuple((e.number, lines.header("effect", e.number))
                                       for e in effects if lines.header("effect", e.number)))


def _read_permanents(r: _Reader, tables: Any, players: tuple[str, ...]) -> list[Permanent]:
    r.expect_type(tables, list, "[[permanent]]", "[[permanent]]")
    seen: set[str] = set()
    for number, table in enumerate(tables, start=1):
        r.expect_type(table, dict, "[[permanent]]", "[[permanent]]")
        near = ("permanent", number, "id")
        r.unknown_keys(table, PERMANENT_KEYS, f"permanent {table.get('id', '?')!r}",
                       ("permanent", number))
        if "id" not in table:
            raise r.fail("a [[permanent]] has no 'id'", near)
        ident = r.ident(table["id"], "permanent id", near)
        if ident in seen:
            raise r.fail(f"duplicate permanent id {ident!r}", near)
        seen.add(ident)
        if "card" not in table and "token" not in table:
            raise r.fail(f"permanent {ident!r} has no 'card'", near)
        if "card" in table and "token" in table:     # a token isn't a card (rule 111.6)
            raise r.fail(f"permanent {ident!r}: a token is no card (rule 111.6): give 'token' "
                         f"without 'card'", ("permanent", number, "token"))

    ids = frozenset(seen)
    permanents = [Permanent(id=table["id"], **PERMANENT.read(Context(
                      r, "permanent", number, table, players, ids, ident=table["id"])))
                  for number, table in enumerate(tables, start=1)]
    problems: dict[str, str | None] = {}     # per card, not per permanent
    for number, p in enumerate(permanents, start=1):
        unstated = p.face_down or p.token       # a token is no card (rule 111.6)
        if not unstated and p.card not in problems:
            problems[p.card] = r.library.permanent_problem(p.card)
        problem = None if unstated else problems[p.card]   # 110.4
        if problem:
            raise r.fail(f"permanent {p.id!r}: {problem}", ("permanent", number, "card"))
        _check_back_face(r, p, number)
        _check_bestowed(r, p, number)
    return permanents


# Which key puts which layout's back face up (rules 712.8e, 712.12).
BACK_FACE_KEYS = {"transformed": ("transform", "a transforming double-faced card (rule 701.28)"),
                  "back_face": ("modal_dfc", "a modal double-faced card (rule 712.12)")}


def _check_bestowed(r: _Reader, p: Permanent, number: int) -> None:
    """A bestowed permanent is a card with bestow, attached (rules 702.103b, 702.103f)."""
    if not p.bestowed:
        return
    card = None if p.token or p.face_down else r.library.card(p.card)
    if card is None or not any(re.match(r"Bestow\b", a) for f in card.faces for a in f.abilities):
        raise r.fail(f"permanent {p.id!r}: bestowed is for a card with bestow (rule 702.103)",
                     ("permanent", number, "bestowed"))
    if p.attached_to is None:
        raise r.fail(f"permanent {p.id!r}: a bestowed Aura is attached to a creature: give attached_to "
                     f"(unattached, it is no longer bestowed, rule 702.103f)", ("permanent", number, "bestowed"))


def _check_back_face(r: _Reader, p: Permanent, number: int) -> None:
    for key, (layout, what) in BACK_FACE_KEYS.items():
        if getattr(p, key) and (p.token or p.face_down or r.library.card(p.card).layout != layout):
            raise r.fail(f"permanent {p.id!r}: {key} is for {what}, and {p.card!r} is none",
                         ("permanent", number, key))


def _read_effects(r: _Reader, tables: Any, players: tuple[str, ...],
                  permanents: list[Permanent], offset: int) -> list[LastingEffect]:
    r.expect_type(tables, list, "[[effect]]", "[[effect]]")
    ids = frozenset(p.id for p in permanents)
    effects = []
    for number, table in enumerate(tables, start=1):
        r.expect_type(table, dict, "[[effect]]", "[[effect]]")
        r.unknown_keys(table, EFFECT_KEYS, f"effect {number}", ("effect", number))
        if "card" not in table:
            raise r.fail(f"effect {number} has no 'card'", ("effect", number, "card"))
        values = EFFECT.read(Context(r, "effect", number, table, players, ids, offset=offset))
        effects.append(LastingEffect(number=number, **values))
    return effects


def _outcomes_form(expect: Any) -> bool:
    return isinstance(expect, dict) and set(expect) == {"outcomes"} and \
        isinstance(expect["outcomes"], list) and len(expect["outcomes"]) > 1


def _read_cards(r: _Reader, tables: Any, players: tuple[str, ...],
                permanent_ids: set[str]) -> list[CardObject]:
    r.expect_type(tables, list, "[[card]]", "[[card]]")
    seen: set[str] = set()
    cards = []
    for number, table in enumerate(tables, start=1):
        r.expect_type(table, dict, "[[card]]", "[[card]]")
        near = ("card", number, "id")
        r.unknown_keys(table, CARD.names, f"card {table.get('id', '?')!r}", ("card", number))
        if "id" not in table:
            raise r.fail("a [[card]] has no 'id'", near)
        ident = r.ident(table["id"], "card id", near)
        if ident in seen or ident in permanent_ids:
            raise r.fail(f"duplicate id {ident!r}: ids are unique among permanents and cards", near)
        seen.add(ident)
        for required in ("card", "zone"):
            if required not in table:
                raise r.fail(f"card {ident!r} has no {required!r}", near)
        values = CARD.read(Context(r, "card", number, table, players, frozenset(), ident=ident))
        cards.append(CardObject(id=ident, **values))
    return cards


def _check_hands(r: _Reader, cards: list[CardObject], sizes: dict[str, int]) -> None:
    """[[card]] tables in a hand are cards of it: no more of them than [game] hand_sizes says
    (a card in a hand is in its owner's hand, rule 400.3)."""
    for number, c in enumerate(cards, start=1):
        held = sum(1 for o in cards[:number] if o.zone == "hand" and o.owner == c.owner)
        if c.zone == "hand" and c.owner in sizes and held > sizes[c.owner]:
            raise r.fail(f"card {c.id!r} is one of {held} [[card]] tables in the hand of "
                         f"{c.owner!r}, but [game] hand_sizes gives that hand {sizes[c.owner]} cards",
                         ("card", number, "zone"))


def _read_asks(r: _Reader, tables: Any, players: tuple[str, ...], permanents: list[Permanent],
               kinds: dict[str, KindDecl], known: dict[str, str] | None = None, events: Any = ()) -> list[Ask]:
    r.expect_type(tables, list, "[[ask]]", "[[ask]]")
    if not tables:
        raise r.fail("the scenario asks nothing: add an [[ask]] table")
    ids = {p.id for p in permanents}
    known = known or {}
    asks = []
    allowed: dict[str, set[str]] = {}       # each kind's keys, made once
    for number, table in enumerate(tables, start=1):
        r.expect_type(table, dict, "[[ask]]", "[[ask]]")
        named = [k for k in table if k in kinds]
        if len(named) != 1:
            unknown = sorted(set(table) - set(kinds) - ASK_COMMON_KEYS - OPTION_KEYS)
            if unknown:
                raise r.fail(f"unknown key {unknown[0]!r} in ask {number} (question kinds: "
                             f"{', '.join(sorted(kinds))})", ("ask", number, unknown[0]))
            raise r.fail(f"ask {number} must name exactly one question kind "
                         f"({', '.join(sorted(kinds))})", ("ask", number, ""))
        kind = kinds[named[0]]
        if kind.name not in allowed:
            allowed[kind.name] = {kind.name} | ASK_COMMON_KEYS | set(kind.option_keys)
        r.unknown_keys(table, allowed[kind.name], f"ask {number} ({kind.name})", ("ask", number))
        target = r.ident(table[kind.name], kind.name, ("ask", number, kind.name))
        where = ("ask", number, kind.name)
        if kind.target == "player":
            if target not in players:
                raise r.fail(f"ask {number}: {kind.name} names {target!r}, which is not one of "
                             f"the players ({', '.join(players)})", where)
        elif kind.target == "object":
            if target not in ids and target not in known:
                raise r.fail(f"ask {number}: {kind.name} names unknown object {target!r}", where)
        else:
            status = known.get(target, "permanent" if target in ids else None)
            if status is None:
                raise r.fail(f"ask {number}: {kind.name} names unknown permanent {target!r}", where)
            if status != "permanent":
                raise r.fail(f"ask {number}: {kind.name} names {target!r}, {status}", where)
        options = {}
        for option in kind.options:
            if option.key in table:
                options[option.key] = read_option(r, option, table[option.key], players)
        expect = table.get("expect")
        expects = EXPECTS[kind.name]
        if "expect" in table and events and _outcomes_form(expect) and not kind.merges_outcomes:
            # the answers of several outcomes (of the events, or of every order of
            # timestamps): { outcomes = [answer, ...] }
            for item in expect["outcomes"]:
                problem = expects.check(item)
                if problem:
                    raise r.fail(f"ask {number}: expect outcome {problem}", ("ask", number, "expect"))
            expect = {"outcomes": [expects.normalise(item) for item in expect["outcomes"]]}
        elif "expect" in table:
            problem = expects.check(expect)
            if problem:
                raise r.fail(f"ask {number}: expect {problem}", ("ask", number, "expect"))
            expect = expects.normalise(expect)
        asks.append(Ask(number=number, kind=kind.name, target=target, options=options,
                        expect=expect, has_expect="expect" in table))
    return asks
