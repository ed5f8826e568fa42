"""Triggered abilities' effects as they resolve from the stack (rule 608.2): the words after
"When/Whenever EVENT, [if COND,]" as the card vocabulary's trigger_effect(Ab,I,E), read by
asp/stack/resolve.lp.

An effect is read whole or not at all: its sentence is split into parts joined by "and", each
part one of the shapes below, and one part of no known shape leaves the whole effect unread (its
resolution is then named in the answer's `unmodelled`, never skipped).  The shapes, for what the
scenario format tracks:
  "you gain N life"                      gain_life(N)             (119.3)
  "you lose N life", "each opponent loses N life", "target player|opponent loses N life"
                                         lose_life(you|each_opponent|target(player|opponent),N)
                                         (the target chosen as it is put on the stack, 603.3d)
  "put N +1/+1 counter(s) on ~ | it | that creature"   counters(self|it,Kind,N)   (122.1)
  "add {G}{G}", "add one mana of any color"          add_mana(m(...)), add_any_color(N) (106.4)
  "draw N cards"                         draw(N) (121.1: [game] hand_sizes)
  "~ deals N damage to you|each opponent"   damage(you|each_opponent,N) (120.3)
  "you may <one part>"                   may(E) (603.5: its controller chooses as it resolves)
  "~ becomes a copy of that creature[, except ...]"  becomes_copy(it) (707.2; the exceptions
      are the card's copy vocabulary, pybridge/oracle/copies.py)
  "create N <token> [for each K counter on ~]"   create_tokens(N, fixed | per_counter(K)) (111.1:
      the token the grants floor defines, token_made/4; the counters as its source last existed)
"""
from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from pybridge.oracle.compilation import ability_term
from pybridge.read.mana_strings import parse_mana_string

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(?P<n>\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
_PART = re.compile(r",? and (?=you |each |put |add |draw )")
SHAPES = (
    (re.compile(rf"^you gain {_N} life$"), lambda m: Function("gain_life", [_num(m)])),
    (re.compile(rf"^you lose {_N} life$"),
     lambda m: Function("lose_life", [Function("you"), _num(m)])),
    (re.compile(rf"^each opponent loses {_N} life$"),
     lambda m: Function("lose_life", [Function("each_opponent"), _num(m)])),
    (re.compile(rf"^target (?P<who>player|opponent) loses {_N} life$"),
     lambda m: Function("lose_life", [Function("target", [Function(m.group("who"))]), _num(m)])),
    (re.compile(rf"^put {_N} (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? on (?P<whom>~|it|that creature)$"),
     lambda m: Function("counters", [Function("self" if m.group("whom") == "~" else "it"),
                                     String(m.group("kind")), _num(m)])),
    (re.compile(rf"^draw {_N} cards?$"), lambda m: Function("draw", [_num(m)])),
    (re.compile(rf"^you draw {_N} cards?$"), lambda m: Function("draw", [_num(m)])),
    # damage its source deals to players (120.3): life lost, or gained back by lifelink
    (re.compile(r"^~ deals (?P<n>\d+) damage to (?P<who>you|each opponent)$"),
     lambda m: Function("damage", [Function("you" if m.group("who") == "you" else "each_opponent"),
                                   _num(m)])),
    (re.compile(rf"^add {_N} mana of any color$"),
     lambda m: Function("add_any_color", [_num(m)])),
    (re.compile(r"^add (?P<mana>(\{[WUBRGC]\})+)$"), lambda m: _mana(m.group("mana"))),
    # the copy effect's exceptions are the card's copy vocabulary (pybridge/oracle/copies.py)
    (re.compile(r"^~ becomes a copy of (that creature|it)(, except .*)?$"),
     lambda m: Function("becomes_copy", [Function("it")])),
    # the token itself is the one the grants floor defines (token_made/4 of pybridge/oracle/
    # grants.py): its first token, one kind of token only
    (re.compile(rf"^create {_N} (?!.*\btokens? and\b)[^\"]*?\btokens?(?: with [\w ]+?)?"
                r"(?: for each (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter on ~)?$"),
     lambda m: Function("create_tokens", [_num(m), Function("per_counter", [String(m.group("kind"))])
                                          if m.group("kind") else Function("fixed")])),
)


def _num(m: re.Match) -> Symbol:
    text = m.group("n")
    return Number(int(text) if text.isdigit() else NUMBERS[text])


def _mana(text: str) -> Symbol:
    return Function("add_mana", [Function("m", [Number(n) for n in parse_mana_string(text)])])


def compile_trigger_effect(face: str, index: int, effect: str) -> list[Symbol] | None:
    """trigger_effect(Ab,I,E) for each part of the effect (source normalised: the card's names
    are "~"), or None when some part is of no shape read here."""
    text = effect.strip()
    if not text.endswith(".") or text.count(".") != 1:
        return None                     # one sentence only
    body = text[:-1]
    optional = body.startswith("you may ")      # "you may draw a card" (603.5)
    if optional:
        body = body[len("you may "):]
    parts = _PART.split(body)
    if optional and len(parts) > 1:
        return None                             # "you may X and Y": one choice for both
    ab = ability_term(face, index)
    out = []
    for i, part in enumerate(parts, start=1):
        # "you may gain 1 life": the part is "you gain 1 life"
        words = (part, "you " + part) if optional else (part,)
        for pattern, make in SHAPES:
            m = next(filter(None, (pattern.match(w) for w in words)), None)
            if m:
                effect = make(m)
                out.append(Function("trigger_effect", [ab, Number(i), Function("may", [effect])
                                                       if optional else effect]))
                break
        else:
            return None
    return out
