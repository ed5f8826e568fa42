"""Scenario citations are real: every ruling named in `source` exists, every rule in `cites` too."""
import json
import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pybridge" / "data"
FILES = sorted((ROOT / "queries").rglob("*.toml"))
RULING = re.compile(r"^(?P<card>.+) (?P<date>\d{4}-\d{2}-\d{2})$")


@lru_cache(maxsize=1)
def ruling_dates() -> dict[str, set[str]]:
    dates: dict[str, set[str]] = {}
    cards = json.loads((DATA / "library_cards.json").read_text())
    cards += json.loads((ROOT / "tools" / "extra_cards.json").read_text())   # printed.lp's extras
    for card in cards:
        names = [card["name"], *card["name"].split(" // ")]
        for name in names:
            dates.setdefault(name.casefold(), set()).update(r["date"] for r in card.get("rulings", []))
    return dates


def pool_ruling_dates(name: str) -> set[str] | None:
    """The dates of a pool card's rulings (the embedded pool: every card a scenario may name)."""
    from pybridge.cards.pool import load_pool
    pool = load_pool()
    resolved = pool.resolve(name)
    card = pool.card(resolved, rulings=True) if resolved else None
    return None if card is None else {r.date for r in card.rulings}


@lru_cache(maxsize=1)
def rule_numbers() -> set[str]:
    text = (DATA / "MagicCompRules.txt").read_text(encoding="utf-8-sig")
    return set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, flags=re.M))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_citations_exist(path):
    doc = tomllib.loads(path.read_text())
    for source in doc.get("source", []):
        match = RULING.match(source)
        if match:
            card = match["card"].casefold()
            dates = ruling_dates().get(card) or pool_ruling_dates(match["card"])
            assert dates is not None, f"{source}: no such card"
            assert match["date"] in dates, f"{source}: that card has no ruling of that date"
    for rule in doc.get("cites", []):
        assert rule in rule_numbers(), f"rule {rule} is not in the Comprehensive Rules"
