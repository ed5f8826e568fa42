"""No silent partial cards (issues 12 and 30): the abilities of the objects an answer involves
that nothing models and that could bear on it.

An ability is modelled when the compiler compiles it, a hand fact of asp/cards/ names it, the
rules read its text ("Haste") or the scenario states it (a plain "enter as a copy": copy_of).
Which unmodelled abilities could bear on an answer is declared, not written here: each ability's
text is read into classes (pybridge/cards/ability_classes.py, the classes declared in
pybridge/contract/kinds.py), and each question kind declares the classes that bear on it,
of every permanent of the board or of the asked permanent alone (`KindDecl.bears`,
pybridge/contract/kinds.py), as each event kind does for what it moves (`EVENT_BEARS`).  The
table of both is in docs/scenario-format.md.
- The board is the state the answers are about: the file's permanents, or those of each final
  state after the events (pybridge/answer/events.py's `board_of`).  A face-down permanent has
  no abilities (rule 708.2) and a phased-out one is treated as though it doesn't exist (rule
  702.26b): both are left out of the board, but the asked permanent's hidden card is read for
  `turn_face_up` (what it becomes), and a copy's own card for what its copy effect excepts.
- The events: every event's classes are looked up on the objects it moves and on the board
  before and after, and the answers rest on them all.
- triggered: a "When ..."/"Whenever ..." ability of a permanent or of a card an event moves whose
  trigger condition is not read (pybridge/oracle/triggers.py compiles them, whatever their
  effect; asp/cards/events.lp states a few by hand).
- can_activate: also the asked permanent's modelled abilities with a restriction the scenario
  can't state ("Activate only once each turn": whether it was activated this turn).
"""
from __future__ import annotations

from functools import lru_cache

from pybridge.cards.library import load_library
from pybridge.contract.kinds import EVENT_BEARS, KIND_BY_NAME, SELF_ONLY
from pybridge.oracle.hook import ability_compilations, hand_triggered, is_modelled


@lru_cache(maxsize=1024)
def _on_permanent(card: str) -> bool:
    """Whether the card has a face that can be a permanent (an instant's text is its spell's)."""
    found = load_library().card(card)
    return found is None or any(face.is_permanent for face in found.faces)


@lru_cache(maxsize=16384)
def _own_text(card: str | None, text: str) -> str:
    if card:
        found = load_library().card(card)
        for name in sorted({card, *(f.name for f in found.faces)} if found else {card}, key=len,
                           reverse=True):
            text = text.replace(name, "~")
    return text


@lru_cache(maxsize=16384)
def text_classes(card: str | None, text: str) -> frozenset[str]:
    """The classes of an ability of the card, read with the card's own names as ~ (so that
    "Mana Vault doesn't untap" is read as no word about mana)."""
    # (imported here: its patterns cost a one-Forest question a few milliseconds to compile,
    # and a board with no unmodelled ability never reads them)
    from pybridge.cards.ability_classes import classes_of
    return classes_of(_own_text(card, text), _on_permanent(card) if card else True)


def bears_on(kind: str, text: str, asked: bool, card: str | None = None, host: bool = True) -> bool:
    """Whether an unmodelled ability of the card could bear on an answer of the kind, by the
    kind's declaration: any permanent's of its `board` classes, the asked one's of `asked`
    too; a rule about its own object alone (SELF_ONLY) only when that object is asked, one about
    its object's host only when the host is (host: the asked permanent is, or may be, it)."""
    bearing = KIND_BY_NAME[kind].bears
    found = text_classes(card, text)
    if asked:
        return bool(found.intersection(bearing.board + bearing.asked))
    from pybridge.cards.ability_classes import about_host, about_self
    own = _own_text(card, text)
    if about_self(own) or (not host and about_host(own)):     # "~ can't block": its own alone
        found = found.difference(SELF_ONLY)
    return bool(found.intersection(bearing.board))


def bears_on_event(event_kind: str, text: str, card: str | None = None) -> bool:
    return bool(text_classes(card, text).intersection(EVENT_BEARS.get(event_kind, ())))


def starting_board(scenario) -> list[tuple[str, str | None]]:
    """(id, the card whose abilities it has, or None for none) of each permanent of the file."""
    by_id = {p.id: p for p in scenario.permanents}
    out = []
    for p in scenario.permanents:
        card = p.copy_of_card or (by_id[p.copy_of].card if p.copy_of in by_id else p.card)
        out.append((p.id, None if p.face_down or p.phased_out or not card else card))
    return out


@lru_cache(maxsize=4096)
def _unmodelled_texts(card: str) -> tuple[str, ...]:
    """The abilities nothing models: not compiled, named by no hand fact, not a text the rules
    read themselves ("Haste") nor one the scenario states (a plain "enter as a copy": copy_of);
    pybridge/cards/coverage.py's sources."""
    unread = [a.text for a in ability_compilations(card) if not is_modelled(a)]
    if not unread:
        return ()
    # (imported here: a question about cards with every ability read never loads the module)
    from pybridge.cards.coverage import SCENARIO_STATED, rules_texts
    return tuple(text for text in unread if text not in rules_texts()
                 and not any(pattern.match(text) for pattern, _ in SCENARIO_STATED))


@lru_cache(maxsize=4096)
def _unchecked_texts(card: str) -> tuple[str, ...]:
    """Modelled abilities with a rider can_activate doesn't check ("Activate only once each turn")."""
    return tuple(a.text for a in ability_compilations(card)
                 if a.modelled and a.unchecked)


# --- triggered abilities: the trigger condition apart from the effect (pybridge/oracle/triggers.py) ---
# "When ~ enters, create ... tokens. They have ...": the token may be modelled and the trigger
# not: such an ability still bears on the `triggered` question; one whose trigger condition is
# read (compiled, or a hand triggers_on line) doesn't, whatever its effect.
# ("At the beginning of ..." abilities: their condition is not read at all, trigger "")
TRIGGER_UNMODELLED = ("token_trigger", "grant_trigger")


@lru_cache(maxsize=4096)
def _trigger_unmodelled_texts(card: str) -> tuple[str, ...]:
    if not ability_compilations(card):     # (a basic land's question never imports the module)
        return ()
    from pybridge.oracle.compilation import UNMODELLED
    return tuple(a.text for a in ability_compilations(card)
                 if a.modelled and a.term not in hand_triggered()
                 and (a.trigger == UNMODELLED or (not a.trigger and a.pattern in TRIGGER_UNMODELLED)))


@lru_cache(maxsize=4096)
def _trigger_read_texts(card: str) -> frozenset[str]:
    if not ability_compilations(card):
        return frozenset()
    from pybridge.oracle.compilation import MODELLED
    return frozenset(a.text for a in ability_compilations(card)
                     if a.trigger == MODELLED or a.term in hand_triggered())


class UnmodelledIndex:
    """The unmodelled abilities of a board's permanents, read once, so that asking about every
    permanent of a board costs one pass over it, not one per ask (issue 11).  The board is the
    state the answers are about (pybridge/answer/events.py's `board_of` after events), by
    default the file's."""

    def __init__(self, scenario, board: list[tuple[str, str | None]] | None = None) -> None:
        self.rows: list[tuple[str, str, str]] = []          # (id, card, text)
        self.of: dict[str, list[tuple[str, str]]] = {}       # id -> (card, text), its own
        self.unchecked: dict[str, tuple[str, ...]] = {}
        self.trigger_rows: list[tuple[str, str, str]] = []   # bear on `triggered` alone
        self.trigger_read: set[tuple[str, str]] = set()      # bear on it not at all
        start = starting_board(scenario)
        shown = start if board is None else board
        for ident, card in shown:
            if card is None:
                continue
            self.unchecked[ident] = _unchecked_texts(card)
            for text in _unmodelled_texts(card):
                if (card, text) not in self.of.get(ident, []):      # one row per ability text
                    self.rows.append((ident, card, text))
                    self.of.setdefault(ident, []).append((card, text))
            self.trigger_rows += [(ident, card, text) for text in _trigger_unmodelled_texts(card)]
            self.trigger_read |= {(ident, text) for text in _trigger_read_texts(card)}
        # The asked permanent's own text besides what it shows: a face-down one's card (what it
        # turns up as), a copy's own card (its copy effect's exceptions, 707.9).
        self.hidden: dict[str, list[tuple[str, str]]] = {}
        self.copier: dict[str, list[tuple[str, str]]] = {}
        for p in getattr(scenario, "permanents", ()):
            into = self.hidden if p.face_down else self.copier if p.copy_of or p.copy_of_card else None
            if into is not None:
                into[p.id] = [(p.card, text) for text in _unmodelled_texts(p.card)]
        # The cards the events may put onto the battlefield, and the permanents of the file
        # before the events (one turned face down or gone since may have triggered on the
        # way): they bear on `triggered` alone.
        cards = getattr(scenario, "cards", ())
        self.card_rows = [(c.id, c.card, text) for c in cards
                          for text in _unmodelled_texts(c.card) + _trigger_unmodelled_texts(c.card)]
        if board is not None:
            self.card_rows += [(ident, card, text) for ident, card in start if card is not None
                               for text in _unmodelled_texts(card) + _trigger_unmodelled_texts(card)]
            self.card_rows += [(p.id, p.card, text) for p in getattr(scenario, "permanents", ())
                               if p.face_down for text in _trigger_unmodelled_texts(p.card)]
            self.trigger_read |= {(ident, text) for ident, card in start if card is not None
                                  for text in _trigger_read_texts(card)}
        self.trigger_read |= {(c.id, text) for c in cards for text in _trigger_read_texts(c.card)}
        self.event_rows = _event_rows(scenario, start, board or [])
        # What each permanent of the file is attached to: a rule about its host bears on the
        # host alone.  A new object of the events is not here: its rules bear on every answer.
        self.host = {p.id: p.attached_to for p in getattr(scenario, "permanents", ())}
        self.by_kind: dict[str, list[dict[str, str]]] = {}

    def for_ask(self, kind: str, target: str) -> list[dict[str, str]]:
        rows = self._board_rows(kind)
        rows += [{"permanent": pid, "ability": text} for pid, card, text in self.rows
                 if self.host.get(pid, target) == target and not bears_on(kind, text, False, card, False)
                 and bears_on(kind, text, False, card, True)]
        bearing = KIND_BY_NAME[kind].bears
        rows += [{"permanent": target, "ability": text} for card, text in self.of.get(target, [])
                 if bears_on(kind, text, True, card)]
        for found, classes in ((self.hidden, bearing.hidden), (self.copier, bearing.asked)):
            rows += [{"permanent": target, "ability": text} for card, text in found.get(target, [])
                     if text_classes(card, text).intersection(classes)]
        if kind == "can_activate":
            rows += [{"permanent": target, "ability": text} for text in self.unchecked.get(target, ())]
        out: list[dict[str, str]] = []
        for row in rows + [dict(row) for row in self.event_rows]:
            # a trigger whose condition is read bears on `triggered` not at all, whoever asks
            read = kind == "triggered" and (row["permanent"], row["ability"]) in self.trigger_read
            if row not in out and not read:
                out.append(row)
        return out

    def _board_rows(self, kind: str) -> list[dict[str, str]]:
        if kind not in self.by_kind:
            rows = (self.card_rows + self.trigger_rows if kind == "triggered" else []) + self.rows
            found: list[dict[str, str]] = []
            for pid, card, text in rows:
                row = {"permanent": pid, "ability": text}
                if bears_on(kind, text, False, card, pid not in self.host) and row not in found \
                        and not (kind == "triggered" and (pid, text) in self.trigger_read):
                    found.append(row)
            self.by_kind[kind] = found
        return [dict(row) for row in self.by_kind[kind]]


def _event_rows(scenario, start: list, board: list) -> list[dict[str, str]]:
    """The unmodelled abilities that could change what an event does, by the event kind's
    declared classes (EVENT_BEARS): of the objects it moves (a face-down one's card too) and of
    every permanent before the events and after them."""
    events = getattr(scenario, "events", ())
    if not events:
        return []
    card_of = {p.id: p.card for p in scenario.permanents}
    card_of.update({c.id: c.card for c in getattr(scenario, "cards", ())})
    for event in events:                     # the new objects an event makes (400.7)
        for old, new in event.new_ids:
            if old in card_of:
                card_of.setdefault(new, card_of[old])
    around = [(i, c) for i, c in start + board if c is not None]
    out: list[dict[str, str]] = []
    for event in events:
        touched = [(i, card_of[i]) for i in event.objects if i in card_of]
        for ident, card in touched + around:
            for text in _unmodelled_texts(card):
                row = {"permanent": ident, "ability": text}
                if bears_on_event(event.kind, text, card) and row not in out:
                    out.append(row)
    return out
