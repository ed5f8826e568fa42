"""Static abilities that read combat and permanent status (pybridge/oracle/statics/status.py's section
"combat and status", asp/combat/combat_status.lp) and the scenario keys that state it
(contract.COMBAT_STATUS_KEYS): for each pattern a real pool card's facts and an answer on a
board; the boards no game reaches are refused at their line."""
from __future__ import annotations

import pytest

from pybridge import InputError, answer_scenario, ask, parse_scenario
from pybridge.read.facts import scenario_facts
from pybridge.oracle.hook import card_compilation
from pool_cards import board, chars, facts, pt, why


def has(result, target: str, text: str) -> bool:
    return text in result.answer("characteristics", target)["abilities"]


# --- combat (rules 506-509) ---
def test_attacking_creatures_and_as_long_as_it_is_attacking():
    assert facts("Goblin Oriflamme", 1) == {
        'pt_modify(ab("Goblin Oriflamme",1),yours(both(attacking,creature)),1,0)'}
    assert facts("Kor Scythemaster", 1) == {
        'static_when(ab("Kor Scythemaster",1),attacking)',
        'ability_grant(ab("Kor Scythemaster",1),self,"First strike")'}
    assert facts("Tromokratis", 1) == {
        'static_when(ab("Tromokratis",1),not_in_combat)',
        'ability_grant(ab("Tromokratis",1),self,"Hexproof")'}
    result = ask(board({"id": "oriflamme", "card": "Goblin Oriflamme"},
                       {"id": "attacker", "card": "Kor Scythemaster", "attacking": "opponent"},
                       {"id": "home", "card": "Kor Scythemaster"},
                       {"id": "blocker", "card": "Tromokratis", "controller": "opponent",
                        "blocking": ["attacker"]},
                       {"id": "idle", "card": "Tromokratis", "controller": "opponent"},
                       asks=chars("attacker", "home", "blocker", "idle")))
    assert pt(result, "attacker") == (4, 1) and has(result, "attacker", "First strike")
    assert pt(result, "home") == (3, 1) and not has(result, "home", "First strike")
    assert not has(result, "blocker", "Hexproof")
    assert has(result, "idle", "Hexproof")


def test_blockers_counted_and_creatures_blocking_or_blocked_by_it():
    assert facts("Rampaging Cyclops", 1) == {
        'static_when(ab("Rampaging Cyclops",1),blocked_by_at_least(2))',
        'pt_modify(ab("Rampaging Cyclops",1),self,-2,0)'}
    assert facts("Alms Beast", 1) == {'ability_grant(ab("Alms Beast",1),in_combat_with,"Lifelink")'}
    result = ask(board({"id": "cyclops", "card": "Rampaging Cyclops", "attacking": True},
                       {"id": "single", "card": "Rampaging Cyclops", "attacking": True},
                       {"id": "beast", "card": "Alms Beast", "attacking": True},
                       {"id": "b1", "card": "Grizzly Bears", "controller": "opponent",
                        "blocking": ["cyclops"]},
                       {"id": "b2", "card": "Grizzly Bears", "controller": "opponent",
                        "blocking": ["cyclops"]},
                       {"id": "b3", "card": "Llanowar Elves", "controller": "opponent",
                        "blocking": ["beast"]},
                       {"id": "b4", "card": "Llanowar Elves", "controller": "opponent",
                        "blocking": ["single"]},
                       {"id": "other", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("cyclops", "single", "b3", "other", "beast")))
    assert pt(result, "cyclops") == (2, 4)
    assert pt(result, "single") == (4, 4)
    assert has(result, "b3", "Lifelink") and not has(result, "other", "Lifelink")
    assert not has(result, "beast", "Lifelink")          # "creatures blocking or blocked by ~"


def test_blocked_and_unblocked_only_after_blockers_are_declared():
    assert facts("Throatseeker", 1) == {
        'ability_grant(ab("Throatseeker",1),yours(both(unblocked,both(attacking,subtype("Ninja")))),'
        '"Lifelink")'}
    result = ask(board({"id": "unblocked", "card": "Throatseeker", "attacking": "opponent",
                        "blocked": False},
                       {"id": "undeclared", "card": "Throatseeker", "attacking": "opponent"},
                       {"id": "blocked", "card": "Throatseeker", "attacking": "opponent",
                        "blocked": True},
                       asks=chars("unblocked", "undeclared", "blocked")))
    assert has(result, "unblocked", "Lifelink")
    assert not has(result, "undeclared", "Lifelink")     # neither blocked nor unblocked (509.1h)
    assert not has(result, "blocked", "Lifelink")


def test_a_condition_on_each_object_of_a_group():
    # "as long as it's not attacking" of each creature: a filter of the set (statics/conds.py)
    assert facts("Arcades Sabboth", 3) == {
        'pt_modify(ab("Arcades Sabboth",3),yours(both(both(untapped,creature),not_attacking)),0,2)'}
    # one no filter says stays unmodelled
    from pybridge.oracle.compile import compile_card
    text = "Each creature you control gets +1/+1 as long as it's blocking."
    ability = compile_card("Test Card", [("Test Card", text, "Enchantment")]).abilities[0]
    assert not ability.modelled and "a condition on each object of the effect" in ability.why


# --- soulbond (702.95), monstrous (701.37b), renowned (702.112b) ---
def test_a_soulbond_pair_either_way_it_is_stated():
    assert facts("Wolfir Silverheart", 2) == {
        'static_when(ab("Wolfir Silverheart",2),paired)',
        'pt_modify(ab("Wolfir Silverheart",2),pair,4,4)'}
    result = ask(board({"id": "wolfir", "card": "Wolfir Silverheart"},
                       {"id": "bears", "card": "Grizzly Bears", "paired_with": "wolfir"},
                       {"id": "lone", "card": "Wolfir Silverheart"},
                       {"id": "other", "card": "Grizzly Bears"},
                       asks=chars("wolfir", "bears", "lone", "other")))
    assert pt(result, "wolfir") == (8, 8) and pt(result, "bears") == (6, 6)
    assert pt(result, "lone") == (4, 4) and pt(result, "other") == (2, 2)


def test_monstrous_and_renowned_grant_what_they_say():
    assert facts("Fleecemane Lion", 2) == {
        'static_when(ab("Fleecemane Lion",2),monstrous)',
        'ability_grant(ab("Fleecemane Lion",2),self,"Hexproof")',
        'ability_grant(ab("Fleecemane Lion",2),self,"Indestructible")'}
    assert 'static_when(ab("Goblin Glory Chaser",2),renowned)' in facts("Goblin Glory Chaser", 2)
    result = ask(board({"id": "lion", "card": "Fleecemane Lion", "monstrous": True},
                       {"id": "cub", "card": "Fleecemane Lion"},
                       {"id": "chaser", "card": "Goblin Glory Chaser", "renowned": True},
                       {"id": "hierarch", "card": "Honored Hierarch", "renowned": True},
                       {"id": "novice", "card": "Honored Hierarch"},
                       asks=chars("lion", "cub", "chaser") + [{"could_produce": "hierarch"},
                                                               {"could_produce": "novice"}]))
    assert has(result, "lion", "Indestructible") and not has(result, "cub", "Indestructible")
    assert has(result, "chaser", "Menace")
    assert result.answer("could_produce", "hierarch") == ["W", "U", "B", "R", "G"]
    assert result.answer("could_produce", "novice") == []


# --- the city's blessing (702.131c), completed dungeons (309.7), any player ---
def test_the_players_designations_and_any_player_controls():
    assert facts("Dusk Charger", 2) == {
        'static_when(ab("Dusk Charger",2),designation(city_blessing))',
        'pt_modify(ab("Dusk Charger",2),self,2,2)'}
    assert 'static_when(ab("Gloom Stalker",1),designation(completed_dungeon))' in facts("Gloom Stalker", 1)
    assert facts("Knight of Grace", 3) == {
        'static_when(ab("Knight of Grace",3),at_least(1,each(both(color(b),permanent))))',
        'pt_modify(ab("Knight of Grace",3),self,1,0)'}
    result = ask(board({"id": "charger", "card": "Dusk Charger"},
                       {"id": "theirs", "card": "Dusk Charger", "controller": "opponent"},
                       {"id": "stalker", "card": "Gloom Stalker", "controller": "opponent"},
                       {"id": "knight", "card": "Knight of Grace"},
                       asks=chars("charger", "theirs", "stalker", "knight"),
                       city_blessing=["you"], completed_dungeon=["opponent"]))
    assert pt(result, "charger") == (5, 5) and pt(result, "theirs") == (3, 3)
    assert has(result, "stalker", "Double strike")
    assert pt(result, "knight") == (3, 2)                # the Chargers are black
    result = ask(board({"id": "knight", "card": "Knight of Grace"},
                       {"id": "white", "card": "Knight of Grace", "controller": "opponent"},
                       asks=chars("knight")))
    assert pt(result, "knight") == (2, 2)                # no black permanent


def test_ten_permanents_and_ascend_mean_the_citys_blessing():
    lands = [{"id": f"forest{n}", "card": "Forest"} for n in range(9)]
    result = ask(board({"id": "charger", "card": "Dusk Charger"}, *lands, asks=chars("charger"),
                       city_blessing=[]))
    assert pt(result, "charger") == (5, 5)               # ascend gave it (702.131b)
    result = ask(board({"id": "charger", "card": "Dusk Charger"}, *lands[:8], asks=chars("charger"),
                       city_blessing=[]))
    assert pt(result, "charger") == (3, 3)               # nine permanents: no blessing


# --- modified (700.9) ---
def test_modified_is_a_counter_an_equipment_or_your_own_aura():
    assert facts("Upriser Renegade", 1) == {
        'pt_modify_per(ab("Upriser Renegade",1),self,2,0,permanents(others(yours(both(modified,creature)))))'}
    result = ask(board({"id": "kodama", "card": "Kodama of the West Tree"},
                       {"id": "countered", "card": "Grizzly Bears", "counters": {"stun": 1}},
                       {"id": "equipped", "card": "Grizzly Bears"},
                       {"id": "splitter", "card": "Bonesplitter", "controller": "opponent",
                        "attached_to": "equipped"},
                       {"id": "enchanted", "card": "Grizzly Bears"},
                       {"id": "strength", "card": "Holy Strength", "controller": "opponent",
                        "attached_to": "enchanted"},
                       {"id": "blessed", "card": "Grizzly Bears"},
                       {"id": "own", "card": "Holy Strength", "attached_to": "blessed"},
                       asks=chars("countered", "equipped", "enchanted", "blessed")))
    assert has(result, "countered", "Trample") and has(result, "equipped", "Trample")
    assert not has(result, "enchanted", "Trample") and has(result, "blessed", "Trample")


# --- the keys and the boards no game reaches ---
BOARD = '''title = "t"
[game]
active_player = "you"
[[permanent]]
id = "a"
card = "{card}"
{a}
[[permanent]]
id = "b"
card = "Grizzly Bears"
controller = "opponent"
{b}
[[ask]]
characteristics = "a"
'''


def refused(a: str = "", b: str = "", card: str = "Grizzly Bears") -> str:
    scenario = parse_scenario(BOARD.format(a=a, b=b, card=card), "s.toml")
    with pytest.raises(InputError) as caught:
        answer_scenario(scenario)
    return str(caught.value)


def test_the_keys_become_their_facts():
    scenario = parse_scenario(BOARD.format(card="Grizzly Bears", a='attacking = "opponent"\nblocked = true',
                                           b='blocking = ["a"]'), "s.toml")
    got = {str(s) for s in scenario_facts(scenario)}
    assert {'attacking("a")', 'attacking_player("a","opponent")', 'blocked("a")',
            'blocking("b","a")'} <= got
    with pytest.raises(InputError) as caught:
        parse_scenario(BOARD.format(card="Grizzly Bears", a='attacking = "nobody"', b=""), "s.toml")
    assert str(caught.value).startswith("s.toml: line 7: attacking of permanent 'a' must be true")
    with pytest.raises(InputError) as caught:
        parse_scenario(BOARD.format(card="Grizzly Bears", a="", b='blocking = ["c"]'), "s.toml")
    assert "line 12: blocking 'c' of permanent 'b' names no other permanent" in str(caught.value)


@pytest.mark.parametrize("a,b,card,line,rule", [
    ("attacking = true", "", "Forest", 4, "rule 506.3"),
    ("", 'attacking = "you"', "Grizzly Bears", 8, "rule 508.1a"),
    ("", 'blocking = ["a"]', "Grizzly Bears", 8, "rule 509.1a: a blocking creature blocks an attacking"),
    ('attacking = true\nblocking = ["b"]', 'attacking = true', "Grizzly Bears", 4, "rule 509.1a"),
    ("blocked = false", "", "Grizzly Bears", 4, "rule 509.1h"),
    ('attacking = true\nunblocked = 1', "", "Grizzly Bears", 0, ""),
    ('paired_with = "b"', "", "Wolfir Silverheart", 4, "rule 702.95e"),
    ('attacking = "b"', "", "Grizzly Bears", 4, "rule 506.3: only a player, a planeswalker or a battle"),
])
def test_boards_no_game_reaches_are_refused_at_their_line(a, b, card, line, rule):
    if not rule:                                          # an unknown key, at the reader
        with pytest.raises(InputError, match="unblocked"):
            parse_scenario(BOARD.format(a=a, b=b, card=card), "s.toml")
        return
    message = refused(a, b, card)
    assert f"s.toml: line {line}: permanent " in message and rule in message, message


def test_an_unblocked_attacker_has_no_blockers_and_one_creature_pairs_once():
    message = refused('attacking = true\nblocked = false', 'blocking = ["a"]')
    assert "rule 509.1h: a creature a blocker blocks is blocked" in message
    text = BOARD.format(card="Wolfir Silverheart", a='paired_with = "c"', b="") + \
        '[[permanent]]\nid = "c"\ncard = "Grizzly Bears"\n[[permanent]]\nid = "d"\n' \
        'card = "Grizzly Bears"\npaired_with = "c"\n'
    with pytest.raises(InputError, match="rule 702.95d"):
        answer_scenario(parse_scenario(text, "s.toml"))


# --- the long tail ---
def test_creatures_with_flying_after_layer_six_and_each_of_its_colours():
    assert facts("Serra Aviary", 1) == {
        'pt_modify(ab("Serra Aviary",1),with_ability("Flying",each(creature)),1,1)'}
    assert facts("Blessing of the Nephilim", 2) == {
        'pt_modify_per(ab("Blessing of the Nephilim",2),enchanted,1,1,its_colors)'}
    assert 'color_effect(ab("Grave Servitude",3),enchanted,set(b))' in facts("Grave Servitude", 3)
    # a grant to creatures without an ability stays unmodelled (613.8; grants to those with
    # one: tests/test_oracle_grant_costs_scopes_and_tokens.py)
    assert "depends on layer 6" in why("Chaosphere", 2)
    result = ask(board({"id": "aviary", "card": "Serra Aviary"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "flight", "card": "Flight", "attached_to": "bears"},
                       {"id": "plain", "card": "Grizzly Bears"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       {"id": "servitude", "card": "Grave Servitude", "attached_to": "elves"},
                       {"id": "blessing", "card": "Blessing of the Nephilim", "attached_to": "elves"},
                       {"id": "knight", "card": "Knight of New Alara"},
                       {"id": "wolf", "card": "Watchwolf"},
                       asks=chars("bears", "plain", "elves", "wolf", "knight")))
    assert pt(result, "bears") == (3, 3) and pt(result, "plain") == (2, 2)
    assert pt(result, "elves") == (5, 1)                 # black only: one colour
    assert result.answer("characteristics", "elves")["colors"] == ["B"]
    assert pt(result, "wolf") == (5, 5) and pt(result, "knight") == (2, 2)


def test_none_of_a_kind_and_equipment_attached():
    assert facts("Scoria Cat", 1) == {
        'static_when(ab("Scoria Cat",1),none(yours(both(untapped,land))))',
        'pt_modify(ab("Scoria Cat",1),self,3,3)'}
    assert 'static_when(ab("Brass Knuckles",2),host_attached_at_least(2,subtype("Equipment")))' in \
        facts("Brass Knuckles", 2)
    assert 'static_when(ab("Balan, Wandering Knight",2),attached_at_least(2,subtype("Equipment")))' in \
        facts("Balan, Wandering Knight", 2)
    result = ask(board({"id": "cat", "card": "Scoria Cat"},
                       {"id": "beetle", "card": "Vexing Beetle"},
                       {"id": "mountain", "card": "Mountain", "tapped": True},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "knuckles", "card": "Brass Knuckles", "attached_to": "bears"},
                       {"id": "splitter", "card": "Bonesplitter", "attached_to": "bears"},
                       asks=chars("cat", "beetle", "bears")))
    assert pt(result, "cat") == (6, 6) and pt(result, "beetle") == (6, 6)
    assert has(result, "bears", "Double strike") and pt(result, "bears") == (4, 2)
    result = ask(board({"id": "cat", "card": "Scoria Cat"}, {"id": "mountain", "card": "Mountain"},
                       {"id": "beetle", "card": "Vexing Beetle"},
                       {"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("cat", "beetle")))
    assert pt(result, "cat") == (3, 3) and pt(result, "beetle") == (3, 3)




def test_an_event_keeps_combat_and_status_of_what_stays_and_not_of_a_new_object():
    result = ask(board({"id": "oriflamme", "card": "Goblin Oriflamme"},
                       {"id": "stays", "card": "Kor Scythemaster", "attacking": True},
                       {"id": "blinked", "card": "Kor Scythemaster", "attacking": True},
                       {"id": "lion", "card": "Fleecemane Lion", "monstrous": True},
                       {"id": "wolfir", "card": "Wolfir Silverheart", "paired_with": "bears"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       asks=chars("stays", "blinked_1", "lion", "wolfir")) | {
                   "event": [{"blink": "blinked"}, {"leave": "bears"}]})
    assert pt(result, "stays") == (4, 1) and has(result, "stays", "First strike")
    assert pt(result, "blinked_1") == (3, 1)             # a new object, not attacking (506.4)
    assert has(result, "lion", "Hexproof")
    assert pt(result, "wolfir") == (4, 4)                # its pair left: unpaired (702.95e)


def test_creatures_attacking_you_team_commanders_and_equipped_types():
    assert facts("Boarded Window", 1) == {
        'pt_modify(ab("Boarded Window",1),attacking_you(both(creature,attacking)),-1,0)'}
    assert facts("Khorvath Brightflame", 4) >= {
        'ability_grant(ab("Khorvath Brightflame",4),yours(subtype("Knight")),"Flying")'}
    assert 'land_type_effect(ab("Sigiled Sword of Valeron",1),equipped,add("Knight"))' in \
        facts("Sigiled Sword of Valeron", 1)
    assert 'land_type_effect(ab("Amorphous Axe",1),equipped,add_all_creature_types)' in \
        facts("Amorphous Axe", 1)
    result = ask(board({"id": "window", "card": "Boarded Window"},
                       {"id": "walker", "card": "Liliana of the Veil"},
                       {"id": "at_you", "card": "Grizzly Bears", "controller": "opponent",
                        "attacking": "you"},
                       {"id": "at_walker", "card": "Grizzly Bears", "controller": "opponent",
                        "attacking": "walker"},
                       {"id": "axe", "card": "Amorphous Axe", "attached_to": "mine"},
                       {"id": "mine", "card": "Grizzly Bears"},
                       {"id": "protector", "card": "Bastion Protector"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       asks=chars("at_you", "at_walker", "mine", "elves"),
                       active_player="opponent", commanders={"you": "Llanowar Elves"}))
    assert pt(result, "at_you") == (1, 2) and pt(result, "at_walker") == (2, 2)
    assert pt(result, "mine") == (5, 2)
    assert {"Bear", "Elf", "Sliver", "Zombie"} <= set(result.answer("characteristics", "mine")["subtypes"])
    assert pt(result, "elves") == (3, 3) and has(result, "elves", "Indestructible")
    with pytest.raises(InputError, match="rule 508.1b: say whom it attacks"):
        ask(board({"id": "window", "card": "Boarded Window"},
                  {"id": "bears", "card": "Grizzly Bears", "controller": "opponent", "attacking": True},
                  asks=chars("bears"), active_player="opponent"))


def test_creatures_without_an_ability_for_pt_only():
    assert facts("Gravitational Shift", 2) == {
        'pt_modify(ab("Gravitational Shift",2),without_ability("Flying",each(creature)),-2,0)'}
    result = ask(board({"id": "shift", "card": "Gravitational Shift"},
                       {"id": "hawk", "card": "Suntail Hawk"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       asks=chars("hawk", "bears")))
    assert pt(result, "hawk") == (3, 1) and pt(result, "bears") == (0, 2)


def test_thats_one_of_subtypes_counts_with_an_ability_and_counter_conditions():
    assert facts("Immerwolf", 2) == {
        'pt_modify(ab("Immerwolf",2),others(yours(both(creature,either(subtype("Wolf"),'
        'subtype("Werewolf"))))),1,1)'}
    assert facts("Pride of the Clouds", 2) == {
        'pt_modify_per(ab("Pride of the Clouds",2),self,1,1,'
        'permanents(others(with_ability("Flying",each(creature)))))'}
    assert 'static_when(ab("Homarid",3),counters_exactly("tide",1))' in facts("Homarid", 3)
    assert 'static_when(ab("Roc Hatchling",3),no_counters("shell"))' in facts("Roc Hatchling", 3)
    assert 'static_when(ab("Mistform Wall",1),self_is(subtype("Wall")))' in facts("Mistform Wall", 1)
    result = ask(board({"id": "immerwolf", "card": "Immerwolf"},
                       {"id": "watchwolf", "card": "Watchwolf"},
                       {"id": "pride", "card": "Pride of the Clouds"},
                       {"id": "hawk", "card": "Suntail Hawk", "controller": "opponent"},
                       {"id": "homarid", "card": "Homarid", "counters": {"tide": 3}},
                       {"id": "roc", "card": "Roc Hatchling", "counters": {}},
                       {"id": "egg", "card": "Roc Hatchling", "counters": {"shell": 1}},
                       {"id": "wall", "card": "Mistform Wall"},
                       asks=chars("immerwolf", "watchwolf", "pride", "homarid", "roc", "egg", "wall")))
    assert pt(result, "immerwolf") == (2, 2) and pt(result, "watchwolf") == (4, 4)
    assert pt(result, "pride") == (3, 3)                 # the Hawk and the hatched Roc fly
    assert pt(result, "homarid") == (3, 3)
    assert pt(result, "roc") == (3, 3) and pt(result, "egg") == (0, 1)
    assert has(result, "wall", "Defender")


def test_it_is_legendary_or_enchanted_and_nonbasic_and_at_least_other():
    hammer = next(a for a in card_compilation("Toralf, God of Fury // Toralf's Hammer").abilities
                  if a.face == "Toralf's Hammer" and a.index == 2)
    assert 'static_when(ab("Toralf\'s Hammer",2),attached_is(supertype("Legendary")))' in \
        {str(f) for f in hammer.facts}
    assert 'static_when(ab("Skyrider Trainee",1),attached(subtype("Aura")))' in \
        facts("Skyrider Trainee", 1)
    assert 'static_when(ab("Skyshroud Elite",1),at_least(1,opponents(nonbasic_land)))' in \
        facts("Skyshroud Elite", 1)
    assert 'static_when(ab("Svyelun of Sea and Sky",1),at_least(2,others(yours(subtype("Merfolk")))))' in \
        facts("Svyelun of Sea and Sky", 1)
    result = ask(board({"id": "trainee", "card": "Skyrider Trainee"},
                       {"id": "strength", "card": "Holy Strength", "attached_to": "trainee"},
                       {"id": "elite", "card": "Skyshroud Elite"},
                       {"id": "basic", "card": "Forest", "controller": "opponent"},
                       asks=chars("trainee", "elite")))
    assert has(result, "trainee", "Flying") and pt(result, "elite") == (1, 1)
    result = ask(board({"id": "elite", "card": "Skyshroud Elite"},
                       {"id": "nonbasic", "card": "Gaea's Cradle", "controller": "opponent"},
                       asks=chars("elite")))
    assert pt(result, "elite") == (2, 3)


def test_two_groups_counted_once_names_and_two_effects_of_one_ability():
    assert facts("Death Baron", 1) >= {
        'pt_modify(ab("Death Baron",1),union(yours(subtype("Skeleton")),others(yours(subtype("Zombie")))),1,1)'}
    # "Wolves and Werewolves you control" stays one group of yours (no union of "each" Wolves)
    assert facts("Nightpack Ambusher", 2) == {
        'pt_modify(ab("Nightpack Ambusher",2),others(yours(either(subtype("Wolf"),subtype("Werewolf")))),1,1)'}
    assert facts("Relentless Rats", 1) == {
        'pt_modify_per(ab("Relentless Rats",1),self,1,1,'
        'permanents(others(each(both(creature,named("Relentless Rats"))))))'}
    assert facts("Angelic Field Marshal", 2) == {
        'static_when(ab("Angelic Field Marshal",2),control_commander)',
        'pt_modify(ab("Angelic Field Marshal",2),self,2,2)',
        'ability_grant(ab("Angelic Field Marshal",2),yours(creature),"Vigilance")'}
    result = ask(board({"id": "baron", "card": "Death Baron"},
                       {"id": "outcast", "card": "Changeling Outcast"},
                       {"id": "rats", "card": "Relentless Rats"},
                       {"id": "more_rats", "card": "Relentless Rats", "controller": "opponent"},
                       {"id": "plague", "card": "Plague Rats"},
                       {"id": "marshal", "card": "Angelic Field Marshal"},
                       {"id": "commander", "card": "Llanowar Elves"},
                       asks=chars("outcast", "baron", "rats", "plague", "marshal", "commander"),
                       commanders={"you": "Llanowar Elves"}))
    assert pt(result, "outcast") == (2, 2) and pt(result, "baron") == (2, 2)
    assert pt(result, "rats") == (3, 3) and pt(result, "plague") == (1, 1)
    assert pt(result, "marshal") == (5, 5) and has(result, "commander", "Vigilance")
