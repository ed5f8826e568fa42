"""Static abilities that read zones and players (pybridge/oracle/statics/zones.py, the `zones and
players` block of asp/layers/statics.lp): graveyards, hands, life totals, the chosen player,
players' hexproof and shroud.  For each pattern, a real pool card's compiled facts and an answer
on a board of it; and the bad input of a board whose zones the scenario doesn't state."""
from __future__ import annotations

import pytest

from pybridge import ask
from pybridge.errors import InputError
from pool_cards import board, chars, facts, pt


def abilities(result, target: str) -> list[str]:
    return result.answer("characteristics", target)["abilities"]


SIX = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Grizzly Bears"]


def test_threshold_counts_the_cards_of_your_graveyard_only():
    assert facts("Mystic Enforcer", 2) == {
        'static_when(ab("Mystic Enforcer",2),amount_at_least(cards(graveyard,you,card),7))',
        'pt_modify(ab("Mystic Enforcer",2),self,3,3)',
        'ability_grant(ab("Mystic Enforcer",2),self,"Flying")'}
    six = ask(board({"id": "m", "card": "Mystic Enforcer"}, asks=chars("m"),
                    graveyards={"you": SIX, "opponent": SIX + ["Forest"]}))
    assert pt(six, "m") == (3, 3) and "Flying" not in abilities(six, "m")
    seven = ask(board({"id": "m", "card": "Mystic Enforcer"}, asks=chars("m"),
                      graveyards={"you": SIX + ["Ponder"]}))
    assert pt(seven, "m") == (6, 6) and "Flying" in abilities(seven, "m")


def test_tarmogoyf_lhurgoyf_and_delirium_count_card_types_of_front_faces():
    assert facts("Tarmogoyf", 1) == {
        'pt_cda(ab("Tarmogoyf",1),power,count(card_types(graveyard,all)))',
        'pt_cda(ab("Tarmogoyf",1),toughness,count(plus(1,card_types(graveyard,all))))'}
    assert facts("Grim Flayer", 3) >= {
        'static_when(ab("Grim Flayer",3),amount_at_least(card_types(graveyard,you),4))'}
    # Tarmogoyf ruling 2021-03-19: an artifact creature alone makes it 2/3.
    one = ask(board({"id": "goyf", "card": "Tarmogoyf"}, asks=chars("goyf"),
                    graveyards={"you": ["Ornithopter", "Ornithopter"], "opponent": []}))
    assert pt(one, "goyf") == (2, 3)
    # Fire // Ice: one instant; Search for Azcanta: its front face only, an enchantment (Deathcap
    # Cultivator ruling 2016-04-08); Dryad Arbor a land creature; Ponder a sorcery.  In your
    # graveyard: instant, enchantment, land, creature; the opponent's adds sorcery.
    result = ask(board({"id": "goyf", "card": "Tarmogoyf"}, {"id": "lhur", "card": "Lhurgoyf"},
                       {"id": "flayer", "card": "Grim Flayer"},
                       {"id": "their_flayer", "card": "Grim Flayer", "controller": "opponent"},
                       asks=chars("goyf", "lhur", "flayer", "their_flayer"),
                       graveyards={"you": ["Fire // Ice", "Search for Azcanta", "Dryad Arbor"],
                                   "opponent": ["Ponder", "Grizzly Bears"]}))
    assert pt(result, "goyf") == (5, 6)
    assert pt(result, "lhur") == (2, 3)                 # Dryad Arbor and Grizzly Bears
    assert pt(result, "flayer") == (4, 4)               # 2/2 with delirium: +2/+2
    assert pt(result, "their_flayer") == (2, 2)         # sorcery and creature only


def test_cards_of_a_kind_in_graveyards_for_each_and_compound_counts():
    assert facts("Multani, Yavimaya's Avatar", 3) == {
        'pt_modify_per(ab("Multani, Yavimaya\'s Avatar",3),self,1,1,'
        'sum(permanents(yours(land)),cards(graveyard,you,type("Land"))))'}
    result = ask(board({"id": "multani", "card": "Multani, Yavimaya's Avatar"},
                       {"id": "forest", "card": "Forest"},
                       {"id": "cognivore", "card": "Cognivore", "controller": "opponent"},
                       {"id": "enigma", "card": "Enigma Drake"},
                       asks=chars("multani", "cognivore", "enigma"),
                       graveyards={"you": ["Forest", "Desert", "Lightning Bolt", "Ponder"],
                                   "opponent": ["Counterspell", "Wasteland"]}))
    assert pt(result, "multani") == (3, 3)              # one land you control, two in the yard
    assert pt(result, "cognivore") == (2, 2)            # instants in all graveyards
    assert pt(result, "enigma")[0] == 2                 # instant and sorcery cards in yours


def test_hand_sizes_hellbent_for_each_card_and_more_than_each_opponent():
    assert facts("Gathan Raiders", 1) >= {
        'static_when(ab("Gathan Raiders",1),amount_at_most(cards(hand,you,card),0))'}
    assert facts("Secretkeeper", 1) >= {
        'static_when(ab("Secretkeeper",1),more_than_each_opponent(cards(hand,you,card)))'}
    result = ask(board({"id": "raiders", "card": "Gathan Raiders"},
                       {"id": "their_raiders", "card": "Gathan Raiders", "controller": "opponent"},
                       {"id": "kiyomaro", "card": "Kiyomaro, First to Stand"},
                       {"id": "keeper", "card": "Secretkeeper", "controller": "opponent"},
                       {"id": "nyx", "card": "Nyxathid", "chosen_player": "you"},
                       asks=chars("raiders", "their_raiders", "kiyomaro", "keeper", "nyx"),
                       hand_sizes={"you": 4, "opponent": 0}))
    assert pt(result, "raiders") == (3, 3)
    assert pt(result, "their_raiders") == (5, 5)        # hellbent: no cards in hand
    assert pt(result, "kiyomaro") == (4, 4) and "Vigilance" in abilities(result, "kiyomaro")
    assert pt(result, "keeper") == (2, 2)               # fewer cards than you: no bonus
    assert pt(result, "nyx") == (3, 3)                  # 7/7, -1/-1 for each card in your hand


def test_life_totals_negative_x_is_zero_and_two_conditions():
    assert facts("Death's Shadow", 1) == {
        'pt_modify_per(ab("Death\'s Shadow",1),self,-1,-1,at_least_zero(life(you)))'}
    assert facts("Blood Baron of Vizkopa", 3) >= {
        'static_when(ab("Blood Baron of Vizkopa",3),all_of(amount_at_least(life(you),30),'
        'amount_at_most(life(an_opponent),10)))'}
    result = ask(board({"id": "shadow", "card": "Death's Shadow"},
                       {"id": "avatar", "card": "Serra Avatar"},
                       {"id": "ghast", "card": "Bloodghast"},
                       {"id": "baron", "card": "Blood Baron of Vizkopa"},
                       {"id": "their_ghast", "card": "Bloodghast", "controller": "opponent"},
                       asks=chars("shadow", "avatar", "ghast", "baron", "their_ghast"),
                       life={"you": -3, "opponent": 10}))
    assert pt(result, "shadow") == (13, 13)             # Death's Shadow ruling 2020-08-07
    assert pt(result, "avatar") == (-3, -3)
    assert "Haste" in abilities(result, "ghast")
    assert "Haste" in abilities(result, "their_ghast")  # you are at -3
    assert pt(result, "baron") == (4, 4)                # not 30 or more life
    rich = ask(board({"id": "baron", "card": "Blood Baron of Vizkopa"},
                     {"id": "their_ghast", "card": "Bloodghast", "controller": "opponent"},
                     asks=chars("baron", "their_ghast"), life={"you": 30, "opponent": 10}))
    assert pt(rich, "baron") == (10, 10) and "Flying" in abilities(rich, "baron")
    assert "Haste" not in abilities(rich, "their_ghast")


def test_the_starting_life_total():
    assert facts("Righteous Valkyrie", 3) == {
        'static_when(ab("Righteous Valkyrie",3),amount_at_least(life_over_start(you),7))',
        'pt_modify(ab("Righteous Valkyrie",3),yours(creature),2,2)'}
    valkyrie = {"id": "valkyrie", "card": "Righteous Valkyrie"}
    result = ask(board(valkyrie, {"id": "path", "card": "Path of Bravery", "controller": "opponent"},
                       {"id": "bears", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("valkyrie", "bears"), life={"you": 27, "opponent": 19},
                       starting_life=20))
    assert pt(result, "valkyrie") == (4, 6)             # 2/4, +2/+2 at 27 of 20
    assert pt(result, "bears") == (2, 2)                # 19 is below 20
    with pytest.raises(InputError, match="give \\[game\\] starting_life"):
        ask(board(valkyrie, asks=chars("valkyrie"), life={"you": 27, "opponent": 19}))


def test_either_condition_and_an_opponent_controls_no_creature():
    assert facts("Solitary Camel", 1) == {
        'static_when(ab("Solitary Camel",1),any_of(at_least(1,yours(subtype("Desert"))),'
        'amount_at_least(cards(graveyard,you,subtype("Desert")),1)))',
        'ability_grant(ab("Solitary Camel",1),self,"Lifelink")'}
    result = ask(board({"id": "camel", "card": "Solitary Camel"},
                       {"id": "beetle", "card": "Vexing Beetle"},
                       {"id": "their_camel", "card": "Solitary Camel", "controller": "opponent"},
                       asks=chars("camel", "beetle", "their_camel"),
                       graveyards={"you": ["Desert"], "opponent": []}))
    assert "Lifelink" in abilities(result, "camel")
    assert "Lifelink" not in abilities(result, "their_camel")
    assert pt(result, "beetle") == (3, 3)               # the opponent controls a creature


def test_you_have_hexproof_or_shroud_stops_target_opponent():
    assert facts("Leyline of Sanctity", 2) == {
        'player_grant(ab("Leyline of Sanctity",2),you,"Hexproof")'}
    assert facts("True Believer", 1) == {'player_grant(ab("True Believer",1),you,"Shroud")'}

    def clique(guard: str, controller: str):
        return ask(board({"id": "clique", "card": "Knacksaw Clique", "tapped": True},
                         {"id": "guard", "card": guard, "controller": controller},
                         asks=[{"can_activate": "clique", "ability": 1}]))
    assert clique("Leyline of Sanctity", "opponent").answer("can_activate", "clique") is False
    assert clique("True Believer", "opponent").answer("can_activate", "clique") is False
    assert clique("Leyline of Sanctity", "you").answer("can_activate", "clique") is True


@pytest.mark.parametrize("card,game,extra,message", [
    ("Tarmogoyf", {"graveyards": {"you": []}}, {}, "in \\[game\\] graveyards"),
    ("Gathan Raiders", {"hand_sizes": {"opponent": 2}}, {}, "in \\[game\\] hand_sizes"),
    ("Serra Avatar", {}, {}, "in \\[game\\] life"),
    ("Nyxathid", {"hand_sizes": {"you": 1, "opponent": 1}}, {}, "give it chosen_player"),
])
def test_a_zone_the_scenario_does_not_state_is_bad_input(card, game, extra, message):
    with pytest.raises(InputError, match=message):
        ask(board({"id": "x", "card": card, **extra}, asks=chars("x"), **game))


def test_hand_sizes_and_life_are_checked():
    with pytest.raises(InputError, match="hand_sizes 'you' must not be negative"):
        ask(board({"id": "x", "card": "Forest"}, asks=chars("x"), hand_sizes={"you": -1}))
    with pytest.raises(InputError, match="life names unknown player 'bob'"):
        ask(board({"id": "x", "card": "Forest"}, asks=chars("x"), life={"bob": 3}))
    doc = board({"id": "x", "card": "Forest"}, asks=chars("x"), hand_sizes={"you": 1})
    doc["card"] = [{"id": "a", "card": "Forest", "zone": "hand"},
                   {"id": "b", "card": "Island", "zone": "hand"}]
    with pytest.raises(InputError, match="card 'b' is one of 2 \\[\\[card\\]\\] tables in the hand of 'you'"):
        ask(doc)


def test_designations_city_blessing_completed_dungeon_and_commanders():
    assert facts("Spire Winder", 3) == {
        'static_when(ab("Spire Winder",3),designation(city_blessing))',
        'pt_modify(ab("Spire Winder",3),self,1,1)'}
    assert facts("Bastion Protector", 1) >= {
        'pt_modify(ab("Bastion Protector",1),yours(both(commander,creature)),2,2)'}
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(9)]
    result = ask(board({"id": "winder", "card": "Spire Winder"}, *forests,
                       {"id": "their_winder", "card": "Spire Winder", "controller": "opponent"},
                       {"id": "stalker", "card": "Gloom Stalker", "controller": "opponent"},
                       {"id": "protector", "card": "Bastion Protector"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "their_bears", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("winder", "their_winder", "stalker", "bears", "their_bears"),
                       city_blessing=[], completed_dungeon=["opponent"],
                       commanders={"you": "Grizzly Bears", "opponent": "Grizzly Bears"}))
    assert pt(result, "winder") == (3, 4)               # ascend with ten permanents
    assert pt(result, "their_winder") == (2, 3)
    assert "Double strike" in abilities(result, "stalker")
    assert pt(result, "bears") == (4, 4) and "Indestructible" in abilities(result, "bears")
    assert pt(result, "their_bears") == (2, 2)          # their commander, not yours
    with pytest.raises(InputError, match="give \\[game\\] completed_dungeon"):
        ask(board({"id": "x", "card": "Gloom Stalker"}, asks=chars("x")))


def test_events_change_hand_sizes_and_life_and_refuse_an_activation_they_cant_follow():
    doc = board({"id": "raiders", "card": "Gathan Raiders"}, {"id": "avatar", "card": "Serra Avatar"},
                asks=chars("raiders", "avatar"), hand_sizes={"you": 1}, life={"you": 20, "opponent": 20})
    doc["card"] = [{"id": "pool", "card": "Breeding Pool", "zone": "hand"}]
    doc["event"] = [{"enter": ["pool"]}]
    result = ask(doc)
    assert pt(result, "raiders") == (5, 5)              # its last card left the hand: hellbent
    outcomes = result.answer("characteristics", "avatar")["outcomes"]
    assert sorted(o["power"] for o in outcomes) == [18, 20]     # 2 life paid, or not
    doc["event"] = [{"activate": "forest"}]
    doc["permanent"].append({"id": "forest", "card": "Forest", "controller": "you"})
    doc["card"] = []
    with pytest.raises(InputError, match="ask about the state before the `activate` event"):
        ask(doc)
