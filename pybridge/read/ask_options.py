"""The options of an ask (`ability`, `viewer`, `way`), by the value each one takes
(pybridge/contract/kinds.py declares which kind takes which): how the reader checks one, and the
fact it becomes, ask_<key>(K, Value), for the rules of the kind's question."""
from __future__ import annotations

from typing import Any, Callable

import clingo

from pybridge.contract.kinds import KIND_BY_NAME, OptionDecl

# The ways named by a word; any other way is the name of a card whose effect turns it face up.
TURN_UP_WAYS = ("morph", "mana_cost")


def _positive_int(r, value: Any, players: tuple[str, ...], key: str) -> int:
    r.expect_type(value, int, key, key)
    if value < 1:
        raise r.fail(f"{key} must be 1 or more", key)
    return value


def _player(r, value: Any, players: tuple[str, ...], key: str) -> str:
    name = r.ident(value, key, key)
    if name not in players:
        raise r.fail(f"{key} {name!r} is not one of the players ({', '.join(players)})", key)
    return name


def _way(r, value: Any, players: tuple[str, ...], key: str) -> str:
    r.expect_type(value, str, key, key)
    if value in TURN_UP_WAYS:
        return value
    return r.card(value, key, key)


def _way_term(way: str) -> clingo.Symbol:
    return clingo.Function(way) if way in TURN_UP_WAYS else clingo.Function("card", [clingo.String(way)])


_CHECKS: dict[str, Callable[..., Any]] = {"positive_int": _positive_int, "player": _player,
                                          "way": _way}
_TERMS: dict[str, Callable[[Any], clingo.Symbol]] = {"positive_int": clingo.Number,
                                                     "player": clingo.String, "way": _way_term}


def read_option(r, option: OptionDecl, value: Any, players: tuple[str, ...]) -> Any:
    """The option's value as the ask keeps it, or the reader's error."""
    return _CHECKS[option.value](r, value, players, option.key)


def option_facts(ask) -> list[clingo.Symbol]:
    """ask_<key>(K, Value) for each option the ask gives, in the order its kind declares them."""
    out = []
    for option in KIND_BY_NAME[ask.kind].options:
        if option.key in ask.options:
            value = _TERMS[option.value](ask.options[option.key])
            out.append(clingo.Function(f"ask_{option.key}", [clingo.Number(ask.number), value]))
    return out
