"""A property of the Oracle compiler over a seeded sample of the pool's mana-ability cards
(tests/data/oracle_sample.json, written by `python tools/oracle_pool.py POOL --sample ...`):
on an empty board, what a compiled card could produce lies within the mana its text names:
the symbols after its colons, the five colours where it says "color", every type where it says
"type" (rule 106.7)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from oracle_board import answers
from pybridge.oracle.compile import compile_card, normalise
from pybridge.oracle.mana import is_mana_ability_text

SAMPLE = json.loads((Path(__file__).resolve().parent / "data" / "oracle_sample.json").read_text())
PERMANENT_TYPES = ("Land", "Artifact", "Creature", "Enchantment", "Planeswalker", "Battle")


def named_types(name: str, face: str, text: str) -> set[str]:
    named: set[str] = set()
    for paragraph in text.split("\n"):
        source = normalise(paragraph, name, face)
        if not is_mana_ability_text(source):
            continue
        effect = source.split(":", 1)[1]
        named |= {s for s in re.findall(r"\{([WUBRGC])\}", effect)}
        if re.search(r"\bcolors?\b", effect):
            named |= set("WUBRG")
        if re.search(r"\btype\b", effect):
            named |= set("WUBRGC")
    return named


def permanent_faces():
    for card in SAMPLE:
        for face in card["faces"]:
            if any(t in face["type"] for t in PERMANENT_TYPES) and \
                    named_types(card["name"], face["name"], face["text"]):
                yield card["name"], face


def test_the_sample_is_large_and_mostly_compiled():
    faces = list(permanent_faces())
    assert len(faces) >= 100
    mana = [a for name, face in faces
            for a in compile_card(name, [(face["name"], face["text"], face["type"])]).abilities
            if is_mana_ability_text(normalise(a.text, name, face["name"]))]
    assert sum(a.modelled for a in mana) >= 0.9 * len(mana)


@pytest.mark.parametrize("name, face", list(permanent_faces()), ids=lambda v: v if isinstance(v, str) else v["name"])
def test_could_produce_lies_within_the_mana_the_text_names(name, face):
    types = face["type"].split("—")[0].split()
    got = answers(face["text"], types=types, name=face["name"])
    assert got.could_produce <= named_types(name, face["name"], face["text"]), face["text"]
    for ability in got.compilation.abilities:
        if ability.modelled:
            assert ability.facts and not ability.why
        else:
            assert ability.why
