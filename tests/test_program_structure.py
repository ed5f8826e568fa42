"""The logic programs' rooms: each predicate's rules live in one file, but for the declared
extension points; the filter language has rules only in asp/scopes/; one demand suffix; no
overflow files; section banners name what they hold."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from clingo import ast

from pybridge.cards.library import RULE_FOLDERS, asp_dir

# The predicates whose rules may stand in several files, each with why (docs/ARCHITECTURE.md
# has a line for each).  The explanation plug-ins are confined to asp/explain/, the filter
# language to asp/scopes/.
EXTENSION_POINTS = {
    "scenario_problem/1": "a refusal of the scenario, stated where the rule it breaks is",
    "scenario_problem/2": "a refusal about one permanent or effect, stated where its rule is",
    "event_problem/2": "a refusal of an event, stated where the event's rule is",
    "bound_exceeded/1": "a bound of the grounding reached, stated where the bound is",
    "next/1": "what an event changes in the next state, stated by each rule that changes it",
    "ability_text/2": "an ability's text, stated by each source of abilities (printed, granted, copied, token)",
    "explain_step/4": "a step of an explanation, stated by the rules that derive it and by the explain programs",
}
CONFINED = {
    "scopes": {"matches/2", "in_key/2", "scope_key/3", "matches_l1/2", "in_key_l1/2",
               "scope_key_l1/3", "scope_term/1", "static_filter/1"},
    "explain": {"explain/5", "level_run/2", "level_part/3", "level_finish/2",
                "level_progress/2", "explain_path_wanted/1"},
}
DEMAND_SUFFIX = "_wanted"
OLD_DEMAND_SUFFIXES = ("_asked", "_used", "_read", "_needed", "_used_extra")


def head_predicates(statement) -> list[str]:
    """The predicates a rule defines: the atoms of its head, conditions and bodies aside."""
    found: list[str] = []

    def visit(node) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.SymbolicAtom:
                symbol = node.symbol
                if symbol.ast_type == ast.ASTType.Function:
                    found.append(f"{symbol.name}/{len(symbol.arguments)}")
                elif symbol.ast_type == ast.ASTType.SymbolicTerm:
                    found.append(f"{symbol.symbol.name}/{len(symbol.symbol.arguments)}")
                return
            if node.ast_type == ast.ASTType.ConditionalLiteral:
                visit(node.literal)
                return
            for key in node.keys():
                if key not in ("body", "condition"):
                    visit(getattr(node, key))
        elif not isinstance(node, (str, int)) and hasattr(node, "__iter__"):
            for item in node:
                visit(item)

    if statement.ast_type == ast.ASTType.Rule:
        visit(statement.head)
    return found


def rule_files_of(folders) -> list[Path]:
    """The files of the folders, but their entry files (an entry only #includes the others)."""
    return [path for folder in folders for path in sorted((asp_dir() / folder).glob("*.lp"))
            if path.name != "main.lp"]


def defining_files(files: list[Path]) -> dict[str, set[str]]:
    """Each predicate with rules in the files, and the files (relative to asp/) that hold them."""
    where: dict[str, set[str]] = defaultdict(set)
    for path in files:
        name = str(path.relative_to(asp_dir()))
        ast.parse_files([str(path)], lambda s: [where[p].add(name) for p in head_predicates(s)])
    return where


def demand_guard(predicate: str) -> bool:
    return predicate.split("/")[0].endswith(DEMAND_SUFFIX)


def test_each_predicate_has_its_rules_in_one_file_but_the_declared_extension_points():
    where = defining_files(rule_files_of([*RULE_FOLDERS, "show", "explain"]))
    confined = set().union(*CONFINED.values())
    spread = {p: sorted(files) for p, files in where.items()
              if len(files) > 1 and p not in EXTENSION_POINTS and p not in confined
              and not demand_guard(p)}
    assert spread == {}


def test_the_filter_language_and_the_explanations_have_rules_only_in_their_folders():
    where = defining_files(rule_files_of([*RULE_FOLDERS, "show", "explain"]))
    outside = {p: sorted(f for f in where.get(p, ()) if not f.startswith(folder + "/"))
               for folder, predicates in CONFINED.items() for p in predicates}
    assert {p: files for p, files in outside.items() if files} == {}


def test_every_extension_point_is_still_spread_and_has_its_line_in_the_architecture():
    where = defining_files(rule_files_of([*RULE_FOLDERS, "show", "explain"]))
    architecture = (asp_dir().parent / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for predicate in EXTENSION_POINTS:
        assert len(where[predicate]) > 1, f"{predicate} is in one file now: drop it from the list"
        assert f"`{predicate}`" in architecture, predicate


def test_the_checker_sees_a_predicate_defined_in_two_files(tmp_path):
    for name in ("a.lp", "b.lp"):
        (tmp_path / name).write_text("p(1) :- q.\nq.\n")
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(tmp_path.glob("*.lp")):
        ast.parse_files([str(path)], lambda s, n=path.name: [found[p].add(n) for p in head_predicates(s)])
    assert found["p/1"] == {"a.lp", "b.lp"} and found["q/0"] == {"a.lp", "b.lp"}


def test_demand_guards_have_one_suffix():
    text = "\n".join(p.read_text(encoding="utf-8") for p in asp_dir().rglob("*.lp"))
    predicates = set(re.findall(r"\b([a-z][a-z0-9_]*)\(", text))
    old = sorted(p for p in predicates if p.endswith(OLD_DEMAND_SUFFIXES))
    assert old == []


def test_no_overflow_files_and_no_banner_names_a_history():
    for path in asp_dir().rglob("*.lp"):
        text = path.read_text(encoding="utf-8")
        assert not text.startswith("% More shapes of"), path
        for banner in re.findall(r"^% --- (.*?) ---$", text, flags=re.M):
            assert not re.search(r"\b(branch|issue|wave|more shapes)\b", banner, re.I), (path, banner)
