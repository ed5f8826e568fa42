"""The Oracle compiler reproduces the hand encodings it replaced (issue 12, item 4).

tests/data/hand_encodings.lp keeps the hand facts of the mana abilities, triggered mana abilities,
replacement effects and static abilities that asp/cards/ no longer states because the compiler
reaches them.  On a board of each such card, the answers with the
compiled facts and with the hand facts instead must be the same: could_produce, produce of
every ability, can_activate of every ability, and the characteristics of the card and of two
lands (for land-type changes).  A morph-family keyword compiles to the very fact it replaced.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import clingo
import pytest

from pybridge import parse_scenario
from pybridge.read.facts import scenario_facts
from pybridge.cards.library import load_library
from pybridge.oracle.hook import compiled_facts, hand_encoded
from pybridge.solve.solver import solve_in_process

HAND = Path(__file__).resolve().parent / "data" / "hand_encodings.lp"


@lru_cache(maxsize=1)
def hand_facts() -> dict[str, list[clingo.Symbol]]:
    """The hand facts, by the card whose ability they name."""
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(HAND))
    ctl.ground([("base", [])])
    faces = {face: card for card, info in load_library().cards.items() for face in info.faces}
    out: dict[str, list[clingo.Symbol]] = {}
    for atom in ctl.symbolic_atoms:
        # lasting_effect(Card,Ab): Ab makes an effect only by resolving ([[effect]] tables)
        ab = atom.symbol.arguments[1 if atom.symbol.name == "lasting_effect" else 0]
        assert ab.name in ("ab", "grant"), atom.symbol      # grant(Face,I): what ab(Face,I) grants
        out.setdefault(faces[ab.arguments[0].string], []).append(atom.symbol)
    return out


def lasting(card: str) -> bool:
    return any(f.name == "lasting_effect" for f in hand_facts()[card])


def board(card: str, counters: bool) -> str:
    """The card as a permanent (and as an [[effect]] when it makes a lasting effect) beside
    lands and a creature, with the questions its facts could bear on: the mana of the others
    too, for replacement effects and triggered mana abilities."""
    info = load_library().cards[card]
    count = sum(1 for face, _, _ in info.abilities if face == info.faces[0])
    extra = '\ncounters = { "+1/+1" = 1, mining = 1, charge = 1 }' if counters else ""
    if load_library().permanent_problem(card):   # an instant's effect: the card face down
        extra, count = extra + '\nface_down = "manifest"', 0
    asks = "".join(f'\n[[ask]]\nproduce = "x"\nability = {i}\n'
                   f'\n[[ask]]\ncan_activate = "x"\nability = {i}\n' for i in range(1, count + 1))
    effect = f'[[effect]]\ncard = "{card}"\n' if lasting(card) else ""
    return f'''title = "t"
[game]
commanders = {{ you = "Akroma, Angel of Fury" }}
[[permanent]]
id = "x"
card = "{card}"{extra}
[[permanent]]
id = "tundra"
card = "Tundra"
[[permanent]]
id = "plains"
card = "Plains"
[[permanent]]
id = "elves"
card = "Llanowar Elves"
[[permanent]]
id = "their_wastes"
card = "Wastes"
controller = "opponent"
[[permanent]]
id = "their_forest"
card = "Forest"
controller = "opponent"
[[ask]]
could_produce = "x"
[[ask]]
characteristics = "x"
[[ask]]
characteristics = "tundra"
[[ask]]
characteristics = "their_forest"
[[ask]]
could_produce = "tundra"
[[ask]]
produce = "tundra"
[[ask]]
produce = "plains"
[[ask]]
produce = "elves"
[[ask]]
produce = "their_forest"
{effect}{asks}'''


def test_the_hand_file_names_only_abilities_the_compiler_models_and_asp_cards_no_longer_does():
    for card, facts in hand_facts().items():
        abilities = {f.arguments[0] for f in facts}
        assert not abilities & hand_encoded(), card
        compiled = {f.arguments[0] for f in compiled_facts(card)}
        assert abilities <= compiled, card
        morph = {f for f in facts if f.name == "morph_ability"}
        assert morph <= set(compiled_facts(card)), card


# Triggered mana abilities and replacement effects read no counters: one board each is enough.
NO_COUNTERS = {"mana_trigger", "trigger_when", "trigger_adds", "mana_replacement", "replaces_when",
               "replaces_with", "replaces_min_total", "lasting_effect"}


def boards():
    return [(card, counters) for card in sorted(hand_facts()) for counters in (False, True)
            if not counters or any(f.name not in NO_COUNTERS for f in hand_facts()[card])]


@pytest.mark.parametrize("card,counters", boards())
def test_compiled_facts_answer_as_the_hand_facts_did(card, counters):
    scenario = parse_scenario(board(card, counters), "t.toml")
    facts = scenario_facts(scenario)
    replaced = {f.arguments[0] for f in hand_facts()[card]}
    by_hand = [f for f in facts if not (f in set(compiled_facts(card)) and f.arguments[0] in replaced)]
    by_hand += hand_facts()[card]
    compiled = set(solve_in_process(facts).symbols)
    hand = set(solve_in_process(by_hand).symbols)
    assert compiled == hand, sorted(map(str, compiled ^ hand))
    assert any(s.name == "ch_type" for s in compiled), card
