"""The bulk paths of big boards (issue 11) give what the plain ones give: the compiled TOML parser
and its tomllib fallback, symbols made and read through clingo's C API and through its Python
API, validation and facts table by table, header lines found in one search of the text."""
from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import clingo
import pytest

from pybridge.read import toml_reader
from pybridge.solve import symbols
from pybridge.contract.scenario import CARD, EFFECT, PERMANENT, Context
from pybridge.errors import InputError
from pybridge.read.facts import scenario_facts
from pybridge.solve.model import ModelAtoms
from pybridge.read.scenario import HEADER, _Lines, load_scenario, parse_scenario
from pybridge.solve.solver import solve_in_process

QUERIES = Path(__file__).resolve().parent.parent / "queries"
SAMPLE = sorted(QUERIES.rglob("*.toml"))[::9]      # 31 files of every kind


# --- TOML: the compiled parser and tomllib read alike ---
MALFORMED = ['title = "x"\n\n[[permanent]]\nid = "a"\ncard = "Forest\n',
             'title = "x"\n[game]\nplayers = ["you", "opponent"\n',
             'title = "x"\n[[ask]]\nproduce = { a = 1,\n b = 2 }\n',     # TOML 1.1 only
             'title = "\\e"\n',                                        # TOML 1.1 only
             'title = "x"\ntitle = "y"\n']


def _message(text: str) -> str:
    with pytest.raises(InputError) as err:
        parse_scenario(text, "bad.toml")
    return str(err.value)


def test_the_compiled_parser_is_used_where_installed_and_reads_as_tomllib(monkeypatch):
    assert toml_reader.PARSER == "tomli"       # the fast extra, which .[test] installs
    for path in SAMPLE:
        text = path.read_text(encoding="utf-8")
        assert toml_reader.loads(text) == tomllib.loads(text)
    compiled = [_message(text) for text in MALFORMED]
    monkeypatch.setattr(toml_reader, "_parser", None)
    assert [_message(text) for text in MALFORMED] == compiled
    assert compiled[0] == "bad.toml: line 5: malformed TOML: Illegal character '\\n'"


def test_a_tomli_that_reads_toml_1_1_is_not_used(monkeypatch):
    import tomli
    monkeypatch.setattr(tomli, "__version__", "2.4.0")
    assert toml_reader._compiled_parser() is None
    monkeypatch.setattr(tomli, "__version__", "2.3.0")
    assert toml_reader._compiled_parser() is tomli


# --- symbols through the C API and through the Python API ---
def _sample_symbols() -> list[clingo.Symbol]:
    out = []
    for path in SAMPLE:
        out += scenario_facts(load_scenario(path))
    return out


def test_symbols_made_and_read_in_bulk_equal_the_python_apis():
    facts = _sample_symbols()
    assert symbols.FAST
    rows = [f.arguments for f in facts]
    assert [symbols.function(f.name, r) for f, r in zip(facts, rows)] == facts
    for name in ("permanent", "controller", "ask"):
        picked = [f.arguments for f in facts if f.name == name]
        assert symbols.functions(name, picked) == [clingo.Function(name, r) for r in picked]
    texts = ["p1", "Urborg, Tomb of Yawgmoth", "é", ""]
    assert symbols.strings(texts) == [clingo.String(t) for t in texts]
    assert [symbols.number(n) for n in (0, -7, 2 ** 31 - 1)] == [clingo.Number(n) for n in (0, -7, 2 ** 31 - 1)]
    wide = [clingo.Number(n) for n in range(symbols.MAX_ARGUMENTS + 3)]
    assert symbols.function("wide", wide) == clingo.Function("wide", wide)
    assert symbols.functions("wide", [wide]) == [clingo.Function("wide", wide)]
    decoded = list(symbols.decode(facts))
    assert [(s, n, a) for s, n, a, _ in decoded] == [(f, f.name, f.arguments) for f in facts]
    assert [first for *_, first in decoded] == [
        f.arguments[0].number if f.arguments and f.arguments[0].type == clingo.SymbolType.Number
        else None for f in facts]


def _ground_atoms(facts: list[clingo.Symbol]) -> list[clingo.Symbol]:
    """The shown atoms: the same whichever way the programs were put in (a process's first
    Control reads all of them, later ones leave out the encodings of cards the scenario doesn't
    use and the rules that can't fire: solver.add_programs), where the ground atoms are not."""
    return sorted(solve_in_process(facts).symbols)


def test_without_the_c_api_the_same_facts_ground_and_decode(monkeypatch):
    path = QUERIES / "could_produce" / "reflecting_pool_two_lands.toml"
    path = path if path.exists() else SAMPLE[0]
    scenario = load_scenario(path)
    fast_facts = scenario_facts(scenario)
    fast_atoms = _ground_atoms(fast_facts)
    fast_model = ModelAtoms(fast_facts)
    monkeypatch.setattr(symbols, "FAST", False)
    plain_facts = scenario_facts(scenario)
    assert plain_facts == fast_facts
    assert _ground_atoms(plain_facts) == fast_atoms
    plain_model = ModelAtoms(plain_facts)
    assert plain_model.by_name == fast_model.by_name and plain_model._by_ask == fast_model._by_ask


def test_facts_given_up_are_released_before_grounding_and_ground_the_same():
    facts = scenario_facts(load_scenario(QUERIES / "could_produce" / "orchard_chain.toml"))
    kept = list(facts)
    released = sorted(solve_in_process(facts, release_facts=True).symbols)
    assert facts == [] and kept
    assert released == _ground_atoms(kept)


# --- validation and facts table by table ---
def _read_key_by_key(table, ctx: Context) -> dict:
    """Table.read as it was before issue 11: every key in declaration order."""
    for key in table.keys:
        if key.check is None:
            continue
        raw = ctx.table.get(key.name)
        ctx.values[key.attribute] = key.default_value(ctx) if raw is None else key.check(ctx, key.name, raw)
        if key.given:
            ctx.values[key.given] = raw is not None
    return ctx.values


def test_reading_a_table_at_once_gives_what_reading_it_key_by_key_gives(monkeypatch):
    seen = Counter()
    for table in (PERMANENT, EFFECT, CARD):
        original = type(table).read

        def both(self, ctx, original=original):
            fast = original(self, Context(ctx.reader, ctx.section, ctx.number, ctx.table, ctx.players,
                                          ctx.ids, ctx.ident, ctx.offset, dict(ctx.values)))
            plain = _read_key_by_key(self, ctx)
            assert fast == plain, (ctx.section, ctx.number)
            seen[self.name] += 1
            return plain
        monkeypatch.setattr(type(table), "read", both)
    for path in sorted(QUERIES.rglob("*.toml")):
        load_scenario(path)
    assert seen["permanent"] > 500 and seen["effect"] > 20 and seen["card"] > 10


def test_facts_made_key_by_key_are_the_facts_made_table_by_table():
    for path in sorted(QUERIES.rglob("*.toml")):
        scenario = load_scenario(path)
        subjects = [clingo.String(p.id) for p in scenario.permanents]
        batch = PERMANENT.facts_of_all(subjects, list(scenario.permanents))
        one_by_one = [f for s, p in zip(subjects, scenario.permanents) for f in PERMANENT.facts_of(s, p)]
        assert Counter(batch) == Counter(one_by_one), path


# --- where the tables are: one search of the text, or line by line ---
def _spans_line_by_line(text: str) -> dict:
    lines, spans, counts, current, start = text.splitlines(), {}, {}, (None, 1), 1
    for number, line in enumerate(lines, start=1):
        match = HEADER.match(line)
        if not match:
            continue
        spans.setdefault(current, (start, number - 1))
        name = match.group(2)
        if match.group(1) == "[[":
            counts[name] = counts.get(name, 0) + 1
            current = (name, counts[name])
        else:
            current = (name, 1)
        start = number
    spans.setdefault(current, (start, len(lines)))
    return spans


@pytest.mark.parametrize("text", [
    "", "\n", "title = 1", "[game]\n\n  [[permanent]]\na = 1\n[[permanent]]",
    "\n\n[[permanent]]\n", 'x = "a\u2028b"\n[[permanent]]\n', "\t[ game ]\n[[ ask ]]  \n",
    " \u00a0[[permanent]]\n", "[[permanent]]\r\n[[ask]]\r\n", "[[a]]\n\x0c[[b]]\n[[a]]\n"])
def test_table_spans_found_in_one_search_are_those_found_line_by_line(text):
    assert _Lines(text).spans == _spans_line_by_line(text)
    assert _Lines(text).line_count == len(text.splitlines())


def test_table_spans_of_the_queries_are_those_found_line_by_line():
    for path in SAMPLE:
        text = path.read_text(encoding="utf-8")
        assert _Lines(text).spans == _spans_line_by_line(text), path
