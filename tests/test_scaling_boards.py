"""The scaling benchmark's boards (benchmarks/scaling.py) are scenarios the loader accepts, and
every question on them gets an answer."""
import pytest

from benchmarks.scaling import KINDS, board_for, copy_chain
from pybridge import answer_scenario, parse_scenario


@pytest.mark.parametrize("kind", KINDS)
def test_every_board_answers_every_ask(kind):
    board = board_for(kind, 30)
    result = answer_scenario(parse_scenario(board.to_toml(), f"{kind}.toml"))
    assert len(result.results) == len(board.asks) > 0
    assert all(r.known for r in result.results)


def test_a_mixed_chain_lists_every_written_ability_of_its_last_link():
    # 11 copies after the Bears: Clone, Image, Doppelganger in turn; the last (an Image) carries
    # the trigger of each of the 3 Images and 3 Doppelgangers before it, and its own; blue from
    # the first Doppelganger's exception on.
    board = copy_chain(12, ("Clone", "Phantasmal Image", "Vesuvan Doppelganger"))
    last = answer_scenario(parse_scenario(board.to_toml())).answer("characteristics", "p11")
    assert len(last["abilities"]) == 7
    assert last["subtypes"] == ["Bear", "Illusion"] and last["colors"] == ["U"]
