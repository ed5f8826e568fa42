"""The facts a key becomes: the emitters the tables name (an emitter takes the table's subject and
its dataclass and returns facts)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from clingo import Function, Number, String, Symbol

from pybridge.contract.scenario.model import FACE_DOWN_MECHANICS, Emit
from pybridge.solve.symbols import function, functions


def fact(name: str, *args: Symbol) -> Symbol:
    return function(name, args)


def const(value: str) -> Symbol:
    return Function(value.lower())


# A board names a few cards and players many times: their strings are made once (a bounded
# cache, so a long-lived process doesn't keep every id it ever saw).
string_symbol = lru_cache(maxsize=4096)(String)


def _reads(emit: Emit, attribute: str, falsy_is_absent: bool, shape: tuple) -> Emit:
    """Mark an emitter with the attribute it reads (Table.facts_of skips it when absent) and
    its shape, (predicate, the value's symbol, unary|binary|each), for Table.facts_of_all."""
    emit.reads, emit.falsy_is_absent, emit.shape = attribute, falsy_is_absent, shape
    return emit


def unary(predicate: str, attribute: str) -> Emit:
    """predicate(Subject) when the attribute is true."""
    return _reads(lambda subject, item: [fact(predicate, subject)] if getattr(item, attribute) else [],
                  attribute, True, (predicate, None, "unary"))


def binary(predicate: str, attribute: str, symbol: Callable[[Any], Symbol] = string_symbol) -> Emit:
    """predicate(Subject, Value) when the attribute has a value."""
    def emit(subject: Symbol, item: Any) -> list[Symbol]:
        value = getattr(item, attribute)
        return [] if value is None else [function(predicate, (subject, symbol(value)))]
    return _reads(emit, attribute, False, (predicate, symbol, "binary"))


def each(predicate: str, attribute: str, symbol: Callable[[Any], Symbol] = string_symbol) -> Emit:
    """predicate(Subject, Value) for each value of a tuple attribute."""
    return _reads(lambda subject, item: [fact(predicate, subject, symbol(v)) for v in getattr(item, attribute)],
                  attribute, True, (predicate, symbol, "each"))


def face_down_symbol(how: str) -> Symbol:
    return Function(how) if how in FACE_DOWN_MECHANICS else String(how)


def counters_facts(subject: Symbol, item: Any) -> list[Symbol]:
    given = [fact("counters_given", subject)] if item.counters_given else []
    return given + [fact("counters", subject, String(k), Number(n)) for k, n in item.counters]


def copy_by_facts(subject: Symbol, item: Any) -> list[Symbol]:
    if not (item.copy_of or item.copy_of_card):
        return []
    return [fact("copy_by", subject, String(item.copy_by or item.card))]


def card_facts(subject: Symbol, item: Any) -> list[Symbol]:
    return [] if getattr(item, "token", None) else [fact("permanent_card", subject, string_symbol(item.card))]


card_facts.many = lambda subjects, items: functions(     # Table.facts_of_all's loop
    "permanent_card", [(s, string_symbol(i.card)) for s, i in zip(subjects, items) if not i.token])


def always_facts(predicate: str) -> Emit:
    """predicate(Subject) of every item."""
    emit = lambda subject, item: [fact(predicate, subject)]
    emit.shape = (predicate, None, "always")
    return emit


def token_facts(subject: Symbol, item: Any) -> list[Symbol]:
    if not item.token:
        return []
    return [fact("token", subject),
            fact("permanent_token", subject, String(item.token), Number(item.token_number))]


def designation_facts(kind: str) -> Emit:
    def emit(_: Symbol, s: Any) -> list[Symbol]:
        given = [fact("designation_stated", Function(kind))] if getattr(s, f"{kind}_given") else []
        return given + [fact("player_designation", String(pl), Function(kind))
                        for pl in getattr(s, kind)]
    return emit


def attacking_facts(subject: Symbol, item: Any) -> list[Symbol]:
    if not item.attacking:
        return []
    out = [fact("attacking", subject)]
    if isinstance(item.attacking, tuple):
        kind, whom = item.attacking
        out.append(fact(f"attacking_{kind}", subject, String(whom)))
    return out


def blocked_facts(subject: Symbol, item: Any) -> list[Symbol]:
    if item.blocked is None:
        return []
    return [fact("blocked" if item.blocked else "unblocked", subject)]


# --- the facts of an [[event]] (its subject: the event's number) ---
def event_kind_facts(kind: str) -> Emit:
    """event(N,Kind) and the event's objects, in order, with the new id each one that moves
    becomes (rule 400.7), when the event is of this kind."""
    def emit(n: Symbol, event: Any) -> list[Symbol]:
        if event.kind != kind:
            return []
        return ([fact("event", n, Function(kind))]
                + [fact("event_object", n, String(o), Number(i))
                   for i, o in enumerate(event.objects, start=1)]
                + [fact("event_new_id", n, String(old), String(new)) for old, new in event.new_ids])
    return emit


def event_resolve_facts(n: Symbol, event: Any) -> list[Symbol]:
    """event(N,resolve) and how much of the stack it resolves: all of it, or its top K."""
    if event.kind != "resolve":
        return []
    how = Function("all") if event.resolve == "stack" else Number(event.resolve)
    return [fact("event", n, Function("resolve")), fact("event_resolve", n, how)]


def event_to_facts(n: Symbol, event: Any) -> list[Symbol]:
    return [fact("event_to", n, Function(event.to))] if event.kind == "leave" else []


def event_way_facts(n: Symbol, event: Any) -> list[Symbol]:
    if not event.way:
        return []
    way = Function(event.way) if event.way in ("morph", "mana_cost") else Function("card", [String(event.way)])
    return [fact("event_way", n, way)]


def event_face_down_facts(n: Symbol, event: Any) -> list[Symbol]:
    return [fact("event_face_down", n, String(o), Function(how) if how in FACE_DOWN_MECHANICS else String(how))
            for o, how in event.face_down]


def event_pairs(predicate: str, attribute: str, value: Callable[[Any], Symbol]) -> Emit:
    """predicate(N,Object,Value) for each (object, value) pair of the attribute."""
    return lambda n, event: [fact(predicate, n, String(o), value(v)) for o, v in getattr(event, attribute)]


def event_objects(predicate: str, attribute: str) -> Emit:
    """predicate(N,Object) for each object the attribute lists."""
    return lambda n, event: [fact(predicate, n, String(o)) for o in getattr(event, attribute)]


def event_optional(predicate: str, attribute: str, value: Callable[[Any], Symbol]) -> Emit:
    """predicate(N,Value) when the attribute is given."""
    return lambda n, event: ([] if getattr(event, attribute) in (None, "")
                             else [fact(predicate, n, value(getattr(event, attribute)))])
