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

# [game] facts the events change (cards go to graveyards, hands and life totals change): a
# scenario with events carries them in its state, not among the facts no event changes.
CHANGING_GAME_FACTS = frozenset({"graveyard", "hand_size", "life_total"})


# --- the parts every assembly is made of ---
def game_facts(scenario: Scenario, changing: bool | None = None) -> list[Symbol]:
    """The [game] facts: all of them, or only those the events change (True) or don't (False)."""
    facts = GAME.facts_of(None, scenario)
    if changing is None:
        return facts
    return [f for f in facts if (f.name in CHANGING_GAME_FACTS) == changing]


def _ids(scenario: Scenario) -> dict[str, Symbol]:
    # each permanent's id made once, for its facts and its asks
    return dict(zip((p.id for p in scenario.permanents),
                    strings([p.id for p in scenario.permanents])))


def board_facts(scenario: Scenario, ids: dict[str, Symbol] | None = None) -> list[Symbol]:
    """The board: the permanents, the lasting effects and the cards outside the battlefield,
    table by table, key by key (a board of 100,000 permanents is 700,000 facts)."""
    ids = _ids(scenario) if ids is None else ids
    out = PERMANENT.facts_of_all(list(ids.values()), list(scenario.permanents))
    out += EFFECT.facts_of_all([Function("effect", [Number(e.number)]) for e in scenario.effects],
                               list(scenario.effects))
    out += CARD.facts_of_all([String(c.id) for c in scenario.cards], list(scenario.cards))
    return out


def ask_facts(scenario: Scenario, ids: dict[str, Symbol] | None = None) -> list[Symbol]:
    """The questions: ask(K,Kind,Target) and each ask's option facts."""
    ids = ids or {}
    out: list[Symbol] = []
    kinds: dict[str, Symbol] = {}      # each kind's constant made once, not once per ask
    for ask in scenario.asks:
        kind = kinds.get(ask.kind) or kinds.setdefault(ask.kind, Function(ask.kind))
        target = ids.get(ask.target) or String(ask.target)
        out.append(function("ask", (number(ask.number), kind, target)))
        options = ask.options and option_facts(ask)
        if options:
            out += options
    return out


def card_text_facts(scenario: Scenario) -> list[Symbol]:
    """The printed characteristics of just the cards the scenario uses (the pool is never
    grounded whole), then what their Oracle text compiles to where no hand encoding in
    asp/cards/ covers it."""
    cards = scenario_cards(scenario)
    return card_facts(cards) + oracle_facts(cards)


# --- the assemblies ---
def scenario_facts(scenario: Scenario) -> list[Symbol]:
    """A scenario answered in one solve (no events): the game, the board, the asks and the
    cards' facts, as pybridge/contract/scenario/ declares them."""
    with collector_paused():
        ids = _ids(scenario)
        return (game_facts(scenario) + board_facts(scenario, ids) + ask_facts(scenario, ids)
                + card_text_facts(scenario))


def static_facts(scenario: Scenario) -> list[Symbol]:
    """What no event changes, for every step of a scenario with events: the game's unchanging
    facts and the cards' printed and compiled facts (the events are given one at a time)."""
    return game_facts(scenario, changing=False) + card_text_facts(scenario)


def initial_state_facts(scenario: Scenario) -> list[Symbol]:
    """The state before the first event: the board and the game's facts that events change."""
    return ([Function("state_after", [Number(0)])] + game_facts(scenario, changing=True)
            + board_facts(scenario))


def facts_text(symbols: list[Symbol]) -> str:
    """The facts as a program, for people who run clingo on asp/ themselves (`mtgasp facts`)."""
    return "".join(f"{sym}.\n" for sym in symbols)
