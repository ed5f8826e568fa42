"""Compiled cards kept between processes: an on-disk cache of what the Oracle compiler made of
each card, so that `check` (and every fork server) compiles a card once per version of the
compiler, not once per run.

An entry is keyed by the compiler's input, the card's name and each face's name and Oracle text
(so a card whose text changes, in an imported pool, is compiled again), inside a file named for a
digest of the package's sources and logic programs (the grammars, the compiler and the files it
reads: any change to them starts a new file, and the old ones are removed).  Only what a
compilation holds is stored (strings, numbers and facts as clingo prints them), as JSON: reading
the cache can't run code.  The folder is $MTGASP_HOME/cache when MTGASP_HOME is set (as for the
imported card pool; the tests set it), else $XDG_CACHE_HOME/mtgasp (~/.cache/mtgasp).
MTGASP_NO_CACHE=1 turns the cache off.  Every failure to read or write it is ignored: the cache
only saves time.
"""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import clingo

if TYPE_CHECKING:
    from pybridge.oracle.compilation import CardCompilation

OFF = "MTGASP_NO_CACHE"
PREFIX = "compiled-"
Key = tuple[str, tuple[tuple[str, str], ...]]       # (card, ((face, Oracle text), ...))

_entries: dict[str, list] | None = None   # this version's entries, as read (JSON values)
_new: dict[str, list] = {}                # compiled here since, not written yet


def folder() -> Path | None:
    """Where the cache lives, or None when it is off."""
    if os.environ.get(OFF):
        return None
    if os.environ.get("MTGASP_HOME"):
        return Path(os.environ["MTGASP_HOME"]) / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtgasp"


_digest: str | None = None


def version() -> str:
    """A digest of every source the compilation could depend on: the package's Python and
    grammar files and the logic programs (the compiler reads some of asp/cards/)."""
    global _digest
    if _digest is None:
        import hashlib
        from pybridge.cards.library import asp_dir
        package = Path(__file__).resolve().parent.parent
        files = sorted([*package.rglob("*.py"), *package.rglob("*.lark"),
                        *asp_dir().rglob("*.lp")])
        digest = hashlib.sha256(clingo.__version__.encode())
        for path in files:
            digest.update(str(path.relative_to(path.parent.parent)).encode())
            digest.update(path.read_bytes())
        _digest = digest.hexdigest()[:24]
    return _digest


def _path() -> Path | None:
    where = folder()
    return None if where is None else where / f"{PREFIX}{version()}.json"


def _key(key: Key) -> str:
    return json.dumps(key, ensure_ascii=False)


def _load() -> dict[str, list]:
    global _entries
    if _entries is None:
        _entries = {}
        path = _path()
        if path is not None:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(data, dict):
                    _entries = data
            except (OSError, ValueError):
                pass
    return _entries


def get(key: Key) -> CardCompilation | None:
    """The cached compilation of the card, or None."""
    if folder() is None:
        return None
    text = _key(key)
    stored = _new.get(text)
    if stored is None:
        stored = _load().get(text)
    if stored is None:
        return None
    try:
        return _revive(key[0], stored)
    except (TypeError, ValueError, RuntimeError, KeyError):
        return None        # an entry this version can't read: compile again


def put(key: Key, compiled: CardCompilation) -> None:
    """Remember a compilation, to be written by `save`."""
    if folder() is None:
        return
    try:
        value = [_flat(ability) for ability in compiled.abilities]
        json.dumps(value)
    except (TypeError, ValueError):
        return             # something a compilation holds that JSON can't: leave it uncached
    _new[_key(key)] = value


def save() -> None:
    """Write the entries compiled since the cache was read (atomically: a file is replaced
    whole), and remove the files of other versions."""
    if not _new:
        return            # (before _path: the digest of the sources costs a small question)
    path = _path()
    if path is None:
        return
    import tempfile       # (here: a question's start-up doesn't pay for it)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        merged = {**_load(), **_new}
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(merged, out, ensure_ascii=False)
        os.replace(temporary, path)
        _load().update(_new)
        _new.clear()
        for other in path.parent.glob(f"{PREFIX}*.json"):
            if other != path:
                other.unlink(missing_ok=True)
    except OSError:
        pass


def _flat(ability) -> dict:
    out = {}
    for item in dataclasses.fields(ability):
        value = getattr(ability, item.name)
        if item.name in ("facts", "trigger_facts"):
            value = [str(fact) for fact in value]
        out[item.name] = value
    return out


def _revive(card: str, stored: list) -> CardCompilation:
    from pybridge.oracle.compilation import AbilityCompilation, CardCompilation
    abilities = []
    for fields in stored:
        values = {name: tuple(value) if isinstance(value, list) else value
                  for name, value in fields.items()}
        for name in ("facts", "trigger_facts"):
            values[name] = tuple(clingo.parse_term(fact) for fact in values.get(name, ()))
        abilities.append(AbilityCompilation(**values))
    return CardCompilation(card, tuple(abilities))
