"""The Oracle compiler's reading of "As ~ enters, choose ..." (pybridge/oracle/entering.py, rules
614.12, 614.1d) into as_enters_choice/2, and the refusal of a board where a rule reads a choice the
scenario doesn't state (asp/events/as_enters_choices.lp).

Real pool cards with the facts they compile to, and a second reading, a plain regular expression
over the whole pool, of "As ~ enters, choose a color." that must agree with the compiler.
"""
from __future__ import annotations

import re

import pytest

from pybridge.cards.coverage import abilities_of, coverage
from pybridge.cards.pool import load_pool
from pybridge.oracle.hook import card_compilation


def compiled(card: str) -> set[str]:
    return {str(f) for a in card_compilation(card).abilities for f in a.facts
            if f.name == "as_enters_choice"}


EXPECTED = {
    "Cavern of Souls": 'as_enters_choice(ab("Cavern of Souls",1),creature_type)',
    "Utopia Sprawl": 'as_enters_choice(ab("Utopia Sprawl",2),color)',
    "Nyxathid": 'as_enters_choice(ab("Nyxathid",1),opponent)',
    "Pithing Needle": 'as_enters_choice(ab("Pithing Needle",1),card_name)',
    "Alpine Moon": 'as_enters_choice(ab("Alpine Moon",1),nonbasic_land_card_name)',
    "Ashling's Prerogative": 'as_enters_choice(ab("Ashling\'s Prerogative",1),odd_or_even)',
    "Seal of the Guildpact": 'as_enters_choice(ab("Seal of the Guildpact",1),two_colors)',
    "Citadel Siege": 'as_enters_choice(ab("Citadel Siege",1),one_of_two)',
}


@pytest.mark.parametrize("card", sorted(EXPECTED))
def test_pool_cards_compile_to_their_choice(card):
    assert EXPECTED[card] in compiled(card)


def test_a_choice_of_two_kinds_gives_two_facts():
    kinds = {f.split(",")[-1] for f in compiled("Painter's Servant") | compiled("Riptide Replicator")}
    assert {"color)", "creature_type)"} <= kinds


COLOR_CHOICE = re.compile(r"^As .+? enters( the battlefield)?, choose a color\.$")


def test_a_plain_reading_of_choose_a_color_agrees_with_the_compiler():
    seen = 0
    for card in load_pool().cards():
        for face, index, text in abilities_of(card):
            if not COLOR_CHOICE.match(text) or card.name.split(" // ")[0] not in text:
                continue
            seen += 1
            facts = {str(f) for a in card_compilation(card.name).abilities
                     if a.index == index and a.face == face for f in a.facts}
            assert any(f.startswith("as_enters_choice(") and f.endswith(",color)") for f in facts), card.name
    assert seen > 25


def test_coverage_of_the_choices_group():
    group = coverage(load_pool().cards())["as_enters_choices"]
    assert group.cards > 150 and group.modelled / group.cards >= 0.9


def test_a_chosen_type_a_rule_reads_must_be_stated(tmp_path, capsys):
    from pybridge.cli import main
    board = ('title = "t"\ncites = []\nsource = []\n[[permanent]]\nid = "banner"\n'
             'card = "Vanquisher\'s Banner"\n[[permanent]]\nid = "elves"\ncard = "Llanowar Elves"\n'
             '[[ask]]\ncharacteristics = "elves"\nexpect = { power = 2, toughness = 2 }\n')
    (tmp_path / "no_choice.toml").write_text(board)
    assert main(["check", str(tmp_path / "no_choice.toml")]) != 0
    assert "give it chosen_type" in capsys.readouterr().out
    (tmp_path / "choice.toml").write_text(board.replace('Banner"\n', 'Banner"\nchosen_type = "Elf"\n', 1))
    assert main(["check", str(tmp_path / "choice.toml")]) == 0
