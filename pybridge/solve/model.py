"""The model of an answer set, as the rest of the package reads it: the shown atoms indexed by
predicate and ask number, and the explanation groups and steps made from them.

A leaf module: it imports nothing of the project but the leaves pybridge.solve.bulk,
pybridge.solve.symbols and pybridge.contract.answers, so every other module may import it.
"""
from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Any, Callable, Iterable, TypeVar

import clingo

from pybridge.contract.answers import Name, Text, field_names, field_types

from pybridge.solve.bulk import collector_paused
from pybridge.solve.symbols import decode


class ModelAtoms:
    """The shown atoms of one answer set, grouped by predicate name and ask number, read as the
    typed rows pybridge/contract/answers.py declares (`read`), never by argument position."""

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

    def read(self, row: type[R], ask_number: int | None = None) -> list[R]:
        """The atoms of a declared row (pybridge/contract/answers.py) as typed rows: those of ask
        ask_number for a row whose first field is `ask`, else every one shown."""
        reader = _reader(row)
        if ask_number is None:
            return [reader.make(sym.arguments) for sym in self.by_name.get(row.PREDICATE, ())
                    if len(sym.arguments) == reader.arity]
        make, arity, name = reader.make_after_ask, reader.arity - 1, self.name
        return [make(ask_number, args, name) for args in self._by_ask.get((row.PREDICATE, ask_number), ())
                if len(args) == arity]


R = TypeVar("R")


def _number(sym: clingo.Symbol) -> int:
    return sym.number


def _string(sym: clingo.Symbol) -> str:
    return sym.string


def _text(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def _symbol(sym: clingo.Symbol) -> clingo.Symbol:
    return sym


def _name(sym: clingo.Symbol) -> str:
    return sym.name


_CONVERT: dict[Any, Callable[[clingo.Symbol], Any]] = {
    int: _number, str: _string, Text: _text, clingo.Symbol: _symbol}


class _RowReader:
    """How to make one declared row of an atom's arguments: a converter per field, by its type,
    found once per row type.  A Name field is read through the model's cache of names (None
    here), since a few names (mana types, zones) recur in thousands of answers."""

    def __init__(self, row: type):
        hints = field_types(row)
        self.row = row
        self.arity = len(field_names(row))
        self.converters: list[Callable[[clingo.Symbol], Any] | None] = []
        for name in field_names(row):
            kind = hints[name]
            if kind is not Name and kind not in _CONVERT:
                raise TypeError(f"{row.__name__}.{name}: no reading for a field of type {kind!r}")
            self.converters.append(None if kind is Name else _CONVERT[kind])

    def make(self, args: Iterable[clingo.Symbol],
             name: Callable[[clingo.Symbol], str] = _name) -> Any:
        return self.row(*[(convert or name)(a) for convert, a in zip(self.converters, args)])

    def make_after_ask(self, ask_number: int, args: tuple[clingo.Symbol, ...],
                       name: Callable[[clingo.Symbol], str]) -> Any:
        return self.row(ask_number,
                        *[(convert or name)(a) for convert, a in zip(self.converters[1:], args)])


_READERS: dict[type, _RowReader] = {}


def _reader(row: type) -> _RowReader:
    reader = _READERS.get(row)
    if reader is None:
        reader = _READERS[row] = _RowReader(row)
    return reader


def read_rows(row: type[R], symbols: Iterable[clingo.Symbol]) -> list[R]:
    """The atoms of a declared row among symbols (a model's, not indexed), as typed rows."""
    reader = _reader(row)
    return [reader.make(sym.arguments) for sym in symbols
            if sym.name == row.PREDICATE and len(sym.arguments) == reader.arity]


# Rule numbers a sentence ends with, in brackets: " (613.8b)", " (305.7, 613.1d)".
TRAILING_RULES = re.compile(r" \((\d{3}(?:\.\d+[a-z]?)?(?:, \d{3}(?:\.\d+[a-z]?)?)*)\)$")


@dataclass(frozen=True)
class Step:
    """One step of an explanation: a sentence and its rule."""
    rule: str     # a Comprehensive Rules number, "616.1e"
    text: str     # one sentence

    def json(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}

    def cited(self) -> str:
        """" (rule 616.1e)" after the sentence, unless the sentence already names its rule."""
        if not self.rule or f"rule {self.rule}" in self.text:
            return ""
        return f" (rule {self.rule})"

    def line(self) -> str:
        """The sentence and its rule, once: a sentence ending in its own rules' numbers
        ("... (613.8b)") gets the step's rule among them, "(rules 613.8b, 613.8a)"."""
        own = TRAILING_RULES.search(self.text)
        if not self.rule or own is None or f"rule {self.rule}" in self.text:
            return self.text + self.cited()
        numbers = own.group(1).split(", ")
        if self.rule not in numbers:
            numbers.append(self.rule)
        label = "rule" if len(numbers) == 1 else "rules"
        return f"{self.text[:own.start()]} ({label} {', '.join(numbers)})"


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
        out += [f"  {n}. {s.line()}" for n, s in enumerate(self.steps, start=1)]
        return out
