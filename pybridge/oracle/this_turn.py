"""Static abilities whose condition or amount is what happened this turn -> the static compiler's (statics/) facts
with a condition static_when(Ab,Cond) or an amount pt_modify_per(...,turn(Kind)) that
asp/layers/statics.lp judges on the scenario's [game] this_turn counts and [[permanent]]
entered_this_turn (rule 611.3a: the effect exists only while the condition holds).

compile_this_turn(face, index, source, quoted) reads "As long as you've drawn two or more cards
this turn, ~ gets +0/+2 and has vigilance", "~ has hexproof as long as it entered the battlefield
this turn", "~ gets +X/+0, where X is the amount of life you've lost this turn": the condition or
amount is read here, the rest by statics.lark as a static ability without it.  Returns the facts,
None when the ability names nothing of this turn that is read here, or raises statics'
Unmodelled.

Conditions (Cond):
  turn_at_least(Kind,N)         the source's controller's count Kind this turn is N or more
  turn_others_at_least(Kind,N)  the same, not counting the source itself ("another creature")
  entered_this_turn             the source entered the battlefield this turn
"""
from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from pybridge.oracle.statics.reader import CompileQuoted, NotStatic, compile_static
from pybridge.oracle.statics.terms import Unmodelled, number

NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
CONDITIONS: tuple[tuple[re.Pattern, object], ...] = (
    (re.compile(rf"^you've drawn {NUM} or more cards this turn$"),
     lambda m: Function("turn_at_least", [Function("cards_drawn"), Number(number(m[1]))])),
    (re.compile(rf"^you've cast {NUM} or more spells this turn$"),
     lambda m: Function("turn_at_least", [Function("spells_cast"), Number(number(m[1]))])),
    (re.compile(r"^you've cast an instant or sorcery spell this turn$"),
     lambda m: Function("turn_at_least", [Function("instants_and_sorceries_cast"), Number(1)])),
    (re.compile(r"^you've surveilled this turn$"),
     lambda m: Function("turn_at_least", [Function("surveils"), Number(1)])),
    (re.compile(r"^you had another creature enter the battlefield under your control this turn$"),
     lambda m: Function("turn_others_at_least", [Function("creatures_entered"), Number(1)])),
    (re.compile(r"^you've put one or more \+1/\+1 counters on a creature this turn$"),
     lambda m: Function("turn_at_least", [Function("plus_one_counters_put"), Number(1)])),
    (re.compile(r"^(it|~) entered the battlefield this turn$"),
     lambda m: Function("entered_this_turn")),
)
AMOUNTS = {"the amount of life you've lost this turn": "life_lost"}
PREFIX = re.compile(r"^As long as (?P<cond>[^,]+), (?P<rest>.+)$")
SUFFIX = re.compile(r"^(?P<rest>.+?) as long as (?P<cond>[^,]+)\.$")
WHERE_X = re.compile(r"^(?P<subject>.+?) gets (?P<p>[+-](X|0))/(?P<t>[+-](X|0)), where X is (?P<amount>[^.]+)\.$")
ABILITY_WORD = re.compile(r"^[A-Z][\w' ]* — ")          # "Rolling Attack — " (rule 207.2c)
# What a condition can't be beside: facts whose effects the vocabulary never puts under one.
UNCONDITIONED = ("sets_base_pt", "land_type_effect", "loses_type", "pt_cda", "lasting_effect")


def compile_this_turn(face: str, index: int, source: str, text: str,
                      quoted: CompileQuoted) -> list[Symbol] | None:
    """`text` is the ability as printed (its quoted abilities' texts name the card)."""
    printed = re.findall(r'"[^"]*"', text)
    source = ABILITY_WORD.sub("", source)
    if "this turn" not in source:
        return None
    ab = Function("ab", [String(face), Number(index)])
    where = WHERE_X.match(source)
    if where:
        kind = AMOUNTS.get(where["amount"])
        if kind is None:
            return None
        one = {"+X": 1, "-X": -1, "+0": 0, "-0": 0}
        facts = _static(f"{where['subject']} gets +1/+0.", face, index, quoted, [])
        pt = [f for f in facts if f.name == "pt_modify"]
        if len(pt) != 1 or len(facts) != 1:
            raise Unmodelled("an amount of this turn beside other effects: not in the vocabulary")
        return [Function("pt_modify_per", [ab, pt[0].arguments[1], Number(one[where["p"]]),
                                           Number(one[where["t"]]), Function("turn", [Function(kind)])])]
    match = PREFIX.match(source) or SUFFIX.match(source)
    if not match:
        return None
    cond = next((make(m) for pattern, make in CONDITIONS if (m := pattern.match(match["cond"]))), None)
    if cond is None:
        return None
    rest = match["rest"].rstrip(".")
    rest = rest[0].upper() + rest[1:] + "."
    facts = _static(rest, face, index, quoted, printed)
    if any(f.name in UNCONDITIONED or f.name == "static_when" for f in facts):
        raise Unmodelled("a condition on this turn beside an effect the vocabulary puts under no "
                         "condition, or a second condition")
    return facts + [Function("static_when", [ab, cond])]


def _static(text: str, face: str, index: int, quoted: CompileQuoted,
            printed: list[str]) -> list[Symbol]:
    try:
        return compile_static(text, face, index, quoted, printed)
    except NotStatic:
        raise Unmodelled(f"the effect beside a condition on this turn isn't static: {text[:40]!r}") from None
