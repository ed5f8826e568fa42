"""Reading the [[event]] tables of a scenario (docs/scenario-format.md, "Cards outside the
battlefield and events").

Each event names the objects it acts on; an object that a zone change made new (rule 400.7) is
named ID_N afterwards, N the number of the event that moved it, so a later event or question
naming the old id is bad input naming its line.  Where each object ends up is the rules' answer
(asp/events/zones.lp, asp/events/events.lp); this module only checks names and types.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pybridge.contract.scenario import (EVENT, EVENT_KINDS, Context, per_object, card, event_pool, mana_text, mana_texts,
                               face_down, integer, object_ref, object_refs, player, zone)
from pybridge.contract.scenario.checks import colour, parity, string

# the kinds that move their objects to another zone, so that they become new objects
MOVING = ("enter", "blink", "leave")


@dataclass(frozen=True)
class Event:
    """An [[event]] table, read and checked."""
    number: int
    kind: str
    objects: tuple[str, ...]
    new_ids: tuple[tuple[str, str], ...] = ()       # (old id, new id) for a moving kind
    to: str = "graveyard"
    way: str | None = None
    by: str | None = None
    ability: int | None = None
    pool: tuple[tuple[str, str], ...] = ()
    face_down: tuple[tuple[str, str], ...] = ()
    copy: tuple[tuple[str, str], ...] = ()
    x: tuple[tuple[str, int], ...] = ()
    kicked: tuple[tuple[str, int], ...] = ()
    kicker: tuple[tuple[str, tuple[str, ...]], ...] = ()
    cast: tuple[str, ...] = ()
    spent: tuple[tuple[str, str], ...] = ()
    controller: str | None = None
    tapped: tuple[str, ...] = ()
    attach: tuple[tuple[str, str], ...] = ()
    chosen_color: tuple[tuple[str, str], ...] = ()
    chosen_type: tuple[tuple[str, str], ...] = ()
    chosen_player: tuple[tuple[str, str], ...] = ()
    chosen_quality: tuple[tuple[str, str], ...] = ()
    resolve: str | int | None = None                # "stack" (all of it) or the top N objects
    line: int | None = None


def new_id(ident: str, number: int) -> str:
    return f"{ident}_{number}"


def _copy_target(ctx: Context, name: str, value: Any) -> str:
    target = ctx.reader.ident(value, name, ctx.at(name))
    if target not in ctx.ids:
        raise ctx.fail(f"{name} of event {ctx.number} names {target!r}, which is no permanent", name)
    return target


def _way(ctx: Context, name: str, value: Any) -> str:
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    return value if value in ("morph", "mana_cost") else card(ctx, name, value)


def _x(ctx: Context, name: str, value: Any) -> int:
    return integer(minimum=0)(ctx, name, value)


def _entering(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
    """Ids among the cards the event puts onto the battlefield."""
    out = object_refs(ctx, name, value)
    for o in out:
        if o not in ctx.values["objects"]:
            raise ctx.fail(f"{name} of event {ctx.number} names {o!r}, which the event doesn't "
                           f"put onto the battlefield", name)
    return out


def _resolve(ctx: Context, name: str, value: Any) -> str | int:
    """`resolve = "stack"` (until the stack is empty) or `resolve = N` (its top N objects)."""
    if value == "stack":
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ctx.fail(f"resolve of event {ctx.number} must be \"stack\" (until it is empty) or "
                       f"a number of objects, 1 or more, not {value!r}", name)
    return integer(minimum=1)(ctx, name, value)


# What may be chosen as a card enters (rules 614.12, 614.1d), as the [[permanent]] keys say it.
CHOICES = {"chosen_color": colour, "chosen_type": string, "chosen_player": player,
           "chosen_quality": parity}


def read_events(r, tables: Any, players: tuple[str, ...], ids: set[str]) -> list[Event]:
    r.expect_type(tables, list, "[[event]]", "[[event]]")
    present = set(ids)
    events = []
    for number, table in enumerate(tables, start=1):
        r.expect_type(table, dict, "[[event]]", "[[event]]")
        r.unknown_keys(table, EVENT.names, f"event {number}", ("event", number))
        kinds = [k for k in EVENT_KINDS if k in table]
        if len(kinds) != 1:
            raise r.fail(f"event {number} must name exactly one of {', '.join(EVENT_KINDS)}",
                         ("event", number, kinds[1] if kinds else ""))
        kind = kinds[0]
        ctx = Context(r, "event", number, table, players, frozenset(present))
        resolve = _resolve(ctx, kind, table[kind]) if kind == "resolve" else None
        objects = () if kind == "resolve" else object_refs(ctx, kind, table[kind]) \
            if kind in ("enter", "leave") else (object_ref(ctx, kind, table[kind]),)
        ctx.values["objects"] = objects
        allowed = {"enter": {"face_down", "copy", "x", "kicked", "kicker", "cast", "spent", "controller",
                             "tapped", "attach", *CHOICES}, "blink": {"copy"},
                   "leave": {"to"}, "turn_face_up": {"way"}, "turn_face_down": {"by"},
                   "activate": {"ability", "pool"}, "resolve": set()}[kind] | {kind}
        for key in table:
            if key not in allowed:
                raise ctx.fail(f"event {number} ({kind}) takes no {key!r} (it takes: "
                               f"{', '.join(sorted(allowed - {kind})) or 'nothing else'})", key)
        if kind == "turn_face_down" and "by" not in table:
            raise ctx.fail(f"event {number} (turn_face_down) needs `by`, the card whose effect "
                           f"turns it face down", kind)
        values: dict[str, Any] = {}
        readers = {"to": zone, "way": _way, "by": card, "pool": event_pool,
                   "face_down": per_object(face_down), "copy": per_object(_copy_target),
                   "x": per_object(_x), "kicked": per_object(_x), "controller": player,
                   "kicker": per_object(mana_texts),
                   "ability": integer(minimum=1), "tapped": _entering, "cast": _entering,
                   "spent": per_object(mana_text), "attach": per_object(_copy_target),
                   **{key: per_object(check) for key, check in CHOICES.items()}}
        for key, read in readers.items():
            if key in table:
                values[key] = read(ctx, key, table[key])
        new_ids: tuple[tuple[str, str], ...] = ()
        if kind in MOVING:
            new_ids = tuple((o, new_id(o, number)) for o in objects)
            for old, new in new_ids:
                if new in present:
                    raise ctx.fail(f"event {number} would name the new object {new!r}, but an "
                                   f"object already has that id", kind)
                present.discard(old)
                present.add(new)
                r.moved[old] = (number, new)
        events.append(Event(number=number, kind=kind, objects=objects, new_ids=new_ids,
                            resolve=resolve, line=r.located.header("event", number), **values))
    return events


def known_ids(permanents, cards, events) -> dict[str, str]:
    """Every id a question may name, with "permanent" for one that may be on the battlefield
    after the events (where a new object went is the rules' answer) or why not."""
    out = {p.id: "permanent" for p in permanents}
    for c in cards:
        out[c.id] = f"a card in the {c.zone}, not a permanent"
    for event in events:
        for old, new in event.new_ids:
            out[old] = (f"which event {event.number} moved to another zone: it is a new object, "
                        f"{new!r} (rule 400.7)")
            out[new] = "permanent"
    return out
