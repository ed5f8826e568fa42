"""The answers contract (pybridge/contract/answers.py) and the question kinds' declarations
(pybridge/contract/kinds.py) against what they describe: the #show statements of asp/show/, the
atoms answering actually shows, the code that reads them, the answer layer's kinds, the reader's
expectations, GET /api/kinds and `mtgasp ask --help`."""
from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import clingo
import clingo.ast
import pytest

import pybridge
from pybridge.answer.events import final_states, question_facts
from pybridge.answer.kinds import KINDS
from pybridge.cli import build_parser
from pybridge.errors import InputError
from pybridge.contract import answers
from pybridge.contract.kinds import KIND_BY_NAME, KIND_DECLS, KIND_NAMES, OPTION_VALUES, TARGETS
from pybridge.read.ask_options import _CHECKS, _TERMS
from pybridge.read.expects import EXPECTS
from pybridge.read.facts import scenario_facts
from pybridge.read.scenario import load_scenario
from pybridge.solve.model import ModelAtoms, read_rows
from pybridge.solve.solver import solve_in_process

ROOT = Path(__file__).resolve().parents[1]
SHOW_DIR = ROOT / "asp" / "show"
PACKAGE = Path(pybridge.__file__).resolve().parent
# The show files that are no question kind's: what every question shares, and an event's step.
SHARED_SHOW_FILES = {"base", "events"}
EXPLAIN_DIR = ROOT / "asp" / "explain"
DECLARED = [row for rows in answers.SHOWN.values() for row in rows]
EXPLAIN_DECLARED = [row for rows in answers.EXPLAIN_SHOWN.values() for row in rows
                    if row not in DECLARED]
DECLARED_SIGNATURES = {(row.PREDICATE, answers.arity(row)) for row in DECLARED}


def shown_signatures(path: Path) -> set[tuple[str, int]]:
    """(name, arity) of every atom the file's #show statements show, read with clingo's parser."""
    found: set[tuple[str, int]] = set()

    def statement(node: clingo.ast.AST) -> None:
        if node.ast_type == clingo.ast.ASTType.ShowSignature:
            if node.name:           # `#show.` alone shows nothing: it hides what isn't shown
                found.add((node.name, node.arity))
        elif node.ast_type == clingo.ast.ASTType.ShowTerm:
            term = node.term
            assert term.ast_type in (clingo.ast.ASTType.Function, clingo.ast.ASTType.SymbolicTerm), \
                f"{path.name}: a #show term that is no atom: {term}"
            if term.ast_type == clingo.ast.ASTType.Function:
                found.add((term.name, len(term.arguments)))
            else:
                sym = term.symbol
                found.add((sym.name, len(sym.arguments)))

    clingo.ast.parse_files([str(path)], statement)
    return found


SHOW_FILES = sorted(p.stem for p in SHOW_DIR.glob("*.lp"))


def test_the_show_file_parser_finds_terms_and_signatures():
    assert shown_signatures(SHOW_DIR / "base.lp") == {
        ("scenario_problem", 1), ("scenario_problem", 2), ("bound_exceeded", 1),
        ("continuous_source", 1), ("effect_unread", 2), ("face_down_unread", 2)}
    assert ("explain", 5) in shown_signatures(SHOW_DIR / "turn_face_up.lp")


@pytest.mark.parametrize("show", SHOW_FILES)
def test_the_rows_declared_for_a_show_file_are_its_show_statements(show):
    declared = {(row.PREDICATE, answers.arity(row)) for row in answers.SHOWN.get(show, [])}
    assert declared == shown_signatures(SHOW_DIR / f"{show}.lp")


# main.lp only #includes the others (clingo's parser follows the includes).
@pytest.mark.parametrize("program", sorted(p.stem for p in EXPLAIN_DIR.glob("*.lp") if p.stem != "main"))
def test_the_rows_declared_for_an_explanation_program_are_its_show_statements(program):
    declared = {(row.PREDICATE, answers.arity(row)) for row in answers.EXPLAIN_SHOWN.get(program, [])}
    assert declared == shown_signatures(EXPLAIN_DIR / f"{program}.lp")


def test_every_declared_row_names_an_existing_show_file_and_has_typed_fields():
    assert set(answers.SHOWN) == set(SHOW_FILES)
    assert set(answers.EXPLAIN_SHOWN) <= {p.stem for p in EXPLAIN_DIR.glob("*.lp")}
    readable = {int, str, answers.Name, answers.Text, clingo.Symbol}
    for row in DECLARED + EXPLAIN_DECLARED:
        assert isinstance(row, type) and issubclass(row, tuple) and row.__slots__ == (), row
        assert set(answers.field_types(row)) == set(answers.field_names(row)), row
        for name, kind in answers.field_types(row).items():
            assert kind in readable, (row.__name__, name, kind)


def test_a_row_is_immutable_and_equal_only_to_a_row_of_its_own_class():
    """What a frozen dataclass gave: rows read from an answer set compare and hash by value,
    can't be changed, and a row of another class with the same values is another row."""
    problem, bound = answers.ScenarioProblem("x"), answers.BoundExceeded("x")
    assert problem == answers.ScenarioProblem(text="x") and hash(problem) == hash(("x",))
    assert problem != bound and not (problem == bound) and len({problem, bound}) == 2
    assert problem != ("x",)
    assert repr(problem) == "ScenarioProblem(text='x')"
    with pytest.raises(AttributeError):
        problem.text = "y"
    with pytest.raises(AttributeError):
        problem.other = "y"
    assert answers.per_ask(answers.ProduceAnswer) and not answers.per_ask(answers.ScenarioProblem)


def _names_used(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    return names | {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}


def test_each_declared_row_is_read_or_says_why_it_is_shown_unread():
    contract = PACKAGE / "contract" / "answers.py"
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path != contract:
            used |= _names_used(path)
    for row in DECLARED + EXPLAIN_DECLARED:
        if row.UNREAD:
            assert row.__name__ not in used, f"{row.__name__} is read: drop its `unread` reason"
        else:
            assert row.__name__ in used, f"{row.__name__} is shown but no code reads it"


def test_no_kind_reads_a_shown_atom_by_position():
    """The kinds read rows by field name: no atoms.rows(...) or positional row[0] is left."""
    for path in [*(PACKAGE / "answer").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert ".rows(" not in text, path
        assert "row[0]" not in text, path


# --- every atom answering shows is declared, and reads as its row ---
def sampled_queries() -> list[Path]:
    """Every file of four folders, and every fifth file of the others."""
    whole = {"etb_x", "face_down", "events", "stack"}
    out = []
    for folder in sorted(p for p in (ROOT / "queries").iterdir() if p.is_dir()):
        files = sorted(folder.glob("*.toml"))
        out += files if folder.name in whole else files[::5]
    return out


def shown_atoms(path: Path) -> list[clingo.Symbol]:
    scenario = load_scenario(str(path))
    facts = scenario_facts(scenario)
    if scenario.events:        # asked of the state after them (the first outcome's)
        facts = question_facts(scenario, final_states(scenario)[0])
    return solve_in_process(facts).symbols


@pytest.fixture(scope="module")
def sampled_atoms() -> dict[str, list[clingo.Symbol]]:
    out = {}
    for path in sampled_queries():
        try:
            out[str(path.relative_to(ROOT))] = shown_atoms(path)
        except InputError:      # a file that is meant to be refused
            continue
    return out


def test_every_atom_shown_when_answering_the_sampled_queries_is_declared(sampled_atoms):
    assert len(sampled_atoms) > 60
    seen: Counter = Counter()
    for name, symbols in sampled_atoms.items():
        for sym in symbols:
            signature = (sym.name, len(sym.arguments))
            assert signature in DECLARED_SIGNATURES, f"{name}: {sym} is shown but not declared"
            seen[signature] += 1
    # the sample reaches every kind's show file
    for kind in KIND_DECLS:
        rows = answers.SHOWN[kind.show]
        assert any((row.PREDICATE, answers.arity(row)) in seen for row in rows), kind.name


def test_every_sampled_atom_reads_as_its_declared_row(sampled_atoms):
    for name, symbols in sampled_atoms.items():
        atoms = ModelAtoms(symbols)
        for row in DECLARED:
            count = sum(1 for s in symbols
                        if s.name == row.PREDICATE and len(s.arguments) == answers.arity(row))
            rows = read_rows(row, symbols)      # converts every field: a wrong type raises
            assert len(rows) == count, (name, row.__name__)
            if answers.per_ask(row):
                by_ask = sum(len(atoms.read(row, k)) for k in {r.ask for r in rows})
                assert by_ask == count, (name, row.__name__)


def test_a_row_of_the_wrong_type_is_refused():
    wrong = clingo.Function("etb_x_answer", [clingo.Number(1), clingo.String("two")])
    with pytest.raises(RuntimeError):
        read_rows(answers.EtbXAnswer, [wrong])
    right = clingo.Function("etb_x_answer", [clingo.Number(1), clingo.Number(2)])
    assert ModelAtoms([right]).read(answers.EtbXAnswer, 1) == [answers.EtbXAnswer(ask=1, x=2)]
    assert ModelAtoms([right]).read(answers.EtbXAnswer, 2) == []


# --- the question kinds: declared once, the same names on every side ---
def test_the_declared_kinds_are_the_answer_layers_and_the_show_files():
    assert len(KIND_NAMES) == len(set(KIND_NAMES)) == 12
    assert set(KIND_NAMES) == set(KINDS)
    assert set(KIND_NAMES) == set(EXPECTS)
    assert {k.show for k in KIND_DECLS} == set(SHOW_FILES) - SHARED_SHOW_FILES
    for kind in KIND_DECLS:
        assert KINDS[kind.name].name == kind.name
        assert kind.target in TARGETS, kind.name
        assert all(o.value in OPTION_VALUES for o in kind.options), kind.name
        # a kind that merges the answers of several outcomes says how
        assert kind.merges_outcomes == (KINDS[kind.name].outcomes is not None), kind.name
    assert set(OPTION_VALUES) == set(_CHECKS) == set(_TERMS)


def test_the_page_gets_the_kinds_from_the_api():
    from starlette.testclient import TestClient

    from pybridge.web import create_app
    with TestClient(create_app(timeout=60)) as client:
        body = client.get("/api/kinds").json()
    assert [k["name"] for k in body["kinds"]] == list(KIND_NAMES)
    produce = next(k for k in body["kinds"] if k["name"] == "produce")
    assert produce["target"] == "permanent"
    assert [o["key"] for o in produce["options"]] == ["ability"]
    assert next(k for k in body["kinds"] if k["name"] == "pool")["target"] == "player"
    for script in (PACKAGE / "web" / "static").glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert "KIND_OPTION" not in text and "const KINDS" not in text, script
        assert '"could_produce"' not in text, script


def test_the_cli_help_lists_every_kind(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["ask", "--help"])
    help_text = capsys.readouterr().out
    for kind in KIND_DECLS:
        assert f"  {kind.name} = " in help_text, kind.name
        assert kind.doc in help_text, kind.name
    assert "pool = PLAYER" in help_text


def test_the_docs_question_table_is_generated_from_the_declarations():
    from pybridge.contract.generate import FORMAT_MD, format_document, kinds_table
    text = FORMAT_MD.read_text(encoding="utf-8")
    assert format_document(text) == text
    table = kinds_table()
    assert all(f"| `{k.name} = " in table for k in KIND_DECLS)
    assert table in text
    assert KIND_BY_NAME["produce"].options[0].doc in table
