"""The question kinds about the state after the events (docs/scenario-format.md, "Cards outside
the battlefield and events"): `zone`, `revealed`, `triggered` (objects) and `pool` (a player).

The logic programs decide (asp/events/zones.lp, events.lp); this module reads their #show atoms
(asp/show/zone.lp, revealed.lp, triggered.lp, pool.lp) and turns them into JSON values.
"""
from __future__ import annotations

from typing import Any

from pybridge.answer.kinds.base import ModelAtoms, QuestionKind
from pybridge.read.mana_strings import mana_counts, mana_string, parse_mana_string

ZONE_NAMES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")
TRIGGER_KEYS = ("event", "source", "ability", "on")



# --- zone ---
def zone_answer(atoms: ModelAtoms, ask) -> str:
    zones = sorted({row[0].name for row in atoms.rows("zone_answer", ask.number)})
    return zones[0] if zones else "nowhere"


def zone_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    objects = sorted({row[0].string for row in atoms.rows("zone_object", ask.number)})
    return {"object": objects[0] if objects else None}



def zone_check(expect: Any) -> str | None:
    return None if expect in ZONE_NAMES else f"must be one of {', '.join(ZONE_NAMES)}"


ZONE = QuestionKind(name="zone", answer=zone_answer, check_expect=zone_check,
                    details=zone_details, target="object")


# --- revealed ---
def revealed_answer(atoms: ModelAtoms, ask) -> list[str]:
    return sorted({row[0].string for row in atoms.rows("revealed_answer", ask.number)})



def strings_check(expect: Any) -> str | None:
    if isinstance(expect, list) and all(isinstance(x, str) for x in expect):
        return None
    return "must be a list of players"


REVEALED = QuestionKind(name="revealed", answer=revealed_answer, check_expect=strings_check,
                        matches=lambda a, e: sorted(a) == sorted(e), target="object",
                        )


# --- triggered ---
def triggered_answer(atoms: ModelAtoms, ask) -> list[dict[str, Any]]:
    rows = {(n.number, src.string, text.string, on.string)
            for n, src, text, on in atoms.rows("triggered_answer", ask.number)}
    return [dict(zip(TRIGGER_KEYS, row)) for row in sorted(rows)]


def triggered_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(x, dict) for x in expect):
        return "must be a list of tables with keys event, source, ability, on"
    for item in expect:
        extra = set(item) - set(TRIGGER_KEYS)
        if extra:
            return f"has key {sorted(extra)[0]!r} (keys: {', '.join(TRIGGER_KEYS)})"
    return None


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



TRIGGERED = QuestionKind(name="triggered", answer=triggered_answer, check_expect=triggered_check,
                         matches=triggered_matches, target="object",
                         )


# --- pool ---
def pool_answer(atoms: ModelAtoms, ask) -> list[str]:
    pools = {tuple(mana_counts(row[0])) for row in atoms.rows("pool_answer", ask.number)}
    return [mana_string(list(p)) for p in sorted(pools, key=lambda p: (sum(p), p))]


def pool_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(x, str) for x in expect):
        return "must be a list of mana strings such as \"{G}{G}\" (\"\" for an empty pool)"
    bad = [x for x in expect if parse_mana_string(x) is None]
    return f"has {bad[0]!r}, which is not mana" if bad else None


def _normal_pools(pools: list[str]) -> list[tuple[int, ...]]:
    return sorted(tuple(parse_mana_string(p) or [0] * 6) for p in pools)


def pool_outcomes(answers: list[list[str]]) -> list[str]:
    """The distinct pools of every outcome."""
    pools = {p for answer in answers for p in _normal_pools(answer)}
    return [mana_string(list(p)) for p in sorted(pools, key=lambda p: (sum(p), p))]



POOL = QuestionKind(name="pool", answer=pool_answer, check_expect=pool_check,
                    matches=lambda a, e: _normal_pools(a) == _normal_pools(e), target="player",
                    outcomes=pool_outcomes)

KINDS = (ZONE, REVEALED, TRIGGERED, POOL)
