"""The question kinds: how each one is asked, read back from the solver, and checked.

Each kind lives in its own module and registers a QuestionKind here.  The logic programs decide
the answer; a kind only turns its #show atoms into the JSON value the spec promises.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import clingo

from pybridge.errors import InputError


class ModelAtoms:
    """The shown atoms of one answer set, grouped by predicate name and ask number."""

    def __init__(self, symbols: list[clingo.Symbol]):
        self.by_name: dict[str, list[clingo.Symbol]] = {}
        # Indexed once by (name, ask number): scanning every atom for every ask made a board
        # with one ask per permanent quadratic (benchmarks: 18 s at 1,000 asks).
        self._by_ask: dict[tuple[str, int], list[tuple[clingo.Symbol, ...]]] = {}
        for sym in symbols:
            self.by_name.setdefault(sym.name, []).append(sym)
            args = sym.arguments
            if args and args[0].type == clingo.SymbolType.Number:
                self._by_ask.setdefault((sym.name, args[0].number), []).append(tuple(args[1:]))

    def rows(self, name: str, ask_number: int) -> list[tuple[clingo.Symbol, ...]]:
        """Arguments after the ask number of every `name(K, ...)` atom with K = ask_number."""
        return self._by_ask.get((name, ask_number), [])


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
    explain: Callable[[ModelAtoms, Any], list[str]] | None = None
    # Extra keys for the JSON answer object beside "answer" (e.g. can_activate's "reason").
    details: Callable[[ModelAtoms, Any], dict[str, Any]] | None = None


KINDS: dict[str, QuestionKind] = {}


def register(kind: QuestionKind) -> QuestionKind:
    KINDS[kind.name] = kind
    return kind


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


# The kinds register themselves on import.
from pybridge.kinds import mana  # noqa: E402,F401
from pybridge.kinds import activation  # noqa: E402,F401
from pybridge.kinds import characteristics  # noqa: E402,F401
