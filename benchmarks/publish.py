"""Writing one benchmark's section of docs/benchmarks.md, leaving every other section as it is.

Each benchmark that publishes (`python -m benchmarks`, `benchmarks.scaling`,
`benchmarks.replacement_scaling`) owns the text between `<!-- begin NAME -->` and
`<!-- end NAME -->`; a section not there yet is appended.  So the benchmarks can be rerun one at a
time, in any order, and none overwrites another's numbers.
"""
from __future__ import annotations

import json
import os
import resource
import sys
from pathlib import Path

from benchmarks.measure import REPO

DOC = REPO / "docs" / "benchmarks.md"


def write_section(name: str, text: str, doc: Path = DOC) -> None:
    begin, end = f"<!-- begin {name} -->", f"<!-- end {name} -->"
    block = f"{begin}\n{text.strip()}\n{end}"
    old = doc.read_text(encoding="utf-8") if doc.exists() else ""
    if begin in old and end in old[old.index(begin):]:
        start = old.index(begin)
        stop = old.index(end, start) + len(end)
        new = old[:start] + block + old[stop:]
    else:
        new = (old.rstrip("\n") + "\n\n" if old.strip() else "") + block + "\n"
    doc.write_text(new, encoding="utf-8")


def publish(section: str, stem: str, results, text: str, draw, docs: Path = DOC.parent) -> None:
    """A benchmark's results as docs/STEM.json, its section of docs/benchmarks.md and its plot
    docs/STEM.png (draw(results, path); skipped, with a note, without matplotlib)."""
    (docs / f"{stem}.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    write_section(section, text)
    try:
        draw(results, docs / f"{stem}.png")
    except ImportError:
        print("matplotlib is not installed (pip install -e '.[bench]'): no plot", file=sys.stderr)


def load_average() -> float:
    """The one-minute load average (0 where the system has none)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def machine_line(loads: list[float]) -> str:
    """How loaded the machine was while a benchmark ran: the reason its wall times are what they
    are (CPU times and ground atoms don't depend on the load)."""
    cores = os.cpu_count() or 1
    if not loads:
        return f"{cores} cores"
    return (f"{cores} cores, load average {min(loads):.1f} to {max(loads):.1f} during the run "
            f"(wall times stretch with it; CPU times and ground atoms hardly do)")


def cpu_of_children() -> float:
    """User plus system CPU seconds of every waited-for child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
