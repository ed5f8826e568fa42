"""Conditions and alternatives of static abilities (pybridge/oracle/statics/conds.py, the section
"conditions and alternatives" of asp/layers/statics.lp; rule 611.3a): for each pattern a real
pool card's facts and an answer on a board."""
from __future__ import annotations

import pytest

from pybridge import InputError, ask
from pool_cards import board, chars, facts, pt


def abilities(result, target: str) -> list[str]:
    return result.answer("characteristics", target)["abilities"]


# --- "Otherwise": one effect, two branches ---
def test_otherwise_follows_what_the_enchanted_creature_is():
    assert facts("Gift of Fangs", 2) == {
        'static_when(branch(ab("Gift of Fangs",2),1),attached_is(subtype("Vampire")))',
        'pt_modify(ab("Gift of Fangs",2),when(branch(ab("Gift of Fangs",2),1),enchanted),2,2)',
        'static_when(branch(ab("Gift of Fangs",2),2),otherwise(attached_is(subtype("Vampire"))))',
        'pt_modify(ab("Gift of Fangs",2),when(branch(ab("Gift of Fangs",2),2),enchanted),-2,-2)'}
    assert 'static_when(branch(ab("Nyx Infusion",2),1),attached_is(type("Enchantment")))' in \
        facts("Nyx Infusion", 2)
    result = ask(board({"id": "vampire", "card": "Vampire Nighthawk"},
                       {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "fangs1", "card": "Gift of Fangs", "attached_to": "vampire"},
                       {"id": "fangs2", "card": "Gift of Fangs", "attached_to": "bear"},
                       {"id": "corpse", "card": "Walking Corpse"},
                       {"id": "lions", "card": "Savannah Lions"},
                       {"id": "clutch1", "card": "Clutch of Undeath", "attached_to": "corpse"},
                       {"id": "boon", "card": "Serra's Boon", "attached_to": "lions",
                        "controller": "opponent"},
                       asks=chars("vampire", "bear", "corpse", "lions")))
    assert pt(result, "vampire") == (4, 5)
    assert pt(result, "bear") == (0, 0)
    assert pt(result, "corpse") == (5, 5)
    assert pt(result, "lions") == (3, 3)           # white: +1/+2, whoever controls the Aura


def test_otherwise_of_an_attacking_enchanted_creature():
    result = ask(board({"id": "attacker", "card": "Grizzly Bears", "attacking": "opponent"},
                       {"id": "home", "card": "Grizzly Bears"},
                       {"id": "rage1", "card": "Tahngarth's Rage", "attached_to": "attacker"},
                       {"id": "rage2", "card": "Tahngarth's Rage", "attached_to": "home"},
                       asks=chars("attacker", "home")))
    assert pt(result, "attacker") == (5, 2)
    assert pt(result, "home") == (0, 1)


# --- "instead" and "an additional": a second effect under its own condition ---
def test_instead_replaces_the_first_branch():
    assert facts("Relic Axe", 2) == {
        'static_when(branch(ab("Relic Axe",2),1),otherwise(attached_is(subtype("Warrior"))))',
        'pt_modify(ab("Relic Axe",2),when(branch(ab("Relic Axe",2),1),equipped),1,1)',
        'static_when(branch(ab("Relic Axe",2),2),attached_is(subtype("Warrior")))',
        'pt_modify(ab("Relic Axe",2),when(branch(ab("Relic Axe",2),2),equipped),2,1)'}
    result = ask(board({"id": "warrior", "card": "Goblin Piker"},
                       {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "axe1", "card": "Relic Axe", "attached_to": "warrior"},
                       {"id": "axe2", "card": "Relic Axe", "attached_to": "bear"},
                       {"id": "elf", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "drop", "card": "Precipitous Drop", "attached_to": "elf"},
                       asks=chars("warrior", "bear", "elf"), completed_dungeon=["you"]))
    assert pt(result, "warrior") == (4, 2)         # +2/+1 instead, not +3/+2
    assert pt(result, "bear") == (3, 3)
    assert pt(result, "elf") == (-4, -4)           # -5/-5 instead: you completed a dungeon
    result = ask(board({"id": "elf", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "drop", "card": "Precipitous Drop", "attached_to": "elf"},
                       asks=chars("elf"), completed_dungeon=["opponent"]))
    assert pt(result, "elf") == (-1, -1)           # its controller's dungeon, not the creature's


def test_an_additional_bonus_under_its_own_condition():
    assert facts("Tenza, Godo's Maul", 1) == {
        'pt_modify(ab("Tenza, Godo\'s Maul",1),equipped,1,1)',
        'static_when(branch(ab("Tenza, Godo\'s Maul",1),2),attached_is(supertype("Legendary")))',
        'pt_modify(ab("Tenza, Godo\'s Maul",1),when(branch(ab("Tenza, Godo\'s Maul",1),2),equipped),2,2)',
        'static_when(branch(ab("Tenza, Godo\'s Maul",1),3),attached_is(color(r)))',
        'ability_grant(ab("Tenza, Godo\'s Maul",1),when(branch(ab("Tenza, Godo\'s Maul",1),3),equipped),'
        '"Trample")'}
    result = ask(board({"id": "krenko", "card": "Krenko, Mob Boss"},
                       {"id": "piker", "card": "Goblin Piker"},
                       {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "tenza1", "card": "Tenza, Godo's Maul", "attached_to": "krenko"},
                       {"id": "tenza2", "card": "Tenza, Godo's Maul", "attached_to": "piker"},
                       {"id": "gown", "card": "Bride's Gown", "attached_to": "bear"},
                       asks=chars("krenko", "piker", "bear")))
    assert pt(result, "krenko") == (6, 6) and "Trample" in abilities(result, "krenko")
    assert pt(result, "piker") == (3, 2) and "Trample" in abilities(result, "piker")
    assert pt(result, "bear") == (4, 2) and "First strike" not in abilities(result, "bear")
    result = ask(board({"id": "bear", "card": "Grizzly Bears"},
                       {"id": "lions", "card": "Savannah Lions"},
                       {"id": "gown", "card": "Bride's Gown", "attached_to": "bear"},
                       {"id": "finery", "card": "Groom's Finery", "attached_to": "lions",
                        "controller": "opponent"},
                       asks=chars("bear", "lions")))
    # The Finery is on a creature you control (whoever controls the Finery): the Gown's bonus.
    # The Gown is on a creature the Finery's controller doesn't control: no bonus for it.
    assert pt(result, "bear") == (4, 4) and "First strike" in abilities(result, "bear")
    assert pt(result, "lions") == (4, 1) and "Deathtouch" not in abilities(result, "lions")


# --- a condition per predicate, a grant per colour ---
def test_each_predicate_under_its_own_condition():
    assert 'grant_apart(ab("Tek",1),when(branch(ab("Tek",1),2),self),"Flying")' in facts("Tek", 1)
    result = ask(board({"id": "tek", "card": "Tek"}, {"id": "island", "card": "Island"},
                       {"id": "swamp", "card": "Swamp"},
                       {"id": "forest", "card": "Forest", "controller": "opponent"},
                       {"id": "golem", "card": "Tribal Golem"}, {"id": "goblin", "card": "Raging Goblin"},
                       asks=chars("tek", "golem")))
    assert pt(result, "tek") == (4, 2)
    assert [a for a in abilities(result, "tek") if not a.startswith("Tek")] == ["Flying"]
    # The Golem with a Goblin: haste only; its quoted regeneration wants a Zombie.
    assert [a for a in abilities(result, "golem") if not a.startswith("Tribal")] == ["Haste"]


def test_grants_by_colour_of_each_creature():
    result = ask(board({"id": "scion", "card": "Scion of Draco"},
                       {"id": "lions", "card": "Savannah Lions"},
                       {"id": "nighthawk", "card": "Vampire Nighthawk"},
                       {"id": "elves", "card": "Llanowar Elves", "controller": "opponent"},
                       asks=chars("lions", "nighthawk", "elves", "scion")))
    assert "Vigilance" in abilities(result, "lions") and "Lifelink" not in abilities(result, "lions")
    # black: a second lifelink beside its own (rule 702.15f: redundant, but it has both)
    assert abilities(result, "nighthawk") == ["Flying", "Deathtouch", "Lifelink", "Lifelink"]
    assert "Trample" not in abilities(result, "elves")
    assert [a for a in abilities(result, "scion") if not a.startswith(("Domain", "Each"))] == ["Flying"]


# --- conditions on the board ---
def test_exactly_one_creature_and_the_most_common_colour():
    assert facts("Deadly Wanderings", 1) >= {
        'static_when(ab("Deadly Wanderings",1),exactly(1,yours(creature)))',
        'pt_modify(ab("Deadly Wanderings",1),yours(creature),2,0)'}
    alone = ask(board({"id": "w", "card": "Deadly Wanderings"}, {"id": "bear", "card": "Grizzly Bears"},
                      {"id": "elf", "card": "Llanowar Elves", "controller": "opponent"},
                      asks=chars("bear")))
    assert pt(alone, "bear") == (4, 2) and "Deathtouch" in abilities(alone, "bear")
    two = ask(board({"id": "w", "card": "Deadly Wanderings"}, {"id": "bear", "card": "Grizzly Bears"},
                    {"id": "elf", "card": "Llanowar Elves"}, asks=chars("bear")))
    assert pt(two, "bear") == (2, 2)
    assert facts("Goham Djinn", 2) == {'static_when(ab("Goham Djinn",2),most_common_color(b))',
                                       'pt_modify(ab("Goham Djinn",2),self,-2,-2)'}
    # Black tied with green (one each): -2/-2; outnumbered by green: 5/5.
    tied = ask(board({"id": "djinn", "card": "Goham Djinn"},
                     {"id": "elf", "card": "Llanowar Elves", "controller": "opponent"},
                     asks=chars("djinn")))
    assert pt(tied, "djinn") == (3, 3)
    beaten = ask(board({"id": "djinn", "card": "Goham Djinn"},
                       {"id": "elf", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "bear", "card": "Grizzly Bears"}, {"id": "forest", "card": "Forest"},
                       asks=chars("djinn")))
    assert pt(beaten, "djinn") == (5, 5)           # a land is colourless


def test_enchanted_or_equipped_and_level_counters():
    result = ask(board({"id": "koll", "card": "Koll, the Forgemaster"},
                       {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "axe", "card": "Relic Axe", "attached_to": "bear"},
                       {"id": "drake", "card": "Champion's Drake"},
                       {"id": "lions", "card": "Savannah Lions", "counters": {"level": 3}},
                       asks=chars("bear", "drake")))
    assert pt(result, "bear") == (3, 3)            # Koll's +1/+1 is for tokens only
    assert pt(result, "drake") == (4, 4)
    assert facts("Koll, the Forgemaster", 2) == {
        'pt_modify(ab("Koll, the Forgemaster",2),yours(both(both(creature,token),'
        'either(enchanted,equipped))),1,1)'}
    result = ask(board({"id": "drake", "card": "Champion's Drake"},
                       {"id": "lions", "card": "Savannah Lions", "counters": {"level": 2}},
                       asks=chars("drake")))
    assert pt(result, "drake") == (1, 1)


# --- a static ability that functions in its owner's graveyard (rule 113.6b) ---
def test_a_graveyard_card_grants_to_its_owners_creatures():
    assert facts("Anger", 2) == {
        'static_when(ab("Anger",2),all_of(in_graveyard,at_least(1,yours(subtype("Mountain")))))',
        'ability_grant(ab("Anger",2),yours(creature),"Haste")'}
    result = ask(board({"id": "bear", "card": "Grizzly Bears"}, {"id": "mountain", "card": "Mountain"},
                       {"id": "anger", "card": "Anger"},
                       {"id": "elf", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "island", "card": "Island", "controller": "opponent"},
                       asks=chars("bear", "elf", "anger"),
                       graveyards={"you": ["Anger", "Wonder"], "opponent": ["Valor"]}))
    assert abilities(result, "bear") == ["Haste"]            # no Island of yours for Wonder
    assert abilities(result, "elf") == ["{T}: Add {G}."]     # no Plains for Valor
    # Anger on the battlefield: its own haste and the one from the graveyard's Anger only.
    assert abilities(result, "anger").count("Haste") == 2
    result = ask(board({"id": "bear", "card": "Grizzly Bears"},
                       {"id": "mountain", "card": "Mountain", "controller": "opponent"},
                       asks=chars("bear"), graveyards={"you": ["Anger"]}))
    assert abilities(result, "bear") == []                   # the opponent's Mountain


# --- the top card of a library ([game] library_tops, rule 401.1) ---
def test_the_top_card_of_your_library():
    assert facts("Vampire Nocturnus", 2) >= {
        'static_when(ab("Vampire Nocturnus",2),top_card(color(b)))'}
    assert 'static_when(ab("Mul Daya Channelers",3),top_card(type("Land")))' in \
        facts("Mul Daya Channelers", 3)
    result = ask(board({"id": "mul", "card": "Mul Daya Channelers"},
                       {"id": "noct", "card": "Vampire Nocturnus"},
                       {"id": "hawk", "card": "Vampire Nighthawk"},
                       {"id": "their_mul", "card": "Mul Daya Channelers", "controller": "opponent"},
                       asks=chars("mul", "noct", "hawk", "their_mul") + [{"could_produce": "their_mul"}],
                       library_tops={"you": "Goham Djinn", "opponent": "Plateau"}))
    assert pt(result, "mul") == (5, 5)                      # a creature card on top
    assert pt(result, "noct") == (5, 4) and "Flying" in abilities(result, "noct")
    assert pt(result, "hawk") == (4, 4)                     # another Vampire of yours
    assert pt(result, "their_mul") == (2, 2)
    assert "{T}: Add two mana of any one color." in abilities(result, "their_mul")
    assert result.answer("could_produce", "their_mul") == ["W", "U", "B", "R", "G"]


def test_an_unstated_library_top_is_bad_input():
    with pytest.raises(InputError, match="library_tops"):
        ask(board({"id": "mul", "card": "Mul Daya Channelers"}, asks=chars("mul"),
                  library_tops={"opponent": "Forest"}))
    with pytest.raises(InputError, match="top card must be a string"):
        ask(board({"id": "mul", "card": "Mul Daya Channelers"}, asks=chars("mul"),
                  library_tops={"you": 3}))
    with pytest.raises(InputError, match="Not A Card"):
        ask(board({"id": "mul", "card": "Mul Daya Channelers"}, asks=chars("mul"),
                  library_tops={"you": "Not A Card"}))


# --- conditions on what the source is attached to, on a set, per object ---
def test_conditions_on_the_host_and_on_sets():
    result = ask(board({"id": "bear", "card": "Grizzly Bears"},
                       {"id": "face", "card": "Face of Divinity", "attached_to": "bear"},
                       {"id": "destiny", "card": "Favorable Destiny", "attached_to": "bear"},
                       {"id": "lions", "card": "Savannah Lions", "controller": "opponent"},
                       {"id": "destiny2", "card": "Favorable Destiny", "attached_to": "lions"},
                       {"id": "arcades", "card": "Arcades Sabboth"},
                       {"id": "attacker", "card": "Goblin Piker", "attacking": "opponent"},
                       asks=chars("bear", "lions", "arcades", "attacker")))
    assert "First strike" in abilities(result, "bear")      # another Aura on it
    assert "Shroud" in abilities(result, "bear")            # you control other creatures
    assert "Shroud" not in abilities(result, "lions")       # the opponent controls no other
    assert pt(result, "lions") == (3, 3)                    # white: +1/+2
    assert pt(result, "arcades") == (7, 9)                  # untapped, not attacking: its own +0/+2
    assert pt(result, "attacker") == (2, 1)
    assert facts("Common Cause", 1) == {
        'static_when(ab("Common Cause",1),all_share_color(both(non(type("Artifact")),creature)))',
        'pt_modify(ab("Common Cause",1),each(both(non(type("Artifact")),creature)),2,2)'}
    shared = ask(board({"id": "cause", "card": "Common Cause"}, {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "elves", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "voices", "card": "Angelic Voices"},
                       asks=chars("bear", "elves")))
    assert pt(shared, "bear") == (4, 4) and pt(shared, "elves") == (3, 3)   # both green
    # A green creature of yours: Angelic Voices gives nothing (a nonartifact, nonwhite creature).
    apart = ask(board({"id": "cause", "card": "Common Cause"}, {"id": "bear", "card": "Grizzly Bears"},
                      {"id": "lions", "card": "Savannah Lions", "controller": "opponent"},
                      {"id": "voices", "card": "Angelic Voices", "controller": "opponent"},
                      asks=chars("bear", "lions")))
    assert pt(apart, "bear") == (2, 2)                      # green and white share no colour
    assert pt(apart, "lions") == (3, 2)                     # the opponent's only creature is white


def test_a_permanent_named_one_or_the_other():
    result = ask(board({"id": "liu", "card": "Liu Bei, Lord of Shu"},
                       {"id": "zhang", "card": "Zhang Fei, Fierce Warrior"},
                       {"id": "their_liu", "card": "Liu Bei, Lord of Shu", "controller": "opponent"},
                       asks=chars("liu", "their_liu")))
    assert pt(result, "liu") == (4, 6) and pt(result, "their_liu") == (2, 4)


def test_the_enchanted_creatures_controllers_graveyard():
    seven = ["Grizzly Bears"] * 7
    result = ask(board({"id": "elves", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "tiny", "card": "So Tiny", "attached_to": "elves"},
                       {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "tiny2", "card": "So Tiny", "attached_to": "bear"},
                       asks=chars("elves", "bear"), graveyards={"opponent": seven, "you": seven[:6]}))
    assert pt(result, "elves") == (-5, 1)           # its controller's seven cards: -6/-0
    assert pt(result, "bear") == (0, 2)             # your six: -2/-0
    with pytest.raises(InputError, match="graveyard"):
        ask(board({"id": "bear", "card": "Grizzly Bears"},
                  {"id": "tiny", "card": "So Tiny", "attached_to": "bear"},
                  asks=chars("bear"), graveyards={"opponent": seven}))


def test_the_colour_and_the_player_chosen_as_it_entered():
    result = ask(board({"id": "jihad", "card": "Jihad", "chosen_color": "G", "chosen_player": "opponent"},
                       {"id": "arms", "card": "Call to Arms", "chosen_color": "G",
                        "chosen_player": "opponent"},
                       {"id": "lions", "card": "Savannah Lions"},
                       {"id": "elves", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "hawk", "card": "Vampire Nighthawk", "controller": "opponent"},
                       asks=chars("lions")))
    assert pt(result, "lions") == (4, 2)        # Jihad's +2/+1 only: green is tied with black
    result = ask(board({"id": "arms", "card": "Call to Arms", "chosen_color": "G",
                        "chosen_player": "opponent"},
                       {"id": "lions", "card": "Savannah Lions", "controller": "opponent"},
                       {"id": "elves", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "bear", "card": "Grizzly Bears", "controller": "opponent"},
                       asks=chars("lions")))
    assert pt(result, "lions") == (3, 2)        # green 2, white 1: every white creature +1/+1
    with pytest.raises(InputError, match="chosen_color"):
        ask(board({"id": "jihad", "card": "Jihad", "chosen_player": "opponent"},
                  {"id": "lions", "card": "Savannah Lions"}, asks=chars("lions")))


def test_a_graveyard_card_grants_a_mana_ability():
    result = ask(board({"id": "swamp", "card": "Swamp"},
                       {"id": "their", "card": "Swamp", "controller": "opponent"},
                       {"id": "portal", "card": "Riftstone Portal"},
                       asks=[{"could_produce": "swamp"}, {"could_produce": "their"},
                             {"could_produce": "portal"}],
                       graveyards={"you": ["Riftstone Portal"]}))
    assert result.answer("could_produce", "swamp") == ["W", "B", "G"]
    assert result.answer("could_produce", "their") == ["B"]
    # On the battlefield its own ability doesn't function; the graveyard's copy gives it {G} or {W}.
    assert result.answer("could_produce", "portal") == ["W", "G", "C"]


def test_mana_value_of_the_chosen_quality():
    result = ask(board({"id": "ashling", "card": "Ashling's Prerogative", "chosen_quality": "odd"},
                       {"id": "elves", "card": "Llanowar Elves", "controller": "opponent"},
                       {"id": "bear", "card": "Grizzly Bears"},
                       {"id": "new", "card": "Llanowar Elves", "controlled_since_turn_start": False},
                       asks=chars("elves", "bear") + [{"can_activate": "new"}]))
    assert "Haste" in abilities(result, "elves")            # mana value 1, whoever controls it
    assert "Haste" not in abilities(result, "bear")         # mana value 2
    assert result.answer("can_activate", "new") is True     # haste: {T} despite rule 302.6
    with pytest.raises(InputError, match="chosen_quality"):
        ask(board({"id": "ashling", "card": "Ashling's Prerogative"}, asks=chars("ashling")))
    with pytest.raises(InputError, match="odd or even"):
        ask(board({"id": "ashling", "card": "Ashling's Prerogative", "chosen_quality": "prime"},
                  asks=chars("ashling")))
