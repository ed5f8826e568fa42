"""The parsed logic programs kept on disk, so that a single question selects its rules without
parsing them (docs/ARCHITECTURE.md, "Program selection").

Parsing and indexing asp/ costs about a third of a second; a one-Forest question grounds the
whole program in a tenth of a second, or its selected rules in a hundredth.  So the index that
`solver.parse_programs` builds is written here as JSON (each statement as clingo prints it, and
what each rule derives and needs: `RuleIndex.state`), and a later process restores it
(`RuleIndex.from_state`, a few milliseconds) and hands clingo the selected rules as text.

The file is named for a digest of what the index rests on: the programs loaded (the rules
programs alone, or with the explanation programs a kind loads), every program file (path, size,
modification time), the card pools (the card facts are kept by the cards they name), this
module's, the selection's and the solver's sources, and clingo's version; so an edited
program, a new pool or a new mtgasp is a new file.  Only the package's own programs are kept.
It lives beside the compile cache ($MTGASP_HOME/cache, else $XDG_CACHE_HOME/mtgasp);
MTGASP_NO_CACHE=1 turns it off.  JSON only: reading it runs no code.

A process's first small question goes further (`load_selection`, `save_selection`): the rules
its facts select, as the program text handed to clingo, are kept under the same digest and a
digest of the facts (printed, sorted), so asking it again restores neither the index (reading
and rebuilding it is a third of a one-Forest question) nor selects.  The selections live in
SELECTION_SLOTS files per set of programs, a slot by the facts' digest, each naming the facts
it was made for: a bounded cache, where another question's selection replaces one that shares
its slot.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pybridge.solve.selection import RuleIndex

FORMAT = "1"
# How many selections are kept per set of programs, and up to how many facts a question's is
# (a one-Forest question has about twenty; bigger boards rarely come twice).
SELECTION_SLOTS = 16
SELECTION_UP_TO_FACTS = 400


def _stamp(path: Path) -> str:
    try:
        info = path.stat()
    except OSError:
        return f"{path}:-"
    return f"{path}:{info.st_size}:{info.st_mtime_ns}"


# Stamped once by a process that parsed the programs once and forks workers from that parse
# (the fork server: `remember`): the selections its workers keep are named as its parse was.
_remembered: dict[tuple[Path, ...], Path | None] = {}


def remember(paths: list[Path]) -> None:
    """Stamp the programs at paths now, for this process and its forks (no worker stamps them
    again: a hundred files' stat calls)."""
    _remembered[tuple(paths)] = _path(paths)


def _path(paths: list[Path]) -> Path | None:
    if tuple(paths) in _remembered:
        return _remembered[tuple(paths)]
    from pybridge.cards.pool import embedded_pool_path, user_pool_path
    from pybridge.oracle.cache import folder
    where = folder()
    if where is None:
        return None
    import clingo
    here = Path(__file__).resolve().parent
    files = set(paths)
    for path in paths:                        # what the #includes reach
        files.update(path.parent.rglob("*.lp"))
    # The programs loaded, in order (their own index each), then everything they may include.
    stamps = [FORMAT, clingo.__version__, *map(str, paths), *(_stamp(p) for p in sorted(files)),
              _stamp(embedded_pool_path()), _stamp(user_pool_path()),
              *(_stamp(here / name) for name in ("selection.py", "program_cache.py", "solver.py"))]
    digest = hashlib.sha256("\n".join(stamps).encode()).hexdigest()[:24]
    return where / f"programs-{digest}.json"


def available() -> bool:
    """Whether there is a folder to keep the parse in (MTGASP_NO_CACHE=1: none)."""
    from pybridge.oracle.cache import folder
    return folder() is not None


def load(paths: list[Path]) -> "RuleIndex | None":
    """The index of the programs at paths as a process saved it, or None."""
    target = _path(paths)
    if target is None:
        return None
    try:
        state = json.loads(target.read_bytes())
    except (OSError, ValueError):
        return None
    from pybridge.solve.selection import RuleIndex
    try:
        return RuleIndex.from_state(state)
    except (KeyError, TypeError, ValueError):
        return None          # another format: parsed again, and written anew


def save(paths: list[Path], index: "RuleIndex") -> None:
    """Keep the index for later processes (best effort: a cache that can't be written is left)."""
    target = _path(paths)
    if target is None or target.exists():
        return
    import tempfile
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(index.state(), out, ensure_ascii=False, separators=(",", ":"))
        os.replace(temp, target)
    except OSError:
        try:
            os.unlink(temp)
        except (OSError, UnboundLocalError):
            pass


def _selection_path(paths: list[Path], texts: list[str]) -> tuple[Path, str] | None:
    """The slot of the selection for facts printed as texts, and the key naming them."""
    if len(texts) > SELECTION_UP_TO_FACTS:
        return None
    index = _path(paths)
    if index is None:
        return None
    key = hashlib.sha256("\n".join(sorted(texts)).encode()).hexdigest()
    slot = int(key[:8], 16) % SELECTION_SLOTS
    return index.with_name(f"{index.stem}.selection-{slot}.lp"), f"% facts {key}\n"


def load_selection(paths: list[Path], texts: list[str]) -> str | None:
    """The program text the rules of the programs at paths select for facts printed as texts,
    as a process kept it, or None."""
    found = _selection_path(paths, texts)
    if found is None:
        return None
    target, header = found
    try:
        with open(target, encoding="utf-8") as handle:
            if handle.readline() != header:
                return None            # another question's selection holds the slot
            return handle.read()
    except (OSError, ValueError):
        return None


def save_selection(paths: list[Path], texts: list[str], program: str) -> None:
    """Keep the selection for the next process asking about the same facts (best effort)."""
    found = _selection_path(paths, texts)
    if found is None:
        return
    target, header = found
    _write(target, header + program)


def _write(target: Path, text: str) -> None:
    import tempfile
    temp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, target)
    except OSError:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass
