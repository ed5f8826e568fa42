"""A frozen copy of the code under measurement.

A full run takes a quarter of an hour, and the working tree may change meanwhile (people edit
asp/ and pybridge/ while it runs).  Every measured process therefore runs from a copy taken when
the run starts, so all runs of all cases measure one version, named in the results by a digest.
"""
from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

# What a measured process imports or loads: the bridge, the logic programs, this package (the
# workers) and the tests' reference.
PARTS = ("pybridge", "asp", "benchmarks", "tests/reference.py")
DIGESTED = ("pybridge", "asp")


def take(repo: Path, dest: Path) -> dict:
    """Copy the parts of `repo` the workers need into `dest` (replaced if it exists)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for part in PARTS:
        source = repo / part
        if source.is_dir():
            shutil.copytree(source, dest / part, ignore=shutil.ignore_patterns("__pycache__", "out"))
        elif source.is_file():
            (dest / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / part)
    return {"digest": digest(dest), **_git_state(repo)}


def digest(root: Path) -> str:
    """A short hash of the logic programs and the bridge, to tell versions apart."""
    h = hashlib.sha256()
    for part in DIGESTED:
        for path in sorted((root / part).rglob("*")):
            if path.is_file() and path.suffix in {".lp", ".py"}:
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:12]


def _git_state(repo: Path) -> dict:
    """The commit, and whether asp/ or pybridge/ differ from it (read-only git commands)."""
    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(["git", "--no-optional-locks", *args], cwd=repo,
                                  capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    head = git("rev-parse", "--short", "HEAD")
    changes = git("status", "--porcelain", "--", *DIGESTED)
    return {"git_head": head, "uncommitted_changes": bool(changes) if changes is not None else None}
