"""State-based actions after each event, to a fixpoint (rule 704.3; asp/events/state_based.lp),
and tokens through the events (111.7, 111.8, 704.5d): the answers of small scenarios."""
from __future__ import annotations

import textwrap

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.answer.events import final_states, step_programs


def scenario(text: str):
    return parse_scenario("title = \"t\"\n" + textwrap.dedent(text), "s.toml")


def answers(text: str) -> list:
    return [r.answer for r in answer_scenario(scenario(text)).results]


def error_of(text: str) -> str:
    with pytest.raises(InputError) as caught:
        answer_scenario(scenario(text))
    return str(caught.value)


def facts_named(text: str, name: str) -> set[str]:
    """The facts of predicate name in the one final state of the events."""
    states = final_states(scenario(text))
    assert len(states) == 1
    return {str(f) for f in states[0].facts if f.name == name}


ISLAND_ENTERS = '''
[[card]]
id = "island"
card = "Island"
zone = "hand"

[[event]]
enter = ["island"]
'''


# --- 704.5f: toughness 0 or less ---
def test_a_creature_entering_with_no_counters_dies_and_one_with_x_stays():
    text = '''
    [[card]]
    id = "a"
    card = "Walking Ballista"
    zone = "hand"

    [[card]]
    id = "b"
    card = "Walking Ballista"
    zone = "hand"

    [[event]]
    enter = ["a", "b"]
    x = { b = 2 }

    [[ask]]
    zone = "a"

    [[ask]]
    zone = "b"
    '''
    assert answers(text) == ["graveyard", "battlefield"]


def test_a_creature_that_dies_to_toughness_is_recorded_and_later_events_naming_it_are_refused():
    text = '''
    [[card]]
    id = "a"
    card = "Walking Ballista"
    zone = "hand"

    [[event]]
    enter = ["a"]

    [[event]]
    blink = "a_1"

    [[ask]]
    zone = "a"
    '''
    message = error_of(text)
    assert "line 11:" in message and "704.5f" in message and "event 2" in message


def test_counters_annihilate_at_the_same_time_as_the_creature_dies_and_it_dies_with_them():
    # Hangarback Walker 2015-06-22: three +1/+1 and four -1/-1 counters: a -1/-1 Walker dies;
    # its "dies" ability looks back at it (603.10a).  The Aura on it goes in the next round.
    text = '''
    [[permanent]]
    id = "walker"
    card = "Hangarback Walker"
    counters = { "+1/+1" = 3, "-1/-1" = 4 }

    [[permanent]]
    id = "rancor"
    card = "Rancor"
    attached_to = "walker"
    ''' + ISLAND_ENTERS + '''
    [[ask]]
    zone = "walker"

    [[ask]]
    triggered = "walker"

    [[ask]]
    zone = "rancor"
    '''
    zone, triggered, aura = answers(textwrap.dedent(text))
    assert zone == "graveyard" and aura == "graveyard"
    assert [(t["source"], t["on"]) for t in triggered] == [("walker", "walker")]
    titles = [title for title, _ in step_programs(scenario(text))]
    # round 1: the Walker dies; round 2: the Aura, attached to nothing, goes; round 3: none applies
    assert any("state-based actions after event 1, round 3" in t for t in titles)
    assert not any("round 4" in t for t in titles)


# --- 704.5i: a planeswalker with no loyalty ---
def test_a_planeswalker_with_no_loyalty_counters_goes_and_one_with_loyalty_stays():
    text = '''
    [[permanent]]
    id = "empty"
    card = "Jace Beleren"
    counters = { loyalty = 0 }

    [[permanent]]
    id = "loyal"
    card = "Liliana of the Veil"
    counters = { loyalty = 3 }
    ''' + ISLAND_ENTERS + '''
    [[ask]]
    zone = "empty"

    [[ask]]
    zone = "loyal"
    '''
    assert answers(text) == ["graveyard", "battlefield"]


# --- 704.5j: the legend rule, by controller and name ---
def test_the_legend_rule_is_per_controller_and_each_choice_is_an_outcome():
    text = '''
    [game]
    players = ["you", "opponent"]

    [[permanent]]
    id = "mine"
    card = "Isamaru, Hound of Konda"

    [[permanent]]
    id = "theirs"
    card = "Isamaru, Hound of Konda"
    controller = "opponent"
    owner = "opponent"

    [[card]]
    id = "second"
    card = "Isamaru, Hound of Konda"
    zone = "hand"

    [[event]]
    enter = ["second"]

    [[ask]]
    zone = "mine"

    [[ask]]
    zone = "second"

    [[ask]]
    zone = "theirs"
    '''
    mine, second, theirs = answers(text)
    assert sorted(mine["outcomes"]) == sorted(second["outcomes"]) == ["battlefield", "graveyard"]
    assert theirs == "battlefield"
    assert len(final_states(scenario(text))) == 2


# --- 704.5k: the world rule ---
def test_the_newest_world_permanent_stays():
    text = '''
    [[permanent]]
    id = "void"
    card = "Nether Void"

    [[card]]
    id = "abyss"
    card = "The Abyss"
    zone = "hand"

    [[event]]
    enter = ["abyss"]

    [[ask]]
    zone = "void"

    [[ask]]
    zone = "abyss"
    '''
    assert answers(text) == ["graveyard", "battlefield"]


# --- 704.5m, 704.5n: attached illegally ---
def test_an_aura_on_an_object_its_enchant_ability_does_not_allow_goes_and_a_legal_one_stays():
    text = '''
    [[permanent]]
    id = "forest"
    card = "Forest"

    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"

    [[permanent]]
    id = "on_land"
    card = "Pacifism"
    attached_to = "forest"

    [[permanent]]
    id = "on_bears"
    card = "Pacifism"
    attached_to = "bears"

    [[permanent]]
    id = "growth"
    card = "Wild Growth"
    attached_to = "forest"
    ''' + ISLAND_ENTERS + '''
    [[ask]]
    zone = "on_land"

    [[ask]]
    zone = "on_bears"

    [[ask]]
    zone = "growth"
    '''
    assert answers(text) == ["graveyard", "battlefield", "battlefield"]


def test_an_equipment_on_a_noncreature_becomes_unattached_and_stays():
    text = '''
    [[permanent]]
    id = "forest"
    card = "Forest"

    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"

    [[permanent]]
    id = "knife"
    card = "Rakdos Riteknife"
    attached_to = "forest"

    [[permanent]]
    id = "other"
    card = "Rakdos Riteknife"
    attached_to = "bears"
    ''' + ISLAND_ENTERS + '''
    [[ask]]
    zone = "knife"
    '''
    assert answers(text) == ["battlefield"]
    assert facts_named(text, "attached_to") == {'attached_to("other","bears")'}


# --- 704.5q: counters ---
def test_plus_and_minus_counters_annihilate_in_pairs():
    text = '''
    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"
    counters = { "+1/+1" = 3, "-1/-1" = 1, "charge" = 2 }
    ''' + ISLAND_ENTERS + '''
    [[ask]]
    characteristics = "bears"
    '''
    assert answers(text)[0]["power"] == 4
    assert facts_named(text, "counters") == {'counters("bears","+1/+1",2)',
                                             'counters("bears","charge",2)'}


# --- tokens: 111.7, 111.8, 704.5d ---
TOKEN = '''
[[permanent]]
id = "spawn"
token = "Awakening Zone"
'''


def test_a_blinked_token_ceases_to_exist_and_naming_it_later_is_refused():
    text = TOKEN + '''
    [[event]]
    blink = "spawn"

    [[ask]]
    zone = "spawn"
    '''
    assert answers(text) == ["nowhere"]
    assert facts_named(text, "removed_by_rule") == {'removed_by_rule("spawn_1",1,"704.5d")'}
    message = error_of(TOKEN + '''
    [[event]]
    blink = "spawn"

    [[event]]
    leave = "spawn_1"

    [[ask]]
    zone = "spawn"
    ''')
    assert "event 2" in message and "704.5d" in message


def test_a_creature_token_that_dies_triggers_dies_abilities_but_not_nontoken_ones():
    text = '''
    [[permanent]]
    id = "missy"
    card = "Missy"

    [[permanent]]
    id = "yedora"
    card = "Yedora, Grave Gardener"
    ''' + TOKEN + '''
    [[event]]
    leave = "spawn"
    to = "graveyard"

    [[ask]]
    triggered = "missy"

    [[ask]]
    triggered = "yedora"

    [[ask]]
    zone = "spawn"
    '''
    missy, yedora, zone = answers(text)
    assert [(t["source"], t["on"]) for t in missy] == [("missy", "spawn")]
    assert yedora == [] and zone == "nowhere"


def test_a_token_returned_to_its_owners_hand_does_not_stay_there():
    text = '''
    [game]
    hand_sizes = { you = 3 }
    ''' + TOKEN + '''
    [[event]]
    leave = "spawn"
    to = "hand"

    [[ask]]
    zone = "spawn"
    '''
    assert answers(text) == ["nowhere"]
    assert facts_named(text, "hand_size") == {'hand_size("you",3)'}


def test_turning_a_token_face_down_is_refused_with_the_rule():
    message = error_of(TOKEN + '''
    [[event]]
    turn_face_down = "spawn"
    by = "Cyber Conversion"

    [[ask]]
    zone = "spawn"
    ''')
    assert "token" in message and "708.2" in message


def test_a_question_about_a_permanent_a_state_based_action_removed_names_the_rule():
    message = error_of('''
    [[card]]
    id = "a"
    card = "Walking Ballista"
    zone = "hand"

    [[event]]
    enter = ["a"]

    [[ask]]
    characteristics = "a_1"
    ''')
    assert "removed by a state-based action after event 1, rule 704.5f" in message


@pytest.mark.parametrize("text, fact", [
    ("Enchant creature", 'enchants(ab("Test Card",1),type("Creature"))'),
    ("Enchant permanent", 'enchants(ab("Test Card",1),permanent)'),
    ("Enchant Forest", 'enchants(ab("Test Card",1),subtype("Forest"))'),
    ("Enchant creature you control", None),
    ("Enchant player", None),
])
def test_the_enchant_keyword_compiles_to_what_the_aura_may_be_attached_to(text, fact):
    from pybridge.oracle.compile import compile_card
    ability = compile_card("Test Card", [("Test Card", text, "Enchantment — Aura")]).abilities[0]
    assert ability.modelled == (fact is not None)
    assert [str(f) for f in ability.facts] == ([fact] if fact else [])


def test_ixidron_leaves_a_token_face_up_and_sacrificing_a_token_for_mana_is_refused():
    text = TOKEN + '''
    [[card]]
    id = "ixidron"
    card = "Ixidron"
    zone = "hand"

    [[event]]
    enter = ["ixidron"]

    [[ask]]
    characteristics = "spawn"
    '''
    assert answers(text)[0]["face_down"] is False
    message = error_of('''
    [[permanent]]
    id = "treasure"
    token = "Treasure Map"

    [[event]]
    activate = "treasure"

    [[ask]]
    zone = "treasure"
    ''')
    assert "701.21a" in message
