"""Activated, triggered and loyalty abilities and Saga chapters whose effect, once resolved, is a
lasting change of P/T, abilities or types (pybridge/oracle/resolved.py; rules 611.2, 613): for
each shape a real pool card's compiled facts and an answer on a board of it (characteristics of
the target, could_produce of a land that gained a mana ability), and the refusals."""
from __future__ import annotations

import subprocess
import sys

import pytest

from pybridge import ask
from pybridge.errors import InputError
from pybridge.oracle.hook import card_compilation


def ability(card: str, index: int, face: str | None = None):
    return next(a for a in card_compilation(card).abilities
                if a.index == index and (face is None or a.face == face))


def compiled(card: str, index: int, face: str | None = None):
    found = ability(card, index, face)
    assert found.modelled, found.why
    return found


def facts(card: str, index: int, face: str | None = None) -> set[str]:
    return {str(f) for f in compiled(card, index, face).facts}


def board(*permanents: dict, effects: list[dict], asks: list[dict]) -> dict:
    return {"title": "t", "permanent": [{"controller": "you", **p} for p in permanents],
            "effect": effects, "ask": asks}


def test_an_ability_activated_from_the_hand_grants_a_target_land_three_colours():
    found = compiled("Glamorous Outlaw", 2)
    assert {'ability_grant(ab("Glamorous Outlaw",2),targets,"{T}: Add {U}, {B}, or {R}")',
            'lasting_effect("Glamorous Outlaw",ab("Glamorous Outlaw",2))',
            'mana_ability(grant("Glamorous Outlaw",2))',
            'group_types(grant("Glamorous Outlaw",2),1,fixed(b))'} <= {str(f) for f in found.facts}
    # the ability works only in the hand (113.6m): no activated ability of the permanent
    assert not any(f.name == "activated" and str(f.arguments[0]).startswith("ab(") for f in found.facts)
    assert any("113.6m" in r for r in found.riders)
    assert "You may cast ~ for as long as it remains exiled." in found.riders
    result = ask(board({"id": "wastes", "card": "Wastes"}, {"id": "other", "card": "Wastes"},
                       effects=[{"card": "Glamorous Outlaw", "ability": 2, "targets": ["wastes"]}],
                       asks=[{"could_produce": "wastes"}, {"could_produce": "other"}]))
    assert result.answer("could_produce", "wastes") == ["U", "B", "R", "C"]
    assert result.answer("could_produce", "other") == ["C"]


def test_loyalty_abilities_grant_to_the_set_they_affected_or_their_target():
    assert facts("Sorin, Vampire Lord", 3) >= {
        'ability_grant(ab("Sorin, Vampire Lord",3),affected,"{T}: Gain control of target creature.")',
        'activated(grant("Sorin, Vampire Lord",3))', 'cost_tap(grant("Sorin, Vampire Lord",3))',
        'affects_set(ab("Sorin, Vampire Lord",3),yours(subtype("Vampire")))'}
    kaya = compiled("Kaya the Inexorable", 1)
    assert kaya.pattern == "loyalty_grant"
    assert kaya.riders == ("[+1]: a loyalty cost (rule 606.4)",
                           "Put a ghostform counter on up to one target nontoken creature.")
    assert any(f.name == "ability_grant" and str(f.arguments[1]) == "targets" for f in kaya.facts)
    result = ask(board({"id": "vampire", "card": "Vampire Nighthawk"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       effects=[{"card": "Sorin, Vampire Lord", "ability": 3, "affected": ["vampire"]},
                                {"card": "Kaya the Inexorable", "ability": 1, "targets": ["bears"]}],
                       asks=[{"characteristics": "vampire"}, {"characteristics": "bears"}]))
    assert "{T}: Gain control of target creature." in result.answer("characteristics", "vampire")["abilities"]
    assert result.answer("characteristics", "bears")["abilities"] == [
        "When this creature dies or is put into exile, return it to its owner's hand and create a "
        "1/1 white Spirit creature token with flying."]


def test_a_trigger_that_adds_a_card_type_and_an_ability_to_its_target():
    assert facts("Optical Optimizer", 1) >= {
        'land_type_effect(ab("Optical Optimizer",1),targets,add_type("Artifact"))',
        'ability_grant(ab("Optical Optimizer",1),targets,"{T}: Draw a card.")'}
    result = ask(board({"id": "bears", "card": "Grizzly Bears"}, {"id": "elves", "card": "Llanowar Elves"},
                       effects=[{"card": "Optical Optimizer", "targets": ["bears"]}],
                       asks=[{"characteristics": "bears"}, {"characteristics": "elves"}]))
    bears = result.answer("characteristics", "bears")
    assert (bears["types"], bears["abilities"]) == (["Artifact", "Creature"], ["{T}: Draw a card."])
    assert result.answer("characteristics", "elves")["types"] == ["Creature"]


def test_a_saga_chapter_that_shrinks_the_creatures_it_saw_resolve():
    card = "Behold the Unspeakable // Vision of the Unspeakable"
    assert facts(card, 1, "Behold the Unspeakable") >= {
        'pt_modify(ab("Behold the Unspeakable",1),affected,-2,0)',
        'affects_set(ab("Behold the Unspeakable",1),opponents(creature))'}
    result = ask(board({"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                       {"id": "later", "card": "Grizzly Bears", "controller": "opponent"},
                       effects=[{"card": card, "ability": 1, "affected": ["theirs"]}],
                       asks=[{"characteristics": "theirs"}, {"characteristics": "later"}]))
    assert result.answer("characteristics", "theirs")["power"] == 0
    assert result.answer("characteristics", "later")["power"] == 2     # not there as it resolved
    with pytest.raises(InputError, match=r"611\.2c"):                 # the set must be stated
        ask(board({"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                  effects=[{"card": card, "ability": 1}], asks=[{"characteristics": "theirs"}]))


def test_a_spell_on_a_blocking_target_until_end_of_combat_beside_one_shot_parts():
    glyph = compiled("Glyph of Destruction", 1)
    assert 'pt_modify(ab("Glyph of Destruction",1),targets,10,0)' in {str(f) for f in glyph.facts}
    assert "Destroy it at the beginning of the next end step." in glyph.riders
    result = ask(board({"id": "wall", "card": "Wall of Stone"},
                       effects=[{"card": "Glyph of Destruction", "targets": ["wall"]}],
                       asks=[{"characteristics": "wall"}]))
    assert (result.answer("characteristics", "wall")["power"],
            result.answer("characteristics", "wall")["toughness"]) == (10, 8)


def test_a_grant_to_attacking_creatures_beside_mana_the_spell_adds():
    found = compiled("Dragonrage", 1)
    assert found.riders == ("Add {R} for each attacking creature you control.",)
    assert 'affects_set(ab("Dragonrage",1),yours(both(attacking,creature)))' in {str(f) for f in found.facts}
    result = ask(board({"id": "bears", "card": "Grizzly Bears", "attacking": True},
                       effects=[{"card": "Dragonrage", "affected": ["bears"]}],
                       asks=[{"characteristics": "bears"}]))
    assert result.answer("characteristics", "bears")["abilities"] == [
        "{R}: This creature gets +1/+0 until end of turn."]


def test_a_granted_cost_that_removes_the_counter_the_ability_put():
    matrix = compiled("Life Matrix", 1)
    assert 'cost_has(grant("Life Matrix",1),remove_counter("matrix",1))' in {str(f) for f in matrix.facts}
    assert matrix.unchecked == ("Activate only during your upkeep.",)
    answers = []
    for counters in ({"matrix": 1}, {}):
        bears = {"id": "bears", "card": "Grizzly Bears", "counters": counters}
        result = ask(board(bears, effects=[{"card": "Life Matrix", "targets": ["bears"]}],
                           asks=[{"can_activate": "bears"}]))
        answers.append(result.answer("can_activate", "bears"))
    assert answers == [True, False]


def test_for_as_long_as_the_target_has_the_counter():
    assert 'lasting_while_counter(ab("Obsidian Fireheart",1),"blaze")' in facts("Obsidian Fireheart", 1)
    text = "At the beginning of your upkeep, this land deals 1 damage to you."
    result = ask(board({"id": "land", "card": "Wastes", "counters": {"blaze": 1}},
                       effects=[{"card": "Obsidian Fireheart", "targets": ["land"]}],
                       asks=[{"characteristics": "land"}]))
    assert text in result.answer("characteristics", "land")["abilities"]
    with pytest.raises(InputError, match=r"611\.2b"):      # the counter is gone: the effect ended
        ask(board({"id": "land", "card": "Wastes"},
                  effects=[{"card": "Obsidian Fireheart", "targets": ["land"]}],
                  asks=[{"characteristics": "land"}]))


def test_an_effect_naming_an_ability_that_makes_no_lasting_change_is_exit_2_with_the_line(tmp_path):
    path = tmp_path / "effect.toml"
    path.write_text('title = "t"\n[[permanent]]\nid = "land"\ncard = "Wastes"\n'
                    '[[effect]]\ncard = "Glamorous Outlaw"\nability = 1\ntargets = ["land"]\n'
                    '[[ask]]\ncould_produce = "land"\n')
    run = subprocess.run([sys.executable, "-m", "pybridge", "check", str(path)],
                         capture_output=True, text=True)
    out = run.stdout + run.stderr
    assert run.returncode == 2, out
    assert "line 5" in out and "`ability`" in out and "Traceback" not in out


def test_static_abilities_are_never_read_as_resolved_effects():
    # "Equipped creature gets +2/+0. It gets an additional ..." is static: no duration, cost,
    # trigger, chapter or target, so the static grammar reads it (conditions and alternatives).
    gown = ability("Bride's Gown", 1)
    assert gown.modelled and gown.pattern == "static"
    assert not any(f.name == "lasting_effect" for f in gown.facts)


# --- static abilities on what happened this turn (pybridge/oracle/this_turn.py) ---
def game_board(*permanents: dict, this_turn: dict | None = None, asks: list[dict], **more) -> dict:
    out = board(*permanents, effects=[], asks=asks)
    if this_turn is not None:
        out["game"] = {"this_turn": this_turn}
    return {**out, **more}


def power(result, ident: str) -> tuple[int, int]:
    answer = result.answer("characteristics", ident)
    return answer["power"], answer["toughness"]


def test_a_condition_on_cards_drawn_this_turn_reads_the_controllers_count():
    assert facts("Eyekite", 2) == {'pt_modify(ab("Eyekite",2),self,2,0)',
                                   'static_when(ab("Eyekite",2),turn_at_least(cards_drawn,2))'}
    seen = []
    for drawn in (1, 2):
        result = ask(game_board({"id": "kite", "card": "Eyekite"},
                                this_turn={"you": {"cards_drawn": drawn}, "opponent": {"cards_drawn": 5}},
                                asks=[{"characteristics": "kite"}]))
        seen.append(power(result, "kite"))
    assert seen == [(1, 2), (3, 2)]                   # the opponent's draws don't count
    with pytest.raises(InputError, match=r"this_turn"):           # an unknown count: bad input
        ask(game_board({"id": "kite", "card": "Eyekite"}, this_turn={"opponent": {"cards_drawn": 2}},
                       asks=[{"characteristics": "kite"}]))


def test_another_creature_entered_this_turn_leaves_the_source_itself_out():
    assert 'static_when(ab("Saddled Rimestag",1),turn_others_at_least(creatures_entered,1))' in \
        facts("Saddled Rimestag", 1)
    entered = {"entered_this_turn": True, "controlled_since_turn_start": False}
    seen = []
    for count, itself in ((1, entered), (2, entered), (1, {})):
        result = ask(game_board({"id": "stag", "card": "Saddled Rimestag", **itself},
                                this_turn={"you": {"creatures_entered": count}},
                                asks=[{"characteristics": "stag"}]))
        seen.append(power(result, "stag"))
    assert seen == [(2, 2), (4, 4), (4, 4)]


def test_an_amount_of_life_lost_this_turn_and_a_self_condition_on_entering():
    assert facts("Greven, Predator Captain", 2) == {
        'pt_modify_per(ab("Greven, Predator Captain",2),self,1,0,turn(life_lost))'}
    result = ask(game_board({"id": "greven", "card": "Greven, Predator Captain"},
                            {"id": "captain", "card": "Crew Captain", "entered_this_turn": True,
                             "controlled_since_turn_start": False},
                            {"id": "old", "card": "Crew Captain"},
                            this_turn={"you": {"life_lost": 3}},
                            asks=[{"characteristics": "greven"}, {"characteristics": "captain"},
                                  {"characteristics": "old"}]))
    assert power(result, "greven") == (8, 5)
    assert "Indestructible" in result.answer("characteristics", "captain")["abilities"]
    assert "Indestructible" not in result.answer("characteristics", "old")["abilities"]


def test_a_card_that_enters_in_an_event_entered_this_turn():
    result = ask({"title": "t", "card": [{"id": "c", "card": "Crew Captain", "zone": "hand"}],
                  "event": [{"enter": ["c"]}], "ask": [{"characteristics": "c_1"}]})
    assert "Indestructible" in result.answer("characteristics", "c_1")["abilities"]


def test_impossible_turn_states_are_refused():
    with pytest.raises(InputError, match=r"302\.6"):       # entered this turn, yet controlled since
        ask(game_board({"id": "captain", "card": "Crew Captain", "entered_this_turn": True},
                       asks=[{"characteristics": "captain"}]))
    with pytest.raises(InputError, match=r"can't exceed spells_cast"):
        ask(game_board({"id": "frog", "card": "Leapfrog"},
                       this_turn={"you": {"spells_cast": 0, "instants_and_sorceries_cast": 1}},
                       asks=[{"characteristics": "frog"}]))
    with pytest.raises(InputError, match=r"unknown count 'cards'"):
        ask(game_board({"id": "frog", "card": "Leapfrog"}, this_turn={"you": {"cards": 1}},
                       asks=[{"characteristics": "frog"}]))


def test_a_grant_to_the_permanent_a_spell_returned_is_on_the_new_object_it_affected():
    found = compiled("Can't Stay Away", 1)
    assert {'ability_grant(ab("Can\'t Stay Away",1),affected,"If this creature would die, exile it instead.")',
            'affects_set(ab("Can\'t Stay Away",1),that_object)'} <= {str(f) for f in found.facts}
    assert "400.7" in found.riders[0]
    result = ask(board({"id": "bears", "card": "Grizzly Bears"}, {"id": "elves", "card": "Llanowar Elves"},
                       effects=[{"card": "Can't Stay Away", "affected": ["bears"]}],
                       asks=[{"characteristics": "bears"}, {"characteristics": "elves"}]))
    assert result.answer("characteristics", "bears")["abilities"] == [
        "If this creature would die, exile it instead."]
    assert result.answer("characteristics", "elves")["abilities"] == ["{T}: Add {G}."]


def test_counters_put_this_turn_and_honest_reasons_for_the_rest():
    assert 'static_when(ab("Sigardian Paladin",1),turn_at_least(plus_one_counters_put,1))' in \
        facts("Sigardian Paladin", 1)
    result = ask(game_board({"id": "paladin", "card": "Sigardian Paladin"},
                            this_turn={"you": {"plus_one_counters_put": 1}},
                            asks=[{"characteristics": "paladin"}]))
    assert {"Trample", "Lifelink"} <= set(result.answer("characteristics", "paladin")["abilities"])
    for card, index, why in (("Kethis, the Hidden Hand", 2, "isn't on the battlefield"),
                             ("Animate Dead", 2, "loses an ability"),
                             ("Flash Conscription", 1, "control change"),
                             ("Shade's Breath", 1, "sets colours or creature types")):
        found = ability(card, index)
        assert not found.modelled and why in found.why, (card, found.why)


def test_an_effect_keeps_its_ability_and_affected_set_through_events():
    # A land entering in an event changes nothing of Garruk's effect: which ability made it and
    # the set it affected (611.2c) are carried into the next state.
    result = ask({"title": "t", "permanent": [{"id": "bears", "card": "Grizzly Bears"}],
                  "effect": [{"card": "Garruk, Savage Herald", "ability": 3, "affected": ["bears"]}],
                  "card": [{"id": "forest", "card": "Forest", "zone": "hand"}],
                  "event": [{"enter": ["forest"]}], "ask": [{"characteristics": "bears"}]})
    assert result.answer("characteristics", "bears")["abilities"] == [
        "You may have this creature assign its combat damage as though it weren't blocked."]


def test_activation_riders_of_resolved_abilities_are_judged_or_reported():
    # "Activate only as a sorcery" is activate_only/2 (602.5d); a timing the scenario can't state
    # is reported beside the answer rather than silently passed.
    assert 'activate_only(ab("Hashep Oasis",3),sorcery)' in facts("Hashep Oasis", 3)
    result = ask({"title": "t", "game": {"active_player": "opponent"},
                  "permanent": [{"id": "oasis", "card": "Hashep Oasis", "controller": "you"}],
                  "ask": [{"can_activate": "oasis", "ability": 3}]})
    assert result.answer("can_activate", "oasis") is False
    assert compiled("Xun Yu, Wei Advisor", 1).unchecked == (
        "Activate only during your turn, before attackers are declared.",)


def test_an_activated_ability_that_animates_its_source_with_a_granted_cda():
    assert facts("Myth Realized", 3) >= {
        'land_type_effect(ab("Myth Realized",3),affected,add_type("Creature"))',
        'land_type_effect(ab("Myth Realized",3),affected,add("Monk"))',
        'pt_cda(grant("Myth Realized",3),power,count(counters("lore")))'}
    answers = []
    for effects in ([{"card": "Myth Realized", "ability": 3, "affected": ["myth"]}], []):
        result = ask(board({"id": "myth", "card": "Myth Realized", "counters": {"lore": 3}},
                           effects=effects, asks=[{"characteristics": "myth"}]))
        answer = result.answer("characteristics", "myth")
        answers.append((answer["types"], answer["power"], answer["toughness"]))
    assert answers == [(["Creature", "Enchantment"], 3, 3), (["Enchantment"], None, None)]


# --- animations (pybridge/oracle/animations.py) ---
def test_mutavaults_animation_compiles_to_what_its_hand_facts_said():
    """The hand facts asp/cards/activated_abilities.lp held for Mutavault, now the compiler's."""
    assert facts("Mutavault", 2) == {
        'activated(ab("Mutavault",2))', 'lasting_effect("Mutavault",ab("Mutavault",2))',
        'land_type_effect(ab("Mutavault",2),targets,add_type("Creature"))',
        'land_type_effect(ab("Mutavault",2),targets,add_all_creature_types)',
        'sets_base_pt(ab("Mutavault",2),targets,2,2)'}


def test_manland_animations_with_colours_types_and_keywords():
    assert facts("Inkmoth Nexus", 2) >= {
        'land_type_effect(ab("Inkmoth Nexus",2),targets,add("Phyrexian"))',
        'land_type_effect(ab("Inkmoth Nexus",2),targets,add("Blinkmoth"))',
        'land_type_effect(ab("Inkmoth Nexus",2),targets,add_type("Artifact"))',
        'sets_base_pt(ab("Inkmoth Nexus",2),targets,1,1)',
        'ability_grant(ab("Inkmoth Nexus",2),targets,"Flying")',
        'ability_grant(ab("Inkmoth Nexus",2),targets,"Infect")'}
    assert {'color_effect(ab("Celestial Colonnade",3),targets,set(w))',
            'color_effect(ab("Celestial Colonnade",3),targets,set(u))'} <= facts("Celestial Colonnade", 3)
    spawning = next(a for a in card_compilation("Spawning Pool").abilities if a.index == 3)
    assert not spawning.modelled and "Regenerate" in spawning.why     # a quoted ability


def test_crew_is_an_animation_and_reconfigure_a_keyword_the_rules_read():
    assert facts("Smuggler's Copter", 3) == {
        'activated(ab("Smuggler\'s Copter",3))', 'lasting_effect("Smuggler\'s Copter",ab("Smuggler\'s Copter",3))',
        'land_type_effect(ab("Smuggler\'s Copter",3),targets,add_type("Artifact"))',
        'land_type_effect(ab("Smuggler\'s Copter",3),targets,add_type("Creature"))'}
    assert facts("Lion Sash", 3) == {'reconfigure(ab("Lion Sash",3))'}
