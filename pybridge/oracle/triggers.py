"""Triggered abilities' trigger conditions (rules 603.2, 603.4, 603.6, 603.10a, 700.4): the
"When/Whenever EVENT, [if COND,] EFFECT" of an ability, as the card vocabulary's
triggers_on(Ab,Event,Filter) and trigger_if(Ab,Cond) (asp/events/triggers.lp reads them).

The trigger part is read whatever the effect is: an ability whose effect no floor reads still
triggers (its effect is unmodelled, its trigger is not).  triggers.lark splits the condition into
its subject and its events ("~ enters the battlefield or attacks": two events of one subject);
the subject's words are a filter of the shared filter language (statics/words.py), the intervening
"if" a condition of the static vocabulary (statics.lark's conditions: cond_true/2 judges it).

Events the scenario format follows: enters, dies, leaves (the battlefield, to any zone),
to_graveyard (put into a graveyard from anywhere), turned_face_up.  Events recorded though the
format can't follow them yet (no scenario event makes them): attacks, blocks, becomes_blocked,
deals_combat_damage, deals_damage, dealt_damage, becomes_target, becomes_tapped, becomes_untapped,
tapped_for_mana, counter_put(Kind), cast, cycled, draws, discards, gains_life, sacrificed.
"""
from __future__ import annotations

import re
from functools import lru_cache

from clingo import Function, String, Symbol
from lark import Lark, Tree
from lark.exceptions import LarkError

from pybridge.oracle.compilation import ability_term


class TriggerUnmodelled(Exception):
    """A triggered ability whose trigger condition the vocabulary can't state."""


TRIGGER_START = re.compile(r"^(When|Whenever) ")
# "When ~ enters the battlefield, if you control two or more Gates, ...": the condition ends at the
# first comma outside a number ("1,000") and a quote.
_HEAD = re.compile(r"^(When|Whenever) (?P<cond>[^,\"]+), (?:if (?P<if>[^,\"]+), )?")


@lru_cache(maxsize=1)
def parser() -> Lark:
    from pybridge.oracle.grammars import earley
    return earley("triggers.lark", "trigger")


def is_triggered(source: str) -> bool:
    return bool(TRIGGER_START.match(source))


def compile_trigger(face: str, index: int, source: str) -> list[Symbol]:
    """The trigger facts of a "When/Whenever ..." ability (source normalised: its card's names
    are "~"), or TriggerUnmodelled with the reason."""
    head = _HEAD.match(source)
    if head is None:
        raise TriggerUnmodelled("a trigger condition without a comma after it")
    cond = head.group("cond").strip()
    try:
        tree = parser().parse(cond)
    except LarkError as err:
        column = getattr(err, "column", None)
        near = (f"at {cond[column - 1:column + 29]!r}" if isinstance(column, int) and column > 0
                else repr(cond[:40]))
        raise TriggerUnmodelled(f"trigger condition of a shape the grammar doesn't read: {near}") from None
    ab = ability_term(face, index)
    facts = [Function("triggers_on", [ab, event, filt]) for event, filt in _read(tree)]
    if head.group("if"):
        facts.append(Function("trigger_if", [ab, intervening_if(head.group("if"), face, index)]))
    return sorted(set(facts))


# --- the parse tree: events of a subject ---
def _read(tree: Tree) -> list[tuple[Symbol, Symbol]]:
    if tree.data == "either_trigger":
        return [pair for sub in tree.children if isinstance(sub, Tree) for pair in _read(sub)]
    if tree.data == "counters_on":
        kind, subject = [t for t in tree.children if isinstance(t, Tree)]
        return [(Function("counter_put", [String(_kind(kind))]), _subject(subject, None))]
    if tree.data == "player_trigger":
        who, *events = tree.children
        return [_player_event(who, ev) for ev in events if isinstance(ev, Tree)]
    subject, *events = tree.children
    out = []
    for ev in [e for e in events if isinstance(e, Tree)]:
        name, control = _event(ev)
        out.append((name, _subject(subject, control)))
    return out


def _kind(tree: Tree) -> str:
    return "".join(str(t) for t in tree.children)


def _event(tree: Tree) -> tuple[Symbol, str | None]:
    """An event phrase: its term, and "under X's control" for an entering (the controller the
    filter then reads)."""
    kind = tree.data
    if kind == "enters":
        control = next((t.data for t in tree.children if isinstance(t, Tree)), None)
        return Function("enters"), control
    if kind in ("deals_combat_damage", "deals_damage", "becomes_target"):
        to = next((t.data for t in tree.children if isinstance(t, Tree)), "any")
        return Function(kind, [Function(to)]), None
    return Function(str(kind)), None


def _player_event(who: Tree, event: Tree) -> tuple[Symbol, Symbol]:
    """"you cast a noncreature spell", "an opponent draws a card": the event of a player, the
    filter the player (you, opponent, any_player), for a spell spell(Player,F), for what the
    player sacrifices or turns face up the object's filter (yours(F) when it is you)."""
    player = Function(who.data)
    self_named = any(not isinstance(t, Tree) and str(t) == "~" for t in event.children)
    if event.data == "cast":
        if any(isinstance(t, Tree) and t.data == "this_spell" for t in event.children):
            return Function("cast"), Function("self")
        spell = next(t for t in event.children if isinstance(t, Tree))
        words = [str(t) for t in spell.children if str(t).lower() not in ("spell", "spells")]
        return Function("cast"), Function("spell", [player, spell_filter(words)])
    if self_named:
        return Function(event.data), Function("self")
    words = next((t for t in event.children if isinstance(t, Tree) and t.data == "words"), None)
    if words is not None:
        filt = object_filter([str(t) for t in words.children])
        name = "turned_face_up" if event.data == "turns_up" else event.data
        return Function(name), (Function("yours", [filt]) if who.data == "you" else
                                Function("by", [player, filt]))
    return Function(event.data), player


def _subject(tree: Tree, control: str | None) -> Symbol:
    """The subject's filter: self, host (what the source is attached to), another(F),
    self_or_another(F), and under them yours(F), opponents(F) or the bare filter."""
    kind = tree.data
    if kind == "self":
        if control not in (None, "your_control"):
            raise TriggerUnmodelled("~ entering under an opponent's control")
        return Function("self")
    if kind == "host":
        return Function("host")
    words = [str(t) for w in tree.children if isinstance(w, Tree) and w.data == "words"
             for t in w.children]
    whose = next((t.data for t in tree.children if isinstance(t, Tree) and t.data != "words"), None)
    for c in (control,):
        if c == "your_control":
            whose = whose or "yours"
        elif c == "opponent_control":
            whose = whose or "opponents"
    filt = object_filter(words)
    if whose in ("yours", "opponents"):
        filt = Function(whose, [filt])
    if kind == "another":
        return Function("another", [filt])
    if kind == "self_or_another":
        return Function("self_or_another", [filt])
    return filt


# --- the words of a filter ---
SPELL_TYPES = {"instant": "Instant", "sorcery": "Sorcery", "creature": "Creature",
               "artifact": "Artifact", "enchantment": "Enchantment", "planeswalker": "Planeswalker",
               "land": "Land", "noncreature": None, "historic": None, "multicolored": None,
               "colorless": None, "legendary": None, "kicked": None}


def object_filter(words: list[str]) -> Symbol:
    """The filter of a subject's words ("nontoken creature", "Elves", "face-down creature"): the
    shared filter language (statics/words.py); a card ("creature card") is the same filter."""
    from pybridge.oracle.statics.terms import Unmodelled
    from pybridge.oracle.statics.words import words_filter
    words = [w for w in words if w.lower() not in ("card", "cards")]
    if not words:
        return Function("permanent")
    try:
        return words_filter(words)
    except Unmodelled as err:
        raise TriggerUnmodelled(f"the subject {' '.join(words)!r}: {err}") from None


def spell_filter(words: list[str]) -> Symbol:
    """A spell's words ("instant or sorcery", "noncreature", "creature", "multicolored"): the
    filter its card matches (an instant or sorcery type too)."""
    from pybridge.oracle.statics.terms import both
    words = [w for w in words if w.lower() not in ("a", "an", "spell", "spells")]
    if not words:
        return Function("any")
    if "or" in [w.lower() for w in words]:
        at = [w.lower() for w in words].index("or")
        return Function("either", [spell_filter(words[:at]), spell_filter(words[at + 1:])])
    parts = []
    for word in words:
        low = word.lower()
        if low in ("instant", "sorcery"):
            parts.append(Function("type", [String(SPELL_TYPES[low])]))
        elif low in ("noncreature", "nonland", "nonartifact", "nonenchantment"):
            parts.append(Function("non", [object_filter([low[3:]])]))
        else:
            parts.append(object_filter([word]))
    return both(parts)


# --- the intervening "if" (rule 603.4) ---
def intervening_if(text: str, face: str, index: int) -> Symbol:
    """"if you control two or more Gates": the condition as the static vocabulary states it
    (statics.lark's conditions, judged by cond_true/2), read through a static ability of that
    condition."""
    from pybridge.oracle.statics.reader import NotStatic, compile_static
    from pybridge.oracle.statics.terms import Unmodelled
    text = text.strip()
    try:
        facts = compile_static(f"As long as {text}, ~ has flying.", face, index,
                               lambda _t: ([], False), [])
    except (NotStatic, Unmodelled):
        facts = []
    found = [f.arguments[1] for f in facts if f.name == "static_when"]
    if len(found) != 1:
        raise TriggerUnmodelled(f"intervening if (rule 603.4) the condition vocabulary doesn't read: {text!r}")
    return found[0]
