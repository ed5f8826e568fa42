"""Sweeps at the scale of the pool: groups read off the compiled facts of the pool's cards
(pool_groups.py), `permanents_group`, and the reference answering the pool's mana sources from
their compiled mana options (pybridge/reference/pool_sources.py) against the logic programs."""
import json
import re

import pytest

from pybridge import reference
from pybridge.cards.pool import load_pool
from pybridge.sweep import spec as sweep_spec
from pybridge.sweep.groups import card_facts
from pybridge.sweep.pool_groups import groups_of
from pybridge.sweep.run import run_sweep
from pybridge.sweep.spec import boards, parse_spec


def cards(*names):
    pool = load_pool()
    return [pool.card(n) for n in names]


def test_pool_groups_are_read_off_the_compiled_facts():
    groups = groups_of(cards("Forest", "Llanowar Elves", "Mana Reflection", "High Tide",
                             "Caged Sun", "Blood Moon", "Clone", "Ainok Survivalist",
                             "Grizzly Bears"))
    assert groups["pool_mana_abilities"] == ("Forest", "Llanowar Elves")   # 305.6, 605.1a
    assert groups["pool_mana_replacement"] == ("Mana Reflection",)
    # neither text is the "Whenever ... tapped for mana" coverage's pattern reads: the facts say
    assert groups["pool_mana_trigger"] == ("Caged Sun", "High Tide")
    assert groups["pool_mana"] == ("Caged Sun", "High Tide", "Mana Reflection")
    assert groups["pool_land_type_changes"] == ("Blood Moon",)
    assert groups["pool_copy_effects"] == ("Clone",)
    assert groups["pool_face_down"] == ("Ainok Survivalist",)


def test_the_pool_groups_of_the_library_cards_are_the_library_groups():
    library = card_facts().groups
    groups = groups_of(cards(*library["mana"]))
    assert groups["pool_mana_replacement"] == library["mana_replacement"]
    assert groups["pool_mana_trigger"] == library["mana_trigger"]


def test_permanents_group_and_effects_of_the_pool_beyond_the_library(monkeypatch):
    small = groups_of(cards("Llanowar Elves", "Lightning Bolt", "Fertile Ground", "Forest"))
    monkeypatch.setattr(sweep_spec, "pool_groups", lambda: small)
    spec = parse_spec('title = "t"\npermanents_group = "pool_mana_abilities"\neffects_group = '
                      '"pool_mana_trigger"\nsizes = [1]\ncontrollers = ["you"]\nasks = ["produce"]\n'
                      'chosen_colors = ["B"]\n')
    assert [s.card for s in spec.subjects] == ["Forest", "Llanowar Elves"]
    assert spec.effects == ("Fertile Ground",) and spec.extra == {"Fertile Ground"}
    # an Aura of the pool enchants the permanent asked about ("one mana of any color": no
    # colour chosen as it enters)
    aura = boards(spec)[0].scenario["permanent"][1]
    assert aura == {"id": "fertile_ground", "card": "Fertile Ground", "controller": "you",
                    "attached_to": "forest"}


def test_the_reference_answers_the_pools_mana_sources_as_the_logic_programs_do(tmp_path):
    spec = parse_spec('title = "pool sources"\npermanents = ["Llanowar Wastes", "Boros Signet", '
                      '"Gaea\'s Cradle", "Elvish Mystic"]\neffects = ["Mana Reflection", '
                      '"Contamination", "Kinnan, Bonder Prodigy"]\nsizes = [0, 1]\n'
                      'controllers = ["you"]\nasks = ["produce", "could_produce"]\n')
    summary = run_sweep(spec, tmp_path / "pool.jsonl", jobs=1, progress=False)
    assert (summary.vectors, summary.agree, summary.no_reference, summary.errors) == (32, 32, 0, 0)
    answers = {(v["scenario"]["title"], v["ask"].get("produce")): v["reference"]
               for v in map(json.loads, (tmp_path / "pool.jsonl").read_text().splitlines())}
    assert answers[("pool sources: Boros Signet alone", "boros_signet")] == ["{W}{R}"]
    assert answers[("pool sources: Mana Reflection (you)", "llanowar_wastes")] == \
        ["{B}{B}", "{G}{G}", "{C}{C}"]


def test_the_reference_says_which_compiled_ability_it_does_not_read():
    for card, why in [("Urborg, Tomb of Yawgmoth", "its ability 1 (land_type_effect)"),
                      ("Command Tower", "mana of commander_identity")]:
        board = {"permanent": [{"id": "x", "card": card, "controller": "you"}]}
        with pytest.raises(reference.NotCovered, match=re.escape(f"the card {card!r}: {why}")):
            reference.scenario_answer(board, {"produce": "x"})


def test_how_a_pool_effect_joins_a_board_is_read_off_its_facts():
    facts = card_facts(frozenset({"Nirkana Revenant", "Hall of Gemstone"}))
    # Nirkana's lasting effect is its pump, not its mana trigger: a permanent; Hall of
    # Gemstone's mana replacement is the lasting effect, of a colour "that player chooses"
    assert "Nirkana Revenant" not in facts.lasting and "Hall of Gemstone" in facts.lasting
    assert "Hall of Gemstone" in facts.chooses_color
    # an Aura granting a mana ability has none of its own
    assert groups_of(cards("Abundant Growth"))["pool_mana_abilities"] == ()


def test_the_reference_answers_the_pools_mana_effects_as_the_logic_programs_do(tmp_path):
    spec = parse_spec('title = "pool effects"\npermanents = ["Forest", "Swamp", "Llanowar Elves"]\n'
                      'effects = ["Crypt Ghast", "Keeper of Progenitus", "Leyline of Abundance", '
                      '"Dawn\'s Reflection", "Harvest Mage", "Bubbling Muck", "Ritual of Subdual"]\n'
                      'sizes = [1]\ncontrollers = ["you", "opponent"]\nasks = ["produce", '
                      '"could_produce"]\n')
    summary = run_sweep(spec, tmp_path / "effects.jsonl", jobs=2, progress=False)
    assert (summary.vectors, summary.agree, summary.no_reference, summary.errors) == (84, 84, 0, 0)
    answers = {(v["scenario"]["title"], v["ask"].get("produce")): v["answer"]
               for v in map(json.loads, (tmp_path / "effects.jsonl").read_text().splitlines())}
    # {G} and two mana in any combination of colours: 15 multisets
    assert len(answers[("pool effects: Dawn's Reflection (you)", "forest")]) == 15
    assert answers[("pool effects: Leyline of Abundance (you)", "llanowar_elves")] == ["{G}{G}"]
    assert answers[("pool effects: Leyline of Abundance (opponent)", "llanowar_elves")] == ["{G}"]
