"""Refusals tell the truth (issue 30): a scenario refused because of an ability no rule reads
says "not modelled yet" with the ability's text, never that the card does nothing; a refusal
about a key names the right key."""
import textwrap

import pytest

from pybridge import InputError, answer_scenario, ask, parse_scenario


def refusal(text: str) -> str:
    with pytest.raises(InputError) as caught:
        answer_scenario(parse_scenario(textwrap.dedent(text), "s.toml"))
    return str(caught.value)


def effect(card: str, extra: str = "") -> str:
    return refusal(f"""
        title = "an effect"
        [[permanent]]
        id = "bear"
        card = "Grizzly Bears"
        [[effect]]
        card = "{card}"
        {extra}
        [[ask]]
        characteristics = "bear"
    """)


@pytest.mark.parametrize("card, text", [
    ("Spawning Pool", "{1}{B}: Spawning Pool becomes a 1/1 black Skeleton creature with"),
    ("Deceiver of Form", "At the beginning of combat on your turn, reveal the top card of your library."),
    ("Life", "All lands you control become 1/1 creatures until end of turn."),
    ("Chimeric Idol", "{0}: Tap all lands you control. Chimeric Idol becomes a 3/3 Turtle artifact"),
    ("Den of the Bugbear", "{3}{R}: Until end of turn, Den of the Bugbear becomes a 3/2 red Goblin"),
    ("Shadowspear", "{1}: Permanents your opponents control lose hexproof and indestructible"),
])
def test_an_effect_whose_ability_no_rule_reads_is_not_modelled_yet(card, text):
    message = effect(card)
    assert "line 6: effect 1: not modelled yet: " in message and text in message
    assert "makes none" not in message and "`affected`" not in message


@pytest.mark.parametrize("card", ["Chimeric Idol", "Den of the Bugbear", "Shadowspear"])
def test_affected_on_such_an_effect_is_not_blamed(card):
    message = effect(card, 'affected = ["bear"]')
    assert "not modelled yet: " in message and "is on none" not in message


@pytest.mark.parametrize("card", ["Inkmoth Nexus", "Azorius Keyrune"])
def test_an_animation_the_compiler_reads_is_an_effect_on_its_targets(card):
    """Once refused as not modelled (issue 30); pybridge/oracle/animations.py reads them now."""
    text = textwrap.dedent(f"""\
        title = "t"
        [[permanent]]
        id = "it"
        card = "{card}"
        [[effect]]
        card = "{card}"
        ability = 2
        targets = ["it"]
        [[ask]]
        characteristics = "it"
    """)
    answer = ask(parse_scenario(text, "s.toml")).results[0].answer
    assert "Creature" in answer["types"] and "Artifact" in answer["types"]


def test_a_card_that_makes_no_lasting_effect_is_still_said_to_make_none():
    assert "this card makes none: a permanent card goes in a [[permanent]] table" in effect("Grizzly Bears")
    # Lightning Bolt's text is read by no rule, but no word of it makes a lasting effect
    assert "this card makes none" in effect("Lightning Bolt")


def test_a_set_copy_effect_names_its_set_with_targets_not_affected():
    message = refusal("""
        title = "Mirrorweave with affected"
        [[permanent]]
        id = "bear"
        card = "Grizzly Bears"
        [[permanent]]
        id = "elf"
        card = "Llanowar Elves"
        [[effect]]
        card = "Mirrorweave"
        targets = ["elf"]
        affected = ["bear"]
        [[ask]]
        characteristics = "bear"
    """)
    assert ("a copy effect names the permanents that become copies with `targets` (and what they "
            "copy with `copy_of` or `copy_of_card`), not `affected`") in message


def test_face_down_by_a_card_whose_effect_no_rule_reads_is_not_modelled_yet():
    message = refusal("""
        title = "Reality Shift"
        [[permanent]]
        id = "bear"
        card = "Grizzly Bears"
        face_down = "Reality Shift"
        [[ask]]
        characteristics = "bear"
    """)
    assert ("permanent 'bear': not modelled yet: Exile target creature. Its controller manifests "
            "the top card of their library.") in message
    assert "neither" not in message


def test_face_down_by_a_card_that_turns_nothing_face_down_says_so():
    message = refusal("""
        title = "Grizzly Bears turns nothing face down"
        [[permanent]]
        id = "bear"
        card = "Llanowar Elves"
        face_down = "Grizzly Bears"
        [[ask]]
        characteristics = "bear"
    """)
    assert "neither turns permanents face down nor puts them onto the battlefield face down" in message


def test_activating_a_mana_ability_no_rule_reads_is_not_modelled_yet():
    """Victory Chimes' "{T}: A player of your choice adds {C}." is its first mana ability as
    printed (rule 113.2); no rule reads it, so the event is refused with its text, not applied
    as if it added nothing."""
    message = refusal("""
        title = "Victory Chimes activated"
        [[permanent]]
        id = "chimes"
        card = "Victory Chimes"
        [[event]]
        activate = "chimes"
        [[ask]]
        pool = "you"
    """)
    assert "event 1 (activate): not modelled yet: {T}: A player of your choice adds {C}." in message
