"""A brute-force reference for `produce`: every order of replacement effects, one at a time.

Written from the cards' Oracle text and rules 614.5 and 616.1, without reading asp/: the player
affected picks one applicable effect, applies it, then checks again which of the effects not yet
applied apply now (616.1f); each applies at most once (614.5).  Every order is walked as its own
path, with no sharing of states, so the cost grows with the number of orders (about k!).  That is
the point: it is the obvious way to answer the question, and the benchmark measures how much the
solver's state graph saves.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterable

Mana = tuple[int, int, int, int, int, int]   # counts of W U B R G C
TYPE_INDEX = {t: i for i, t in enumerate("WUBRGC")}
COLORS = "WUBRG"


@dataclass(frozen=True)
class TappedPermanent:
    """The event the effects look at: a permanent tapped for mana (rule 106.12)."""
    controller: str
    is_land: bool
    is_basic: bool
    land_types: frozenset[str]


def _total(mana: Mana) -> int:
    return sum(mana)


def _all_of_type(amount: int, letter: str) -> Mana:
    counts = [0] * 6
    counts[TYPE_INDEX[letter]] = amount
    return tuple(counts)  # type: ignore[return-value]


def _times(mana: Mana, factor: int) -> Mana:
    return tuple(n * factor for n in mana)  # type: ignore[return-value]


# applies(event, mana, effect_controller) -> bool, outcomes(event, mana) -> the choices it offers
Applies = Callable[[TappedPermanent, Mana, str], bool]
Outcomes = Callable[[TappedPermanent, Mana], list[Mana]]


@dataclass(frozen=True)
class EffectRule:
    applies: Applies
    outcomes: Outcomes


def _by_land_type(table: dict[str, str]) -> EffectRule:
    """"If tapped for mana, Plains produce {R} ... instead of any other type": one choice per
    listed land type the land has."""
    return EffectRule(
        applies=lambda ev, m, who: ev.is_land and _total(m) > 0 and bool(ev.land_types & table.keys()),
        outcomes=lambda ev, m: [_all_of_type(_total(m), table[t]) for t in sorted(ev.land_types & table.keys())],
    )


# The Oracle text of each effect, paraphrased in the comment beside its rule.
EFFECT_RULES: dict[str, EffectRule] = {
    # "If you tap a permanent for mana, it produces twice as much of that mana instead."
    "Mana Reflection": EffectRule(lambda ev, m, who: ev.controller == who and _total(m) > 0,
                                  lambda ev, m: [_times(m, 2)]),
    # "... three times as much of that mana instead."
    "Nyxbloom Ancient": EffectRule(lambda ev, m, who: ev.controller == who and _total(m) > 0,
                                   lambda ev, m: [_times(m, 3)]),
    # "If you tap a basic land for mana, it produces three times as much of that mana instead."
    "Virtue of Strength": EffectRule(
        lambda ev, m, who: ev.controller == who and ev.is_land and ev.is_basic and _total(m) > 0,
        lambda ev, m: [_times(m, 3)]),
    # "If a land is tapped for mana, it produces {B} instead of any other type and amount."
    "Contamination": EffectRule(lambda ev, m, who: ev.is_land and _total(m) > 0,
                                lambda ev, m: [_all_of_type(1, "B")]),
    # "If a land is tapped for mana, it produces {B} instead of any other type."
    "Infernal Darkness": EffectRule(lambda ev, m, who: ev.is_land and _total(m) > 0,
                                    lambda ev, m: [_all_of_type(_total(m), "B")]),
    # "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount."
    "Damping Sphere": EffectRule(lambda ev, m, who: ev.is_land and _total(m) >= 2,
                                 lambda ev, m: [_all_of_type(1, "C")]),
    # "If a basic land you control is tapped for mana, it produces mana of a color of your
    # choice instead of any other type."
    "Pulse of Llanowar": EffectRule(
        lambda ev, m, who: ev.controller == who and ev.is_land and ev.is_basic and _total(m) > 0,
        lambda ev, m: [_all_of_type(_total(m), c) for c in COLORS]),
    # "Plains produce {R}, Swamps produce {G}, Mountains produce {W}, and Forests produce {B}"
    "Reality Twist": _by_land_type({"Plains": "R", "Swamp": "G", "Mountain": "W", "Forest": "B"}),
    # "Plains produce {R}, Islands produce {G}, Swamps produce {W}, Mountains produce {U}, and
    # Forests produce {B}"
    "Naked Singularity": _by_land_type({"Plains": "R", "Island": "G", "Swamp": "W",
                                        "Mountain": "U", "Forest": "B"}),
    # Deep Water's ability: "if you tap a land you control for mana, it produces {U} instead of
    # any other type."
    "Deep Water": EffectRule(lambda ev, m, who: ev.controller == who and ev.is_land and _total(m) > 0,
                             lambda ev, m: [_all_of_type(_total(m), "U")]),
    # Pale Moon: "if a player taps a nonbasic land for mana, it produces colorless mana instead
    # of any other type."
    "Pale Moon": EffectRule(lambda ev, m, who: ev.is_land and not ev.is_basic and _total(m) > 0,
                            lambda ev, m: [_all_of_type(_total(m), "C")]),
}


class ReferenceTimeout(Exception):
    """The enumeration ran past its deadline."""


@dataclass(frozen=True)
class ReferenceResult:
    results: frozenset[Mana] | None   # None when the deadline stopped it
    orders: int                       # complete orders walked (each choice of outcome counts)
    seconds: float
    finished: bool


def enumerate_orders(event: TappedPermanent, start: Mana,
                     effects: Iterable[tuple[str, str]],
                     time_limit: float | None = None) -> ReferenceResult:
    """Every final mana over every order; `effects` are (card name, controller) pairs."""
    rules = [(EFFECT_RULES[card], controller) for card, controller in effects]
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    finals: set[Mana] = set()
    orders = 0
    visited = 0
    began = time.perf_counter()

    def walk(applied: int, mana: Mana) -> None:
        nonlocal orders, visited
        visited += 1
        if deadline is not None and visited % 4096 == 0 and time.perf_counter() > deadline:
            raise ReferenceTimeout
        any_applied = False
        for index, (rule, controller) in enumerate(rules):
            if applied >> index & 1 or not rule.applies(event, mana, controller):
                continue
            any_applied = True
            for outcome in rule.outcomes(event, mana):
                walk(applied | 1 << index, outcome)
        if not any_applied:
            finals.add(mana)
            orders += 1

    try:
        walk(0, start)
    except ReferenceTimeout:
        return ReferenceResult(None, orders, time.perf_counter() - began, False)
    return ReferenceResult(frozenset(finals), orders, time.perf_counter() - began, True)


def mana_string(mana: Mana) -> str:
    """(0,0,2,0,0,0) -> "{B}{B}", the JSON answer format of `produce`."""
    return "".join(f"{{{letter}}}" * n for letter, n in zip("WUBRGC", mana))


FOREST_YOU_CONTROL = TappedPermanent(controller="you", is_land=True, is_basic=True,
                                     land_types=frozenset({"Forest"}))
ONE_GREEN: Mana = (0, 0, 0, 0, 1, 0)


def forest_produce(effects: Iterable[tuple[str, str]], time_limit: float | None = None) -> ReferenceResult:
    """`produce` of a basic Forest you control under the given effects, by brute force."""
    return enumerate_orders(FOREST_YOU_CONTROL, ONE_GREEN, effects, time_limit)
