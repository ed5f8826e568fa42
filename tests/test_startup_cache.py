"""The parsed programs kept on disk (pybridge/solve/program_cache.py): a single `mtgasp ask` that
restores them selects its rules as text, and answers every sample scenario exactly as the whole
program read from the files does (MTGASP_NO_CACHE=1); an edited program is a new cache file."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
# One scenario of each kind folder, and a few more of produce (the widest rules).
SAMPLE = sorted({sorted(folder.glob("*.toml"))[0] for folder in QUERIES.iterdir()
                 if folder.is_dir() and any(folder.glob("*.toml"))}
                | set(sorted((QUERIES / "produce").glob("*.toml"))[:6]))


def ask(path: Path, env: dict, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", "ask", str(path), "--json", *flags],
                          cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def cache_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    first = ask(SAMPLE[0], {"MTGASP_HOME": str(home)})     # parses, and keeps the parse
    assert first.returncode in (0, 1), first.stderr
    assert list((home / "cache").glob("programs-*.json")), "no parse kept on disk"
    return home


@pytest.mark.parametrize("flags", [(), ("--explain",)], ids=["answers", "explained"])
@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_restored_selection_answers_as_the_whole_program(cache_home, path, flags):
    # (with --explain the explanation programs are loaded too: an index of their own, kept by
    # the first such ask).  The first ask here selects from the restored index (and keeps the
    # selection), the second restores the selection itself.
    whole = ask(path, {"MTGASP_HOME": str(cache_home), "MTGASP_NO_CACHE": "1"}, *flags)
    for _ in range(3 if flags else 2):
        restored = ask(path, {"MTGASP_HOME": str(cache_home)}, *flags)
        assert restored.returncode == whole.returncode, restored.stderr
        assert restored.stdout == whole.stdout
        assert restored.stderr == whole.stderr == ""


def test_a_kept_selection_is_found_only_for_the_facts_it_was_made_for(tmp_path, monkeypatch):
    from pybridge.cards.library import program_files
    from pybridge.solve import program_cache
    monkeypatch.setenv("MTGASP_HOME", str(tmp_path))
    paths = program_files()
    forest, island = ['card("f","Forest")', 'player("a")'], ['card("i","Island")', 'player("a")']
    assert program_cache.load_selection(paths, forest) is None
    program_cache.save_selection(paths, forest, "a.\n")
    assert program_cache.load_selection(paths, forest) == "a.\n"
    assert program_cache.load_selection(paths, forest[::-1]) == "a.\n"     # a set of facts
    assert program_cache.load_selection(paths, island) is None
    assert program_cache.load_selection(paths + paths, forest) is None     # other programs
    monkeypatch.setattr(program_cache, "SELECTION_SLOTS", 1)      # one slot: island's replaces
    program_cache.save_selection(paths, island, "b.\n")
    assert program_cache.load_selection(paths, island) == "b.\n"
    assert program_cache.load_selection(paths, forest) is None
    many = [f"f({n})" for n in range(program_cache.SELECTION_UP_TO_FACTS + 1)]
    program_cache.save_selection(paths, many, "c.\n")              # a big board: not kept
    assert program_cache.load_selection(paths, many) is None
    monkeypatch.setenv("MTGASP_NO_CACHE", "1")
    assert program_cache.load_selection(paths, island) is None


def test_an_edited_program_and_another_set_of_programs_are_new_cache_files(tmp_path, monkeypatch):
    from pybridge.solve import program_cache
    monkeypatch.setenv("MTGASP_HOME", str(tmp_path))
    program, other = tmp_path / "p.lp", tmp_path / "q.lp"
    program.write_text("a.\n")
    other.write_text("b.\n")
    before = program_cache._path([program])
    assert program_cache._path([program, other]) != before     # (both in the same folder)
    program.write_text("a. b.\n")
    os.utime(program, ns=(1, 1))
    assert program_cache._path([program]) != before
