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
    # the first such ask)
    for _ in range(2 if flags else 1):
        restored = ask(path, {"MTGASP_HOME": str(cache_home)}, *flags)
    whole = ask(path, {"MTGASP_HOME": str(cache_home), "MTGASP_NO_CACHE": "1"}, *flags)
    assert restored.returncode == whole.returncode, restored.stderr
    assert restored.stdout == whole.stdout
    assert restored.stderr == whole.stderr == ""


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
