"""Animations (pybridge/oracle/animations.py; rules 611.2a, 613.1d, 613.4b): "becomes an N/N ...
creature until end of turn" of activated abilities, spells and triggered abilities, on the source,
a target or the enchanted land; each shape a real pool card's compiled facts and an answer on a
board of it, and the refusals of an X the scenario doesn't give."""
from __future__ import annotations

import pytest

from pybridge import ask
from pybridge.errors import InputError
from pybridge.oracle.hook import card_compilation


def facts(card: str, index: int) -> set[str]:
    found = next(a for a in card_compilation(card).abilities if a.index == index)
    assert found.modelled, found.why
    return {str(f) for f in found.facts}


def characteristics(permanents: list[dict], effects: list[dict], target: str) -> dict:
    doc = {"title": "t", "permanent": permanents, "effect": effects,
           "ask": [{"characteristics": target}]}
    return ask(doc).answer("characteristics", target)


def test_a_spell_animates_a_target_land_with_no_activation():
    found = facts("Vivify", 1)
    assert 'sets_base_pt(ab("Vivify",1),targets,3,3)' in found
    assert not any(f.startswith("activated(") for f in found)      # a spell: nothing to activate
    answer = characteristics([{"id": "forest", "card": "Forest"}],
                             [{"card": "Vivify", "targets": ["forest"]}], "forest")
    assert (answer["types"], answer["power"], answer["toughness"]) == (["Creature", "Land"], 3, 3)


def test_you_may_have_it_become_is_the_effect_once_chosen():
    found = facts("Reptilian Reflection", 1)
    assert {'sets_base_pt(ab("Reptilian Reflection",1),targets,5,4)',
            'land_type_effect(ab("Reptilian Reflection",1),targets,add("Dinosaur"))',
            'ability_grant(ab("Reptilian Reflection",1),targets,"Haste")'} <= found
    answer = characteristics([{"id": "it", "card": "Reptilian Reflection"}],
                             [{"card": "Reptilian Reflection", "targets": ["it"]}], "it")
    assert answer["types"] == ["Creature", "Enchantment"] and answer["power"] == 5


def test_a_legendary_animation_adds_the_supertype():
    assert 'land_type_effect(ab("Genju of the Realm",2),targets,add_supertype("Legendary"))' in \
        facts("Genju of the Realm", 2)


@pytest.mark.parametrize("x", [0, 5])
def test_an_x_x_animation_takes_the_effects_x(x):
    assert 'sets_base_pt(ab("Chimeric Staff",1),targets,x,x)' in facts("Chimeric Staff", 1)
    answer = characteristics([{"id": "staff", "card": "Chimeric Staff"}],
                             [{"card": "Chimeric Staff", "targets": ["staff"], "x": x}], "staff")
    assert (answer["power"], answer["toughness"]) == (x, x)


def test_the_latest_of_two_x_x_effects_sets_the_base():
    effects = [{"card": "Chimeric Staff", "targets": ["staff"], "x": 4},
               {"card": "Chimeric Staff", "targets": ["staff"], "x": 1}]
    answer = characteristics([{"id": "staff", "card": "Chimeric Staff"}], effects, "staff")
    assert answer["power"] == 1


def test_a_where_x_is_animation_reads_x_as_determined_when_it_applied():
    found = facts("Vastwood Animist", 1)
    assert 'sets_base_pt(ab("Vastwood Animist",1),targets,x,x)' in found
    answer = characteristics([{"id": "land", "card": "Forest"}],
                             [{"card": "Vastwood Animist", "targets": ["land"], "x": 3}], "land")
    assert (answer["subtypes"], answer["power"]) == (["Elemental", "Forest"], 3)


def test_an_x_x_effect_without_x_is_refused_naming_608_2h():
    with pytest.raises(InputError, match=r"needs `x`.*608\.2h"):
        characteristics([{"id": "staff", "card": "Chimeric Staff"}],
                        [{"card": "Chimeric Staff", "targets": ["staff"]}], "staff")


def test_x_on_an_effect_that_reads_none_is_refused():
    with pytest.raises(InputError, match=r"`x` is given to an \[\[effect\]\] whose ability reads no X"):
        characteristics([{"id": "forest", "card": "Forest"}],
                        [{"card": "Vivify", "targets": ["forest"], "x": 2}], "forest")


def test_riders_of_combat_are_rules_on_the_animated_permanent():
    assert 'combat_rule(ab("Creeping Tar Pit",3),targets,cant_be_blocked,"")' in facts("Creeping Tar Pit", 3)
    answer = characteristics([{"id": "pit", "card": "Creeping Tar Pit"}],
                             [{"card": "Creeping Tar Pit", "ability": 3, "targets": ["pit"]}], "pit")
    assert answer["rules"] == ["can't be blocked"]
    # without the effect the land is under no rule
    plain = characteristics([{"id": "pit", "card": "Creeping Tar Pit"}], [], "pit")
    assert plain["rules"] == []


def test_an_animation_that_also_gets_a_bonus_modifies_after_the_base():
    found = facts("Mizzium Tank", 2)
    assert 'pt_modify(ab("Mizzium Tank",2),targets,1,1)' in found
    answer = characteristics([{"id": "tank", "card": "Mizzium Tank"}],
                             [{"card": "Mizzium Tank", "ability": 2, "targets": ["tank"]}], "tank")
    assert (answer["power"], answer["toughness"]) == (4, 3)      # printed 3/2 (301.7a), +1/+1
