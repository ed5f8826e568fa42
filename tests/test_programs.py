"""The program is asp/main.lp, run with clingo's warnings on: it includes every rules, card and
show file once, grounds every scenario of queries/ without an undefined atom, and has exactly one
answer set for each."""
from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from pybridge.errors import SolverError
from pybridge.read.facts import scenario_facts
from pybridge.cards.library import (ENTRY, EXPLAIN_FOLDER, SLICING_FOLDER, asp_dir, explain_files,
                                    program_files)
from pybridge.read.scenario import load_scenario
from pybridge.solve.solver import solve_in_process

QUERIES = Path(__file__).resolve().parent.parent / "queries"
INCLUDE = re.compile(r'^#include "([^"]+)"\.', flags=re.M)


def included(entry: Path) -> list[Path]:
    return [entry.parent / name for name in INCLUDE.findall(entry.read_text(encoding="utf-8"))]


def test_the_program_is_the_entry_and_it_includes_every_program_file_once():
    root = asp_dir()
    assert program_files() == [root / ENTRY]
    files = included(root / ENTRY)
    assert len(files) == len(set(files))
    expected = {p for p in root.rglob("*.lp")
                if p.relative_to(root).parts[0] not in (EXPLAIN_FOLDER, SLICING_FOLDER)
                and p.name != ENTRY}
    assert set(files) == expected


def test_the_explain_entry_includes_every_explain_program_once():
    files = included(asp_dir() / EXPLAIN_FOLDER / ENTRY)
    assert sorted(files) == explain_files() and len(files) == len(set(files))


def test_every_scenario_grounds_without_a_warning_to_one_answer_set(caplog):
    """solve_in_process asks clingo for two models, so a second answer set is a SolverError; the
    logger carries every message clingo gives, an undefined atom among them."""
    caplog.set_level(logging.INFO, logger="pybridge.solve.solver")
    files = sorted(QUERIES.rglob("*.toml"))
    assert len(files) > 100
    for path in files:
        caplog.clear()
        solve_in_process(scenario_facts(load_scenario(path)))
        assert [r.getMessage() for r in caplog.records] == [], path


def test_more_than_one_answer_set_is_a_solver_error(tmp_path):
    program = tmp_path / "two.lp"
    program.write_text("{ a }.\n")
    with pytest.raises(SolverError, match="more than one answer set"):
        solve_in_process([], files=[program])


def test_clingo_warnings_reach_the_logger(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="pybridge.solve.solver")
    program = tmp_path / "undefined.lp"
    program.write_text("a :- b.\n")
    solve_in_process([], files=[program])
    assert any("does not occur in any rule head" in r.getMessage() for r in caplog.records)
