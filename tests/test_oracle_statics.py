"""The static-ability compiler (pybridge/oracle/statics/, asp/layers/statics.lp): for each
pattern, a real pool card's compiled facts and an answer on a board of it."""
from __future__ import annotations

import pytest

from pybridge import ask
from pool_cards import board, chars, facts, pt, why


def abilities(result, target: str) -> list[str]:
    return result.answer("characteristics", target)["abilities"]


def test_anthems_for_yours_for_others_and_against_opponents():
    assert facts("Elesh Norn, Grand Cenobite", 2) == {
        'pt_modify(ab("Elesh Norn, Grand Cenobite",2),others(yours(creature)),2,2)'}
    assert facts("Elesh Norn, Grand Cenobite", 3) == {
        'pt_modify(ab("Elesh Norn, Grand Cenobite",3),opponents(creature),-2,-2)'}
    result = ask(board({"id": "norn", "card": "Elesh Norn, Grand Cenobite"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("norn", "bears", "theirs")))
    assert pt(result, "norn") == (4, 7)
    assert pt(result, "bears") == (4, 4)
    assert pt(result, "theirs") == (0, 0)


def test_subtype_anthem_with_keyword_and_a_changeling():
    assert facts("Lord of Atlantis", 1) == {
        'pt_modify(ab("Lord of Atlantis",1),others(each(subtype("Merfolk"))),1,1)',
        'ability_grant(ab("Lord of Atlantis",1),others(each(subtype("Merfolk"))),"Islandwalk")'}
    assert facts("Shapesharer", 1) == {
        'land_type_effect(ab("Shapesharer",1),self,add_all_creature_types)'}
    result = ask(board({"id": "lord", "card": "Lord of Atlantis"},
                       {"id": "changeling", "card": "Shapesharer", "controller": "opponent"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       asks=chars("lord", "changeling", "bears")))
    assert pt(result, "lord") == (2, 2)
    assert pt(result, "changeling") == (2, 2)
    assert "Islandwalk" in abilities(result, "changeling")
    assert {"Merfolk", "Elf", "Shapeshifter"} <= set(result.answer("characteristics", "changeling")["subtypes"])
    assert pt(result, "bears") == (2, 2)


def test_chosen_colour_and_chosen_type():
    assert facts("Gauntlet of Power", 2) == {
        'pt_modify(ab("Gauntlet of Power",2),chosen_color(each(creature)),1,1)'}
    assert facts("Adaptive Automaton", 3) == {
        'pt_modify(ab("Adaptive Automaton",3),others(chosen_type(yours(creature))),1,1)'}
    result = ask(board({"id": "gauntlet", "card": "Gauntlet of Power", "chosen_color": "R"},
                       {"id": "automaton", "card": "Adaptive Automaton", "chosen_type": "Goblin"},
                       {"id": "goblin", "card": "Raging Goblin"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       asks=chars("goblin", "elves", "automaton")))
    assert pt(result, "goblin") == (3, 3)
    assert pt(result, "elves") == (1, 1)
    assert pt(result, "automaton") == (2, 2)


def test_equipment_and_aura_fixed_bonus_and_keywords():
    assert facts("+2 Mace", 1) == {'pt_modify(ab("+2 Mace",1),equipped,2,2)'}
    assert facts("Gift of Doom", 2) == {
        'ability_grant(ab("Gift of Doom",2),enchanted,"Deathtouch")',
        'ability_grant(ab("Gift of Doom",2),enchanted,"Indestructible")'}
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "mace", "card": "+2 Mace", "attached_to": "bears"},
                       {"id": "gift", "card": "Gift of Doom", "attached_to": "bears"},
                       asks=chars("bears")))
    assert pt(result, "bears") == (4, 4)
    assert abilities(result, "bears") == ["Deathtouch", "Indestructible"]


def test_for_each_counter_on_the_source_and_a_granted_activated_ability():
    assert facts("Rakdos Riteknife", 1) == {
        'pt_modify_per(ab("Rakdos Riteknife",1),equipped,1,0,counters("blood"))',
        'activated(grant("Rakdos Riteknife",1))', 'cost_tap(grant("Rakdos Riteknife",1))',
        'cost_has(grant("Rakdos Riteknife",1),sacrifice(creature))',
        'ability_grant(ab("Rakdos Riteknife",1),equipped,"{T}, Sacrifice a creature: Put a blood counter on Rakdos Riteknife.")'}
    result = ask(board({"id": "bears", "card": "Grizzly Bears", "tapped": True},
                       {"id": "knife", "card": "Rakdos Riteknife", "attached_to": "bears",
                        "counters": {"blood": 2}},
                       asks=[*chars("bears"), {"can_activate": "bears", "ability": 1}]))
    assert pt(result, "bears") == (4, 2)
    assert result.answer("can_activate", "bears") is False        # {T}: it is tapped (302.6)


def test_for_each_permanent_and_for_each_attached_aura():
    assert facts("Ancestral Mask", 2) == {
        'pt_modify_per(ab("Ancestral Mask",2),enchanted,2,2,permanents(others(each(type("Enchantment")))))'}
    assert facts("Kor Spiritdancer", 1) == {
        'pt_modify_per(ab("Kor Spiritdancer",1),self,2,2,attached(subtype("Aura")))'}
    result = ask(board({"id": "dancer", "card": "Kor Spiritdancer"},
                       {"id": "mask", "card": "Ancestral Mask", "attached_to": "dancer"},
                       {"id": "wake", "card": "Mirari's Wake", "controller": "opponent"},
                       asks=chars("dancer")))
    # Mask: +2/+2 for the Wake (not itself); Spiritdancer: +2/+2 for its one Aura.
    assert pt(result, "dancer") == (4, 6)


def test_count_defining_power_and_toughness():
    assert facts("Ulvenwald Hydra", 2) == {
        'pt_cda(ab("Ulvenwald Hydra",2),power,count(permanents(yours(land))))',
        'pt_cda(ab("Ulvenwald Hydra",2),toughness,count(permanents(yours(land))))'}
    result = ask(board({"id": "hydra", "card": "Ulvenwald Hydra"},
                       {"id": "forest", "card": "Forest"}, {"id": "tundra", "card": "Tundra"},
                       asks=chars("hydra")))
    assert pt(result, "hydra") == (2, 2)


def test_conditions_turn_counters_control_equipped():
    assert facts("Zurgo Helmsmasher", 3) == {
        'static_when(ab("Zurgo Helmsmasher",3),your_turn)',
        'ability_grant(ab("Zurgo Helmsmasher",3),self,"Indestructible")'}
    assert facts("Aerial Engineer", 1) == {
        'static_when(ab("Aerial Engineer",1),at_least(1,yours(type("Artifact"))))',
        'pt_modify(ab("Aerial Engineer",1),self,2,0)',
        'ability_grant(ab("Aerial Engineer",1),self,"Flying")'}
    assert facts("Armory Veteran", 1) == {
        'static_when(ab("Armory Veteran",1),attached(subtype("Equipment")))',
        'ability_grant(ab("Armory Veteran",1),self,"Menace")'}
    assert facts("Abzan Kin-Guard", 1) == {
        'static_when(ab("Abzan Kin-Guard",1),at_least(1,yours(either(both(color(w),permanent),both(color(b),permanent)))))',
        'ability_grant(ab("Abzan Kin-Guard",1),self,"Lifelink")'}
    result = ask(board({"id": "zurgo", "card": "Zurgo Helmsmasher"},
                       {"id": "their_zurgo", "card": "Zurgo Helmsmasher", "controller": "opponent"},
                       {"id": "engineer", "card": "Aerial Engineer"},
                       {"id": "their_engineer", "card": "Aerial Engineer", "controller": "opponent"},
                       {"id": "mace", "card": "+2 Mace", "controller": "opponent",
                        "attached_to": "their_veteran"},
                       {"id": "veteran", "card": "Armory Veteran"},
                       {"id": "their_veteran", "card": "Armory Veteran", "controller": "opponent"},
                       {"id": "kin_guard", "card": "Abzan Kin-Guard"},
                       asks=chars("zurgo", "their_zurgo", "engineer", "their_engineer", "veteran",
                                  "their_veteran", "kin_guard"),
                       active_player="you"))
    assert "Indestructible" in abilities(result, "zurgo")
    assert "Indestructible" not in abilities(result, "their_zurgo")
    assert pt(result, "engineer") == (2, 4)                    # no artifact of yours
    assert pt(result, "their_engineer") == (4, 4)              # the Mace is theirs
    assert "Flying" in abilities(result, "their_engineer")
    assert "Menace" not in abilities(result, "veteran")
    assert "Menace" in abilities(result, "their_veteran")
    assert "Lifelink" in abilities(result, "kin_guard")        # itself: a white permanent


def test_primordial_hydra_counts_only_counters():
    assert facts("Primordial Hydra", 3) == {
        'static_when(ab("Primordial Hydra",3),counters_at_least("+1/+1",10))',
        'ability_grant(ab("Primordial Hydra",3),self,"Trample")'}
    result = ask(board({"id": "ten", "card": "Primordial Hydra", "counters": {"+1/+1": 10}},
                       {"id": "nine", "card": "Primordial Hydra", "counters": {"+1/+1": 9}},
                       asks=chars("ten", "nine")))
    assert "Trample" in abilities(result, "ten")
    assert "Trample" not in abilities(result, "nine")


def test_a_granted_mana_ability_is_compiled_and_produces():
    assert facts("Abundant Growth", 3) >= {
        'mana_ability(grant("Abundant Growth",3))', 'cost_tap(grant("Abundant Growth",3))',
        'group_types(grant("Abundant Growth",3),1,any_color)',
        'ability_grant(ab("Abundant Growth",3),enchanted,"{T}: Add one mana of any color.")'}
    result = ask(board({"id": "wastes", "card": "Wastes"},
                       {"id": "growth", "card": "Abundant Growth", "attached_to": "wastes"},
                       asks=[{"could_produce": "wastes"}]))
    assert result.answer("could_produce", "wastes") == ["W", "U", "B", "R", "G", "C"]


def test_granted_protection_from_a_colour_stops_its_targets():
    assert facts("Absolute Law", 1) == {
        'ability_grant(ab("Absolute Law",1),each(creature),"Protection from red")',
        'protection_from(grant("Absolute Law",1),color(r))'}
    result = ask(board({"id": "law", "card": "Absolute Law"},
                       {"id": "goblin", "card": "Raging Goblin"},
                       asks=chars("goblin")))
    assert "Protection from red" in abilities(result, "goblin")


def test_devotion_god_is_no_creature_below_its_devotion():
    assert facts("Kruphix, God of Horizons", 2) == {
        'static_when(ab("Kruphix, God of Horizons",2),devotion_below("ug",7))',
        'loses_type(ab("Kruphix, God of Horizons",2),self,"Creature")'}
    result = ask(board({"id": "kruphix", "card": "Kruphix, God of Horizons"},
                       {"id": "sage", "card": "Manifestation Sage"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       {"id": "their_kruphix", "card": "Kruphix, God of Horizons",
                        "controller": "opponent"},
                       asks=chars("kruphix", "their_kruphix")))
    assert result.answer("characteristics", "kruphix")["types"] == ["Creature", "Enchantment"]
    assert result.answer("characteristics", "their_kruphix")["types"] == ["Enchantment"]
    assert result.answer("characteristics", "their_kruphix")["power"] is None


@pytest.mark.parametrize("card,index,reason", [
    ("Learned Learner", 1, "grammar doesn't read: at 'a maximum hand size other than"),
    ("Crown of Convergence", 2, "grammar doesn't read: at 'share a color with that card"),
])
def test_what_the_vocabulary_lacks_is_unmodelled_with_its_reason(card, index, reason):
    assert reason in why(card, index)


def test_your_commander_base_pt_and_any_counter():
    assert facts("Stormsurge Kraken", 2) >= {'static_when(ab("Stormsurge Kraken",2),control_commander)',
                                             'pt_modify(ab("Stormsurge Kraken",2),self,2,2)'}
    assert facts("Octopus Umbra", 2) >= {'sets_base_pt(ab("Octopus Umbra",2),enchanted,8,8)'}
    result = ask(board({"id": "kraken", "card": "Stormsurge Kraken"},
                       {"id": "commander", "card": "Llanowar Elves"},
                       {"id": "their_kraken", "card": "Stormsurge Kraken", "controller": "opponent"},
                       {"id": "bears", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                       {"id": "umbra", "card": "Octopus Umbra", "attached_to": "bears"},
                       asks=chars("kraken", "their_kraken", "bears"),
                       commanders={"you": "Llanowar Elves"}))
    assert pt(result, "kraken") == (7, 7)
    assert pt(result, "their_kraken") == (5, 5)
    assert pt(result, "bears") == (9, 9)                  # 8/8 base, then the counter (613.4)


def test_types_added_and_combat_riders():
    assert facts("Mephidross Vampire", 2) >= {
        'land_type_effect(ab("Mephidross Vampire",2),yours(creature),add("Vampire"))'}
    assert 'combat_rule(ab("Cryptic Coat",2),equipped,cant_be_blocked,"")' in facts("Cryptic Coat", 2)
    result = ask(board({"id": "vampire", "card": "Mephidross Vampire"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "coat", "card": "Cryptic Coat", "attached_to": "bears"},
                       {"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("bears", "theirs")))
    assert set(result.answer("characteristics", "bears")["subtypes"]) == {"Bear", "Vampire"}
    assert pt(result, "bears") == (3, 2)
    assert result.answer("characteristics", "theirs")["subtypes"] == ["Bear"]


def test_humility_removes_a_set_of_creatures_abilities_and_sets_their_base_power_and_toughness():
    assert facts("Humility", 1) == {
        'loses_abilities(ab("Humility",1),each(creature),all)',
        'sets_base_pt(ab("Humility",1),each(creature),1,1)'}


def test_opalescence_animates_other_enchantments_with_their_mana_value():
    scope = 'others(each(both(non(subtype("Aura")),type("Enchantment"))))'
    assert facts("Opalescence", 1) == {
        f'land_type_effect(ab("Opalescence",1),{scope},add_type("Creature"))',
        f'sets_base_pt(ab("Opalescence",1),{scope},mana_value,mana_value)'}
    result = ask(board({"id": "opal", "card": "Opalescence"}, {"id": "anthem", "card": "Glorious Anthem"},
                       {"id": "sprawl", "card": "Utopia Sprawl", "attached_to": "forest"},
                       {"id": "forest", "card": "Forest"}, asks=chars("anthem", "opal", "sprawl")))
    assert pt(result, "anthem") == (4, 4)       # base 3/3, and a creature you control: its own +1/+1
    assert "Creature" not in result.answer("characteristics", "opal")["types"]      # not itself
    assert "Creature" not in result.answer("characteristics", "sprawl")["types"]    # an Aura


def test_ensoul_artifact_and_blood_sun():
    assert facts("Ensoul Artifact", 2) == {
        'land_type_effect(ab("Ensoul Artifact",2),enchanted,add_type("Creature"))',
        'sets_base_pt(ab("Ensoul Artifact",2),enchanted,5,5)'}
    assert facts("Blood Sun", 2) == {'loses_abilities(ab("Blood Sun",2),each(land),nonmana)'}


def test_thousand_year_elixir_is_a_permission_not_haste():
    assert facts("Thousand-Year Elixir", 1) == {
        'as_though_haste(ab("Thousand-Year Elixir",1),yours(creature),activate)'}


def test_life_and_limb_and_ichthyomorphosis_make_creatures():
    either = 'each(either(subtype("Forest"),subtype("Saproling")))'
    assert facts("Life and Limb", 1) == {
        f'sets_base_pt(ab("Life and Limb",1),{either},1,1)',
        f'color_effect(ab("Life and Limb",1),{either},set(g))',
        f'land_type_effect(ab("Life and Limb",1),{either},add_type("Creature"))',
        f'land_type_effect(ab("Life and Limb",1),{either},add_type("Land"))',
        f'land_type_effect(ab("Life and Limb",1),{either},add("Saproling"))',
        f'land_type_effect(ab("Life and Limb",1),{either},add("Forest"))'}
    assert 'land_type_effect(ab("Ichthyomorphosis",2),enchanted,set_creature_type("Fish"))' in \
        facts("Ichthyomorphosis", 2)
