"""No silent partial cards (issue 12, item 5): the abilities of a scenario's permanents that
nothing models and that could bear on an answer.

An ability is modelled when the compiler compiles it or a hand fact of asp/cards/ names it.
Which unmodelled abilities could bear on an answer, by question kind:
- could_produce, produce: an ability of any permanent that mentions mana ("mana", "Add",
  "produce"), a basic land type or land types, since mana abilities, replacement effects,
  triggered mana abilities and type-changing effects are what those answers rest on (rules
  106.7, 605, 614, 305.7); but not a triggered ability that adds no mana, nor an effect on
  spending mana ("You may spend mana as though ...", rule 609.4b: spending, not producing);
- characteristics: a static ability of any permanent (not activated, not triggered, not a plain
  keyword), since layers 1-7 are made of static abilities (rule 613.1); but not one about how
  it enters (its result is what the scenario states: copy_of, counters, face_down);
- can_activate: a static ability of any permanent that mentions activating (rule 602.5), and
  the asked permanent's modelled abilities with a restriction the scenario can't state
  ("Activate only once each turn": whether it was activated this turn);
- etb_x, turn_face_up: the abilities of the asked permanent that mention entering or turning
  face up;
- triggered: any "When ..."/"Whenever ..." ability of a permanent or of a card an event moves
  whose trigger condition is not read (pybridge/oracle/triggers.py compiles them, whatever their
  effect; asp/cards/events.lp states a few by hand); pool: as produce.
A face-down permanent has no abilities (rule 708.2), a phased-out one is treated as though it
doesn't exist (rule 702.26b): both are left out.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pybridge.oracle.abilities import KEYWORDS
from pybridge.oracle.hook import ability_compilations, hand_triggered, is_modelled

MANA_WORDS = re.compile(r"\bmana\b|\bAdd\b|\bproduc|\bPlains\b|\bIsland|\bSwamp|\bMountain|"
                        r"\bForest|\bland types?\b|\bbasic land")
ACTIVATION_WORDS = re.compile(r"\bactivat", re.IGNORECASE)
ENTERING_WORDS = re.compile(r"\benters?\b|\bturned face up\b|\bX\b")
TRIGGER_START = ("When ", "Whenever ", "At ")
# How mana may be spent (rule 609.4b): nothing any question kind here answers rests on it.
SPENDING = re.compile(r"^(You|Players) may spend mana as though")
ENTERS = re.compile(r"\benters? the battlefield\b|\benter the battlefield\b")


def _activated(text: str) -> bool:
    quote, colon = text.find('"'), text.find(":")
    return colon >= 0 and (quote < 0 or colon < quote)


def _static(text: str) -> bool:
    if _activated(text) or text.startswith(TRIGGER_START):
        return False
    keyword = text.lower().startswith(KEYWORDS) and "changeling" not in text.lower()
    return not keyword


def bears_on(kind: str, text: str, asked: bool) -> bool:
    if text.startswith(("This spell", "When you cast this spell")):   # on the stack (rule 113.6)
        return False
    if text.startswith("Enchant "):            # what it enchants is the scenario's attached_to
        return False
    if kind in ("could_produce", "produce"):
        if text.startswith(TRIGGER_START) and not re.search(r"\badds?\b", text, re.IGNORECASE):
            return False
        return bool(MANA_WORDS.search(text)) and not SPENDING.match(text)
    if kind == "characteristics":
        return _static(text) and not ENTERS.search(text) and not SPENDING.match(text)
    if kind == "can_activate":
        return _static(text) and bool(ACTIVATION_WORDS.search(text))
    if kind in ("etb_x", "turn_face_up"):
        return asked and bool(ENTERING_WORDS.search(text))
    if kind == "triggered":                    # events set off "when(ever)" abilities (603.2)
        return text.startswith(("When ", "Whenever "))
    if kind == "pool":
        return bears_on("produce", text, asked)
    return False


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
    return tuple(a.text for a in ability_compilations(card) if not is_modelled(a))


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
    from pybridge.oracle.compilation import UNMODELLED
    return tuple(a.text for a in ability_compilations(card)
                 if a.modelled and a.term not in hand_triggered()
                 and (a.trigger == UNMODELLED or (not a.trigger and a.pattern in TRIGGER_UNMODELLED)))


@lru_cache(maxsize=4096)
def _trigger_read_texts(card: str) -> frozenset[str]:
    from pybridge.oracle.compilation import MODELLED
    return frozenset(a.text for a in ability_compilations(card)
                     if a.trigger == MODELLED or a.term in hand_triggered())


class UnmodelledIndex:
    """The unmodelled abilities of a board's permanents, read once, so that asking about every
    permanent of a board costs one pass over it, not one per ask (issue 11): only etb_x and
    turn_face_up look at the asked permanent, every other kind at the whole board.  The board is
    the state the answers are about (pybridge/answer/events.py's `board_of` after events), by default
    the file's."""

    def __init__(self, scenario, board: list[tuple[str, str | None]] | None = None) -> None:
        self.rows: list[tuple[str, str]] = []
        self.of: dict[str, list[str]] = {}
        self.unchecked: dict[str, tuple[str, ...]] = {}
        self.trigger_rows: list[tuple[str, str]] = []     # bear on `triggered` alone
        self.trigger_read: set[tuple[str, str]] = set()   # bear on it not at all
        for ident, card in starting_board(scenario) if board is None else board:
            if card is None:
                continue
            self.unchecked[ident] = _unchecked_texts(card)
            for text in _unmodelled_texts(card):
                if text not in self.of.get(ident, []):      # one row per ability text
                    self.rows.append((ident, text))
                    self.of.setdefault(ident, []).append(text)
            self.trigger_rows += [(ident, text) for text in _trigger_unmodelled_texts(card)]
            self.trigger_read |= {(ident, text) for text in _trigger_read_texts(card)}
        # The cards the events may put onto the battlefield: they bear on `triggered` alone.
        self.card_rows = [(c.id, text) for c in getattr(scenario, "cards", ())
                          for text in _unmodelled_texts(c.card) + _trigger_unmodelled_texts(c.card)]
        self.trigger_read |= {(c.id, text) for c in getattr(scenario, "cards", ())
                              for text in _trigger_read_texts(c.card)}
        self.by_kind: dict[str, list[dict[str, str]]] = {}

    def for_ask(self, kind: str, target: str) -> list[dict[str, str]]:
        if kind in ("etb_x", "turn_face_up"):
            return [{"permanent": target, "ability": text} for text in self.of.get(target, [])
                    if bears_on(kind, text, True)]
        if kind == "can_activate":
            extra = [{"permanent": target, "ability": text} for text in self.unchecked.get(target, ())]
            return self._board_rows(kind) + extra
        return self._board_rows(kind)

    def _board_rows(self, kind: str) -> list[dict[str, str]]:
        if kind not in self.by_kind:
            rows = (self.card_rows + self.trigger_rows if kind == "triggered" else []) + self.rows
            self.by_kind[kind] = [{"permanent": pid, "ability": text} for pid, text in rows
                                  if bears_on(kind, text, False)
                                  and not (kind == "triggered" and (pid, text) in self.trigger_read)]
        return [dict(row) for row in self.by_kind[kind]]
