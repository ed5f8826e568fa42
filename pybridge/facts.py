"""A scenario as ASP facts: clingo symbols only, so no user text is ever read as program text.

The vocabulary is the one pybridge/contract.py declares (asp/rules/inputs.lp #defines it).
"""
from __future__ import annotations

from clingo import Function, Number, String, Symbol

from pybridge.cards.printed import card_facts, scenario_cards
from pybridge.contract import CARD, EFFECT, GAME, PERMANENT, fact
from pybridge.kinds import KINDS
from pybridge.oracle.hook import oracle_facts
from pybridge.scenario import Scenario

def scenario_facts(scenario: Scenario) -> list[Symbol]:
    """The facts each key becomes, as pybridge/contract.py declares them, then the asks'."""
    out: list[Symbol] = GAME.facts_of(None, scenario)
    for p in scenario.permanents:
        out += PERMANENT.facts_of(String(p.id), p)
    for e in scenario.effects:
        out += EFFECT.facts_of(Function("effect", [Number(e.number)]), e)
    for c in scenario.cards:        # the events (pybridge/events.py) are given one at a time
        out += CARD.facts_of(String(c.id), c)
    kinds: dict[str, Symbol] = {}      # each kind's constant made once, not once per ask
    for ask in scenario.asks:
        kind = kinds.get(ask.kind) or kinds.setdefault(ask.kind, Function(ask.kind))
        out.append(fact("ask", Number(ask.number), kind, String(ask.target)))
        out += KINDS[ask.kind].option_facts(ask)
    cards = scenario_cards(scenario)
    # The printed characteristics of just the cards the scenario uses (the pool is never
    # grounded whole).
    out += card_facts(cards)
    # What the cards' Oracle text compiles to, where no hand encoding in asp/cards/ covers it.
    out += oracle_facts(cards)
    return out


def facts_text(symbols: list[Symbol]) -> str:
    """The facts as a program, for people who run clingo on asp/ themselves (`mtgasp facts`)."""
    return "".join(f"{sym}.\n" for sym in symbols)
