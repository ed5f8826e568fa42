"""Bookkeeping for `produce`: every mana replacement effect and triggered mana ability in the card
list is encoded, and every official ruling of those cards is accounted for in
docs/rulings/replacement_triggers.md, naming scenarios that exist."""
import json
import re
from collections import Counter
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "pybridge" / "data"
TABLE = ROOT / "docs" / "rulings" / "replacement_triggers.md"
# Self-replacement effects of mana abilities (614.15) are part of the abilities' options.
SELF_REPLACEMENT = {"Incubation Druid"}


def _sentences(card):
    for line in (card.get("oracle_text") or "").split("\n"):
        yield re.sub(r"\([^)]*\)", "", line)


def _cards():
    return json.loads((DATA / "library_cards.json").read_text())


def wording():
    """Cards whose Oracle text reads as a mana replacement effect or a triggered mana ability."""
    replacing, triggering = set(), set()
    for card in _cards():
        for s in _sentences(card):
            if re.search(r"\bproduces?\b.*\binstead\b", s):
                replacing.add(card["name"])
            if re.match(r"(Until end of turn, )?[Ww]henever\b.*\badd", s) and "mana" in s:
                triggering.add(card["name"])
    return replacing - SELF_REPLACEMENT, triggering


def encoded(fact: str) -> set[str]:
    """The faces whose ability a fact `fact(ab(Face,I))` of the library states: compiled from
    the Oracle text or by hand in asp/cards/ (what a scenario of the card gets)."""
    from pybridge.sweep.groups import library_facts
    return {s.arguments[0].arguments[0].string for s in library_facts()
            if s.name == fact and len(s.arguments) == 1 and s.arguments[0].name == "ab"}


def face(name: str) -> str:
    return name.split(" // ")[0]


def test_every_mana_replacement_effect_is_encoded():
    replacing, _ = wording()
    assert {face(n) for n in replacing} == encoded("mana_replacement")


def test_every_triggered_mana_ability_is_encoded():
    _, triggering = wording()
    assert {face(n) for n in triggering} == encoded("mana_trigger")


def table_rows():
    rows = []
    for line in TABLE.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"\d{4}-\d{2}-\d{2}|\(none\)", cells[1]):
            rows.append(cells)
    return rows


def test_every_ruling_of_these_cards_has_a_row():
    replacing, triggering = wording()
    wanted = Counter()
    for card in _cards():
        if card["name"] in replacing | triggering:
            for r in card.get("rulings", []):
                wanted[(face(card["name"]), r["date"])] += 1
    listed = Counter((face(card), date) for card, date, _, _ in table_rows() if date != "(none)")
    mine = Counter({k: v for k, v in listed.items() if k[0] in {face(n) for n in replacing | triggering}})
    assert mine == wanted


def test_rows_name_existing_scenarios_or_say_why_not():
    names = {p.stem for p in (ROOT / "queries").rglob("*.toml")}
    for card, date, _, covered in table_rows():
        scenarios = re.findall(r"`([a-z0-9_]+)`", covered)
        assert scenarios or covered.startswith("not expressible"), (card, date)
        for name in scenarios:
            assert name in names, f"{card} {date}: no scenario {name}"
