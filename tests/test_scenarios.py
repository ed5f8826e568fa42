"""Every scenario under queries/ is a test: each ask states what it expects, and the solver agrees."""
from pathlib import Path

import pytest

from pybridge import load_scenario

QUERIES = Path(__file__).resolve().parent.parent / "queries"
FILES = sorted(QUERIES.rglob("*.toml"))


def test_there_are_scenarios():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(QUERIES)) for p in FILES])
def test_scenario(path, queries_answered):
    scenario = load_scenario(path)
    assert scenario.cites or scenario.source, "a scenario says what it rests on (cites or source)"
    result = queries_answered[str(path)]
    if isinstance(result, Exception):
        raise result
    assert not result.timed_out
    for r in result.results:
        assert r.ask.has_expect, f"ask {r.ask.number} has no expect"
        assert r.ok, f"ask {r.ask.number} {r.ask.kind} {r.ask.target}: got {r.answer}, expected {r.ask.expect}"
