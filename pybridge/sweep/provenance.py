"""What answered a vector: the provenance every vector carries, so that a resumed sweep keeps a
vector only when the same mtgasp, logic programs, card data and Comprehensive Rules would answer
it (docs/sweep-format.md, "Provenance").

- `mtgasp`: the installed package's version (its metadata), else pyproject's;
- `asp`: a digest of every file of asp/ (the logic programs and the hand card facts), by path
  and bytes;
- `cards`: a digest of the card data a board is read against: the card pool files load_pool
  opens (the user's imported pool over the embedded one) and the library's card list;
- `rules`: the Comprehensive Rules' date ("These rules are effective as of ..."), ISO;
- `reference`: a digest of pybridge/reference/, the second implementation a vector compares
  against (widening it must answer again the vectors it had no answer for).

Each is computed once per process (a worker stamps what it answered with).
"""
from __future__ import annotations

import hashlib
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path

FIELDS = ("mtgasp", "asp", "cards", "rules", "reference")
EFFECTIVE = re.compile(r"effective as of (\w+ \d{1,2}, \d{4})")


def _digest(files: list[Path], root: Path | None = None) -> str:
    digest = hashlib.sha256()
    for path in files:
        name = str(path.relative_to(root)) if root else path.name
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def package_version() -> str:
    from importlib import metadata
    try:
        return metadata.version("mtgasp")
    except metadata.PackageNotFoundError:
        return "unknown"


def asp_digest() -> str:
    from pybridge.cards.library import asp_dir
    root = asp_dir()
    return _digest(sorted(p for p in root.rglob("*") if p.is_file()), root)


def cards_digest() -> str:
    from pybridge.cards.pool import embedded_pool_path, user_pool_path
    data = Path(__file__).resolve().parent.parent / "data"
    files = [p for p in (user_pool_path(), embedded_pool_path(), data / "library_cards.json")
             if p.is_file()]
    return _digest(files)


def rules_date() -> str:
    from importlib import resources
    text = (resources.files("pybridge") / "data" / "MagicCompRules.txt").read_text(
        encoding="utf-8-sig")
    found = EFFECTIVE.search(text[:2000])
    if found is None:
        return "unknown"
    return datetime.strptime(found.group(1), "%B %d, %Y").date().isoformat()


def reference_digest() -> str:
    root = Path(__file__).resolve().parent.parent / "reference"
    return _digest(sorted(root.rglob("*.py")), root)


@lru_cache(maxsize=1)
def provenance() -> dict[str, str]:
    return {"mtgasp": package_version(), "asp": asp_digest(), "cards": cards_digest(),
            "rules": rules_date(), "reference": reference_digest()}


def differences(kept: dict | None, current: dict[str, str]) -> list[str]:
    """The provenance fields in which a kept vector differs from this run ("missing" for a
    vector written before vectors carried provenance)."""
    if not isinstance(kept, dict):
        return ["missing"]
    return [f for f in FIELDS if kept.get(f) != current[f]]
