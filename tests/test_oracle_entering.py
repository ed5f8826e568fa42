"""The Oracle compiler's entering floor (pybridge/oracle/entering.py): "enters tapped", with a
condition or a choice, and "enters with counters" (rules 614.1c-d, 614.12, 107.3m).

Real pool cards with the facts they compile to; the hand encodings the compiler replaced
(tests/data/hand_encodings.lp) reproduced exactly; and a second reading, a plain regular
expression over the whole pool, of the two commonest shapes ("~ enters tapped." and "~ enters with
N +1/+1 counters on it.") that must agree with the compiler or find the ability reported
unmodelled.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import clingo
import pytest

from pybridge.cards.pool import load_pool
from pybridge.oracle.compile import compile_ability
from pybridge.oracle.hook import card_compilation, compiled_facts

HAND = Path(__file__).resolve().parent / "data" / "hand_encodings.lp"
ENTERING_PREDICATES = {"enters_tapped", "enters_tapped_unless", "enters_tapped_if", "enters_with"}


def compiled(card: str) -> set[str]:
    return {str(f) for a in card_compilation(card).abilities for f in a.facts
            if f.name in ENTERING_PREDICATES}


EXPECTED = {
    "Temple of Mystery": {'enters_tapped(ab("Temple of Mystery",1))'},
    "Azorius Guildgate": {'enters_tapped(ab("Azorius Guildgate",1))'},
    "Moss Diamond": {'enters_tapped(ab("Moss Diamond",1))'},
    "Steam Vents": {'enters_tapped_unless(ab("Steam Vents",1),pay_life(2))'},
    "Dragonskull Summit": {
        'enters_tapped_unless(ab("Dragonskull Summit",1),control_at_least(1,subtype("Swamp")))',
        'enters_tapped_unless(ab("Dragonskull Summit",1),control_at_least(1,subtype("Mountain")))'},
    "Glacial Fortress": {
        'enters_tapped_unless(ab("Glacial Fortress",1),control_at_least(1,subtype("Plains")))',
        'enters_tapped_unless(ab("Glacial Fortress",1),control_at_least(1,subtype("Island")))'},
    "Dreamroot Cascade": {'enters_tapped_unless(ab("Dreamroot Cascade",1),control_at_least(2,land))'},
    "Spirebluff Canal": {'enters_tapped_unless(ab("Spirebluff Canal",1),control_at_most(2,land))'},
    "Sunken Hollow": {'enters_tapped_unless(ab("Sunken Hollow",1),control_at_least(2,basic_land))'},
    "Dwarven Mine": {'enters_tapped_unless(ab("Dwarven Mine",1),control_at_least(3,subtype("Mountain")))'},
    "Training Center": {'enters_tapped_unless(ab("Training Center",1),opponents_at_least(2))'},
    "Lair of the Hydra": {'enters_tapped_if(ab("Lair of the Hydra",1),control_at_least(2,land))'},
    "Choked Estuary": {'enters_tapped_unless(ab("Choked Estuary",1),reveal("Island"))',
                       'enters_tapped_unless(ab("Choked Estuary",1),reveal("Swamp"))'},
    "Taiga Stadium": {f'enters_tapped_unless(ab("Taiga Stadium",1),control_at_least(1,color({c})))'
                      for c in "wub"},
    "Temple of the Dragon Queen": {
        'enters_tapped_unless(ab("Temple of the Dragon Queen",1),reveal("Dragon"))',
        'enters_tapped_unless(ab("Temple of the Dragon Queen",1),control_at_least(1,subtype("Dragon")))'},
    "Vodalian Serpent": {'enters_with(ab("Vodalian Serpent",3),"+1/+1",if_kicked(4))'},
    "Gnarlid Pack": {'enters_with(ab("Gnarlid Pack",2),"+1/+1",per_kick(1))'},
    "Epochrasite": {'enters_with(ab("Epochrasite",1),"+1/+1",unless_cast_from_hand(3))'},
    "Myojin of Seeing Winds": {
        'enters_with(ab("Myojin of Seeing Winds",1),"divinity",if_cast_from_hand(1))'},
    "Ardenvale Paladin": {'enters_with(ab("Ardenvale Paladin",1),"+1/+1",if_spent(w,3,1))'},
    "Henge Walker": {'enters_with(ab("Henge Walker",1),"+1/+1",if_spent(same,3,1))'},
    "Woodland Wanderer": {'enters_with(ab("Woodland Wanderer",3),"+1/+1",per_color_spent(1))'},
    "Walking Ballista": {'enters_with(ab("Walking Ballista",1),"+1/+1",x)'},
    "Voracious Hatchling": {'enters_with(ab("Voracious Hatchling",2),"-1/-1",fixed(4))'},
    "Sphere of the Suns": {'enters_tapped(ab("Sphere of the Suns",1))',
                           'enters_with(ab("Sphere of the Suns",1),"charge",fixed(3))'},
    "Agent's Toolkit": {f'enters_with(ab("Agent\'s Toolkit",1),"{k}",fixed(1))'
                        for k in ("+1/+1", "flying", "deathtouch", "shield")},
    "Dark Depths": {'enters_with(ab("Dark Depths",1),"ice",fixed(10))'},
    # counted as it enters, by the statics' count grammar (614.12)
    "Squad Captain": {'enters_with(ab("Squad Captain",2),"+1/+1",per(1,permanents(others(yours(creature)))))'},
    "Golgari Grave-Troll": {'enters_with(ab("Golgari Grave-Troll",1),"+1/+1",'
                            'per(1,cards(graveyard,you,type("Creature"))))'},
    "Eternity Vessel": {'enters_with(ab("Eternity Vessel",1),"charge",per(1,at_least_zero(life(you))))'},
    "Hamlet Vanguard": {'enters_with(ab("Hamlet Vanguard",2),"+1/+1",'
                        'per(2,permanents(others(yours(both(non(token),subtype("Human")))))))'},
    "Grizzly Ghoul": {'enters_with(ab("Grizzly Ghoul",2),"+1/+1",per(1,turn_sum(all,creatures_died)))'},
    "Festerhide Boar": {'enters_with(ab("Festerhide Boar",2),"+1/+1",'
                        'if_count(turn_sum(all,creatures_died),1,2))'},
    "Boot Nipper": {f'enters_with(ab("Boot Nipper",1),"{k}",one_of(1))' for k in ("deathtouch", "lifelink")},
    # kicker with a grant while kicked (702.33)
    "Pouncing Wurm": {'enters_with(ab("Pouncing Wurm",2),"+1/+1",if_kicked(3))'},
}


@pytest.mark.parametrize("card", sorted(EXPECTED))
def test_pool_cards_compile_to_their_entering_facts(card):
    assert compiled(card) == EXPECTED[card]


@pytest.mark.parametrize("card,text,why", [
    ("Myriad Construct", "If Myriad Construct was kicked, it enters the battlefield with a +1/+1 "
     "counter on it for each nonbasic land your opponents control.", "kicker"),
    ("Thought Sponge", "Thought Sponge enters the battlefield with a number of +1/+1 counters on "
     "it equal to the greatest number of cards an opponent has drawn this turn.", "counted"),
    ("Leviathan", "Leviathan enters the battlefield tapped and doesn't untap during your untap "
     "step.", "doesn't untap"),
    ("Polukranos, Unchained", "Polukranos enters the battlefield with six +1/+1 counters on it. "
     "It escapes with twelve +1/+1 counters on it instead.", "escape"),
])
def test_shapes_it_does_not_read_are_reported_with_the_reason(card, text, why):
    result = compile_ability(card, card, 1, text)
    assert not result.modelled and why in result.why


# --- the hand encodings the compiler replaced ---
def hand_entering_facts() -> dict[str, set[str]]:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(HAND))
    ctl.ground([("base", [])])
    out: dict[str, set[str]] = {}
    for atom in ctl.symbolic_atoms:
        if atom.symbol.name in ENTERING_PREDICATES:
            out.setdefault(atom.symbol.arguments[0].arguments[0].string, set()).add(str(atom.symbol))
    return out


def test_the_hand_entering_facts_are_compiled_exactly():
    hand = hand_entering_facts()
    assert len(hand) >= 16
    pool = load_pool()
    for face, facts in hand.items():
        assert compiled(pool.resolve(face)) == facts, face
        # and a scenario gets them: no hand fact left in asp/cards/ replaces them (hook.py)
        given = {str(f) for f in compiled_facts(pool.resolve(face)) if f.name in ENTERING_PREDICATES}
        assert given == facts, face


def test_asp_cards_states_no_entering_fact_the_compiler_reads():
    cards = Path(__file__).resolve().parent.parent / "asp" / "cards"
    text = "".join(p.read_text() for p in cards.glob("*.lp"))
    assert not re.search(r"^(enters_tapped|enters_tapped_unless|enters_with)\(", text, re.M)


# --- a second reading of the two commonest shapes over the whole pool ---
NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@lru_cache(maxsize=1)
def commonest_shapes() -> list[tuple[str, str, int, str, set[str]]]:
    """(card, face, index, text, the facts a plain reading expects) for every ability of the pool
    that is exactly "~ enters (the battlefield) tapped." or "~ enters (the battlefield) with N
    +1/+1 counter(s) on it."."""
    out = []
    for card in load_pool().cards():
        for face in card.faces:
            for index, text in enumerate(face.abilities, start=1):
                name = re.escape(face.name) + "|" + re.escape(face.name.split(", ")[0])
                ab = f'ab("{face.name}",{index})'
                if re.fullmatch(rf"({name}) enters( the battlefield)? tapped\.", text):
                    out.append((card.name, face.name, index, text, {f"enters_tapped({ab})"}))
                found = re.fullmatch(rf"({name}) enters( the battlefield)? with (\w+) \+1/\+1 "
                                     r"counters? on it\.", text)
                if found and found[3] in NUMBER | {"X": 0}:
                    n = "x" if found[3] == "X" else f"fixed({NUMBER[found[3]]})"
                    out.append((card.name, face.name, index, text,
                                {f'enters_with({ab},"+1/+1",{n})'}))
    return out


def test_a_plain_reading_of_the_commonest_shapes_agrees_with_the_compiler():
    shapes = commonest_shapes()
    assert len(shapes) > 450
    disagree = []
    for card, face, index, text, expected in shapes:
        result = compile_ability(card, face, index, text)
        if result.modelled and {str(f) for f in result.facts} != expected:
            disagree.append((card, text, [str(f) for f in result.facts]))
        elif not result.modelled and not result.why:
            disagree.append((card, text, "unmodelled without a reason"))
    assert not disagree, disagree[:10]
    modelled = sum(1 for c, f, i, t, _ in shapes if compile_ability(c, f, i, t).modelled)
    assert modelled == len(shapes)


# --- coverage ---
def test_coverage_of_the_entering_groups():
    from pybridge.cards.coverage import coverage
    groups = coverage(load_pool().cards())
    tapped, counters = groups["enters_tapped"], groups["enters_with_counters"]
    assert tapped.cards > 450 and tapped.modelled / tapped.cards >= 0.97
    assert counters.cards > 300 and counters.modelled > 0
    assert all(u["why"] for u in tapped.unmodelled + counters.unmodelled)


# --- counted as it enters, and kicker's grants: the rules' answers ---
def test_pouncing_wurm_kicked_gets_haste_and_its_counters_unkicked_neither():
    from pybridge.oracle.hook import card_compilation as cc
    facts = {str(f) for a in cc("Pouncing Wurm").abilities for f in a.facts}
    assert 'static_when(ab("Pouncing Wurm",2),kicked)' in facts
    assert 'ability_grant(ab("Pouncing Wurm",2),self,"Haste")' in facts
    from pybridge import answer_scenario, parse_scenario
    text = ('title = "t"\n[[permanent]]\nid = "k"\ncard = "Pouncing Wurm"\nkicked = 1\n'
            '[[permanent]]\nid = "u"\ncard = "Pouncing Wurm"\n'
            '[[ask]]\ncharacteristics = "k"\n[[ask]]\ncharacteristics = "u"\n')
    kicked, plain = [r.answer for r in answer_scenario(parse_scenario(text, "s.toml")).results]
    assert (kicked["power"], kicked["toughness"]) == (6, 6) and "Haste" in kicked["rules"] + kicked["abilities"]
    assert (plain["power"], plain["toughness"]) == (3, 3) and "Haste" not in plain["rules"]


def test_a_counted_permanent_on_the_board_without_an_event_must_state_its_counters():
    from pybridge import InputError, answer_scenario, parse_scenario
    text = 'title = "t"\n[[permanent]]\nid = "c"\ncard = "Squad Captain"\n[[ask]]\ncharacteristics = "c"\n'
    with pytest.raises(InputError, match="counted or chosen as it entered"):
        answer_scenario(parse_scenario(text, "s.toml"))
    stated = text.replace('card = "Squad Captain"\n', 'card = "Squad Captain"\ncounters = { "+1/+1" = 3 }\n')
    answer = answer_scenario(parse_scenario(stated, "s.toml")).results[0].answer
    assert (answer["power"], answer["toughness"]) == (5, 5)


def test_a_counted_permanent_entering_counts_the_graveyard_as_it_enters():
    from pybridge import answer_scenario, parse_scenario
    text = ('title = "t"\n[game]\ngraveyards = { you = ["Grizzly Bears", "Llanowar Elves", "Forest"] }\n'
            '[[card]]\nid = "t"\ncard = "Golgari Grave-Troll"\nzone = "hand"\n'
            '[[event]]\nenter = ["t"]\n[[ask]]\ncharacteristics = "t_1"\n')
    answer = answer_scenario(parse_scenario(text, "s.toml")).results[0].answer
    assert (answer["power"], answer["toughness"]) == (2, 2)


def test_two_kickers_read_which_was_paid_and_refuse_a_kicked_one_without_it():
    from pybridge import InputError, answer_scenario, parse_scenario
    assert compiled("Cetavolver") == {
        'enters_with(ab("Cetavolver",2),"+1/+1",if_kicked_with("{1}{R}",2))',
        'enters_with(ab("Cetavolver",3),"+1/+1",if_kicked_with("{G}",1))'}
    text = 'title = "t"\n[[permanent]]\nid = "c"\ncard = "Cetavolver"\nkicked = 1\n[[ask]]\ncharacteristics = "c"\n'
    with pytest.raises(InputError, match="which of its kickers"):
        answer_scenario(parse_scenario(text, "s.toml"))
    green = text.replace("kicked = 1\n", 'kicked = 1\nkicker = ["{G}"]\n')
    answer = answer_scenario(parse_scenario(green, "s.toml")).results[0].answer
    assert (answer["power"], answer["toughness"]) == (2, 2) and "Trample" in answer["abilities"]
    assert "First strike" not in answer["abilities"]


def test_dice_rolled_as_it_enters_are_an_outcome_each_total():
    from pybridge.answer.events import final_states
    assert compiled("Jumbo Imp") == {'enters_with(ab("Jumbo Imp",2),"+1/+1",die_roll(fixed(1),6))'}
    assert compiled("Neverwinter Hydra") == {'enters_with(ab("Neverwinter Hydra",1),"+1/+1",die_roll(x,6))'}
    from pybridge import parse_scenario
    text = ('title = "t"\n[[card]]\nid = "h"\ncard = "Neverwinter Hydra"\nzone = "hand"\n'
            '[[event]]\nenter = ["h"]\nx = { h = 2 }\n[[ask]]\nzone = "h_1"\n')
    totals = sorted(f.arguments[2].number for s in final_states(parse_scenario(text, "s.toml"))
                    for f in s.facts if f.name == "rolled_as_entered")
    assert totals == list(range(2, 13))
