"""The benchmark code paths on tiny boards: the generators build what they say, the solver and the
brute-force references agree, and the harness produces its tables.  No timing is asserted here
(speed goals live in docs/benchmarks.md) and matplotlib is not needed."""
import re
from collections import Counter

import pytest

from benchmarks import series
from benchmarks.__main__ import Plan, collect
from benchmarks.boards import copy_board, mana_board, replacement_board
from benchmarks.reference_worker import run_reference
from benchmarks.report import evaluate_goals, markdown
from pybridge import answer_scenario, parse_scenario


def solve_board(board):
    scenario = parse_scenario(board.to_toml(), "generated.toml")
    return scenario, [[r.ask.kind, r.ask.target, r.answer] for r in answer_scenario(scenario).results]


def test_mana_board_has_n_permanents_and_every_one_is_answered():
    scenario, answers = solve_board(mana_board(20))
    assert len(scenario.permanents) == 20
    assert {p.controller for p in scenario.permanents} == {"you", "opponent"}
    assert [(kind, target) for kind, target, _ in answers] == \
        [("could_produce", p.id) for p in scenario.permanents]
    assert all(isinstance(answer, list) for _, _, answer in answers)
    by_id = {target: set(answer) for _, target, answer in answers}
    cards = {p.id: (p.card, p.controller) for p in scenario.permanents}
    # Urborg makes your basic Forest a Swamp too; Pale Moon's effect touches nonbasic lands only.
    your_forest = next(i for i, c in cards.items() if c == ("Forest", "you"))
    assert by_id[your_forest] == {"G", "B"}
    # Prismatic Omen gives the opponent's basic lands every basic land type.
    their_basic = next(i for i, (card, who) in cards.items()
                       if who == "opponent" and card in {"Island", "Plains", "Mountain", "Swamp"})
    assert by_id[their_basic] == {"W", "U", "B", "R", "G"}


@pytest.mark.parametrize("k", [2, 7])
def test_solver_and_reference_agree(k):
    _, answers = solve_board(replacement_board(k))
    solver = sorted(answers[0][2])
    reference = run_reference(k)
    assert reference["answer"] == solver
    if k == 2:
        # Two Mana Reflections double and double again, in either of two orders.
        assert solver == ["{G}{G}{G}{G}"] and reference["orders"] == 2


def test_copy_board_has_copies_of_copies_and_face_down_permanents():
    scenario, answers = solve_board(copy_board(26, "could_produce"))
    assert len(scenario.permanents) == 26 and len(answers) == 26
    faces = Counter(p.face_down for p in scenario.permanents if p.face_down)
    assert faces == {"morph": 2, "Ixidron": 2}
    copies = {p.id: p.copy_of for p in scenario.permanents if p.copy_of}
    assert any(copies.get(original) in copies for original in copies)   # a copy of a copy
    by_id = {target: answer for _, target, answer in answers}
    # A Clone of Dryad Arbor is a Forest: it taps for {G}.
    arbor_clone = next(p.id for p in scenario.permanents
                       if p.card == "Clone" and copies[p.id].startswith("b0_") and
                       scenario.permanent(copies[p.id]).card == "Dryad Arbor")
    assert by_id[arbor_clone] == ["G"]


def test_harness_writes_tables_from_fresh_processes(tmp_path):
    plan = Plan(board_sizes=(20,), effect_counts=(2,), copy_sizes=(), profile_sizes=(),
                repeats=1, reference_limit=10.0, cli_limit=60.0)
    results = collect(plan, tmp_path)
    board = results["series"]["board_size"][0]
    assert board["permanents"] == 20 and board["answered"] == 20
    assert board["atoms"] > 0 and board["cli_wall_seconds"] > 0 and board["peak_mb"] > 0
    replacement = results["series"]["replacement_effects"][0]
    assert all(ref["agree"] for ref in replacement["references"].values())
    text = markdown(results, evaluate_goals(results), plot_name=None)
    assert "| 20 | 20 / 20 |" in text and "## Series 2" in text
    assert series.REFERENCE_FILES["reference"] in text


def test_copy_board_characteristics_follow_copies_of_face_down_permanents():
    scenario, answers = solve_board(copy_board(13, "characteristics"))
    by_id = {target: answer for _, target, answer in answers}
    # A copy of a copy copies the copiable values all the way down (rule 707.2) ...
    assert by_id["b0_3"]["name"] == by_id["b0_0"]["name"] == "Grizzly Bears"
    # ... and a Clone of a face-down creature copies its face-down values (rule 708.2): a nameless
    # 2/2 that is itself face up (the example under rule 707.2).
    clone_of_morph = by_id["b0_11"]
    assert clone_of_morph["name"] == "" and (clone_of_morph["power"], clone_of_morph["toughness"]) == (2, 2)
    assert clone_of_morph["face_down"] is False and by_id["b0_10"]["face_down"] is True


def test_each_benchmark_rewrites_only_its_own_section(tmp_path):
    from benchmarks.publish import write_section
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\nby hand\n", encoding="utf-8")
    write_section("scaling", "| a | 1 |", doc)
    write_section("replacement", "| b | 2 |", doc)
    write_section("scaling", "| a | 3 |", doc)
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n\nby hand\n")
    assert "| a | 1 |" not in text and text.count("| a | 3 |") == 1 and "| b | 2 |" in text
    assert text.index("<!-- begin scaling -->") < text.index("<!-- begin replacement -->")


def test_forty_lands_boards_are_forty_cards_each_side_of_the_library(tmp_path):
    from benchmarks.forty_lands import board_toml, choose_cards, one
    from pybridge.cards.encoded import library_cards
    cards = choose_cards()
    library = set(library_cards())
    assert len(cards["inside"]) == len(cards["outside"]) == 40
    assert set(cards["inside"]) <= library and not set(cards["outside"]) & library
    path = tmp_path / "outside.toml"
    path.write_text(board_toml("t", cards["outside"]))
    steps = one(str(path))
    assert steps["answers"] == 80 and steps["atoms"] > 0


def test_rule_profile_times_every_rule_once_at_its_place(tmp_path):
    from clingo import ast
    from benchmarks.rule_profile import profile
    from pybridge.solve.solver import program_files
    path = tmp_path / "board.toml"
    path.write_text(mana_board(12).to_toml())
    costs, overhead = profile(str(path))
    statements = []
    ast.parse_files([str(p) for p in program_files()], statements.append)
    with_body = [s for s in statements if s.ast_type == ast.ASTType.Rule and len(s.body) > 0]
    assert sorted(c.text for c in costs) == sorted(str(s) for s in with_body)
    assert overhead > 0 and all(c.seconds > 0 for c in costs)
    assert costs == sorted(costs, key=lambda c: -c.seconds)
    # Each rule is named by the file and line it starts at, so the profile can be read back.
    programs = program_files()[0].parent
    files = {str(p.relative_to(programs)): p.read_text().splitlines() for p in programs.rglob("*.lp")}
    for cost in costs:
        name, line = cost.where.rsplit(":", 1)
        # (an integrity constraint prints as "#false :- body": its first name is the body's)
        first_name = re.search(r"[a-z_][A-Za-z0-9_]*", cost.text.removeprefix("#false")).group()
        assert first_name in files[name][int(line) - 1], cost


def test_the_events_boards_are_answered_as_the_benchmark_expects():
    from benchmarks.events import board
    from pybridge import answer_scenario, parse_scenario
    result = answer_scenario(parse_scenario(board(3, 2), "events.toml"))
    assert result.answer("zone", "bears0") == "battlefield" and not result.failed
