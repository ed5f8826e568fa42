"""A board with one card given only by its Oracle text, for the Oracle compiler's tests.

The card is no library card: its printed characteristics the tests need (faces, types,
abilities) and its compiled facts are stated as symbols beside a scenario of library cards.
"""
from __future__ import annotations

from dataclasses import dataclass

from clingo import Function, Number, String, Symbol

from pybridge import parse_scenario
from pybridge.read.facts import scenario_facts
from pybridge.oracle.abilities import split_abilities
from pybridge.oracle.compilation import CardCompilation
from pybridge.oracle.compile import compile_card
from pybridge.oracle.hook import devotion_facts, scenario_cards
from pybridge.solve.solver import solve_in_process

# A scenario needs an ask: an opponent's Llanowar Elves, asked about as ask 1 (the card's own
# asks count from ASK0).
BASE = '''title = "t"
[[permanent]]
id = "anchor"
card = "Llanowar Elves"
controller = "opponent"
[[ask]]
could_produce = "anchor"
'''
ASK0 = 1000


def f(name: str, *args) -> Symbol:
    return Function(name, [a if isinstance(a, Symbol) else
                           (Number(a) if isinstance(a, int) else String(a)) for a in args])


@dataclass
class Answers:
    compilation: CardCompilation
    could_produce: set[str]
    produce: dict[int, set[str]]        # mana ability number -> results, as "{W}{U}"


def mana_text(m: Symbol) -> str:
    counts = [a.number for a in m.arguments]
    text = "".join(f"{{{t}}}" * n for t, n in zip("WUBRGC", counts))
    return text or "nothing"


def card_facts(name: str, oracle: str, types: list[str], pid: str = "x",
               controller: str = "you", counters: dict[str, int] | None = None,
               subtypes: list[str] = ()) -> tuple[CardCompilation, list[Symbol]]:
    compiled = compile_card(name, [(name, oracle, " ".join(types))])
    facts = [f("card_face", name, 1, name), f("printed_name", name, name),
             f("printed_mana_cost", name, ""), f("printed_mana_value", name, 0)]
    facts += [f("printed_type", name, t) for t in types]
    facts += [f("printed_subtype", name, s) for s in subtypes]
    facts += [f("printed_ability", name, i, text)
              for i, text in enumerate(split_abilities(oracle), start=1)]
    facts += [f("permanent", pid), f("permanent_card", pid, name), f("controller", pid, controller),
              f("owner", pid, controller), f("timestamp", pid, 100)]
    if counters is not None:
        facts.append(f("counters_given", pid))
        facts += [f("counters", pid, kind, n) for kind, n in counters.items()]
    return compiled, facts + compiled.facts


def answers(oracle: str, types: list[str] = ("Land",), board: str = "",
            counters: dict[str, int] | None = None, name: str = "Test Card",
            others: list[tuple[str, str, list[str], list[str]]] = ()) -> Answers:
    """others: more cards of no library, as (name, Oracle text, types, subtypes), that you
    control."""
    compiled, facts = card_facts(name, oracle, list(types), counters=counters)
    for n, (other, text, other_types, subtypes) in enumerate(others):
        facts += card_facts(other, text, other_types, pid=f"other{n}", subtypes=subtypes)[1]
    scenario = parse_scenario(BASE + board, "t.toml")
    # The library cards' mana costs, for a devotion ability of the card (the hook adds them only
    # when a scenario card has one).
    facts += scenario_facts(scenario) + devotion_facts(scenario_cards(scenario))
    numbers = [a.index for a in compiled.abilities if a.modelled]
    facts.append(f("ask", ASK0, Function("could_produce"), "x"))
    for k, n in enumerate(range(1, len(numbers) + 1), start=ASK0 + 1):
        facts += [f("ask", k, Function("produce"), "x"), f("ask_ability", k, n)]
    shown = solve_in_process(facts).symbols
    could = {s.arguments[1].name.upper() for s in shown
             if s.name == "could_produce_answer" and s.arguments[0].number == ASK0}
    produce: dict[int, set[str]] = {}
    for s in shown:
        if s.name == "produce_answer":
            produce.setdefault(s.arguments[0].number - ASK0, set()).add(mana_text(s.arguments[1]))
    return Answers(compiled, could, produce)
