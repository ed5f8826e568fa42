"""The on-disk cache of compiled cards (pybridge/oracle/cache.py): a compilation comes back from
it as it was made, keyed by the card's text, and nothing comes back when it is turned off."""
from __future__ import annotations

import pytest

from pybridge.cards.library import load_library
from pybridge.oracle import cache
from pybridge.oracle.compile import compile_card


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A cache folder of its own, read as a new process would."""
    monkeypatch.setenv("MTGASP_HOME", str(tmp_path))
    monkeypatch.delenv(cache.OFF, raising=False)
    monkeypatch.setattr(cache, "_entries", None)
    monkeypatch.setattr(cache, "_new", {})
    return tmp_path


def test_a_compiled_card_comes_back_from_the_cache_as_it_was_compiled(fresh, monkeypatch):
    faces = load_library().cards["Llanowar Elves"].oracle
    compiled = compile_card("Llanowar Elves", [(face, text, "") for face, text in faces])
    assert compiled.facts                          # something to keep: facts with strings
    key = ("Llanowar Elves", faces)
    assert cache.get(key) is None
    cache.put(key, compiled)
    cache.save()
    assert len(list((fresh / "cache").glob(f"{cache.PREFIX}*.json"))) == 1
    monkeypatch.setattr(cache, "_entries", None)    # as the next process reads it
    monkeypatch.setattr(cache, "_new", {})
    assert cache.get(key) == compiled
    # another text of the card (an imported pool's) is compiled again
    assert cache.get(("Llanowar Elves", (("Llanowar Elves", "{T}: Add {U}."),))) is None
    monkeypatch.setenv(cache.OFF, "1")
    assert cache.get(key) is None


def test_an_unreadable_cache_file_is_ignored(fresh):
    folder = fresh / "cache"
    folder.mkdir()
    (folder / f"{cache.PREFIX}{cache.version()}.json").write_text("{not json", encoding="utf-8")
    key = ("Forest", (("Forest", ""),))
    assert cache.get(key) is None
    cache.put(key, compile_card("Forest", [("Forest", "", "")]))
    cache.save()                                   # replaced whole by a readable file
    cache._entries = None
    assert cache.get(key) is not None


def test_a_question_keeps_what_it_compiled_for_the_next_process(fresh, monkeypatch):
    from pybridge.oracle import hook
    hook.card_compilation.cache_clear()              # compiled afresh, as in a new process
    hook.ability_compilations.cache_clear()
    hook.oracle_facts(["Gemstone Caverns"])
    assert len(list((fresh / "cache").glob(f"{cache.PREFIX}*.json"))) == 1
    monkeypatch.setattr(cache, "_entries", None)    # as the next process reads it
    faces = load_library().cards["Gemstone Caverns"].oracle
    assert cache.get(("Gemstone Caverns", faces)) is not None
