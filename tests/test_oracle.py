"""The Oracle compiler (pybridge/oracle/): ability numbering, the facts each pattern compiles
to, and the answers those facts give on small boards (inline Oracle texts)."""
from __future__ import annotations

import pytest

from oracle_board import answers
from pybridge.cards.library import load_library
from pybridge.oracle.abilities import split_abilities
from pybridge.oracle.compile import compile_ability, compile_card

LANDS = '''
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
id = "their_forest"
card = "Forest"
controller = "opponent"
'''


def facts_of(text: str, name: str = "Test Card") -> set[str]:
    ability = compile_ability(name, name, 1, text)
    assert ability.modelled, ability.why
    return {str(s) for s in ability.facts}


def test_numbering_is_the_library_s():
    """Every library card's abilities are numbered as the printed facts number them."""
    for card, info in load_library().cards.items():
        for face, text in info.oracle:
            mine = list(enumerate(split_abilities(text), start=1))
            printed = [(i, t) for f, i, t in info.abilities if f == face]
            assert mine == printed, card


def test_reminder_text_and_keyword_lists():
    compiled = compile_card("Test Card", [("Test Card", "Flying, trample\n({T}: Add {G}.)\n{T}: Add {C}.", "")])
    assert [(a.index, a.text, a.status) for a in compiled.abilities] == [
        (1, "Flying", "unmodelled"), (2, "Trample", "unmodelled"), (3, "{T}: Add {C}.", "modelled")]
    assert compiled.abilities[0].why


def test_costs_are_facts_of_the_activation_vocabulary():
    ab = 'ab("Test Card",1)'
    assert facts_of("{1}, {T}, Sacrifice Test Card: Add {R}{R}.") >= {
        f"cost_tap({ab})", f"cost_has({ab},sacrifice_self)", f"mana_group({ab},1,2)",
        f"group_types({ab},1,fixed(r))"}
    assert f'cost_has({ab},remove_counter("charge",1))' in facts_of(
        "{T}, Remove a charge counter from Test Card: Add one mana of any color.")
    assert f"cost_has({ab},tap_untapped(2,creature))" in facts_of(
        "Tap two untapped creatures you control: Add {G}.")
    assert f'cost_has({ab},tap_untapped(1,both(creature,color(u))))' in facts_of(
        "Tap an untapped blue creature you control: Add {C}{C}.")
    assert f"cost_untap({ab})" in facts_of("{2}, {Q}: Add one mana of any color.")
    assert f'activate_only({ab},control(subtype("Swamp")))' in facts_of(
        "{T}: Add {B} or {R}. Activate only if you control a Swamp.")
    assert f'activate_only({ab},control_at_least(5,land))' in facts_of(
        "{T}: Add {C}{C}. Activate only if you control five or more lands.")


def test_riders_are_kept_and_unknown_sentences_are_not_silently_dropped():
    ability = compile_ability("Test Card", "Test Card", 1,
                              "{T}: Add {C}{C}. Spend this mana only to cast artifact spells.")
    assert ability.riders == ("Spend this mana only to cast artifact spells.",)
    unknown = compile_ability("Test Card", "Test Card", 1,
                              "{T}: Add {U}. If an opponent cast a spell this turn, add {B} instead.")
    assert not unknown.modelled and "grammar" in unknown.why
    assert not compile_ability("Test Card", "Test Card", 1, "{T}: Add {R}. Test Card deals 1 damage "
                               "to target player.").modelled      # a target: not a mana ability


@pytest.mark.parametrize("text, could, produce", [
    ("{T}: Add {C}{C}.", {"C"}, {"{C}{C}"}),
    ("{T}: Add {W}{U}.", {"W", "U"}, {"{W}{U}"}),
    ("{T}: Add {R} or {G}. Test Card deals 1 damage to you.", {"R", "G"}, {"{R}", "{G}"}),
    ("{T}: Add {B}{B} or {G}{G}.", {"B", "G"}, {"{B}{B}", "{G}{G}"}),
    ("{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.", {"W", "U"}, {"{W}{W}", "{W}{U}", "{U}{U}"}),
    ("{T}: Add {R}, {G}, or {W}.", {"R", "G", "W"}, {"{R}", "{G}", "{W}"}),
    ("{T}: Add two mana of any one color.", set("WUBRG"),
     {"{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}"}),
    ("{T}: Add six {G}.", {"G"}, {"{G}" * 6}),
    ("{T}: Add {G} for each creature you control.", {"G"}, {"{G}"}),
    ("{3}, {T}: Add {W} for each basic Plains you control.", {"W"}, {"{W}"}),
    ("{T}: Add X mana of any one color, where X is the number of lands you control.", set("WUBRG"),
     {"{W}{W}{W}", "{U}{U}{U}", "{B}{B}{B}", "{R}{R}{R}", "{G}{G}{G}"}),
    ("{T}: Add one mana of any color that a land an opponent controls could produce.", {"G"}, {"{G}"}),
    ("{T}: Add one mana of any type that a land you control could produce.", {"W", "U"},
     {"{W}", "{U}"}),
    ("{T}: Add one mana of any color that a basic land you control could produce.", {"W"}, {"{W}"}),
])
def test_patterns_answer(text, could, produce):
    got = answers(text, board=LANDS)
    assert got.could_produce == could
    assert got.produce[1] == produce


def test_combination_of_colours_is_every_multiset():
    got = answers("{T}: Add two mana in any combination of {W} and/or {U}.")
    assert got.produce[1] == {"{W}{W}", "{W}{U}", "{U}{U}"}
    five = answers("{5}, {T}: Add five mana in any combination of colors.")
    assert len(five.produce[1]) == 126 and five.could_produce == set("WUBRG")


def test_urzas_tower_adds_three_only_with_mine_and_power_plant():
    text = "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead."
    alone = answers(text, name="Urza's Tower")
    assert alone.produce[1] == {"{C}"}
    facts = {str(s) for s in alone.compilation.facts}
    mine = ("Urza's Mine", "{T}: Add {C}.", ["Land"], ["Urza’s", "Mine"])
    plant = ("Urza's Power-Plant", "{T}: Add {C}.", ["Land"], ["Urza’s", "Power-Plant"])
    assert answers(text, name="Urza's Tower", others=[mine]).produce[1] == {"{C}"}
    assert answers(text, name="Urza's Tower", others=[mine, plant]).produce[1] == {"{C}{C}{C}"}
    assert ('mana_group_when(ab("Urza\'s Tower",1),2,and(control(both(subtype("Urza’s"),'
            'subtype("Mine"))),control(both(subtype("Urza’s"),subtype("Power-Plant")))))') in facts


def test_an_instead_on_a_counter():
    text = "{T}: Add {C}. If Test Card has a luck counter on it, instead add one mana of any color."
    assert answers(text).produce[1] == {"{C}"}
    lucky = answers(text, counters={"luck": 1})
    assert lucky.produce[1] == {"{W}", "{U}", "{B}", "{R}", "{G}"}
    assert lucky.could_produce == set("WUBRG")


def test_counters_on_it_and_storage():
    assert answers("{T}: Add {C} for each charge counter on Test Card.",
                   counters={"charge": 3}).produce[1] == {"{C}{C}{C}"}
    storage = "{1}, Remove X storage counters from Test Card: Add X mana in any combination of {W} and/or {U}."
    got = answers(storage, counters={"storage": 2})
    assert got.produce[1] == {"nothing", "{W}", "{U}", "{W}{W}", "{W}{U}", "{U}{U}"}
    assert got.could_produce == {"W", "U"}
    # rule 106.7 ignores whether costs could be paid: with no counter to remove it still could
    # produce each type X = 1 would add (Reflecting Pool 2008-05-01)
    empty = answers(storage, counters={"storage": 0})
    assert empty.could_produce == {"W", "U"} and empty.produce[1] == {"nothing"}
    plus = ("{T}, Remove any number of charge counters from Test Card: Add {R}, then add an "
            "additional {R} for each charge counter removed this way.")
    assert answers(plus, counters={"charge": 2}).produce[1] == {"{R}", "{R}{R}", "{R}{R}{R}"}


def test_chosen_colour_and_commander_identity_need_their_choice():
    assert answers("{T}: Add one mana of the chosen color.").could_produce == set()
    assert answers("{T}: Add one mana of any color in your commander's color identity.").could_produce == set()


def test_devotion_counts_the_coloured_symbols_of_your_permanents_mana_costs():
    nykthos = ("{2}, {T}: Choose a color. Add an amount of mana of that color equal to your "
               "devotion to that color.")
    two_elves = LANDS + '[[permanent]]\nid = "elves2"\ncard = "Elvish Mystic"\n'
    got = answers(nykthos, board=two_elves, name="Nykthos, Shrine to Nyx")
    assert got.produce[1] == {"{G}{G}", "nothing"}
    assert got.could_produce == {"G"}
    acolyte = answers("{T}: Add an amount of {G} equal to your devotion to green.",
                      types=("Creature",), board=LANDS)
    assert acolyte.produce[1] == {"{G}"}


@pytest.mark.parametrize("text, fact", [
    ("Morph {3}{R}{R}{R}", 'morph_ability(ab("Test Card",1),morph)'),
    ("Megamorph {1}{G}", 'morph_ability(ab("Test Card",1),megamorph)'),
    ("Disguise {2}{U}", 'morph_ability(ab("Test Card",1),disguise)'),
    ("Nonbasic lands are Mountains.", 'land_type_effect(ab("Test Card",1),each(nonbasic_land),set("Mountain"))'),
    ("Enchanted land is an Island.", 'land_type_effect(ab("Test Card",1),enchanted,set("Island"))'),
    ("Each land is a Swamp in addition to its other land types.",
     'land_type_effect(ab("Test Card",1),each(land),add("Swamp"))'),
    ("Lands you control are Plains.", 'land_type_effect(ab("Test Card",1),yours(land),set("Plains"))'),
])
def test_face_down_keywords_and_land_type_changes(text, fact):
    assert facts_of(text) == {fact}


def test_a_land_type_change_of_another_shape_is_unmodelled_with_its_reason():
    ability = compile_ability("Test Card", "Test Card", 1, "Creatures you control are Forests.")
    assert not ability.modelled and "type change" in ability.why
