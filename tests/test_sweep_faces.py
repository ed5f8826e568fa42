"""Face-down and copy sweeps (`face_down`, `face_up`, `copies`): the boards a spec builds, the
logic programs' answers to `characteristics` and `turn_face_up` against the reference's (rules
708.2, 702.37, 701.40, 701.58, 707.2, 707.9b), and bad specs."""
import json

import pytest

from pybridge import reference
from pybridge.cli import main
from pybridge.sweep.run import run_sweep
from pybridge.sweep.spec import boards, parse_spec, vector_count

SPEC = """
title = "faces"
permanents = ["Ainok Survivalist", "Grizzly Bears"]
face_down = ["megamorph", "cloak"]
copies = ["Phantasmal Image"]
asks = ["characteristics", "turn_face_up"]
"""


def test_a_face_down_and_copy_sweep_agrees_with_the_reference(tmp_path):
    spec = parse_spec(SPEC)
    board_list = boards(spec)
    # each card face up, face down each way; alone and copied: 2 x 3 x 2 boards, 2 asks each
    assert len(board_list) == 12 and vector_count(board_list) == 24
    summary = run_sweep(spec, tmp_path / "faces.jsonl", jobs=2, progress=False)
    assert (summary.vectors, summary.agree, summary.disagree, summary.errors) == (24, 24, 0, 0)
    vectors = {(v["scenario"]["title"].split(": ", 1)[1], next(iter(v["ask"]))): v
               for v in map(json.loads, (tmp_path / "faces.jsonl").read_text().splitlines())}
    up = vectors[("Ainok Survivalist face down (megamorph)", "turn_face_up")]["answer"]
    assert (up["name"], up["power"], up["toughness"]) == ("Ainok Survivalist", 3, 2)  # 702.37b
    hidden = vectors[("Grizzly Bears face down (cloak)", "characteristics")]["answer"]
    assert hidden["abilities"] == ["Ward {2}"] and hidden["face_down"] is True
    assert hidden["hidden"] == {"card": "Grizzly Bears", "may_look": ["you"]}
    # a cloaked creature card turns face up for its mana cost (701.58b)
    assert vectors[("Grizzly Bears face down (cloak)", "turn_face_up")]["answer"]["power"] == 2
    image = vectors[("Grizzly Bears face down (cloak), copied by Phantasmal Image", "characteristics")]
    assert image["answer"]["subtypes"] == ["Illusion"] and image["answer"]["face_down"] is False
    assert image["answer"]["abilities"][0] == "Ward {2}" and image["agree"] is True
    # the copy is face up: nothing turns it face up (a null answer both agree on)
    null = vectors[("Grizzly Bears face down (cloak), copied by Phantasmal Image", "turn_face_up")]
    assert null["answer"] is None and null["reference"] is None and null["agree"] is True


def test_the_reference_says_what_it_does_not_cover():
    board = {"permanent": [{"id": "a", "card": "Grizzly Bears", "face_down": "Cyber Conversion"}]}
    with pytest.raises(reference.NotCovered, match="face_down = 'Cyber Conversion'"):
        reference.scenario_answer(board, {"characteristics": "a"})
    board = {"permanent": [{"id": "a", "card": "Tarmogoyf"}]}
    with pytest.raises(reference.NotCovered, match="power or toughness"):
        reference.scenario_answer(board, {"characteristics": "a"})
    board = {"permanent": [{"id": "a", "card": "Grizzly Bears"},
                           {"id": "b", "card": "Vesuvan Doppelganger", "copy_of": "a"}]}
    with pytest.raises(reference.NotCovered, match="the copy 'Vesuvan Doppelganger'"):
        reference.scenario_answer(board, {"characteristics": "b"})


@pytest.mark.parametrize("extra, message", [
    ('face_down = ["morf"]\n', "line 6: `face_down`: 'morf' is no way of turning a card face down"),
    ('copies = ["Klone"]\n', "line 6: `copies`: unknown card 'Klone'"),
    ('face_up = false\n', "line 6: `face_up` is true or false, and false only with `face_down`"),
    ('face_down = ["morph"]\nreduce = true\n', "line 7: `reduce` is for sweeps of mana effects"),
])
def test_bad_face_specs_are_one_line(tmp_path, capsys, extra, message):
    spec = tmp_path / "bad.toml"
    spec.write_text('title = "t"\npermanents = ["Grizzly Bears"]\nasks = ["characteristics"]\n'
                    'effects = []\nsizes = [0]\n' + extra)
    assert main(["sweep", str(spec), "--out", str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_reference_shows_a_basic_land_types_intrinsic_mana_ability(tmp_path):
    # 305.6: a lone Forest or Island has "{T}: Add {G}." / "{T}: Add {U}." though its text box
    # holds only reminder text; a dual land has one per type, in WUBRG order, before its text.
    spec = parse_spec('title = "lands"\npermanents = ["Forest", "Island", "Savannah", '
                      '"Ketria Triome", "Breeding Pool"]\nasks = ["characteristics"]\n'
                      'effects = []\nsizes = [0]\n')
    summary = run_sweep(spec, tmp_path / "lands.jsonl", jobs=1, progress=False)
    assert (summary.vectors, summary.agree, summary.disagree) == (5, 5, 0)
    got = {v["ask"]["characteristics"]: v["reference"]["abilities"]
           for v in map(json.loads, (tmp_path / "lands.jsonl").read_text().splitlines())}
    assert got["forest"] == ["{T}: Add {G}."] and got["island"] == ["{T}: Add {U}."]
    assert got["savannah"] == ["{T}: Add {W}.", "{T}: Add {G}."]
    assert got["ketria_triome"][:3] == ["{T}: Add {U}.", "{T}: Add {R}.", "{T}: Add {G}."]
