"""The package's modules import one another without a cycle, and the answer-set model is a leaf."""
from __future__ import annotations

import ast
from pathlib import Path

import pybridge

PACKAGE = Path(pybridge.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = ["pybridge", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every pybridge module the file imports, at top level or inside a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            # `from pybridge.answer.kinds import mana` imports the submodule pybridge.answer.kinds.mana.
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): (imports_of(p) & modules) - {module_name(p)} for p in paths}


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle, as the modules along it, or [] when there is none."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = "done"
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def with_parent_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Importing a submodule imports its package first: add those edges."""
    out = {name: set(deps) for name, deps in graph.items()}
    for name, deps in graph.items():
        for dep in deps:
            parent = dep.rsplit(".", 1)[0]
            if parent in graph and parent != name and not name.startswith(parent + "."):
                out[name].add(parent)
    return out


def test_no_module_of_the_package_is_part_of_an_import_cycle():
    graph = with_parent_packages(import_graph())
    assert "pybridge.answer.kinds.mana" in graph and "pybridge.answer.explain" in graph["pybridge.answer.kinds.mana"]
    assert cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []


def test_the_answer_set_model_and_the_errors_import_nothing_of_the_project():
    graph = import_graph()
    for leaf in ("pybridge.errors", "pybridge.read.mana_strings", "pybridge.solve.symbols", "pybridge.solve.bulk",
                 "pybridge.contract.answers", "pybridge.contract.kinds"):
        assert graph[leaf] == set(), leaf
    # the model decodes its atoms with the bulk helpers, leaves themselves (issue 11), into the
    # rows the answers contract declares
    assert graph["pybridge.solve.model"] == {"pybridge.solve.symbols", "pybridge.solve.bulk",
                                             "pybridge.contract.answers"}


def test_the_reader_and_the_facts_never_import_the_answer_layer():
    graph = import_graph()
    readers = [m for m in graph if m.startswith("pybridge.read.")]
    assert "pybridge.read.scenario" in readers and "pybridge.read.facts" in readers
    for module in readers:
        assert not {m for m in graph[module] if m.startswith("pybridge.answer")}, module


# --- the rooms of the package, in layers: a room imports only rooms below it ---
# Each rung lists rooms (a subpackage, or a top-level module) that may import the rooms of the
# rungs below and never those above or beside them.  The leaves may be imported from anywhere.
LADDER = (
    ("contract",),
    ("cards",),
    ("comprules", "oracle"),
    ("read",),
    ("run",),
    ("solve",),
    ("answer",),
    ("reference", "api"),
    ("sweep", "web"),
    ("cli",),
    ("preload", "pybridge", "__main__"),
)
LEAVES = frozenset({"pybridge.errors", "pybridge.solve.symbols", "pybridge.solve.bulk",
                    "pybridge.read.mana_strings"})


def room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "pybridge"


def test_every_room_of_the_package_stands_on_one_rung_of_the_ladder():
    rungs = [name for rung in LADDER for name in rung]
    assert len(rungs) == len(set(rungs))
    assert {room(module) for module in import_graph()} - {"errors", "data"} == set(rungs)


def ladder_breaks(graph: dict[str, set[str]]) -> list[str]:
    """The imports that climb the ladder: a room importing a room on its own rung or above."""
    rung = {name: i for i, names in enumerate(LADDER) for name in names}
    return sorted(f"{module} imports {dep}" for module, deps in graph.items() for dep in deps
                  if dep not in LEAVES and room(dep) != room(module)
                  and rung.get(room(dep), -1) >= rung.get(room(module), len(LADDER)))


def test_no_room_imports_a_room_above_it():
    assert ladder_breaks(import_graph()) == []


def test_the_ladder_check_sees_an_import_that_climbs():
    graph = {"pybridge.read.facts": {"pybridge.answer.kinds"}, "pybridge.answer.kinds": {"pybridge.read.facts"}}
    assert ladder_breaks(graph) == ["pybridge.read.facts imports pybridge.answer.kinds"]


# --- a command imports what it needs: start-up ---
LEAN_QUESTION = """
import json, sys
import pybridge.cli
from pybridge.answer.answering import answer_here, read_scenario_file
from pybridge.answer.report import to_json
to_json(answer_here(read_scenario_file(sys.argv[1])), False)
print(json.dumps(sorted(sys.modules)))
"""


def test_a_question_about_a_forest_imports_neither_grammar_nor_sweep_nor_web(tmp_path):
    """The command line and a question about a card with no ability to compile: no lark (the
    Oracle grammars), no sweep machinery, no web page, no progress bar, no coverage report, no
    multiprocessing, no parsing of the programs (a question after the first restores the parse
    kept on disk, pybridge/solve/program_cache.py, and selects its rules as text)."""
    import json
    import subprocess
    import sys
    board = tmp_path / "forest.toml"
    board.write_text('title = "One Forest"\n[[permanent]]\nid = "forest"\ncard = "Forest"\n'
                     '[[ask]]\nproduce = "forest"\n')
    for _ in range(2):          # the first one parses the programs and keeps the parse
        done = subprocess.run([sys.executable, "-c", LEAN_QUESTION, str(board)],
                              capture_output=True, text=True, timeout=120, cwd=PACKAGE.parent)
        assert done.returncode == 0, done.stderr
    # what the interpreter itself loads at start-up (a site .pth file may import tempfile) is
    # not the question's doing
    bare = subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, timeout=60, check=True)
    modules = set(json.loads(done.stdout)) - set(json.loads(bare.stdout))
    assert "pybridge.read.facts" in modules and "clingo" in modules
    for heavy in ("lark", "pybridge.oracle.compile", "pybridge.oracle.mana", "pybridge.oracle.statics.reader", "pybridge.sweep.run",
                  "pybridge.reference", "pybridge.web", "tqdm", "pybridge.cards.coverage",
                  "multiprocessing", "tempfile", "rapidfuzz", "concurrent.futures",
                  "clingo.ast"):
        assert heavy not in modules, heavy


def test_a_card_with_no_ability_compiles_to_nothing_without_the_compiler():
    from pybridge.oracle.hook import ability_compilations, card_compilation
    for card in ("Forest", "Snow-Covered Island", "Plains"):
        assert ability_compilations(card) == () == card_compilation(card).abilities, card
    assert ability_compilations("Llanowar Elves") == card_compilation("Llanowar Elves").abilities != ()


# --- sizes: small modules, short functions ---
MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 80


def oversized(roots: list[Path]) -> list[str]:
    """Python files over MAX_FILE_LINES lines and functions over MAX_FUNCTION_LINES."""
    found = []
    for path in sorted(p for root in roots for p in root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MAX_FILE_LINES:
            found.append(f"{path}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{path}:{node.lineno}: {node.name} is {length} lines")
    return found


def test_no_python_file_is_over_800_lines_and_no_function_over_80():
    checkout = PACKAGE.parent
    assert oversized([checkout / name for name in ("pybridge", "tests", "benchmarks", "tools")]) == []


def test_the_size_check_sees_a_long_function(tmp_path):
    (tmp_path / "long.py").write_text("def f():\n" + "    x = 1\n" * 90)
    assert oversized([tmp_path]) == [f"{tmp_path / 'long.py'}:1: f is 91 lines"]
