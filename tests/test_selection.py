"""The rules a scenario can use (pybridge/solve/selection.py): a rule whose positive body needs a
predicate that can't hold is left out, what it would derive is #defined, and the answer is the
whole program's, with no warning, for small programs and for scenarios of every kind."""
from __future__ import annotations

import logging
from pathlib import Path

import clingo
import pytest
from clingo import ast

from pybridge.answer.events import final_states, question_facts
from pybridge.read.facts import scenario_facts
from pybridge.cards.library import program_files
from pybridge.read.scenario import load_scenario
from pybridge.solve.selection import RuleIndex, _read_rule
from pybridge.solve.solver import (fact_signatures, fact_strings, fact_values, parse_programs,
                             solve_in_process)

QUERIES = Path(__file__).resolve().parent.parent / "queries"


def index_of(program: str) -> RuleIndex:
    statements: list[ast.AST] = []
    ast.parse_string(program, statements.append)
    return RuleIndex(statements)


def answer(statements: list[ast.AST], facts: list[clingo.Symbol]) -> tuple[list[str], list[str]]:
    """The shown atoms of the one answer set, and clingo's messages."""
    messages: list[str] = []
    ctl = clingo.Control(logger=lambda code, message: messages.append(message))
    with ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            builder.add(statement)
    if facts:     # (a backend opened before grounding checks the #show signatures early)
        with ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    models: list[list[str]] = []
    ctl.solve(on_model=lambda m: models.append(sorted(map(str, m.symbols(shown=True)))))
    assert len(models) == 1
    return models[0], messages


@pytest.mark.parametrize("text, heads, needs", [
    ("p(X) :- q(X); not r(X); X > 1.", {("p", 1)}, {("q", 1)}),
    ("p :- q(X): r(X); #count { Y: s(Y) } = 0; t.", {("p", 0)}, {("t", 0)}),
    ('p("a;b(", X) :- q(X, "x)").', {("p", 2)}, {("q", 2)}),
    ("p(a;b;c).", {("p", 1)}, set()),
    ("p(a,b;c) :- q.", {("p", 2), ("p", 1)}, {("q", 0)}),
    ("1 <= { a(X): b(X); c } <= 1 :- d(X).", {("a", 1), ("c", 0)}, {("d", 1)}),
    ("#false :- a; not b.", set(), {("a", 0)}),
    ("p(X) :- q(X;Y); r(Y).", {("p", 1)}, {("q", 1), ("r", 1)}),   # either way, q/1
    ("p(X) :- q(X;Y,Z); r(Y).", {("p", 1)}, {("r", 1)}),   # a pool of two arities: neither
])
def test_a_rule_reads_as_what_it_derives_and_what_it_needs(text, heads, needs):
    assert _read_rule(text) == (heads, needs)


def test_rules_that_cannot_fire_are_left_out_and_their_heads_defined():
    index = index_of("""
        fact(1).
        a(X) :- fact(X).
        b(X) :- a(X), missing(X).
        c(X) :- b(X).
        d(X) :- fact(X), not c(X).
        #show d/1.
    """)
    holding = index.can_hold(set())
    assert holding >= {("fact", 1), ("a", 1), ("d", 1)}
    assert not holding & {("b", 1), ("c", 1), ("missing", 1)}
    assert ("missing", 1) in index.can_hold({("missing", 1)})
    selected = index.select(set())
    texts = [str(s) for s in selected]
    assert "a(X) :- fact(X)." in texts and "d(X) :- fact(X); not c(X)." in texts
    assert not [t for t in texts if t.startswith(("b(", "c("))]
    assert {"#defined b/1.", "#defined c/1."} <= set(texts)
    whole, warnings = answer(index.statements, [])
    assert whole == ["d(1)"] and warnings      # missing/1 is undefined in the whole program
    assert answer(selected, []) == (whole, [])


def test_a_directive_not_read_keeps_the_whole_program():
    index = index_of("#external e(1).\na :- e(1), b.\n")
    assert not index.readable
    assert index.select(set()) == index.statements


def scenario_fact_sets() -> list[tuple[str, list[clingo.Symbol]]]:
    """The smallest scenario of each folder of queries/ (each of an event scenario's final
    states): every part of the program is someone's."""
    sets = []
    for folder in sorted(p for p in QUERIES.iterdir() if p.is_dir()):
        path = min(folder.glob("*.toml"), key=lambda p: (p.stat().st_size, p.name))
        scenario = load_scenario(path)
        if scenario.events:
            sets += [(str(path), question_facts(scenario, state)) for state in final_states(scenario)]
        else:
            sets.append((str(path), scenario_facts(scenario)))
    return sets


def test_the_selected_rules_answer_as_the_whole_program_on_scenarios():
    index = parse_programs(program_files())
    fact_sets = scenario_fact_sets()
    assert len(fact_sets) >= 10
    for path, facts in fact_sets:
        whole = answer(index.statements, facts)[0]
        selected = index.select(fact_signatures(facts))
        assert len(selected) < len(index.statements), path       # something is left out
        assert answer(selected, facts) == (whole, []), path
        # ... and with the hand encodings of the cards it doesn't name left out too, and the
        # rules needing a constant no fact has (a kind of question not asked)
        texts = [str(fact) for fact in facts]
        fewer = index.select(fact_signatures(facts), fact_strings(facts, texts),
                             fact_values(facts, texts, index.constrained))
        assert len(fewer) < len(selected), path
        assert answer(fewer, facts) == (whole, []), path


def test_a_rule_needing_a_constant_no_fact_has_is_left_out():
    index = index_of("""
        wanted(P) :- ask(_,size,P).
        shown(P) :- ask(_,colour,P).
        derived(a).
        other(P) :- derived(P), ask(_,P,_).
        #show wanted/1. #show shown/1. #show other/1.
    """)
    assert index.constrained == {(("ask", 3), 1)}      # derived/1 isn't an input
    facts = [clingo.parse_term('ask(1,size,"x")')]
    texts = [str(f) for f in facts]
    values = fact_values(facts, texts, index.constrained)
    assert values == {(("ask", 3), 1): {"size"}}
    selected = {str(s) for s in index.select(fact_signatures(facts), set(), values)}
    assert "wanted(P) :- ask(_,size,P)." in selected
    assert "shown(P) :- ask(_,colour,P)." not in selected and "#defined shown/1." in selected
    assert "other(P) :- derived(P); ask(_,P,_)." in selected    # a variable there: kept
    assert (answer(list(index.select(fact_signatures(facts), set(), values)), facts)[0]
            == answer(index.statements, facts)[0] == ['wanted("x")'])


def card_index(program: str) -> RuleIndex:
    """An index whose program is all one card file, whose cards are those named Card..."""
    statements: list[ast.AST] = []
    ast.parse_string(program, statements.append)
    files = frozenset(s.location.begin.filename for s in statements)
    return RuleIndex(statements, files, lambda name: name.startswith("Card"))


def test_card_facts_are_kept_for_the_cards_the_facts_name_and_what_those_name():
    index = card_index("""
        makes(ab("Card A",1),"Card B").
        kind("Card B",token).
        kind("Card C",token).
        both(ab(("Card C";"Card D"),1)).
        about_kinds(token,"Card C").
        uses(X) :- kind(X,_).
        #show uses/1.
    """)
    assert [sorted(r.cards) for r in index.rules] == [
        ["Card A"], ["Card B"], ["Card C"], ["Card C", "Card D"], [], []]
    texts = lambda named: {str(s) for s in index.select(set(), named)}   # noqa: E731
    # Card A's fact names Card B, so Card B's facts are kept; Card C's and D's are not.
    kept = texts({"Card A"})
    assert {'makes(ab("Card A",1),"Card B").', 'kind("Card B",token).'} <= kept
    assert not {'kind("Card C",token).', 'both(ab(("Card C";"Card D"),1)).'} & kept
    assert 'about_kinds(token,"Card C").' in kept      # not keyed by a card: always kept
    assert 'both(ab(("Card C";"Card D"),1)).' in texts({"Card D"})
    # Nothing named: every keyed fact goes, and what only they fire; kind/2 is #defined.
    none = texts(set())
    assert not [t for t in none if t.startswith(("makes", "kind", "both", "uses"))]
    assert "#defined kind/2." in none
    assert texts(None) >= {str(s) for s in index.statements}       # None: every card fact


def test_the_solver_grounds_the_selection_once_the_programs_are_parsed(caplog):
    caplog.set_level(logging.INFO, logger="pybridge.solve.solver")
    parse_programs(program_files())
    facts = scenario_facts(load_scenario(QUERIES / "produce" / "contamination_mana_reflection.toml"))
    solved = solve_in_process(facts)
    assert caplog.records == []
    whole, _ = answer(parse_programs(program_files()).statements, facts)
    assert sorted(map(str, solved.symbols)) == whole
