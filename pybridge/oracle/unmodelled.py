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
  (asp/cards/events.lp states the triggers the events see); pool: as produce.
A face-down permanent has no abilities (rule 708.2), a phased-out one is treated as though it
doesn't exist (rule 702.26b): both are left out.
"""
from __future__ import annotations

import re

from pybridge.oracle.abilities import KEYWORDS
from pybridge.oracle.hook import card_compilation, is_modelled

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


def unmodelled_abilities(scenario, kind: str, target: str) -> list[dict[str, str]]:
    """[{"permanent": ID, "ability": TEXT}] for the unmodelled abilities that could bear on an
    answer of this kind about permanent target, in the scenario's order."""
    by_id = {p.id: p for p in scenario.permanents}
    out = []
    if kind == "triggered":       # the cards the events may put onto the battlefield
        for c in getattr(scenario, "cards", ()):
            out += [{"permanent": c.id, "ability": a.text} for a in card_compilation(c.card).abilities
                    if not is_modelled(a) and bears_on(kind, a.text, False)]
    for p in scenario.permanents:
        if p.face_down or p.phased_out:
            continue
        card = p.copy_of_card or (by_id[p.copy_of].card if p.copy_of in by_id else p.card)
        for ability in card_compilation(card).abilities:
            if not is_modelled(ability) and bears_on(kind, ability.text, p.id == target):
                out.append({"permanent": p.id, "ability": ability.text})
            elif kind == "can_activate" and p.id == target and ability.modelled and ability.unchecked:
                out.append({"permanent": p.id, "ability": ability.text})
    return out
