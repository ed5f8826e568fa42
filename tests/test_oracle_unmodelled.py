"""No silent partial cards (issue 12, item 5): an answer resting on a permanent with an
unmodelled ability that could bear on it names the ability, in JSON and in text."""
from __future__ import annotations

import json

from pybridge import answer_scenario, parse_scenario
from pybridge.oracle.hook import card_compilation, is_modelled
from pybridge.answer.unmodelled import bears_on
from pybridge.answer.report import to_json, to_text

RAIDERS = '''title = "t"
[[permanent]]
id = "raiders"
card = "Isleback Spawn"
[[permanent]]
id = "forest"
card = "Forest"
[[ask]]
characteristics = "raiders"
[[ask]]
could_produce = "forest"
'''


def test_an_unmodelled_static_ability_is_named_beside_a_characteristics_answer():
    result = answer_scenario(parse_scenario(RAIDERS, "t.toml"))
    answers = json.loads(to_json(result))["answers"]
    text = "Isleback Spawn gets +4/+8 as long as a library has twenty or fewer cards in it."
    assert answers[0]["unmodelled"] == [{"permanent": "raiders", "ability": text}]
    assert "unmodelled" not in answers[1]          # nothing about mana
    assert f"This answer does not read Isleback Spawn's ability “{text}”, which may bear on it." \
        in to_text(result)


def test_hand_encoded_and_compiled_abilities_count_as_modelled():
    assert all(is_modelled(a) for a in card_compilation("Reflecting Pool").abilities)  # compiled
    assert is_modelled(card_compilation("Blood Moon").abilities[0])                  # by hand
    lantern = card_compilation("Chromatic Lantern").abilities
    assert all(is_modelled(a) for a in lantern)


def test_what_bears_on_which_kind():
    assert bears_on("produce", "Whenever you tap a land for mana, add one mana of any type that land produced.", False)
    assert not bears_on("produce", "Whenever you tap Forbidden Orchard for mana, target opponent creates a 1/1 token.", False)
    assert not bears_on("could_produce", "You may spend mana as though it were mana of any color.", False)
    assert bears_on("could_produce", "Nonbasic lands are Mountains.", False)
    assert not bears_on("characteristics", "Flying", False)
    assert bears_on("characteristics", "Changeling", False)
    assert not bears_on("characteristics", "{T}: Draw a card.", False)
    assert bears_on("can_activate", "Activated abilities of artifacts can't be activated.", False)
