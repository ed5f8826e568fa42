"""Copy chains are finished by the grounder and refused by the rules when they cycle (issue 11)."""
from __future__ import annotations

import clingo
import pytest

from pybridge import ask
from pybridge.errors import InputError
from pybridge.contract.scenario import fact
from pybridge.read.facts import scenario_facts
from pybridge.answer import answering
from pybridge.api import build_scenario
from pybridge.solve.solver import solve_in_process

PI_TRIGGER = "When this creature becomes the target of a spell or ability, sacrifice it."
VESUVAN_TRIGGER = ("At the beginning of your upkeep, you may have this creature become a copy of "
                   "target creature, except it doesn't copy that creature's color and it has this "
                   "ability.")


def chain(cards: list[str], asks: list[dict]) -> dict:
    """Grizzly Bears, then one copy of the previous permanent per card."""
    permanents = [{"id": "p0", "card": "Grizzly Bears"}]
    for i, card in enumerate(cards, start=1):
        permanents.append({"id": f"p{i}", "card": card, "copy_of": f"p{i - 1}"})
    return {"permanent": permanents, "ask": asks}


MIXED = ["Clone", "Phantasmal Image", "Vesuvan Doppelganger", "Clone", "Phantasmal Image"]


def test_mixed_chain_characteristics():
    # Each copy copies the previous one's copiable values, its exceptions included (707.3,
    # 707.9a-b): the Illusion type and the written abilities come along, one instance per copy
    # effect (Vesuvan Doppelganger ruling 2007-09-16), and the Doppelganger's colour exception
    # keeps it blue, which its Clone copies.
    result = ask(chain(MIXED, [{"characteristics": f"p{i}"} for i in range(6)]))
    last = result.answer("characteristics", "p5")
    assert last["name"] == "Grizzly Bears"
    assert last["colors"] == ["U"]
    assert last["subtypes"] == ["Bear", "Illusion"]
    assert (last["power"], last["toughness"]) == (2, 2)
    assert last["abilities"] == [PI_TRIGGER, PI_TRIGGER, VESUVAN_TRIGGER]
    doppelganger = result.answer("characteristics", "p3")
    assert doppelganger["colors"] == ["U"]
    assert doppelganger["abilities"] == [PI_TRIGGER, VESUVAN_TRIGGER]
    assert result.answer("characteristics", "p1")["abilities"] == []
    assert result.answer("characteristics", "p1")["colors"] == ["G"]
    assert result.answer("characteristics", "p2")["abilities"] == [PI_TRIGGER]


def test_unasked_links_carry_one_instance_of_each_written_ability():
    # Only what a question names lists every instance; the other links keep one of each, which
    # is all the rules read.  Asking only the end of the chain gives the same list.
    alone = ask(chain(MIXED, [{"characteristics": "p5"}])).answer("characteristics", "p5")
    assert alone["abilities"] == [PI_TRIGGER, PI_TRIGGER, VESUVAN_TRIGGER]


def _cycle_facts():
    """A valid chain p2 -> p1 -> p0, then p0 made to copy p2: facts the loader never builds."""
    scenario = build_scenario(chain(["Clone", "Clone"], [{"characteristics": "p2"}]))
    p0, p2 = clingo.String("p0"), clingo.String("p2")
    extra = [fact("copy_of", p0, p2), fact("copy_by", p0, clingo.String("Clone"))]
    return [*scenario_facts(scenario), *extra], scenario


def test_copy_cycle_is_refused_by_the_rules():
    facts, _ = _cycle_facts()
    shown = solve_in_process(facts).symbols
    problems = sorted(s.arguments[1].string for s in shown if s.name == "scenario_problem")
    assert problems == ["p0", "p1", "p2"]
    assert all("cycle" in s.arguments[0].string for s in shown if s.name == "scenario_problem")


def test_copy_cycle_is_bad_input(monkeypatch):
    # Bypass the loader: the answer path itself turns the rules' refusal into InputError (exit 2).
    # answer_here is what the worker runs, so the patched facts apply in this process.
    facts, scenario = _cycle_facts()
    monkeypatch.setattr(answering, "scenario_facts", lambda _: facts)
    with pytest.raises(InputError, match="cycle"):
        answering.answer_here(scenario)


def test_chain_without_cycle_has_no_problem():
    scenario = build_scenario(chain(MIXED, [{"characteristics": "p5"}]))
    shown = solve_in_process(scenario_facts(scenario)).symbols
    assert not [s for s in shown if s.name == "scenario_problem"]


def test_copy_cycle_in_a_scenario_is_bad_input():
    # The loader no longer walks chains: the rules find the cycle and name a permanent on it.
    cyclic = chain(["Clone", "Clone"], [{"characteristics": "p2"}])
    cyclic["permanent"][0].update(card="Clone", copy_of="p2")
    with pytest.raises(InputError, match="copy_of forms a cycle"):
        ask(cyclic)



LAYER_1_BOARD = {
    "game": {"graveyards": {"you": ["Grizzly Bears"]}},
    "permanent": [{"id": "forest", "card": "Forest"}, {"id": "ixidron", "card": "Ixidron"},
                  {"id": "bears", "card": "Grizzly Bears"},
                  {"id": "clone", "card": "Clone", "copy_of": "bears"},
                  {"id": "hidden", "card": "Raging Goblin", "face_down": "Ixidron"},
                  {"id": "shapeshifter", "card": "Volrath's Shapeshifter"}],
    "ask": [{"characteristics": "forest"}, {"characteristics": "clone"},
            {"characteristics": "shapeshifter"}, {"turn_face_up": "hidden"}]}


def test_only_layered_objects_get_intermediate_layer_1_values():
    # An object that copies nothing, isn't face down, isn't copied and has no text-changing
    # ability takes its printed values straight into l1/3; the steps of layer 1 (l1a/3,
    # l1a_value/3, copiable/3, copiable_value/3) are derived for the others alone, whose answers
    # stay those of the full path.
    from pybridge.solve.solver import ground
    ctl = ground(scenario_facts(build_scenario(LAYER_1_BOARD)))
    def objects(name):
        return {str(atom.symbol.arguments[0]) for atom in ctl.symbolic_atoms.by_signature(name, 3)}
    for name in ("l1a", "l1a_value", "copiable", "copiable_value"):
        assert objects(name) == {'"bears"', '"clone"', '"hidden"', '"shapeshifter"'}, name
    assert {'"forest"', '"ixidron"', 'turned_up("hidden",other)'} <= objects("l1")
    result = ask(LAYER_1_BOARD)
    forest = result.answer("characteristics", "forest")
    assert (forest["name"], forest["types"], forest["subtypes"]) == ("Forest", ["Land"], ["Forest"])
    assert result.answer("characteristics", "clone")["name"] == "Grizzly Bears"
    assert result.answer("characteristics", "shapeshifter")["name"] == "Grizzly Bears"
    assert result.answer("characteristics", "shapeshifter")["power"] == 2
