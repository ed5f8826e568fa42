"""Bad input names the line of the offending key, not the first line where its text appears."""
from __future__ import annotations

import pytest

from pybridge import InputError, answer_scenario, parse_scenario


def error_of(text: str, answer: bool = False) -> str:
    with pytest.raises(InputError) as caught:
        scenario = parse_scenario(text, "s.toml")
        if answer:
            answer_scenario(scenario)
    return str(caught.value)


def test_a_misspelt_card_that_the_title_also_names_is_reported_at_its_card_line():
    text = '''title = "Forrest is not a card"

[[permanent]]
id = "a"
card = "Forest"

[[permanent]]
id = "b"
card = "Forrest"

[[ask]]
produce = "a"
'''
    assert error_of(text).startswith("s.toml: line 9: unknown card 'Forrest'")


def test_a_bad_expect_is_reported_at_its_own_ask():
    text = '''title = "t"
[[permanent]]
id = "a"
card = "Forest"
[[ask]]
produce = "a"
expect = ["{G}"]
[[ask]]
could_produce = "a"
expect = ["Q"]
'''
    assert error_of(text).startswith("s.toml: line 10: ask 2: expect has 'Q'")


def test_a_bad_controller_is_reported_at_the_controller_line():
    text = '''title = "t"
[[permanent]]
id = "a"
card = "Forest"
controller = "nobody"
[[ask]]
produce = "a"
'''
    assert error_of(text).startswith("s.toml: line 5: controller 'nobody'")


def test_an_unknown_key_is_reported_at_its_table():
    text = '''title = "t"
[[permanent]]
id = "a"
card = "Forest"
[[permanent]]
id = "b"
card = "Forest"
tapped = true
colour = "W"
[[ask]]
produce = "a"
'''
    assert error_of(text).startswith("s.toml: line 9: unknown key 'colour'")


def test_an_effect_whose_card_makes_no_lasting_effect_is_bad_input_at_its_line():
    text = '''title = "t"
[[permanent]]
id = "a"
card = "Forest"
[[effect]]
card = "Blood Moon"
[[ask]]
could_produce = "a"
'''
    message = error_of(text, answer=True)
    assert message.startswith("s.toml: line 5: effect 1: an [[effect]] is the lasting effect")
    assert "[[permanent]]" in message


def test_the_614_12_refusal_names_the_land_and_says_file_order_sets_timestamps():
    text = '''title = "t"
[[permanent]]
id = "moon"
card = "Blood Moon"
[[permanent]]
id = "cavern"
card = "Cavern of Souls"
chosen_type = "Elf"
[[ask]]
could_produce = "cavern"
'''
    message = error_of(text, answer=True)
    assert message.startswith("s.toml: line 5: permanent 'cavern': chosen_type on a land")
    assert "614.12" in message and "file order" in message


def test_transformed_and_back_face_are_for_their_layouts_only():
    for card, key, layout in (("Glasspool Mimic", "transformed", "transforming"),
                              ("Thing in the Ice", "back_face", "modal"),
                              ("Grizzly Bears", "transformed", "transforming")):
        text = f'title = "t"\n[[permanent]]\nid = "p"\ncard = "{card}"\n{key} = true\n'
        with pytest.raises(InputError) as caught:
            parse_scenario(text, "s.toml")
        assert f"{key} is for a {layout} double-faced card" in str(caught.value)
        assert "line 5" in str(caught.value)
