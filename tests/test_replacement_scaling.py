"""Replacement states over multisets, exact large amounts and exact order counts (issues 11, 17).

The solver against the brute-force reference on boards with many interchangeable effects (past
the 32 a bitmask in a clingo integer could hold), order counts against the reference's plain
enumeration of sequences, amounts past 2^31, the compact mana strings and their linear parser.
"""
import math
import re

import pytest

from pybridge.errors import SolverTimeout

from pybridge import answer_scenario, parse_scenario
from pybridge.answer import answering
from pybridge import reference as ref
from pybridge.answer.kinds.mana import mana_string, parse_mana_string, produce_normalise
from pybridge.cards.library import asp_dir
from pybridge.solve.solver import SolveResult

import clingo


def _board(*cards, effects=()):
    perms = [ref.Permanent(f"p{i}", card, pl) for i, (card, pl) in enumerate(cards)]
    return ref.Board(perms, [ref.Effect(c, pl) for c, pl in effects])


def _many(card, n, pl="you"):
    return [(card, pl)] * n


def _solve(board, kinds=("produce",), explain=False):
    asks = [(kind, "p0") for kind in kinds]
    result = answer_scenario(parse_scenario(ref.board_toml(board, asks), "<generated>"),
                             explain=explain)
    assert not result.timed_out, result.unknown_reason
    return result


# --- the reference agrees where effects are many and interchangeable ---
MANY = {
    "40 Mana Reflections, then Contamination anywhere": _board(
        ("Forest", "you"), *_many("Mana Reflection", 40), ("Contamination", "opponent")),
    "33 Damping Spheres, a Mana Reflection and Contamination": _board(
        ("Forest", "you"), *_many("Damping Sphere", 33, "opponent"),
        ("Mana Reflection", "you"), ("Contamination", "opponent")),
    "32 Damping Spheres and Contamination (a bitmask wrapped here)": _board(
        ("Forest", "you"), *_many("Damping Sphere", 32, "opponent"), ("Contamination", "opponent")),
    "30 Infernal Darkness, 3 Pulse of Llanowar, Nyxbloom Ancient on a Sol Ring": _board(
        ("Sol Ring", "you"), *_many("Infernal Darkness", 30, "opponent"),
        *_many("Pulse of Llanowar", 3), ("Nyxbloom Ancient", "you")),
}


@pytest.mark.parametrize("name", sorted(MANY))
def test_many_identical_effects_match_the_reference(name):
    board = MANY[name]
    got = _solve(board, ("produce", "could_produce"))
    expected = ref.produce(board, "p0", distinct=True)
    assert set(got.answer("produce")) == set(produce_normalise(list(expected)))
    assert set(got.answer("could_produce")) == ref.could_produce_all(board, distinct=True)["p0"]


def test_forty_mana_reflections_reach_two_to_the_fortieth_exactly():
    result = _solve(MANY["40 Mana Reflections, then Contamination anywhere"])
    assert result.answer("produce") == [mana_string([0, 0, 2 ** j, 0, 0, 0]) for j in range(41)]
    assert result.answer("produce")[-1] == "{B}x1099511627776"
    assert result.results[0].details["counts"][-1] == {"B": 2 ** 40}


def test_ids_do_not_change_the_answer():
    # With a bitmask over effect ids, renaming one changed which bit wrapped, and the answer.
    def doc(names):
        lines = ['title = "t"', '[[permanent]]', 'id = "forest"', 'card = "Forest"']
        for n in names:
            lines += ['[[permanent]]', f'id = "{n}"', 'card = "Damping Sphere"', 'controller = "opponent"']
        lines += ['[[permanent]]', 'id = "c"', 'card = "Contamination"', 'controller = "opponent"',
                  '[[ask]]', 'produce = "forest"']
        return "\n".join(lines)
    plain = answer_scenario(parse_scenario(doc([f"s{i}" for i in range(33)]), "<a>")).answer("produce")
    renamed = answer_scenario(parse_scenario(doc([f"z{i:03}" for i in range(33)]), "<b>")).answer("produce")
    assert plain == renamed == ["{B}"]


# --- deferred kinds: effects that only name the type stay off the state graph ---
LIBRARY_MIX = _board(
    ("Forest", "you"), *_many("Mana Reflection", 2), ("Contamination", "opponent"), ("Damping Sphere", "opponent"),
    *_many("Infernal Darkness", 2, "opponent"), ("Pulse of Llanowar", "you"), effects=[("Deep Water", "you")])


def _graph_size(board):
    from pybridge.read.facts import scenario_facts
    from pybridge.solve.solver import solve_in_process
    facts = scenario_facts(parse_scenario(ref.board_toml(board, [("produce", "p0")]), "<generated>"))
    symbols = solve_in_process(facts, shown_only=False).symbols
    return sum(1 for s in symbols if s.name == "state" and len(s.arguments) == 4)


def test_deferred_kinds_give_the_answer_of_every_order():
    # 8 effects of every kind the library has, on a Forest: the plain answer comes from the graph
    # without Infernal Darkness, Pulse and Deep Water, the explanation from every order of all of
    # them; both are what the reference finds.
    plain = _solve(LIBRARY_MIX).answer("produce")
    expected = ref.produce(LIBRARY_MIX, "p0", distinct=True)
    assert set(plain) == set(produce_normalise(list(expected)))
    explained = _solve(LIBRARY_MIX, explain=True)
    assert explained.answer("produce") == plain
    counts = {g.fields["result"]: g.fields["orders"] for g in explained.results[0].explain}
    assert sorted(counts) == sorted(plain)


def test_deferred_kinds_shrink_the_graph():
    # Without the type-only effects the graph is the one of the 4 others: the same states.
    no_deferred = _board(("Forest", "you"), *_many("Mana Reflection", 2), ("Contamination", "opponent"),
                         ("Damping Sphere", "opponent"))
    assert _graph_size(LIBRARY_MIX) == _graph_size(no_deferred)


# --- order counts: exact, against every sequence the reference walks ---
SMALL = {
    "two Reflections, Contamination, Sphere, Pulse": _board(
        ("Forest", "you"), *_many("Mana Reflection", 2), ("Contamination", "opponent"),
        ("Damping Sphere", "opponent"), ("Pulse of Llanowar", "you")),
    "three Spheres, two Reflections, Contamination": _board(
        ("Forest", "you"), *_many("Damping Sphere", 3, "opponent"), *_many("Mana Reflection", 2),
        ("Contamination", "opponent")),
    "City of Brass, two Pulses, Nyxbloom, Naked Singularity, Mana Flare": _board(
        ("City of Brass", "you"), *_many("Pulse of Llanowar", 2), ("Nyxbloom Ancient", "you"),
        ("Naked Singularity", "opponent"), ("Mana Flare", "opponent")),
    "Savannah: Reality Twist and Naked Singularity twice, Deep Water": _board(
        ("Savannah", "you"), *_many("Reality Twist", 2, "opponent"),
        *_many("Naked Singularity", 2, "opponent"), effects=[("Deep Water", "you")]),
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_order_counts_equal_the_reference_enumeration(name):
    board = SMALL[name]
    result = _solve(board, explain=True)
    counts = {g.fields["result"]: g.fields["orders"] for g in result.results[0].explain}
    expected = {mana_string(parse_mana_string(k)): n for k, n in ref.count_orders(board, "p0").items()}
    assert counts == expected
    assert not any(g.fields.get("orders_at_least") for g in result.results[0].explain)


def test_order_counts_past_any_fixed_width_are_exact():
    # Contamination first, then 25 Mana Reflections in any order: 25! orders to 2^25 {B}.
    board = _board(("Forest", "you"), *_many("Mana Reflection", 25), ("Contamination", "opponent"))
    groups = {g.fields["result"]: g.fields["orders"] for g in _solve(board, explain=True).results[0].explain}
    assert groups[f"{{B}}x{2 ** 25}"] == math.factorial(25)
    # Contamination last: every order of the 25 Reflections, then it.
    assert groups["{B}"] == math.factorial(25)


# --- amounts past 2^31 ---
def test_cradle_amount_past_two_to_the_31_is_exact():
    # 30 Nyxbloom Ancients are 30 creatures: 30 * 3^30 {G}, with two Mana Reflections 4 times that.
    board = _board(("Gaea's Cradle", "you"), *_many("Nyxbloom Ancient", 30), *_many("Mana Reflection", 2))
    doc = ref.board_toml(board, [("produce", "p0"), ("could_produce", "p0")])
    result = answer_scenario(parse_scenario(doc, "<generated>"))
    amount = 30 * 3 ** 30 * 4
    assert result.answer("produce") == [f"{{G}}x{amount}"]
    assert result.answer("could_produce") == ["G"]
    assert result.results[0].details["counts"] == [{"G": amount}]


def test_large_amounts_take_triggered_mana_exactly():
    # Mana Flare adds one {G} after the replacement effects, to the exact large amount.
    board = _board(("Forest", "you"), *_many("Mana Reflection", 32), ("Mana Flare", "opponent"))
    assert _solve(board).answer("produce") == [f"{{G}}x{2 ** 32 + 1}"]


def test_a_bound_the_rules_report_makes_every_answer_unknown(monkeypatch):
    # bound_exceeded(Text) (asp/show/base.lp) is unknown with the reason, never an answer.
    atom = clingo.Function("bound_exceeded", [clingo.String("a documented bound")])
    # answer_here is what the worker runs; its SolverTimeout is the unknown answer the caller
    # reports (answer_question), as tests/test_trust.py checks for time-outs.
    monkeypatch.setattr(answering, "solve_in_process", lambda *a, **k: SolveResult(symbols=[atom]))
    board = _board(("Forest", "you"))
    with pytest.raises(SolverTimeout, match="a documented bound"):
        answering.answer_here(parse_scenario(ref.board_toml(board, [("produce", "p0")]), "<g>"))


# --- the representation ---
def test_no_bitmask_over_effects_is_left():
    text = (asp_dir() / "mana" / "replacement.lp").read_text(encoding="utf-8")
    code = "\n".join(line.split("%")[0] for line in text.splitlines())
    # The only mask left is the signature's basic land types (five bits, fixed).
    assert "sig_bit" not in code and "**" not in code
    assert re.findall(r"\w*Bit\w*", code) == ["Bit", "Bit"]


def test_the_library_multipliers_are_primes():
    # A large amount's normal form (base times prime powers) is unique only for prime factors.
    from pybridge.sweep.groups import library_facts
    factors = {s.arguments[1].arguments[0].number for s in library_facts()
               if s.name == "replaces_with" and s.arguments[1].name == "times"}
    assert factors and all(k > 1 and all(k % d for d in range(2, k)) for k in factors)


# --- mana strings ---
def test_compact_and_plain_mana_strings_parse_alike():
    assert parse_mana_string("{G}x2842146468") == [0, 0, 0, 0, 2842146468, 0]
    assert parse_mana_string("{W}{W}{B}x64{G}") == [2, 0, 64, 0, 1, 0]
    assert parse_mana_string("{B}" * 21) == parse_mana_string("{B}x21")
    assert mana_string([0, 0, 21, 0, 0, 0]) == "{B}x21" and mana_string([0, 0, 20, 0, 0, 0]) == "{B}" * 20
    for bad in ("{G}x", "{G}x0", "{G}x01", "{{G}}", "{G}}", "G", "{Q}", "{G}x12a", "{G}{"):
        assert parse_mana_string(bad) is None, bad


def test_a_million_symbols_parse():
    # Linear: a quadratic parser (slicing off one symbol at a time) would take hours here.
    text = "{G}" * 1_000_000 + "{C}x5" + "{W}" * 3
    assert parse_mana_string(text) == [3, 0, 0, 0, 1_000_000, 5]
