"""A scenario as ASP facts: clingo symbols only, so no user text is ever read as program text.

The vocabulary is the one pybridge/contract/scenario/ declares (asp/vocabulary/scenario.lp #defines it).
"""
from __future__ import annotations

from clingo import Function, Number, String, Symbol

from pybridge.solve.bulk import collector_paused
from pybridge.cards.printed import card_facts, scenario_cards
from pybridge.contract.scenario import CARD, EFFECT, GAME, PERMANENT
from pybridge.oracle.hook import oracle_facts
from pybridge.read.ask_options import option_facts
from pybridge.read.scenario import Scenario
from pybridge.solve.symbols import function, number, strings

def scenario_facts(scenario: Scenario) -> list[Symbol]:
    """The facts each key becomes, as pybridge/contract/scenario/ declares them, then the asks'."""
    with collector_paused():
        return _scenario_facts(scenario)


def _scenario_facts(scenario: Scenario) -> list[Symbol]:
    out: list[Symbol] = GAME.facts_of(None, scenario)
    # Table by table, key by key (a board of 100,000 permanents is 700,000 facts); each
    # permanent's id is made once, for its facts and its asks.
    ids = dict(zip((p.id for p in scenario.permanents),
                   strings([p.id for p in scenario.permanents])))
    out += PERMANENT.facts_of_all(list(ids.values()), list(scenario.permanents))
    out += EFFECT.facts_of_all([Function("effect", [Number(e.number)]) for e in scenario.effects],
                               list(scenario.effects))
    # the events (pybridge/answer/events.py) are given one at a time
    out += CARD.facts_of_all([String(c.id) for c in scenario.cards], list(scenario.cards))
    kinds: dict[str, Symbol] = {}      # each kind's constant made once, not once per ask
    for ask in scenario.asks:
        kind = kinds.get(ask.kind) or kinds.setdefault(ask.kind, Function(ask.kind))
        target = ids.get(ask.target) or String(ask.target)
        out.append(function("ask", (number(ask.number), kind, target)))
        options = ask.options and option_facts(ask)
        if options:
            out += options
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
