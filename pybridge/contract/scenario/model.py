"""The scenario contract's model: a table of keys (Key, Table) and the Context a check reads.

A check gets the Context of the table being read and the raw value, and returns the typed value or
raises the reader's one-line InputError.  An absent key (or None, from the Python API) takes the
default unchecked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from typing import Any, Callable

from clingo import Symbol

from pybridge.solve.symbols import functions

COLORS = ("W", "U", "B", "R", "G")
FACE_DOWN_MECHANICS = ("morph", "megamorph", "disguise", "manifest", "manifest_dread", "cloak")


@dataclass
class Context:
    """Where a table is being read: the reader (for errors and typed accessors), the table's
    section and number, the values read so far, and what the scenario already knows."""
    reader: Any
    section: str | None
    number: int
    table: dict
    players: tuple[str, ...] = ()
    ids: frozenset[str] = frozenset()
    ident: str | None = None            # the permanent's id, for messages
    offset: int = 0                     # effects' timestamps start after the permanents
    values: dict[str, Any] = field(default_factory=dict)

    def at(self, key: str) -> Any:
        """Where a key's line is: a key of a numbered table, or (top level and [game]) the first
        line holding its name."""
        if self.section in (None, "game"):
            return key
        return (self.section, self.number, key)

    def fail(self, message: str, key: str):
        return self.reader.fail(message, self.at(key))


Check = Callable[[Context, str, Any], Any]          # (context, key name, raw value) -> value
Emit = Callable[[Symbol, Any], list[Symbol]]        # (the table's subject, its dataclass) -> facts


@dataclass(frozen=True)
class Key:
    """One key of a scenario table: its type, default, check and facts."""
    name: str
    type: str                   # as the docs name it
    default: str                # as the docs say it: "required", "`false`", "none"
    doc: str                    # what it means
    check: Check | None = None  # None: read by the table's own reader (ids, nested tables)
    value: Any = None           # the default value, or a function of the Context
    facts: tuple[str, ...] = () # the facts it becomes, as name(Args), for #defined and the docs
    emit: Emit | None = None
    field: str | None = None    # the dataclass field (default: the key's name)
    given: str | None = None    # a dataclass field recording whether the key was written

    @property
    def attribute(self) -> str:
        return self.field or self.name

    def default_value(self, ctx: Context) -> Any:
        return self.value(ctx) if callable(self.value) else self.value


@dataclass(frozen=True)
class Table:
    """A scenario table and its keys."""
    name: str                    # the section: "permanent"; "" for the top level
    keys: tuple[Key, ...]

    @property
    def names(self) -> set[str]:
        return {k.name for k in self.keys}

    def key(self, name: str) -> Key:
        return next(k for k in self.keys if k.name == name)

    def read(self, ctx: Context) -> dict[str, Any]:
        """The checked values of every key with a check, in declaration order (the order of the
        messages when a table has more than one problem).

        The keys a table leaves out with a constant default are set at once, before the checks
        (a check reads only keys declared before its own); the checks and the defaults that
        are functions of the Context then run in declaration order (issue 11: 100,000 tables
        of three keys each, where walking every key of each cost seconds)."""
        constants, steps, position = self._reading
        table, values = ctx.table, ctx.values
        values.update(constants)
        present = [position[name] for name in table if name in position and table[name] is not None]
        wanted = sorted(self._computed.union(present)) if present else self._computed_order
        for index in wanted:
            name, attribute, check, given, default = steps[index]
            raw = table.get(name)
            if raw is None:
                values[attribute] = default(ctx)
                continue
            values[attribute] = check(ctx, name, raw)
            if given:
                values[given] = True
        return values

    @cached_property
    def _reading(self) -> tuple[dict[str, Any], tuple, dict[str, int]]:
        """What read needs, derived from the keys once: the constant defaults (and False for each
        `given` field), each checked key as (name, field, check, given field, default
        function or None), and each checked key's position."""
        constants: dict[str, Any] = {}
        steps = []
        for key in self.keys:
            if key.check is None:
                continue
            if not callable(key.value):
                constants[key.attribute] = key.value
            if key.given:
                constants[key.given] = False
            steps.append((key.name, key.attribute, key.check, key.given,
                          key.value if callable(key.value) else None))
        return constants, tuple(steps), {step[0]: n for n, step in enumerate(steps)}

    @cached_property
    def _computed_order(self) -> list[int]:
        """The positions of the keys whose default is a function of the Context."""
        return [n for n, step in enumerate(self._reading[1]) if step[4] is not None]

    @cached_property
    def _computed(self) -> frozenset[int]:
        return frozenset(self._computed_order)

    def facts_of(self, subject: Symbol, item: Any) -> list[Symbol]:
        out: list[Symbol] = []
        for attribute, falsy_is_absent, emit in self._emitters:
            if attribute is not None:       # an absent value, told without calling the emitter
                value = getattr(item, attribute)
                if value is None or (falsy_is_absent and not value):
                    continue
            out += emit(subject, item)
        return out

    def facts_of_all(self, subjects: list[Symbol], items: list[Any]) -> list[Symbol]:
        """The facts of many items (subjects[i] is items[i]'s), key by key: those of the helpers
        below (unary, binary, each) made in one loop per key, the others item by item."""
        out: list[Symbol] = []
        for attribute, falsy_is_absent, emit in self._emitters:
            shape = getattr(emit, "shape", None)
            if hasattr(emit, "many"):
                out += emit.many(subjects, items)
                continue
            if shape is None:
                for subject, item in zip(subjects, items):
                    if attribute is not None:
                        value = getattr(item, attribute)
                        if value is None or (falsy_is_absent and not value):
                            continue
                    out += emit(subject, item)
                continue
            predicate, symbol, kind = shape
            values = map(attrgetter(attribute), items) if attribute else ()
            if kind == "always":
                rows = [(s,) for s in subjects]
            elif kind == "unary":
                rows = [(s,) for s, v in zip(subjects, values) if v]
            elif kind == "binary":
                rows = [(s, symbol(v)) for s, v in zip(subjects, values) if v is not None]
            else:
                rows = [(s, symbol(x)) for s, v in zip(subjects, values) if v for x in v]
            out += functions(predicate, rows)
        return out

    @cached_property
    def _emitters(self) -> tuple[tuple[str | None, bool, Emit], ...]:
        """(attribute, falsy means absent, emit) of each key that has facts: the helpers below
        (unary, binary, each) say which attribute they read, so a board of 100,000 permanents
        skips the keys a table leaves out without a call each (issue 11)."""
        return tuple((getattr(k.emit, "reads", None), getattr(k.emit, "falsy_is_absent", False), k.emit)
                     for k in self.keys if k.emit)
