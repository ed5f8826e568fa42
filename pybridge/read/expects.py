"""The `expect` of an ask, by question kind (the names pybridge/contract/kinds.py declares): how
the reader checks its syntax and the form it is kept in, so the answer layer compares like with
like (pybridge/answer/kinds/ compares; tests/test_answers_contract.py keeps the names the same)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pybridge.read.mana_strings import TYPE_LETTERS, mana_string, parse_mana_string

ZONE_NAMES = ("battlefield", "hand", "library", "graveyard", "exile", "stack", "nowhere")  # nowhere: ceased to exist
TRIGGER_KEYS = ("event", "source", "ability", "on")
STACK_KEYS = ("source", "ability", "controller", "on", "target")
COLOR_LETTERS = "WUBRG"
LIST_KEYS = ("colors", "supertypes", "types", "subtypes", "abilities", "rules")
CHARACTERISTIC_KEYS = ("name", "mana_cost", "mana_value", "colors", "supertypes", "types",
                       "subtypes", "power", "toughness", "abilities", "rules", "face_down", "hidden")
NULL = "null"                            # TOML has no null: `expect = "null"`


@dataclass(frozen=True)
class Expect:
    """A kind's `expect` syntax: its check and normal form."""
    check: Callable[[Any], str | None]            # what is wrong with it, None when nothing
    normalise: Callable[[Any], Any] = lambda value: value


def sort_key_mana(text: str) -> tuple:
    """Fewest mana first, then by type in WUBRGC order."""
    counts = parse_mana_string(text) or [0] * 6
    return (sum(counts), [-n for n in counts])


def _could_produce_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(t, str) for t in expect):
        return "must be a list of mana type letters (W U B R G C)"
    bad = [t for t in expect if t.upper() not in TYPE_LETTERS or len(t) != 1]
    return f"has {bad[0]!r}, not a mana type letter (W U B R G C)" if bad else None


def _produce_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(t, str) for t in expect):
        return 'must be a list of mana strings such as "{B}{B}" ("" for no mana)'
    bad = [t for t in expect if parse_mana_string(t) is None]
    return f"has {bad[0]!r}, not a mana string of {{W}} {{U}} {{B}} {{R}} {{G}} {{C}}" if bad else None


def produce_normalise(expect: list[str]) -> list[str]:
    return sorted({mana_string(parse_mana_string(t)) for t in expect}, key=sort_key_mana)


def _bool_check(expect: Any) -> str | None:
    return None if isinstance(expect, bool) else "must be true or false"


def _etb_x_check(expect: Any) -> str | None:
    if isinstance(expect, bool) or not isinstance(expect, int) or expect < 0:
        return "must be a non-negative integer"
    return None


def _object_check(expect: Any) -> str | None:
    if not isinstance(expect, dict):
        return "must be a table of characteristics"
    unknown = sorted(set(expect) - set(CHARACTERISTIC_KEYS))
    if unknown:
        return f"has unknown key {unknown[0]!r} (keys: {', '.join(CHARACTERISTIC_KEYS)})"
    for key in ("name", "mana_cost"):
        if key in expect and not isinstance(expect[key], str):
            return f"{key} must be a string"
    for key in LIST_KEYS:
        if key in expect and (not isinstance(expect[key], list)
                              or not all(isinstance(v, str) for v in expect[key])):
            return f"{key} must be a list of strings"
    if "colors" in expect and any(c.upper() not in COLOR_LETTERS or len(c) != 1
                                  for c in expect["colors"]):
        return "colors must be letters from W U B R G"
    for key in ("mana_value", "power", "toughness"):
        value = expect.get(key)
        if key in expect and (isinstance(value, bool) or not isinstance(value, (int, str))
                              or (isinstance(value, str) and value != NULL)):
            return f'{key} must be an integer (or "null")'
    if "face_down" in expect and not isinstance(expect["face_down"], bool):
        return "face_down must be true or false"
    hidden = expect.get("hidden")
    if "hidden" in expect and (not isinstance(hidden, dict)
                               or set(hidden) - {"card", "may_look"}):
        return "hidden must be a table with card and may_look"
    return None


def _object_normalise(expect: dict[str, Any]) -> dict[str, Any]:
    return {k: (None if v == NULL and k in ("power", "toughness") else v) for k, v in expect.items()}


def _turn_face_up_check(expect: Any) -> str | None:
    if expect == NULL:
        return None
    problem = _object_check(expect)
    return f'{problem}, or "null" when it can\'t be turned face up' if problem else None


def _turn_face_up_normalise(expect: Any) -> Any:
    return None if expect == NULL else _object_normalise(expect)


def _zone_check(expect: Any) -> str | None:
    return None if expect in ZONE_NAMES else f"must be one of {', '.join(ZONE_NAMES)}"


def _strings_check(expect: Any) -> str | None:
    if isinstance(expect, list) and all(isinstance(x, str) for x in expect):
        return None
    return "must be a list of players"


def _tables_check(keys: tuple[str, ...], what: str) -> Callable[[Any], str | None]:
    """An expectation that is a list of tables with some of these keys."""
    def check(expect: Any) -> str | None:
        if not isinstance(expect, list) or not all(isinstance(x, dict) for x in expect):
            return f"must be a list of tables with keys {what}"
        for item in expect:
            extra = set(item) - set(keys)
            if extra:
                return f"has key {sorted(extra)[0]!r} (keys: {', '.join(keys)})"
        return None
    return check


_triggered_check = _tables_check(TRIGGER_KEYS, "event, source, ability, on")
_stack_check = _tables_check(STACK_KEYS, "source, ability, controller, on, target, top first")


def _life_check(expect: Any) -> str | None:
    ok = isinstance(expect, int) and not isinstance(expect, bool)
    return None if ok else "must be an integer, the life total"


def _pool_check(expect: Any) -> str | None:
    if not isinstance(expect, list) or not all(isinstance(x, str) for x in expect):
        return "must be a list of mana strings such as \"{G}{G}\" (\"\" for an empty pool)"
    bad = [x for x in expect if parse_mana_string(x) is None]
    return f"has {bad[0]!r}, which is not mana" if bad else None


EXPECTS: dict[str, Expect] = {
    "could_produce": Expect(_could_produce_check,
                            lambda e: [t for t in TYPE_LETTERS if t in {x.upper() for x in e}]),
    "produce": Expect(_produce_check, produce_normalise),
    "characteristics": Expect(_object_check, _object_normalise),
    "turn_face_up": Expect(_turn_face_up_check, _turn_face_up_normalise),
    "can_activate": Expect(_bool_check),
    "etb_x": Expect(_etb_x_check),
    "zone": Expect(_zone_check),
    "revealed": Expect(_strings_check),
    "triggered": Expect(_triggered_check),
    "pool": Expect(_pool_check),
    "stack": Expect(_stack_check),
    "life": Expect(_life_check),
}
