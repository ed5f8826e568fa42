"""`characteristics` and `turn_face_up`: layers 1 and 7, face-down status, hidden information."""
import json
import textwrap
from pathlib import Path

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.cli import main
from pybridge.read.facts import scenario_facts
from pybridge.solve.solver import solve_in_process


def scenario(text: str):
    return parse_scenario(textwrap.dedent(text), "test.toml")


def answers(text: str) -> list:
    return [r.answer for r in answer_scenario(scenario(text), timeout=60).results]


# --- rule 712.16: a double-faced permanent is never turned face down -------------------------
@pytest.mark.parametrize("source", ["Ixidron", "Cyber Conversion", "Mondassian Colony Ship",
                                    "Backslide"])
@pytest.mark.parametrize("card", ["Delver of Secrets", "Tergrid, God of Fright"])
def test_turning_a_double_faced_permanent_face_down_is_rejected(source, card):
    sc = scenario(f"""
        title = "t"
        [[permanent]]
        id = "dfc"
        card = "{card}"
        face_down = "{source}"
        [[ask]]
        characteristics = "dfc"
    """)
    with pytest.raises(InputError, match=r"712\.16"):
        answer_scenario(sc, timeout=60)


@pytest.mark.parametrize("source", ["manifest", "cloak", "Missy", "Yedora, Grave Gardener",
                                    "Death in Heaven"])
def test_putting_a_double_faced_card_onto_the_battlefield_face_down_is_fine(source):
    [card] = answers(f"""
        title = "t"
        [[permanent]]
        id = "dfc"
        card = "Delver of Secrets"
        face_down = "{source}"
        [[ask]]
        characteristics = "dfc"
    """)
    assert card["face_down"] is True and card["name"] == ""
    assert card["hidden"]["card"] == "Delver of Secrets // Insectile Aberration"


def test_the_command_line_rejects_it_with_exit_2(tmp_path, capsys):
    path = tmp_path / "ixidron_dfc.toml"
    path.write_text(textwrap.dedent("""
        title = "t"
        [[permanent]]
        id = "delver"
        card = "Delver of Secrets"
        face_down = "Ixidron"
        [[ask]]
        turn_face_up = "delver"
    """))
    assert main(["ask", str(path)]) == 2
    assert "712.16" in capsys.readouterr().err


def test_a_card_that_turns_nothing_face_down_is_rejected():
    sc = scenario("""
        title = "t"
        [[permanent]]
        id = "bears"
        card = "Grizzly Bears"
        face_down = "Lightning Bolt"
        [[ask]]
        characteristics = "bears"
    """)
    with pytest.raises(InputError, match=r"708\.2"):
        answer_scenario(sc, timeout=60)


# --- hidden information (708.5) ---------------------------------------------------------------
HIDDEN = """
    title = "t"
    [[permanent]]
    id = "morph"
    card = "Pine Walker"
    controller = "opponent"
    owner = "you"
    face_down = "Missy"
    [[ask]]
    characteristics = "morph"
    viewer = "you"
    [[ask]]
    characteristics = "morph"
    viewer = "opponent"
"""


def test_only_the_controller_may_look_even_against_the_owner():
    owner_view, controller_view = answers(HIDDEN)
    assert owner_view["hidden"] == {"may_look": ["opponent"]}
    assert controller_view["hidden"] == {"card": "Pine Walker", "may_look": ["opponent"]}


def test_json_never_shows_the_card_to_a_player_who_may_not_look(tmp_path, capsys):
    path = tmp_path / "hidden.toml"
    path.write_text(textwrap.dedent(HIDDEN).split("[[ask]]")[0]
                    + '[[ask]]\ncharacteristics = "morph"\nviewer = "you"\n')
    for flags in ([], ["--explain"]):
        assert main(["ask", str(path), "--json", *flags]) == 0
        out = capsys.readouterr().out
        assert "Pine Walker" not in out and "Walker" not in out
        answer = json.loads(out)["answers"][0]["answer"]
        assert answer["face_down"] is True and answer["hidden"] == {"may_look": ["opponent"]}


def test_viewer_must_be_a_player():
    with pytest.raises(InputError, match="viewer 'nobody' is not one of the players"):
        scenario(HIDDEN.replace('viewer = "you"', 'viewer = "nobody"'))


def test_viewer_reaches_the_solver_as_a_symbol():
    facts = [str(f) for f in scenario_facts(scenario(HIDDEN))]
    assert 'ask_viewer(1,"you")' in facts and 'ask_viewer(2,"opponent")' in facts


# --- turn_face_up: the way matters only for megamorph's counter -------------------------------
MANIFESTED_MEGAMORPH = """
    title = "t"
    [[permanent]]
    id = "ainok"
    card = "Ainok Survivalist"
    face_down = "manifest"
    counters = {{ "+1/+1" = 1 }}
    [[ask]]
    turn_face_up = "ainok"
    {way}
"""


@pytest.mark.parametrize("way,power", [("", 4), ('way = "morph"', 4), ('way = "mana_cost"', 3),
                                       ('way = "Break Open"', 3)])
def test_megamorph_counter_only_for_the_megamorph_cost(way, power):
    [answer] = answers(MANIFESTED_MEGAMORPH.format(way=way))
    assert answer["name"] == "Ainok Survivalist"
    assert (answer["power"], answer["toughness"]) == (power, power - 1)


def test_a_way_that_does_not_apply_gives_null():
    [answer] = answers(MANIFESTED_MEGAMORPH.format(way='way = "Ixidor, Reality Sculptor"'))
    assert answer is None


def test_unknown_way_names_the_closest_cards():
    with pytest.raises(InputError, match="unknown card 'Brake Open'"):
        scenario(MANIFESTED_MEGAMORPH.format(way='way = "Brake Open"'))


def test_a_face_up_permanent_cannot_be_turned_face_up():
    [answer] = answers("""
        title = "t"
        [[permanent]]
        id = "bears"
        card = "Grizzly Bears"
        [[ask]]
        turn_face_up = "bears"
        expect = "null"
    """)
    assert answer is None


def test_expect_null_and_bad_expectations():
    result = answer_scenario(scenario("""
        title = "t"
        [[permanent]]
        id = "bolt"
        card = "Lightning Bolt"
        face_down = "manifest"
        [[ask]]
        turn_face_up = "bolt"
        expect = "null"
        [[ask]]
        turn_face_up = "bolt"
        expect = { power = 2 }
    """), timeout=60)
    assert [r.ok for r in result.results] == [True, False]
    with pytest.raises(InputError, match="unknown key 'colour'"):
        scenario("""
            title = "t"
            [[permanent]]
            id = "bears"
            card = "Grizzly Bears"
            [[ask]]
            characteristics = "bears"
            expect = { colour = ["G"] }
        """)


# --- views of a permanent turned face up change no other answer --------------------------------
def test_a_turned_up_view_is_not_counted_among_the_permanents():
    base = """
        title = "t"
        [[permanent]]
        id = "cradle"
        card = "Gaea's Cradle"
        [[permanent]]
        id = "walker"
        card = "Pine Walker"
        face_down = "morph"
        [[permanent]]
        id = "ixidron"
        card = "Ixidron"
        [[ask]]
        produce = "cradle"
        [[ask]]
        characteristics = "ixidron"
    """
    alone = answers(base)
    with_view = answers(base + '[[ask]]\nturn_face_up = "walker"\n')
    assert alone == with_view[:2]
    assert alone[0] == ["{G}{G}"] and (alone[1]["power"], alone[1]["toughness"]) == (1, 1)
    assert with_view[2]["name"] == "Pine Walker"


# --- layer 7b: the latest setting effect wins, then 7c --------------------------------------
def test_layer_7b_timestamps_then_7c(tmp_path):
    # Two made-up static setting effects, to test the layer alone; Ixidor's +1/+1 applies after.
    extra = tmp_path / "setting.lp"
    extra.write_text('sets_base_pt(ab("Secret Plans",2),each(creature),0,1).\n'
                     'sets_base_pt(ab("Trail of Mystery",1),each(creature),5,4).\n')
    sc = scenario("""
        title = "t"
        [[permanent]]
        id = "walker"
        card = "Pine Walker"
        face_down = "morph"
        [[permanent]]
        id = "plans"
        card = "Secret Plans"
        timestamp = 5
        [[permanent]]
        id = "trail"
        card = "Trail of Mystery"
        timestamp = {trail}
        [[permanent]]
        id = "ixidor"
        card = "Ixidor, Reality Sculptor"
        [[ask]]
        characteristics = "walker"
    """.replace("{trail}", "9"))
    from pybridge.cards.library import program_files
    result = solve_in_process(scenario_facts(sc), files=[*program_files(), extra])
    shown = {str(s) for s in result.symbols}
    # Trail's 5/4 is later than Secret Plans' 0/1; then Ixidor +1/+1 and Secret Plans +0/+1.
    assert "ch_power(1,6)" in shown and "ch_toughness(1,6)" in shown


# --- the scenario folders -----------------------------------------------------------------
QUERIES = Path(__file__).resolve().parent.parent / "queries"


def test_every_face_down_and_copy_scenario_cites_rules_and_expects_answers():
    files = sorted((QUERIES / "face_down").glob("*.toml")) + sorted((QUERIES / "copy").glob("*.toml"))
    assert len(files) >= 30
    for path in files:
        text = path.read_text()
        assert "cites" in text and "expect" in text, path


def test_vesuvan_doppelganger_copy_keeps_its_own_color():
    sc = scenario("""
        title = "t"
        [[permanent]]
        id = "akroma"
        card = "Akroma, Angel of Fury"
        [[permanent]]
        id = "clone"
        card = "Vesuvan Doppelganger"
        copy_of = "akroma"
        [[ask]]
        characteristics = "clone"
    """)
    [result] = answer_scenario(sc, timeout=60).results
    assert result.answer["colors"] == ["U"] and result.answer["name"] == "Akroma, Angel of Fury"


# --- a copy of a card that isn't on the battlefield (copy_of_card/2, for Lazav's graveyard) ---
def test_lazav_copying_a_clone_card_copies_it_as_printed():
    import clingo

    from pybridge.cards.printed import card_facts
    sc = scenario("""
        title = "t"
        [[permanent]]
        id = "lazav"
        card = "Lazav, Dimir Mastermind"
        [[ask]]
        characteristics = "lazav"
    """)
    extra = [clingo.Function("copy_of_card", [clingo.String("lazav"), clingo.String("Clone")]),
             clingo.Function("copy_by", [clingo.String("lazav"),
                                         clingo.String("Lazav, Dimir Mastermind")]),
             *card_facts(["Clone"])]   # facts added by hand bring their cards' printed facts
    shown = {str(s) for s in solve_in_process(scenario_facts(sc) + extra).symbols}
    # Lazav ruling 2013-01-24: a Clone card in a graveyard is a 0/0; Lazav keeps its name.
    assert {'ch_name(1,"Lazav, Dimir Mastermind")', "ch_power(1,0)", "ch_toughness(1,0)",
            'ch_subtype(1,"Shapeshifter")', 'ch_supertype(1,"Legendary")'} <= shown
