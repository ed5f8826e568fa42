"""The model of an answer set, as the rest of the package reads it: the shown atoms indexed by
predicate and ask number, and the explanation groups and steps made from them.

A leaf module: it imports nothing of the project but the leaves pybridge.solve.bulk and
pybridge.solve.symbols, so every other module may import it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import clingo

from pybridge.solve.bulk import collector_paused
from pybridge.solve.symbols import decode


class ModelAtoms:
    """The shown atoms of one answer set, grouped by predicate name and ask number."""

    def __init__(self, symbols: list[clingo.Symbol]):
        self.by_name: dict[str, list[clingo.Symbol]] = {}
        # Indexed once by (name, ask number): scanning every atom for every ask made a board
        # with one ask per permanent quadratic (benchmarks: 18 s at 1,000 asks).
        self._by_ask: dict[tuple[str, int], list[tuple[clingo.Symbol, ...]]] = {}
        self._names: dict[clingo.Symbol, str] = {}
        by_name, by_ask = self.by_name, self._by_ask
        with collector_paused():      # 240,000 atoms at 100,000 asks (issue 11)
            for sym, name, args, first in decode(symbols):
                group = by_name.get(name)
                if group is None:
                    group = by_name[name] = []
                group.append(sym)
                if first is not None:
                    key = (name, first)
                    rows = by_ask.get(key)
                    if rows is None:
                        rows = by_ask[key] = []
                    rows.append(tuple(args[1:]))

    def name(self, sym: clingo.Symbol) -> str:
        """sym.name, decoded once per distinct symbol (the mana types of 100,000 answers)."""
        name = self._names.get(sym)
        if name is None:
            name = self._names[sym] = sym.name
        return name

    def rows(self, name: str, ask_number: int) -> list[tuple[clingo.Symbol, ...]]:
        """Arguments after the ask number of every `name(K, ...)` atom with K = ask_number."""
        return self._by_ask.get((name, ask_number), [])


@dataclass(frozen=True)
class Step:
    rule: str     # a Comprehensive Rules number, "616.1e"
    text: str     # one sentence

    def json(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}

    def cited(self) -> str:
        """" (rule 616.1e)" after the sentence, unless the sentence already names its rule."""
        if not self.rule or f"rule {self.rule}" in self.text:
            return ""
        return f" (rule {self.rule})"


@dataclass(frozen=True)
class Group:
    """How one part of an answer was reached: a produce result, a could_produce type, ..."""
    heading: str                        # the line above the steps, for people
    fields: dict[str, Any]              # the same for programs: {"result": "{B}", "orders": 1}
    steps: tuple[Step, ...] = ()

    def json(self) -> dict[str, Any]:
        return {**self.fields, "steps": [s.json() for s in self.steps]}

    def lines(self) -> list[str]:
        out = [self.heading]
        out += [f"  {n}. {s.text}{s.cited()}" for n, s in enumerate(self.steps, start=1)]
        return out
