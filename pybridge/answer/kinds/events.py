"""The question kinds about the state after the events (docs/scenario-format.md, "Cards outside
the battlefield and events"): `zone`, `revealed`, `triggered` (objects) and `pool` (a player).

The logic programs decide (asp/events/zones.lp, events.lp); this module reads their #show atoms
(asp/show/zone.lp, revealed.lp, triggered.lp, pool.lp) and turns them into JSON values.
"""
from __future__ import annotations

from typing import Any

from pybridge.answer.kinds.base import ModelAtoms, QuestionKind
from pybridge.contract.answers import (LifeAnswer, LifeLost, PoolAnswer, RevealedAnswer, StackAnswer,
                                       TriggeredAnswer, ZoneAnswer, ZoneObject)
from pybridge.read.expects import STACK_KEYS, TRIGGER_KEYS
from pybridge.read.mana_strings import mana_counts, mana_string, parse_mana_string



# --- zone ---
def zone_answer(atoms: ModelAtoms, ask) -> str:
    zones = sorted({row.zone for row in atoms.read(ZoneAnswer, ask.number)})
    return zones[0] if zones else "nowhere"


def zone_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    objects = sorted({row.object for row in atoms.read(ZoneObject, ask.number)})
    return {"object": objects[0] if objects else None}



ZONE = QuestionKind(name="zone", answer=zone_answer, details=zone_details)


# --- revealed ---
def revealed_answer(atoms: ModelAtoms, ask) -> list[str]:
    return sorted({row.player for row in atoms.read(RevealedAnswer, ask.number)})



REVEALED = QuestionKind(name="revealed", answer=revealed_answer,
                        matches=lambda a, e: sorted(a) == sorted(e))


# --- triggered ---
def triggered_answer(atoms: ModelAtoms, ask) -> list[dict[str, Any]]:
    rows = {(row.event, row.source, row.ability, row.on)
            for row in atoms.read(TriggeredAnswer, ask.number)}
    return [dict(zip(TRIGGER_KEYS, row)) for row in sorted(rows)]


def triggered_matches(answer: list[dict], expect: list[dict]) -> bool:
    """As many triggers as expected, each matching one expected table on the keys it gives."""
    if len(answer) != len(expect):
        return False
    left = list(answer)
    for wanted in expect:
        hit = next((a for a in left if all(a.get(k) == v for k, v in wanted.items())), None)
        if hit is None:
            return False
        left.remove(hit)
    return True



TRIGGERED = QuestionKind(name="triggered", answer=triggered_answer, matches=triggered_matches)


# --- pool ---
def pool_answer(atoms: ModelAtoms, ask) -> list[str]:
    pools = {tuple(mana_counts(row.mana)) for row in atoms.read(PoolAnswer, ask.number)}
    return [mana_string(list(p)) for p in sorted(pools, key=lambda p: (sum(p), p))]


def _normal_pools(pools: list[str]) -> list[tuple[int, ...]]:
    return sorted(tuple(parse_mana_string(p) or [0] * 6) for p in pools)


def pool_outcomes(answers: list[list[str]]) -> list[str]:
    """The distinct pools of every outcome."""
    pools = {p for answer in answers for p in _normal_pools(answer)}
    return [mana_string(list(p)) for p in sorted(pools, key=lambda p: (sum(p), p))]



POOL = QuestionKind(name="pool", answer=pool_answer,
                    matches=lambda a, e: _normal_pools(a) == _normal_pools(e), outcomes=pool_outcomes)

# --- stack ---
def stack_answer(atoms: ModelAtoms, ask) -> list[dict[str, Any]]:
    rows = sorted({(row.position, row.source, row.ability, row.controller, _name(row.on),
                    _name(row.target)) for row in atoms.read(StackAnswer, ask.number)}, reverse=True)
    return [dict(zip(STACK_KEYS, row[1:])) for row in rows]


def _name(symbol) -> str:
    """An object's or player's id, "" for none."""
    return symbol.string if symbol.type.name == "String" else ""


def stack_matches(answer: list[dict], expect: list[dict]) -> bool:
    """As many objects as expected, in order (top first), each matching on the keys given."""
    return len(answer) == len(expect) and all(
        all(a.get(k) == v for k, v in wanted.items()) for a, wanted in zip(answer, expect))


STACK = QuestionKind(name="stack", answer=stack_answer, matches=stack_matches)


# --- life ---
def life_answer(atoms: ModelAtoms, ask) -> int | None:
    lives = sorted({row.life for row in atoms.read(LifeAnswer, ask.number)})
    return lives[0] if lives else None


def life_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    return {"lost_game": bool(atoms.read(LifeLost, ask.number))}


LIFE = QuestionKind(name="life", answer=life_answer, details=life_details)

KINDS = (ZONE, REVEALED, TRIGGERED, POOL, STACK, LIFE)
