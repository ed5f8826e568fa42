"""Making, adding and reading clingo symbols in bulk (issue 11: a board of 100,000 permanents is
about 700,000 facts in and 240,000 shown atoms out).

clingo's Python package is a thin layer over clingo's C API (clingo.h) through cffi: each
`Function(...)`, `backend.add_atom(...)` or `symbol.name` allocates cffi buffers and checks the
result in Python, about 2 µs a call, which at that size is seconds.  This module makes the same
C calls with buffers allocated once per thread, about 3x faster; where the package's cffi
library is not found (another clingo build), it falls back to the public API, so the result is
the same either way (tests/test_symbols.py compares both).  Symbols are still clingo's own, made
by clingo from the values given; no text is ever parsed.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence

import clingo
from clingo import Symbol

try:
    from clingo._internal import _ffi, _lib
    _lib.clingo_symbol_create_function, _lib.clingo_backend_add_atom, _lib.clingo_backend_rule
    _lib.clingo_symbol_name, _lib.clingo_symbol_arguments, _lib.clingo_symbol_type
    _lib.clingo_error_code, _lib.clingo_error_message, _lib.clingo_error_bad_alloc
    FAST = True
except (ImportError, AttributeError):       # pragma: no cover (another build of clingo)
    FAST = False

# Arguments a function made here may have (more: the public constructor).
MAX_ARGUMENTS = 16


class _Buffers(threading.local):
    """The C buffers of one thread (cffi releases the GIL during a call: threads can't share)."""

    def __init__(self) -> None:
        if FAST:
            self.arguments = _ffi.new(f"clingo_symbol_t[{MAX_ARGUMENTS}]")
            self.symbol = _ffi.new("clingo_symbol_t*")
            self.name = _ffi.new("char**")
            self.argument_list = _ffi.new("clingo_symbol_t**")
            self.size = _ffi.new("size_t*")
            self.number = _ffi.new("int*")


_buffers = _Buffers()
_encoded: dict[str, bytes] = {}     # predicate names: few, each encoded once


def function(name: str, arguments: Sequence[Symbol]) -> Symbol:
    """clingo.Function(name, arguments), a positive function symbol."""
    count = len(arguments)
    if not FAST or count > MAX_ARGUMENTS:
        return clingo.Function(name, arguments)
    b = _buffers
    buffer = b.arguments
    for i in range(count):
        buffer[i] = arguments[i]._rep
    encoded = _encoded.get(name)
    if encoded is None:
        encoded = _encoded.setdefault(name, name.encode())
    if not _lib.clingo_symbol_create_function(encoded, buffer, count, True, b.symbol):
        return clingo.Function(name, arguments)      # raises clingo's own error
    return Symbol(b.symbol[0])


def functions(name: str, rows: Iterable[Sequence[Symbol]]) -> list[Symbol]:
    """[function(name, row) for row in rows], in one loop."""
    if not FAST:
        return [clingo.Function(name, row) for row in rows]
    encoded = name.encode()
    create = _lib.clingo_symbol_create_function
    buffer, made = _ffi.new(f"clingo_symbol_t[{MAX_ARGUMENTS}]"), _ffi.new("clingo_symbol_t*")
    out = []
    append = out.append
    for row in rows:
        count = len(row)
        if count == 1:          # most facts: one or two arguments, set without a loop
            buffer[0] = row[0]._rep
        elif count == 2:
            buffer[0], buffer[1] = row[0]._rep, row[1]._rep
        elif count <= MAX_ARGUMENTS:
            for i in range(count):
                buffer[i] = row[i]._rep
        else:
            append(clingo.Function(name, row))
            continue
        if not create(encoded, buffer, count, True, made):
            _raise_clingo_error()
        append(Symbol(made[0]))
    return out


def strings(values: Iterable[str]) -> list[Symbol]:
    """[clingo.String(v) for v in values], in one loop."""
    if not FAST:
        return [clingo.String(v) for v in values]
    create, made = _lib.clingo_symbol_create_string, _ffi.new("clingo_symbol_t*")
    out = []
    append = out.append
    for value in values:
        if not create(value.encode(), made):
            _raise_clingo_error()
        append(Symbol(made[0]))
    return out


def number(value: int) -> Symbol:
    """clingo.Number(value)."""
    if not FAST:
        return clingo.Number(value)
    made = _buffers.symbol
    _lib.clingo_symbol_create_number(value, made)
    return Symbol(made[0])


def add_facts(backend: clingo.Backend, symbols: Iterable[Symbol]) -> None:
    """Each symbol as a fact of the program being built: backend.add_rule([backend.add_atom(s)])."""
    handle = getattr(backend, "_rep", None) if FAST else None
    if handle is None:
        for sym in symbols:
            backend.add_rule([backend.add_atom(sym)])
        return
    add_atom, add_rule = _lib.clingo_backend_add_atom, _lib.clingo_backend_rule
    symbol, atom = _ffi.new("clingo_symbol_t*"), _ffi.new("clingo_atom_t[1]")
    empty = _ffi.NULL
    for sym in symbols:
        symbol[0] = sym._rep
        if not (add_atom(handle, symbol, atom) and add_rule(handle, False, atom, 1, empty, 0)):
            _raise_clingo_error()


def _raise_clingo_error() -> None:
    """The error of the C call that just failed, raised as the clingo package raises it: a failed
    allocation is a MemoryError (so a worker at its memory limit reports "out of memory"), any
    other a RuntimeError with clingo's message.  (Calling the package's function again instead
    could succeed once memory is freed, and report nothing or the wrong thing.)"""
    message = _ffi.string(_lib.clingo_error_message()).decode(errors="replace")
    if _lib.clingo_error_code() == _lib.clingo_error_bad_alloc:
        raise MemoryError(message)
    raise RuntimeError(message or "clingo refused a symbol or fact")


_FUNCTION = clingo.SymbolType.Function
_NUMBER = clingo.SymbolType.Number


def decode(symbols: Iterable[Symbol]) -> Iterator[tuple[Symbol, str, list[Symbol], int | None]]:
    """For each function symbol (the atoms of a model): the symbol, its name, its arguments,
    and its first argument's value when that is a number (else None)."""
    if not FAST:
        for sym in symbols:
            args = sym.arguments
            first = args[0].number if args and args[0].type == _NUMBER else None
            yield sym, sym.name, args, first
        return
    name_of, arguments_of = _lib.clingo_symbol_name, _lib.clingo_symbol_arguments
    type_of, number_of = _lib.clingo_symbol_type, _lib.clingo_symbol_number
    number_type = _lib.clingo_symbol_type_number
    name, argument_list, size, value = (_ffi.new("char**"), _ffi.new("clingo_symbol_t**"),
                                        _ffi.new("size_t*"), _ffi.new("int*"))
    names: dict = {}        # by clingo's pointer: a name is stored once, whatever its atoms
    text = _ffi.string
    for sym in symbols:
        rep = sym._rep
        if not (name_of(rep, name) and arguments_of(rep, argument_list, size)):
            yield sym, sym.name, sym.arguments, None       # raises clingo's own error
            continue
        pointer = name[0]
        decoded = names.get(pointer)
        if decoded is None:
            decoded = names[pointer] = text(pointer).decode()
        start, count = argument_list[0], size[0]
        args = [Symbol(start[i]) for i in range(count)]
        first = None
        if count and type_of(start[0]) == number_type:
            number_of(start[0], value)
            first = value[0]
        yield sym, decoded, args, first
