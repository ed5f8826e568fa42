"""Tokens and grants of resolved spells and abilities (pybridge/oracle/grants.py,
asp/layers/tokens.lp): for each pattern, a real pool card's compiled facts and an answer on a
board of it; the refusals (611.2c without `affected`, a token the card doesn't make)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from pybridge import ask
from pybridge.errors import InputError
from pybridge.oracle.hook import card_compilation


def compiled(card: str, index: int):
    ability = next(a for a in card_compilation(card).abilities if a.index == index)
    assert ability.modelled, ability.why
    return ability


def facts(card: str, index: int) -> set[str]:
    return {str(f) for f in compiled(card, index).facts}


def board(*permanents: dict, asks: list[dict], effects: list[dict] = ()) -> dict:
    return {"title": "t", "permanent": [{"controller": "you", **p} for p in permanents],
            "effect": list(effects), "ask": asks}


SPAWN = 'token(ab("Awakening Zone",1),1)'


def test_a_token_with_a_quoted_mana_ability_from_a_trigger():
    found = facts("Awakening Zone", 1)
    assert found >= {
        f'token_made("Awakening Zone",ab("Awakening Zone",1),1,{SPAWN})',
        f'token_value({SPAWN},name,"Eldrazi Spawn Token")',
        f'token_value({SPAWN},type,"Creature")', f'token_value({SPAWN},subtype,"Spawn")',
        f'token_value({SPAWN},power,0)', f'token_value({SPAWN},toughness,1)',
        f'token_ability({SPAWN},1,"Sacrifice this creature: Add {{C}}.")',
        f'mana_ability(ab({SPAWN},1))', f'cost_has(ab({SPAWN},1),sacrifice_self)',
        f'group_types(ab({SPAWN},1),1,fixed(c))'}
    assert not any("color" in f for f in found)                  # colorless (111.4)
    assert compiled("Awakening Zone", 1).pattern == "token_trigger"
    result = ask(board({"id": "spawn", "token": "Awakening Zone"},
                       asks=[{"could_produce": "spawn"}, {"characteristics": "spawn"}]))
    assert result.answer("could_produce", "spawn") == ["C"]
    answer = result.answer("characteristics", "spawn")
    assert (answer["name"], answer["power"], answer["toughness"], answer["colors"]) == \
        ("Eldrazi Spawn Token", 0, 1, [])


def test_an_activated_ability_that_creates_a_named_token_keeps_its_costs():
    found = facts("Llanowar Mentor", 1)
    tok = 'token(ab("Llanowar Mentor",1),1)'
    assert {'activated(ab("Llanowar Mentor",1))', 'cost_tap(ab("Llanowar Mentor",1))',
            f'token_value({tok},name,"Llanowar Elves")', f'token_value({tok},color,g)',
            f'mana_ability(ab({tok},1))'} <= found
    result = ask(board({"id": "mentor", "card": "Llanowar Mentor", "tapped": True},
                       {"id": "elves", "token": "Llanowar Mentor"},
                       asks=[{"produce": "elves"}, {"can_activate": "mentor"},
                             {"characteristics": "elves"}]))
    assert result.answer("produce", "elves") == ["{G}"]
    assert result.answer("can_activate", "mentor") is False       # its {T} cost, tapped
    assert result.answer("characteristics", "elves")["mana_value"] == 0   # no mana cost (111.3)


def test_a_spell_that_creates_tokens_beside_a_one_shot_effect():
    ability = compiled("Corpsehatch", 1)
    assert ability.riders == ("Destroy target nonblack creature.",)
    assert 'token_value(token(ab("Corpsehatch",1),1),name,"Eldrazi Spawn Token")' in \
        {str(f) for f in ability.facts}
    result = ask(board({"id": "a", "token": "Corpsehatch"}, {"id": "b", "token": "Call the Scions"},
                       asks=[{"characteristics": "a"}, {"characteristics": "b"}]))
    assert (result.answer("characteristics", "a")["power"],
            result.answer("characteristics", "b")["power"]) == (0, 1)


def test_a_token_with_a_keyword_and_a_triggered_ability_as_text():
    found = facts("Dance with Devils", 1)
    assert 'token_ability(token(ab("Dance with Devils",1),1),1,"When this creature dies, it deals ' \
           '1 damage to any target.")' in found
    result = ask(board({"id": "devil", "token": "Dance with Devils"},
                       asks=[{"characteristics": "devil"}]))
    answer = result.answer("characteristics", "devil")
    assert (answer["name"], answer["colors"], answer["subtypes"]) == ("Devil Token", ["R"], ["Devil"])


def test_a_predefined_treasure_token_is_card_data():
    assert facts("Smothering Tithe", 1) == {
        'token_made("Smothering Tithe",ab("Smothering Tithe",1),1,predefined("Treasure"))'}
    result = ask(board({"id": "t", "token": "Smothering Tithe"},
                       asks=[{"could_produce": "t"}, {"characteristics": "t"}]))
    assert result.answer("could_produce", "t") == ["W", "U", "B", "R", "G"]
    assert result.answer("characteristics", "t")["name"] == "Treasure Token"


def test_token_filters_creature_tokens_and_nontoken_creatures():
    assert facts("Intangible Virtue", 1) == {
        'pt_modify(ab("Intangible Virtue",1),yours(both(creature,token)),1,1)',
        'ability_grant(ab("Intangible Virtue",1),yours(both(creature,token)),"Vigilance")'}
    assert 'pt_modify(ab("Always Watching",1),yours(both(non(token),creature)),1,1)' in \
        facts("Always Watching", 1)
    result = ask(board({"id": "virtue", "card": "Intangible Virtue"},
                       {"id": "watching", "card": "Always Watching"},
                       {"id": "scion", "token": "Brood Monitor"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "their_scion", "token": "Brood Monitor", "controller": "opponent"},
                       asks=[{"characteristics": i} for i in ("scion", "bears", "their_scion")]))
    assert [(result.answer("characteristics", i)["power"], result.answer("characteristics", i)["toughness"])
            for i in ("scion", "bears", "their_scion")] == [(2, 2), (3, 3), (1, 1)]


def test_a_condition_on_controlling_a_token():
    assert facts("Briarbridge Tracker", 3) == {
        'static_when(ab("Briarbridge Tracker",3),at_least(1,yours(token)))',
        'pt_modify(ab("Briarbridge Tracker",3),self,2,0)'}
    alone = ask(board({"id": "t", "card": "Briarbridge Tracker"}, asks=[{"characteristics": "t"}]))
    with_token = ask(board({"id": "t", "card": "Briarbridge Tracker"},
                           {"id": "treasure", "token": "Smothering Tithe"}, asks=[{"characteristics": "t"}]))
    assert alone.answer("characteristics", "t")["power"] == 2
    assert with_token.answer("characteristics", "t")["power"] == 4


def test_a_set_grant_until_end_of_turn_affects_the_set_fixed_as_it_resolved():
    assert facts("Divergent Growth", 1) >= {
        'ability_grant(ab("Divergent Growth",1),affected,"{T}: Add one mana of any color.")',
        'affects_set(ab("Divergent Growth",1),yours(land))',
        'lasting_effect("Divergent Growth",ab("Divergent Growth",1))',
        'mana_ability(grant("Divergent Growth",1))'}
    result = ask(board({"id": "forest", "card": "Forest"}, {"id": "wastes", "card": "Wastes"},
                       effects=[{"card": "Divergent Growth", "affected": ["forest"]}],
                       asks=[{"could_produce": "forest"}, {"could_produce": "wastes"}]))
    assert result.answer("could_produce", "forest") == ["W", "U", "B", "R", "G"]
    assert result.answer("could_produce", "wastes") == ["C"]


def test_a_set_grant_without_affected_is_refused_naming_611_2c():
    with pytest.raises(InputError, match=r"611\.2c"):
        ask(board({"id": "forest", "card": "Forest"}, effects=[{"card": "Divergent Growth"}],
                  asks=[{"could_produce": "forest"}]))
    with pytest.raises(InputError, match=r"611\.2c"):            # an effect on no set
        ask(board({"id": "bears", "card": "Grizzly Bears"},
                  effects=[{"card": "Giant Growth", "targets": ["bears"], "affected": ["bears"]}],
                  asks=[{"characteristics": "bears"}]))


def test_the_refusal_is_exit_2_with_one_line(tmp_path):
    path = tmp_path / "grant.toml"
    path.write_text('title = "t"\n[[permanent]]\nid = "forest"\ncard = "Forest"\n'
                    '[[effect]]\ncard = "Divergent Growth"\n[[ask]]\ncould_produce = "forest"\n')
    run = subprocess.run([sys.executable, "-m", "pybridge", "check", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "611.2c" in run.stdout + run.stderr and "Traceback" not in run.stderr


def test_a_mode_a_chapter_and_a_self_grant_of_an_activated_ability():
    assert 'ability_grant(ab("Glorious Sunrise",3),targets,"{T}: Add {G}{G}{G}")' in \
        facts("Glorious Sunrise", 3)
    saga = compiled("Urza's Saga", 1)
    assert saga.pattern == "grant_trigger"
    assert {'affects_set(ab("Urza\'s Saga",1),self)',
            'ability_grant(ab("Urza\'s Saga",1),affected,"{T}: Add {C}.")'} <= {str(f) for f in saga.facts}
    assert {'activated(ab("Bone Shaman",1))', 'affects_set(ab("Bone Shaman",1),self)'} <= \
        facts("Bone Shaman", 1)
    result = ask(board({"id": "forest", "card": "Forest"}, {"id": "saga", "card": "Urza's Saga"},
                       effects=[{"card": "Glorious Sunrise", "ability": 3, "targets": ["forest"]},
                                {"card": "Urza's Saga", "ability": 1, "affected": ["saga"]}],
                       asks=[{"produce": "forest"}, {"could_produce": "saga"}]))
    assert result.answer("produce", "forest") == ["{G}", "{G}{G}{G}"]
    assert result.answer("could_produce", "saga") == ["C"]


def test_effect_ability_picks_one_of_the_card_s_lasting_effects():
    # Glorious Sunrise's mode 2 gives +1/+1 to the set it affected; naming ability 3 leaves it out
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       effects=[{"card": "Glorious Sunrise", "ability": 3, "targets": ["bears"]}],
                       asks=[{"characteristics": "bears"}]))
    assert result.answer("characteristics", "bears")["power"] == 2
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       effects=[{"card": "Glorious Sunrise", "ability": 2, "affected": ["bears"]}],
                       asks=[{"characteristics": "bears"}]))
    answer = result.answer("characteristics", "bears")
    assert (answer["power"], answer["abilities"]) == (3, ["Trample"])


def test_bad_token_input():
    with pytest.raises(InputError, match=r"rule 111\.6"):
        ask(board({"id": "x", "card": "Forest", "token": "Awakening Zone"},
                  asks=[{"characteristics": "x"}]))
    with pytest.raises(InputError, match=r"rule 111\.1"):
        ask(board({"id": "x", "token": "Awakening Zone", "token_number": 2},
                  asks=[{"characteristics": "x"}]))
    with pytest.raises(InputError, match=r"rule 111\.1"):         # the card makes no token
        ask(board({"id": "x", "token": "Forest"}, asks=[{"characteristics": "x"}]))


def test_the_trigger_of_a_token_making_ability_bears_on_triggered_unless_it_is_read():
    """Brood Monitor's "When ~ enters" is read (pybridge/oracle/triggers.py); Awakening Zone's
    "At the beginning of your upkeep" is not: only it is still listed beside `triggered`."""
    from pybridge.answer.unmodelled import _trigger_unmodelled_texts
    assert _trigger_unmodelled_texts("Brood Monitor") == ()
    assert _trigger_unmodelled_texts("Awakening Zone") == (compiled("Awakening Zone", 1).text,)
    assert _trigger_unmodelled_texts("Call the Scions") == ()
