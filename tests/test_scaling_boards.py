"""The scaling benchmark's boards (benchmarks/scaling.py) are scenarios the loader accepts, and
every question on them gets an answer."""
import pytest

from benchmarks.scaling import KINDS, Board, board_for, copy_chain
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


def _atoms(board):
    from pybridge.read.facts import scenario_facts
    from pybridge.solve.solver import solve_in_process
    return solve_in_process(scenario_facts(parse_scenario(board.to_toml(), "generated.toml"))).stats["atoms"]


def _urborgs_and_forests(n):
    board = Board(f"{n} Urborgs and {n} Forests")
    for _ in range(n):
        board.add("Urborg, Tomb of Yawgmoth", "you")
    forests = [board.add("Forest", "you") for _ in range(n)]
    board.asks = [("could_produce", forests[0])]
    return board


def test_many_land_type_effects_are_not_paired_with_every_land():
    # Each Urborg's effect reaches every land; judged per scope key, twice the board is about
    # twice the atoms (an effect-by-permanent pairing made it four times).
    small, large = _atoms(_urborgs_and_forests(40)), _atoms(_urborgs_and_forests(80))
    assert large < 2.3 * small
    answer = answer_scenario(parse_scenario(_urborgs_and_forests(40).to_toml())).answer("could_produce", "p40")
    assert sorted(answer) == ["B", "G"]


def test_can_activate_of_every_permanent_is_not_paired_with_every_target():
    # Whether a kind of target has enough members is compared with the number needed, never
    # grounded as a count for each value it may take: where colours stay open to the grounder,
    # that paired every source with every count: eight times the board was ten times the
    # atoms (6.3 times now; no more than eight however the fixed part shrinks).
    small, large = _atoms(board_for("can_activate", 50)), _atoms(board_for("can_activate", 400))
    assert large < 8 * small
