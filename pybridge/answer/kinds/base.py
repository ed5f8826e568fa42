"""What a question kind is (QuestionKind) and the helpers the kinds share.

The logic programs decide the answer; a kind only turns its #show atoms into the JSON value the
spec promises, and its explain atoms into groups of steps.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import clingo

from pybridge.errors import InputError
from pybridge.solve.model import Group, ModelAtoms


OptionCheck = Callable[[Any, Any, tuple[str, ...]], Any]


@dataclass(frozen=True)
class QuestionKind:
    name: str
    answer: Callable[[ModelAtoms, Any], Any]
    check_expect: Callable[[Any], str | None]
    normalise_expect: Callable[[Any], Any] = lambda value: value
    matches: Callable[[Any, Any], bool] = lambda answer, expect: answer == expect
    options: dict[str, OptionCheck] = field(default_factory=dict)
    option_facts: Callable[[Any], list[clingo.Symbol]] = lambda ask: []
    # How its answer was reached: the explanation groups made from its explain atoms (None: the
    # generic groups of pybridge.answer.explain).
    explain: Callable[[ModelAtoms, Any], list[Group]] | None = None
    # Extra keys for the JSON answer object beside "answer" (e.g. can_activate's "reason").
    details: Callable[[ModelAtoms, Any], dict[str, Any]] | None = None
    # What the ask names: a permanent on the battlefield (after the events), any object (a
    # permanent or a card, or an id an event moved), or a player.
    target: str = "permanent"
    # How the distinct answers of several outcomes of the events combine (None: {"outcomes":
    # [each distinct answer]}).
    outcomes: Callable[[list], Any] | None = None


def positive_int_option(r, value, players):
    r.expect_type(value, int, "ability", "ability")
    if value < 1:
        raise r.fail("ability must be 1 or more", "ability")
    return value


def option_fact(key: str, to_symbol: Callable[[Any], clingo.Symbol]):
    """Option facts for asks: `key = value` on ask K becomes ask_<key>(K, to_symbol(value))."""
    def facts(ask) -> list[clingo.Symbol]:
        if key not in ask.options:
            return []
        return [clingo.Function(f"ask_{key}", [clingo.Number(ask.number),
                                               to_symbol(ask.options[key])])]
    return facts


ability_option_facts = option_fact("ability", clingo.Number)


def ask_error(ask, message: str) -> InputError:
    return InputError(f"ask {ask.number} ({ask.kind} = {ask.target!r}): {message}")
