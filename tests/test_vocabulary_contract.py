"""The card vocabulary (pybridge/contract/vocabulary.py) is the one declaration of the predicates
the compiler, the hand encodings and the printed facts state facts in: the generated files are
current and #define exactly it; every predicate the compiler emits for a seeded sample of the
pool, every hand fact and every printed fact is declared; every declared predicate is read by some
rule; and no #defined line is left in asp/ outside asp/vocabulary/."""
from __future__ import annotations

import random
from pathlib import Path

import clingo
import pytest
from clingo.ast import ASTType, parse_files

from pybridge.cards.library import ENTRY, asp_dir
from pybridge.cards.pool import load_pool
from pybridge.cards.printed import card_facts
from pybridge.contract import vocabulary
from pybridge.contract.generate import CARDS_LP, DERIVED_LP, generated
from pybridge.contract.vocabulary import ABILITY, CARD, CARD_VOCABULARY, DERIVED, FACE, PRINTED
from pybridge.oracle import hook

DECLARED = vocabulary.signatures()
HAND_ENCODINGS = Path(__file__).resolve().parent / "data" / "hand_encodings.lp"
SAMPLE_SIZE = 400
SEED = 20261205
# #defined lines of asp/show/ (the #show contract, kept apart from this change): each predicate
# has rules, so the line is redundant and may go; no other may appear.


def signature(sym: clingo.Symbol) -> str:
    return f"{sym.name}/{len(sym.arguments)}"


# --- reading the programs ---
def statements(paths: list[Path]) -> list:
    found: list = []
    parse_files([str(p) for p in paths], found.append)
    return found


def program_paths() -> list[Path]:
    """Every file of asp/ but the entry programs (they only #include the others)."""
    return [p for p in sorted(asp_dir().rglob("*.lp")) if p.name != ENTRY]


def atoms(node, in_head: bool, heads: set[str], bodies: set[str]) -> None:
    """The predicates of node's atoms, into heads or bodies: a head's conditions are bodies."""
    if node is None or isinstance(node, (str, int)):
        return
    if not hasattr(node, "ast_type"):           # a sequence of nodes (clingo's ASTSequence)
        for item in node:
            atoms(item, in_head, heads, bodies)
        return
    if node.ast_type == ASTType.SymbolicAtom:
        term = node.symbol
        terms = term.arguments if term.ast_type == ASTType.Pool else [term]
        (heads if in_head else bodies).update(f"{t.name}/{len(t.arguments)}" for t in terms
                                              if t.ast_type == ASTType.Function)
        return
    if node.ast_type == ASTType.ConditionalLiteral:
        atoms(node.literal, in_head, heads, bodies)
        atoms(node.condition, False, heads, bodies)
        return
    for key in node.child_keys:
        atoms(getattr(node, key), in_head, heads, bodies)


def heads_and_bodies(paths: list[Path]) -> tuple[set[str], set[str]]:
    heads: set[str] = set()
    bodies: set[str] = set()
    for statement in statements(paths):
        if statement.ast_type == ASTType.Rule:
            atoms(statement.head, True, heads, bodies)
            atoms(statement.body, False, heads, bodies)
        elif statement.ast_type == ASTType.ShowTerm:
            atoms(statement.body, False, heads, bodies)
    return heads, bodies


def defined_in(path: Path) -> list[str]:
    return [f"{s.name}/{s.arity}" for s in statements([path]) if s.ast_type == ASTType.Defined]


# --- (a) the declarations and the generated files ---
def test_one_declaration_per_predicate():
    names = [p.name for p in CARD_VOCABULARY]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    derived = [p.signature for p in DERIVED]
    assert len(derived) == len(set(derived)) and not set(derived) & DECLARED


def test_the_generated_files_are_current():
    for path, text in generated().items():
        assert path.read_text(encoding="utf-8") == text, \
            f"{path.name}: run `python -m pybridge.contract.generate`"


def test_the_generated_programs_define_exactly_the_declared():
    cards = defined_in(CARDS_LP)
    assert len(cards) == len(set(cards))
    assert set(cards) == DECLARED
    assert defined_in(DERIVED_LP) == [p.signature for p in DERIVED]


def test_the_flags_are_those_the_bridge_reads():
    # A hand fact replaces the compiler's facts about the ability it names first (hook.py reads
    # the first argument), and a copy fact those about the card it names first.
    assert all(p.keyed_by == ABILITY for p in CARD_VOCABULARY if p.replaces_compiled)
    assert all(p.keyed_by == CARD for p in CARD_VOCABULARY if p.copy_keyed)
    assert hook.COMPILED_PREDICATES == {p.name for p in CARD_VOCABULARY if p.replaces_compiled}
    assert hook.COPY_PREDICATES == {p.name for p in CARD_VOCABULARY if p.copy_keyed}
    assert {"mana_ability", "cost_tap", "pt_modify"} <= hook.COMPILED_PREDICATES
    assert "copy_keeps" in hook.COPY_PREDICATES and "copy_keeps" not in hook.COMPILED_PREDICATES


# --- (b) everything written is declared ---
@pytest.fixture(scope="module")
def sample() -> list[str]:
    names = sorted(load_pool().names())
    return random.Random(SEED).sample(names, SAMPLE_SIZE)


def test_every_predicate_the_compiler_emits_for_a_pool_sample_is_declared(sample):
    emitted: dict[str, str] = {}
    for card in sample:
        for fact in hook.oracle_facts([card]):
            emitted.setdefault(signature(fact), card)
    undeclared = {sig: card for sig, card in emitted.items() if sig not in DECLARED}
    assert not undeclared, undeclared
    # the sample reaches the compiler's main groups, so the check has something to check
    assert {"mana_ability/1", "static_when/2", "ability_grant/3"} <= set(emitted), sorted(emitted)


def test_every_printed_fact_of_the_sample_is_declared_printed(sample):
    emitted = {signature(fact) for fact in card_facts(sample)}
    assert emitted <= vocabulary.signatures(PRINTED), sorted(emitted - vocabulary.signatures(PRINTED))
    assert {"card/1", "printed_type/2", "printed_ability/3"} <= emitted


def hand_facts() -> dict[str, list[clingo.Symbol]]:
    """The hand encodings of asp/cards/, and those the compiler now reproduces (kept as test data
    by tests/test_oracle_hand.py), by file."""
    found = {}
    for path in [*sorted((asp_dir() / "cards").glob("*.lp")), HAND_ENCODINGS]:
        ctl = clingo.Control(["--warn=none"])
        ctl.load(str(path))
        ctl.ground([("base", [])])
        found[path.name] = [atom.symbol for atom in ctl.symbolic_atoms]
    return found


def test_every_hand_fact_is_declared():
    seen: set[str] = set()
    for name, facts in hand_facts().items():
        found = {signature(fact) for fact in facts}
        assert found <= DECLARED, (name, sorted(found - DECLARED))
        seen |= found
    assert {"mana_ability/1", "copy_grants/3", "face_down_source/3", "creature_type/1"} <= seen


def test_hand_facts_are_keyed_as_declared():
    """An ability-keyed fact names an ability term first, a card- or face-keyed one a name."""
    keyed = {p.signature: p.keyed_by for p in CARD_VOCABULARY}
    for name, facts in hand_facts().items():
        for fact in facts:
            first = fact.arguments[0]
            if keyed[signature(fact)] == ABILITY:
                assert first.type == clingo.SymbolType.Function and first.arguments, (name, str(fact))
            elif keyed[signature(fact)] in (CARD, FACE):
                assert first.type == clingo.SymbolType.String, (name, str(fact))


# --- (c) everything declared is read ---
def test_every_declared_predicate_is_read_by_some_rule():
    _, bodies = heads_and_bodies(program_paths())
    unread = {p.signature for p in CARD_VOCABULARY if p.signature not in bodies}
    flagged = {p.signature for p in CARD_VOCABULARY if p.unread}
    assert unread == flagged, {"unread, not flagged": sorted(unread - flagged),
                               "flagged, but read": sorted(flagged - unread)}


def test_each_derived_definition_is_needed():
    """A DERIVED predicate is read by asp/ and derived only by the explanation programs, so the
    program every answer runs (main.lp without asp/explain/) has no rule for it; or it is shown
    by asp/show/ for every scenario and derived by rules the selection may leave out."""
    explain = asp_dir() / "explain"
    main_heads, _ = heads_and_bodies([p for p in program_paths() if explain not in p.parents])
    all_heads, bodies = heads_and_bodies(program_paths())
    show = "\n".join(p.read_text(encoding="utf-8") for p in (asp_dir() / "show").glob("*.lp"))
    for predicate in DERIVED:
        assert predicate.signature in all_heads, predicate
        if predicate.shown:
            assert f"#show {predicate.signature}." in show, predicate
        else:
            assert predicate.signature in bodies, predicate
            assert predicate.signature not in main_heads, predicate


# --- (d) #defined only in asp/vocabulary/ ---
def test_no_defined_outside_the_vocabulary():
    root = asp_dir()
    found = {(p.relative_to(root).as_posix(), sig) for p in program_paths()
             if p.parent.name != "vocabulary" for sig in defined_in(p)}
    assert found == set()
