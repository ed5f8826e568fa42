"""The scenario contract (pybridge/contract/scenario/) is the one declaration of the scenario's keys: the
#defined block of the inputs and the docs' key tables are generated from it and current; every
fact it declares is #defined in the programs, and every #defined predicate no program derives is
a declared input; the facts emitted for every scenario of queries/ are declared ones."""
from __future__ import annotations

from pathlib import Path

import pytest
from clingo.ast import ASTType, parse_files

from pybridge import InputError, answer_scenario, parse_scenario

from pybridge.contract.scenario import ASK_OPTION_KEYS, HISTORY, STEP, TABLES, input_facts
from pybridge.answer.events import event_facts
from pybridge.read.facts import scenario_facts
from pybridge.contract.generate import FORMAT_MD, INPUTS_LP, format_document, inputs_program
from pybridge.contract.kinds import OPTION_KEYS
from pybridge.cards.library import ENTRY, asp_dir
from pybridge.read.scenario import load_scenario, scenario_from_document

QUERIES = Path(__file__).resolve().parent.parent / "queries"
from pybridge.cards.printed import PRINTED_SIGNATURES  # noqa: E402
from pybridge.oracle.hook import CARD_VOCABULARY  # noqa: E402

DECLARED = {signature for signature, _, _ in input_facts()}


def statements() -> list:
    found: list = []
    # The entry programs only #include the others.
    parse_files([str(p) for p in sorted(asp_dir().rglob("*.lp")) if p.name != ENTRY], found.append)
    return found


def head_atoms(node) -> set[str]:
    """The predicates a rule head derives (a conditional literal's condition is a body)."""
    if node is None or not hasattr(node, "ast_type"):
        return set()
    if node.ast_type == ASTType.SymbolicAtom:
        term = node.symbol
        terms = term.arguments if term.ast_type == ASTType.Pool else [term]
        return {f"{t.name}/{len(t.arguments)}" for t in terms if t.ast_type == ASTType.Function}
    if node.ast_type == ASTType.ConditionalLiteral:
        return head_atoms(node.literal)
    out: set[str] = set()
    for key in node.child_keys:
        child = getattr(node, key)
        for item in child if isinstance(child, list) else [child]:
            out |= head_atoms(item)
    return out


def defined_and_derived() -> tuple[set[str], set[str]]:
    """The #defined predicates, and those some rule derives or an answer shows (an output a rule
    may derive, such as scenario_problem/1, is no input)."""
    defined, derived = set(), set()
    for statement in statements():
        if statement.ast_type == ASTType.Defined:
            defined.add(f"{statement.name}/{statement.arity}")
        elif statement.ast_type == ASTType.Rule:
            derived |= head_atoms(statement.head)
        elif statement.ast_type == ASTType.ShowSignature:
            derived.add(f"{statement.name}/{statement.arity}")
    return defined, derived


def test_the_generated_inputs_program_is_current():
    assert INPUTS_LP.read_text(encoding="utf-8") == inputs_program(), \
        "run `python -m pybridge.contract.generate`"


def test_the_key_tables_of_the_format_document_are_current():
    text = FORMAT_MD.read_text(encoding="utf-8")
    assert text == format_document(text), "run `python -m pybridge.contract.generate`"
    assert "| `tapped` | bool | `false` |" in text


def test_every_declared_fact_is_defined_and_every_defined_input_is_declared():
    defined, derived = defined_and_derived()
    assert DECLARED <= defined, sorted(DECLARED - defined)
    inputs = defined - derived
    # The card pool's printed facts are inputs too (pybridge/cards/printed.py), and so is the card
    # vocabulary the Oracle compiler states facts in.
    inputs -= PRINTED_SIGNATURES
    assert inputs <= DECLARED | CARD_VOCABULARY, \
        f"#defined but neither derived nor declared: {sorted(inputs - DECLARED - CARD_VOCABULARY)}"
    # The scenario's facts are inputs only: no rule derives one.
    assert not DECLARED & derived, sorted(DECLARED & derived)
    assert "tapped/1" in inputs and "could_produce/2" not in defined - derived


def test_the_ask_options_declared_are_the_kinds_options():
    assert ASK_OPTION_KEYS == OPTION_KEYS


def test_every_fact_a_scenario_becomes_is_declared():
    # Two keys no scenario of queries/ writes, given here.
    extra = scenario_from_document({
        "title": "t", "permanent": [{"id": "a", "card": "Forest", "copy_of_card": "Forest"}],
        "effect": [{"card": "Forest", "chosen_color": "g"}], "ask": [{"could_produce": "a"}]})
    emitted = set()
    for scenario in [extra, *map(load_scenario, sorted(QUERIES.rglob("*.toml")))]:
        emitted |= {f"{s.name}/{len(s.arguments)}" for s in scenario_facts(scenario)}
        for event in scenario.events:       # given one step at a time (pybridge/answer/events.py)
            emitted |= {f"{s.name}/{len(s.arguments)}" for s in event_facts(event)}
    # The history a state carries is derived by the rules (as next/1) and carried by events.py;
    # tests/test_events.py exercises it.  The facts of a step of state-based actions are given by
    # events.py too (tests/test_state_based_actions.py).
    emitted |= {signature for signature, _, table in input_facts()
                if table in (HISTORY.name, STEP.name)}
    emitted -= PRINTED_SIGNATURES       # the scenario's cards' printed facts (pybridge/cards/)
    assert emitted <= DECLARED | CARD_VOCABULARY, sorted(emitted - DECLARED - CARD_VOCABULARY)
    # ... and every declared fact is given by some scenario of queries/, so each is exercised.
    assert DECLARED <= emitted, sorted(DECLARED - emitted)


def test_key_names_are_unique_within_each_table():
    for table in TABLES:
        names = [key.name for key in table.keys]
        assert len(names) == len(set(names)), table.name


# --- the key added through the contract alone: phased_out (rule 702.26) ---
PHASED = '''title = "t"
[[permanent]]
id = "forest"
card = "Forest"
phased_out = {value}
[[permanent]]
id = "growth"
card = "Wild Growth"
attached_to = "forest"
[[ask]]
could_produce = "{asked}"
'''


def test_phased_out_is_checked_at_its_line_and_becomes_its_fact():
    with pytest.raises(InputError) as caught:
        parse_scenario(PHASED.format(value="1", asked="forest"), "s.toml")
    assert str(caught.value) == "s.toml: line 5: phased_out must be true or false, not 1"
    scenario = parse_scenario(PHASED.format(value="true", asked="forest"), "s.toml")
    facts = {str(s) for s in scenario_facts(scenario)}
    assert 'phased_out("forest")' in facts and 'phased_out("growth")' not in facts


def test_asking_about_a_phased_out_permanent_or_its_aura_is_refused_by_the_rules():
    for asked, line in (("forest", 2), ("growth", 6)):
        scenario = parse_scenario(PHASED.format(value="true", asked=asked), "s.toml")
        with pytest.raises(InputError) as caught:
            answer_scenario(scenario)
        assert str(caught.value).startswith(f"s.toml: line {line}: permanent {asked!r}: rule 702.26b")
    answers = answer_scenario(parse_scenario(PHASED.format(value="false", asked="forest"), "s.toml"))
    assert answers.results[0].answer == ["G"]
