"""Counted and defined power/toughness (pybridge/oracle/statics/counts.py, asp/layers/
statics_counts.lp; rules 604.3, 613.4a-c, 700.5, 700.8, 107.1a): for each pattern, a real pool
card's compiled facts and an answer on a board of it."""
from __future__ import annotations

import pytest

from pybridge import ask
from pybridge.errors import InputError
from pool_cards import board, chars, facts, pt


def test_devotion_and_chroma_define_power_and_toughness():
    assert facts("Anax, Hardened in the Forge", 1) == {
        'pt_cda(ab("Anax, Hardened in the Forge",1),power,count(devotion("r")))'}
    assert facts("Primalcrux", 2) >= {'pt_cda(ab("Primalcrux",2),toughness,count(devotion("g")))'}
    assert facts("Umbra Stalker", 1) >= {'pt_cda(ab("Umbra Stalker",1),power,count(yard_symbols("b")))'}
    assert facts("Light from Within", 1) == {
        'pt_modify_per(ab("Light from Within",1),yours(creature),1,1,per_object(its_symbols("w")))'}
    # Anax {1}{R}{R}, Boros Guildmage {R/W}{R/W} (a hybrid symbol once, 700.5a), the opponent's
    # Goblin Guide not counted: devotion to red 4.  Primalcrux {G}{G}{G}{G}{G}{G}: 6/6.
    result = ask(board({"id": "anax", "card": "Anax, Hardened in the Forge"},
                       {"id": "guild", "card": "Boros Guildmage"},
                       {"id": "goblin", "card": "Goblin Guide", "controller": "opponent"},
                       {"id": "crux", "card": "Primalcrux"},
                       {"id": "stalker", "card": "Umbra Stalker"},
                       {"id": "light", "card": "Light from Within"},
                       asks=chars("anax", "crux", "stalker", "guild", "goblin"),
                       graveyards={"you": ["Phyrexian Obliterator", "Duress", "Boros Guildmage"]}))
    assert pt(result, "anax") == (4, 3)
    assert pt(result, "crux") == (6, 6)
    assert pt(result, "stalker") == (5, 5)         # {B}{B}{B}{B} and {B}, none in the Guildmage
    assert pt(result, "guild") == (2 + 2, 2 + 2)   # Light from Within: two white symbols
    assert pt(result, "goblin") == (2, 2)          # not yours


def test_life_totals_and_hands_compared_among_opponents():
    assert facts("Malignus", 1) >= {
        'pt_cda(ab("Malignus",1),power,count(half_up(most(life(opponents)))))'}
    assert facts("Roiling Horror", 1) >= {
        'pt_cda(ab("Roiling Horror",1),power,count(minus(life(you),most(life(opponents)))))'}
    perms = [{"id": "mal", "card": "Malignus"}, {"id": "roil", "card": "Roiling Horror"},
             {"id": "ada", "card": "Adamaro, First to Desire"}]
    game = {"players": ["you", "ann", "bob"], "life": {"you": 12, "ann": 13, "bob": 9},
            "hand_sizes": {"you": 7, "ann": 2, "bob": 5}}
    result = ask(board(*perms, asks=chars("mal", "roil", "ada"), **game))
    assert pt(result, "mal") == (7, 7)             # half of 13, rounded up (rule 107.1a)
    assert pt(result, "roil") == (-1, -1)          # 12 - 13
    assert pt(result, "ada") == (5, 5)             # bob's hand, not yours
    game["life"] = {"you": 12, "ann": -3, "bob": -4}
    assert pt(ask(board(*perms, asks=chars("mal"), **game)), "mal") == (-1, -1)
    with pytest.raises(InputError, match="life"):
        ask(board(perms[0], asks=chars("mal"), players=["you", "ann"], life={"you": 20}))


def test_highest_and_total_mana_value_and_greatest_power_in_a_graveyard():
    assert facts("Dodgy Jalopy", 2) == {
        'pt_cda(ab("Dodgy Jalopy",2),power,count(highest(mana_value,yours(creature))))'}
    assert facts("Hedron Matrix", 1) == {
        'pt_modify_per(ab("Hedron Matrix",1),equipped,1,1,per_object(mana_value))'}
    result = ask(board({"id": "ooze", "card": "Ancient Ooze"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "giant", "card": "Hill Giant"},
                       {"id": "theirs", "card": "Craw Wurm", "controller": "opponent"},
                       {"id": "matrix", "card": "Hedron Matrix", "attached_to": "giant"},
                       {"id": "grub", "card": "Carrion Grub"},
                       asks=chars("ooze", "giant", "grub"),
                       graveyards={"you": ["Craw Wurm", "Lightning Bolt"]}))
    assert pt(result, "ooze") == (2 + 4 + 4, 2 + 4 + 4)    # Bears 2, Hill Giant 4, Carrion Grub 4
    assert pt(result, "giant") == (3 + 4, 3 + 4)           # its own mana value
    assert pt(result, "grub") == (6, 5)                    # Craw Wurm's printed 6
    # A card whose power an ability defines in the graveyard is not guessed at.
    with pytest.raises(InputError, match="604.3"):
        ask(board({"id": "grub", "card": "Carrion Grub"}, asks=chars("grub"),
                  graveyards={"you": ["Tarmogoyf"]}))


def test_counters_on_the_source_on_each_object_and_among_a_scope():
    assert facts("Gavel of the Righteous", 3) == {
        'static_when(ab("Gavel of the Righteous",3),amount_at_least(all_counters,4))',
        'ability_grant(ab("Gavel of the Righteous",3),equipped,"Double strike")'}
    assert facts("Toxrill, the Corrosive", 2) == {
        'pt_modify_per(ab("Toxrill, the Corrosive",2),opponents(creature),-1,-1,'
        'per_object(its_counters("slime")))'}
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "gavel", "card": "Gavel of the Righteous", "attached_to": "bears",
                        "counters": {"charge": 2, "+1/+1": 1}},
                       {"id": "kyler", "card": "Kyler, Sigardian Emissary", "counters": {"+1/+1": 2}},
                       {"id": "human", "card": "Benalish Knight"},
                       {"id": "tox", "card": "Toxrill, the Corrosive"},
                       {"id": "slimed", "card": "Hill Giant", "controller": "opponent",
                        "counters": {"slime": 2}},
                       {"id": "behemoth", "card": "Fungal Behemoth"},
                       asks=chars("bears", "human", "kyler", "slimed", "behemoth")))
    assert pt(result, "bears") == (5, 5)                   # three counters of two kinds
    assert "Double strike" not in result.answer("characteristics", "bears")["abilities"]
    assert pt(result, "human") == (2 + 2, 2 + 2)           # Kyler's two counters
    assert pt(result, "kyler") == (2 + 2, 2 + 2)           # its counters only: "other Humans"
    assert pt(result, "slimed") == (1, 1)
    assert pt(result, "behemoth") == (2, 2)                # Kyler's, the only +1/+1 counters
    four = ask(board({"id": "bears", "card": "Grizzly Bears"},
                     {"id": "gavel", "card": "Gavel of the Righteous", "attached_to": "bears",
                      "counters": {"charge": 3, "+1/+1": 1}}, asks=chars("bears")))
    assert "Double strike" in four.answer("characteristics", "bears")["abilities"]
    # Gleam of Authority: the +1/+1 counters on creatures other than the enchanted one.
    gleam = ask(board({"id": "a", "card": "Grizzly Bears", "counters": {"+1/+1": 5}},
                      {"id": "b", "card": "Grizzly Bears", "counters": {"+1/+1": 1}},
                      {"id": "g", "card": "Gleam of Authority", "attached_to": "a"},
                      asks=chars("a")))
    assert pt(gleam, "a") == (2 + 5 + 1, 2 + 5 + 1)


def test_creatures_sharing_a_creature_type_counted_per_signature():
    assert facts("Coat of Arms", 1) == {
        'pt_modify_per(ab("Coat of Arms",1),each(creature),1,1,per_object(shares_type(each(creature))))'}
    assert facts("Stoneforge Masterwork", 1) == {
        'pt_modify_per(ab("Stoneforge Masterwork",1),equipped,1,1,per_object(shares_type(yours(creature))))'}
    # Coat of Arms rulings 2004-10-04 and 2009-10-01: a creature with several types counts
    # every creature with any of them, once.
    result = ask(board({"id": "coat", "card": "Coat of Arms"},
                       {"id": "elf", "card": "Llanowar Elves"},            # Elf Druid
                       {"id": "warrior", "card": "Elvish Warrior"},       # Elf Warrior
                       {"id": "orc", "card": "Mardu Hordechief"},         # Human Warrior
                       {"id": "bears", "card": "Grizzly Bears", "controller": "opponent"},
                       {"id": "thopter", "card": "Ornithopter"},
                       asks=chars("elf", "warrior", "orc", "bears", "thopter")))
    assert pt(result, "elf") == (2, 2)                     # the Warrior
    assert pt(result, "warrior") == (2 + 2, 3 + 2)         # the Elf and the Human Warrior, once each
    assert pt(result, "orc") == (2 + 1, 3 + 1)
    assert pt(result, "bears") == (2, 2)
    changeling = ask(board({"id": "coat", "card": "Coat of Arms"},
                           {"id": "elf", "card": "Llanowar Elves"},
                           {"id": "bears", "card": "Grizzly Bears"},
                           {"id": "thopter", "card": "Ornithopter"},
                           {"id": "outcast", "card": "Changeling Outcast"},
                           asks=chars("elf", "outcast", "thopter")))
    assert pt(changeling, "elf") == (2, 2)                 # the changeling
    assert pt(changeling, "outcast") == (1 + 3, 1 + 3)     # every other creature
    assert pt(changeling, "thopter") == (1, 3)
    # Stoneforge Masterwork counts the equipment controller's other creatures only.
    masterwork = ask(board({"id": "elf", "card": "Llanowar Elves"},
                           {"id": "mystic", "card": "Elvish Mystic"},
                           {"id": "their_elf", "card": "Llanowar Elves", "controller": "opponent"},
                           {"id": "mw", "card": "Stoneforge Masterwork", "attached_to": "elf"},
                           {"id": "alpha", "card": "Alpha Status", "attached_to": "mystic"},
                           asks=chars("elf", "mystic")))
    assert pt(masterwork, "elf") == (2, 2)
    assert pt(masterwork, "mystic") == (1 + 4, 1 + 4)      # both other Elves, any controller


def test_names_colours_and_types_shared_with_one_object():
    assert facts("Mirror Box", 3) == {
        'pt_modify_per(ab("Mirror Box",3),yours(both(non(token),creature)),1,1,'
        'per_object(same_name(yours(creature))))'}
    result = ask(board({"id": "box", "card": "Mirror Box"},
                       {"id": "b1", "card": "Grizzly Bears"}, {"id": "b2", "card": "Grizzly Bears"},
                       {"id": "b3", "card": "Grizzly Bears"},
                       {"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                       {"id": "elf", "card": "Llanowar Elves"},
                       asks=chars("b1", "elf", "theirs")))
    assert pt(result, "b1") == (4, 4) and pt(result, "elf") == (1, 1) and pt(result, "theirs") == (2, 2)
    # Konda's Banner rulings 2004-12-01: at most +2/+2; the equipped creature shares with itself.
    banner = ask(board({"id": "sam", "card": "Isamaru, Hound of Konda"},       # white Dog
                       {"id": "banner", "card": "Konda's Banner", "attached_to": "sam"},
                       {"id": "dog", "card": "Jackal Pup"},                    # red Jackal
                       {"id": "knight", "card": "White Knight", "controller": "opponent"},
                       {"id": "hound", "card": "Loyal Pegasus"},
                       asks=chars("sam", "dog", "knight")))
    assert pt(banner, "sam") == (2 + 2, 2 + 2)
    assert pt(banner, "dog") == (2, 1)
    assert pt(banner, "knight") == (3, 3)                  # white, whoever controls it


def test_lists_of_kinds_chosen_types_and_zones_of_its_controller():
    assert facts("Bearded Axe", 1) == {
        'pt_modify_per(ab("Bearded Axe",1),equipped,1,1,permanents(yours(either(subtype("Dwarf"),'
        'either(subtype("Equipment"),subtype("Vehicle"))))))'}
    result = ask(board({"id": "crusader", "card": "Aysen Crusader"},
                       {"id": "soldier", "card": "Elite Vanguard"},
                       {"id": "maraxus", "card": "Maraxus of Keld"},
                       {"id": "forest", "card": "Forest"},
                       {"id": "tapped", "card": "Forest", "tapped": True},
                       {"id": "plague", "card": "Plague Engineer", "chosen_type": "Cat"},
                       {"id": "cat", "card": "Savannah Lions", "controller": "opponent"},
                       {"id": "spirit", "card": "Chameleon Spirit", "chosen_color": "W"},
                       asks=chars("crusader", "maraxus", "cat", "soldier", "spirit")))
    assert pt(result, "crusader") == (2 + 2, 2 + 2)        # 2 plus a Soldier and a Warrior (Maraxus)
    assert pt(result, "maraxus") == (6, 6)                 # untapped: 5 creatures, 1 land
    assert pt(result, "cat") == (1, 0)                     # opponent's Cat gets -1/-1
    assert pt(result, "soldier") == (2, 1)
    assert pt(result, "spirit") == (1, 1)                  # one white permanent of the opponent
    approach = ask(board({"id": "bears", "card": "Grizzly Bears", "controller": "opponent"},
                         {"id": "aura", "card": "Death's Approach", "attached_to": "bears"},
                         {"id": "ra", "card": "Righteous Authority", "attached_to": "bears"},
                         asks=chars("bears"),
                         graveyards={"you": ["Hill Giant"], "opponent": ["Craw Wurm", "Island"]},
                         hand_sizes={"you": 4, "opponent": 3}))
    assert pt(approach, "bears") == (2 - 1 + 3, 2 - 1 + 3)  # its controller's: the opponent's
    with pytest.raises(InputError, match="chosen_color"):
        ask(board({"id": "spirit", "card": "Chameleon Spirit"}, asks=chars("spirit")))
    caller = ask(board({"id": "caller", "card": "Caller of the Hunt", "chosen_type": "Bear"},
                       {"id": "bears", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("caller")))
    assert pt(caller, "caller") == (1, 1)


def test_party_eidolon_and_auras_attached_to_creatures():
    result = ask(board({"id": "arch", "card": "Archpriest of Iona"},           # Human Cleric
                       {"id": "rogue", "card": "Changeling Outcast"},          # every type
                       {"id": "wizard", "card": "Merfolk Looter"},             # Merfolk Rogue
                       {"id": "eidolon", "card": "Eidolon of Countless Battles"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "sage", "card": "Sage's Reverie", "attached_to": "bears"},
                       {"id": "rancor", "card": "Rancor", "attached_to": "bears"},
                       asks=chars("arch", "eidolon", "bears")))
    assert pt(result, "arch") == (3, 2)                    # Cleric, Rogue, and a changeling Warrior
    assert pt(result, "eidolon") == (0 + 5 + 2, 0 + 5 + 2)  # five creatures, two Auras
    assert pt(result, "bears") == (2 + 2 + 2, 2 + 2)        # Rancor +2/+0, Sage's Reverie two Auras


def test_the_exiled_card_what_was_paid_and_players_counters():
    assert facts("Living Lore", 2) >= {
        'pt_cda(ab("Living Lore",2),power,count(exiled_card_value(mana_value)))'}
    assert facts("Mycosynth Fiend", 1) == {
        'pt_modify_per(ab("Mycosynth Fiend",1),self,1,1,player_counters("poison",opponents))'}
    assert facts("Anya, Merciless Angel", 3) >= {
        'static_when(ab("Anya, Merciless Angel",3),amount_at_least(below_half_start(opponents),1))'}
    perms = [{"id": "lore", "card": "Living Lore", "exiled_card": "Fire // Ice"},
             {"id": "scythe", "card": "Strata Scythe", "exiled_card": "Forest", "attached_to": "lore"},
             {"id": "forest", "card": "Forest"}, {"id": "theirs", "card": "Forest", "controller": "opponent"},
             {"id": "anya", "card": "Anya, Merciless Angel"},
             {"id": "kalemne", "card": "Kalemne, Disciple of Iroas"},
             {"id": "fiend", "card": "Mycosynth Fiend"},
             {"id": "minion", "card": "Minion of the Wastes", "paid_as_entered": 4}]
    game = {"life": {"you": 20, "opponent": 9}, "starting_life": 20,
            "player_counters": {"you": {"experience": 3}, "opponent": {"poison": 2}}}
    result = ask(board(*perms, asks=chars("lore", "anya", "kalemne", "fiend", "minion"), **game))
    assert pt(result, "lore") == (4 + 2, 4 + 2)    # Fire // Ice: 4 (709.4b); two Forests
    assert pt(result, "anya") == (4 + 3, 4 + 3)
    assert "Indestructible" in result.answer("characteristics", "anya")["abilities"]
    assert pt(result, "kalemne") == (3 + 3, 3 + 3)
    assert pt(result, "fiend") == (2 + 2, 2 + 2)
    assert pt(result, "minion") == (4, 4)
    game["life"] = {"you": 20, "opponent": 10}     # not less than half of 20
    level = ask(board(perms[4], asks=chars("anya"), **game))
    assert pt(level, "anya") == (4, 4)
    assert "Indestructible" not in level.answer("characteristics", "anya")["abilities"]
    for perm, game_keys, message in (
            ({"id": "lore", "card": "Living Lore"}, {}, "exiled_card"),
            ({"id": "minion", "card": "Minion of the Wastes"}, {}, "paid_as_entered"),
            ({"id": "anya", "card": "Anya, Merciless Angel"}, {"life": {"you": 1, "opponent": 1}},
             "starting_life"),
            ({"id": "fiend", "card": "Mycosynth Fiend"}, {"player_counters": {"you": {}}},
             "player_counters")):
        with pytest.raises(InputError, match=message):
            ask(board(perm, asks=chars(perm["id"]), **game_keys))
    with pytest.raises(InputError, match="must be a non-negative integer"):
        ask(board(perms[6], asks=chars("fiend"), player_counters={"opponent": {"poison": -1}}))


def test_cards_owned_in_exile_listed_by_card_tables():
    assert facts("Umbris, Fear Manifest", 1) == {
        'pt_modify_per(ab("Umbris, Fear Manifest",1),self,1,1,cards(exile,opponents,card))'}
    doc = board({"id": "drake", "card": "Crackling Drake"}, {"id": "umbris", "card": "Umbris, Fear Manifest"},
                asks=chars("drake", "umbris"), exile_listed=["you", "opponent"],
                graveyards={"you": ["Lightning Bolt", "Grizzly Bears"]})
    doc["card"] = [{"id": "c1", "card": "Fire // Ice", "zone": "exile"},
                   {"id": "c2", "card": "Ponder", "zone": "exile", "owner": "opponent"},
                   {"id": "c3", "card": "Grizzly Bears", "zone": "exile", "owner": "opponent"},
                   {"id": "c4", "card": "Counterspell", "zone": "exile", "face_down": "Ixidron"}]
    result = ask(doc)
    assert pt(result, "drake") == (2, 4)     # Fire // Ice and Lightning Bolt; the face-down card has no type
    assert pt(result, "umbris") == (3, 3)
    del doc["game"]["exile_listed"]
    with pytest.raises(InputError, match="exile_listed"):
        ask(doc)


def test_commander_casts_from_the_command_zone():
    assert facts("Commander's Insignia", 1) == {
        'pt_modify_per(ab("Commander\'s Insignia",1),yours(creature),1,1,commander_casts(you))'}
    perms = [{"id": "insignia", "card": "Commander's Insignia"}, {"id": "bears", "card": "Grizzly Bears"},
             {"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"}]
    result = ask(board(*perms, asks=chars("bears", "theirs"), commander_casts={"you": 2, "opponent": 5}))
    assert pt(result, "bears") == (4, 4) and pt(result, "theirs") == (2, 2)
    with pytest.raises(InputError, match="commander_casts"):
        ask(board(*perms, asks=chars("bears"), commander_casts={"opponent": 1}))
