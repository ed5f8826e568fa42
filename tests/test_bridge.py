"""The Python bridge: loading, validation messages, facts as symbols, the command line."""
import json
import textwrap

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.cli import main
from pybridge.read.facts import scenario_facts

POOLS = textwrap.dedent("""
    title = "pools"
    [[permanent]]
    id = "pool1"
    card = "reflecting pool"
    [[permanent]]
    id = "forest"
    card = "Forest"
    [[ask]]
    could_produce = "pool1"
    expect = ["G"]
""")


def bad(text, match):
    with pytest.raises(InputError, match=match) as info:
        parse_scenario(textwrap.dedent(text), "bad.toml")
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("bad.toml")
    return str(info.value)


def test_card_names_are_case_insensitive_and_answered():
    result = answer_scenario(parse_scenario(POOLS))
    assert result.results[0].answer == ["G"] and result.results[0].ok


def test_unknown_card_names_the_closest_three():
    message = bad(POOLS.replace('"Forest"', '"Forrest"'), "unknown card 'Forrest'")
    assert "'Forest'" in message and message.count("'") >= 8
    assert "line 8" in message


def test_duplicate_id():
    bad(POOLS.replace('id = "forest"', 'id = "pool1"'), "duplicate permanent id 'pool1'")


def test_unknown_key():
    bad(POOLS.replace('card = "Forest"', 'card = "Forest"\ncolour = "G"'), "unknown key 'colour'")


def test_wrong_type():
    bad(POOLS.replace('id = "forest"', 'id = "forest"\ntapped = "yes"'), "tapped must be true or false")


def test_malformed_toml_gives_its_line():
    bad(POOLS.replace('card = "Forest"', 'card = "Forest'), r"line \d+: malformed TOML")


def test_unknown_permanent_in_ask():
    bad(POOLS.replace('could_produce = "pool1"', 'could_produce = "pool9"'), "unknown permanent 'pool9'")


def test_attached_to_nowhere():
    bad(POOLS.replace('card = "Forest"', 'card = "Forest"\nattached_to = "nothing"'), "names no permanent")


def test_copy_cycle_is_rejected():
    text = """
        title = "t"
        [[permanent]]
        id = "a"
        card = "Clone"
        copy_of = "b"
        [[permanent]]
        id = "b"
        card = "Clone"
        copy_of = "a"
        [[ask]]
        could_produce = "a"
    """
    # The loader reads it; the rules refuse it (layer1_copy_face_down.lp), naming a's line.
    with pytest.raises(InputError, match="cycle") as info:
        answer_scenario(parse_scenario(textwrap.dedent(text), "bad.toml"))
    assert str(info.value).startswith("bad.toml: line 3: permanent 'a'")


def test_bad_expect():
    bad(POOLS.replace('expect = ["G"]', 'expect = ["X"]'), "not a mana type letter")


def test_hostile_text_stays_data():
    hostile = 'a\\").\\nq :- #script'
    text = POOLS.replace('title = "pools"', 'title = "pools"\n[game]\nplayers = ["you", "opponent"]')
    scenario = parse_scenario(text.replace('card = "Forest"', f'card = "Forest"\nnoted_name = "{hostile}"'))
    noted = [s for s in scenario_facts(scenario) if s.name == "noted_name"]
    assert noted and noted[0].arguments[1].string == 'a").\nq :- #script'
    assert answer_scenario(scenario).results[0].answer == ["G"]


def test_cli_exit_codes(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text(POOLS)
    assert main(["ask", str(good), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["answers"][0]["answer"] == ["G"] and out["answers"][0]["ok"] is True
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(POOLS.replace('expect = ["G"]', 'expect = ["B"]'))
    assert main(["ask", str(wrong)]) == 1
    broken = tmp_path / "broken.toml"
    broken.write_text(POOLS.replace('"Forest"', '"Forrest"'))
    assert main(["ask", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["ask", str(tmp_path / "missing.toml")]) == 2
    assert main(["frobnicate"]) == 2


def test_same_scenario_gives_identical_json(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text(POOLS)
    main(["ask", str(good), "--json"])
    first = capsys.readouterr().out
    main(["ask", str(good), "--json"])
    assert capsys.readouterr().out == first


def test_facts_command_reproduces_answers(tmp_path, capsys):
    import clingo
    from pybridge.cards.library import program_files

    good = tmp_path / "good.toml"
    good.write_text(POOLS)
    assert main(["facts", str(good)]) == 0
    facts = capsys.readouterr().out
    ctl = clingo.Control(["--warn=none"])
    for path in program_files():
        ctl.load(str(path))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    shown = []
    ctl.solve(on_model=lambda m: shown.extend(str(s) for s in m.symbols(shown=True)))
    assert "could_produce_answer(1,g)" in shown
