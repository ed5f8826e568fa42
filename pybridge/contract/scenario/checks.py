"""The checks the tables name: each gets the Context of the table being read, the key's name and
its raw value, and returns the typed value or raises the reader's one-line InputError."""
from __future__ import annotations

import re

from typing import Any, Callable

from pybridge.contract.scenario.model import COLORS, FACE_DOWN_MECHANICS, Check, Context


def string(ctx: Context, name: str, value: Any) -> str:
    return ctx.reader.expect_type(value, str, name, ctx.at(name))


def boolean(ctx: Context, name: str, value: Any) -> bool:
    return ctx.reader.expect_type(value, bool, name, ctx.at(name))


def integer(minimum: int | None = None) -> Check:
    def check(ctx: Context, name: str, value: Any) -> int:
        ctx.reader.expect_type(value, int, name, ctx.at(name))
        if minimum is not None and value < minimum:
            raise ctx.fail(f"{name} must not be negative", name)
        return value
    return check


TIMESTAMP_ORDERS = ("file", "every")


def timestamp_order(ctx: Context, name: str, value: Any) -> str:
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    if value not in TIMESTAMP_ORDERS:
        raise ctx.fail(f"{name} {value!r} is not one of {', '.join(map(repr, TIMESTAMP_ORDERS))}", name)
    return value


def card(ctx: Context, name: str, value: Any) -> str:
    return ctx.reader.card(value, name, ctx.at(name))


def player(ctx: Context, name: str, value: Any) -> str:
    ident = ctx.reader.ident(value, name, ctx.at(name))
    if ident not in ctx.players:
        raise ctx.fail(f"{name} {ident!r} is not one of the players ({', '.join(ctx.players)})", name)
    return ident


def colour(ctx: Context, name: str, value: Any) -> str:
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    if value.upper() not in COLORS:
        raise ctx.fail(f"{name} {value!r} is not one of W U B R G", name)
    return value.upper()


# --- odd or even (Ashling's Prerogative) ---
def parity(ctx: Context, name: str, value: Any) -> str:
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    if value.lower() not in ("odd", "even"):
        raise ctx.fail(f"{name} {value!r} is not odd or even", name)
    return value.lower()


def permanent_ref(ctx: Context, name: str, value: Any) -> str:
    target = ctx.reader.ident(value, name, ctx.at(name))
    if target not in ctx.ids:
        raise ctx.fail(f"{name} {target!r} of permanent {ctx.ident!r} names no permanent", name)
    if target == ctx.ident:
        raise ctx.fail(f"permanent {ctx.ident!r} cannot be {name} itself", name)
    return target


def counters(ctx: Context, name: str, value: Any) -> tuple[tuple[str, int], ...]:
    ctx.reader.expect_type(value, dict, name, ctx.at(name))
    for kind, amount in value.items():
        ctx.reader.expect_type(kind, str, "a counter kind", ctx.at(name))
        ctx.reader.expect_type(amount, int, f"counters {kind!r}", ctx.at(name))
        if amount < 0:
            raise ctx.fail(f"counters {kind!r} must not be negative", name)
    return tuple(sorted(value.items()))


def face_down(ctx: Context, name: str, value: Any) -> str:
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    return value if value in FACE_DOWN_MECHANICS else card(ctx, name, value)


def copy_of_card(ctx: Context, name: str, value: Any) -> str:
    value = card(ctx, name, value)
    if ctx.values.get("copy_of"):
        raise ctx.fail(f"permanent {ctx.ident!r} has both copy_of and copy_of_card", name)
    return value


def copy_by(ctx: Context, name: str, value: Any) -> str:
    value = card(ctx, name, value)
    if not ctx.values.get("copy_of") and not ctx.values.get("copy_of_card"):
        raise ctx.fail(f"permanent {ctx.ident!r} has copy_by but no copy_of", name)
    return value


def strings(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
    return tuple(ctx.reader.string_list(value, name, ctx.at(name)))


def players(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
    ctx.reader.expect_type(value, list, name, name)
    if not value:
        raise ctx.fail("players must name at least one player", name)
    names = tuple(ctx.reader.ident(p, "player", name) for p in value)
    if len(set(names)) != len(names):
        raise ctx.fail("players has a duplicate name", name)
    return names


def active_player(ctx: Context, name: str, value: Any) -> str:
    active = ctx.reader.ident(value, name, name)
    if active not in ctx.values["players"]:
        raise ctx.fail(f"active_player {active!r} is not one of the players", name)
    return active


def _per_player(ctx: Context, name: str, value: Any) -> list[tuple[str, Any]]:
    ctx.reader.expect_type(value, dict, name, name)
    for who in value:
        if who not in ctx.values["players"]:
            raise ctx.fail(f"{name} names unknown player {who!r}", name)
    return list(value.items())


def commanders(ctx: Context, name: str, value: Any) -> tuple[tuple[str, str], ...]:
    out = []
    for who, cards in _per_player(ctx, name, value):
        names = [cards] if isinstance(cards, str) else ctx.reader.string_list(cards, name, name)
        out += [(who, ctx.reader.card(c, "commander", ("game", 1, name))) for c in names]
    return tuple(out)


def graveyards(ctx: Context, name: str, value: Any) -> tuple[tuple[str, int, str], ...]:
    out = []    # listed from the top card down
    for who, cards in _per_player(ctx, name, value):
        names = ctx.reader.string_list(cards, name, name)
        out += [(who, position, ctx.reader.card(c, "graveyard card", ("game", 1, name)))
                for position, c in enumerate(names, start=1)]
    return tuple(out)


# --- counters players have ---
def player_counters(ctx: Context, name: str, value: Any) -> tuple[tuple[str, tuple], ...]:
    """(player, ((kind, N), ...)): a player named with no counters has none."""
    out = []
    for who, kinds in _per_player(ctx, name, value):
        ctx.reader.expect_type(kinds, dict, name, name)
        for kind, amount in kinds.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise ctx.fail(f"{name} {who!r} {kind!r} must be a non-negative integer", name)
        out.append((who, tuple(kinds.items())))
    return tuple(out)


# --- the top card of a library ---
def library_tops(ctx: Context, name: str, value: Any) -> tuple[tuple[str, str], ...]:
    return tuple((who, ctx.reader.card(c, "top card", ("game", 1, name)))
                 for who, c in _per_player(ctx, name, value))


# --- face-up conspiracies in the command zone ---
def conspiracies(ctx: Context, name: str, value: Any) -> tuple[tuple[str, str, str], ...]:
    """(player, conspiracy card, the card name its hidden agenda chose: rule 702.106a)."""
    out = []
    for who, cards in _per_player(ctx, name, value):
        ctx.reader.expect_type(cards, dict, name, name)
        for card_name, chosen in cards.items():
            where = ("game", 1, name)
            out.append((who, ctx.reader.card(card_name, "conspiracy card", where),
                        ctx.reader.card(chosen, "chosen name", where)))
    return tuple(out)


# --- graveyards, hands and life totals: what abilities that read them count ---
def graveyards_listed(ctx: Context, name: str, value: Any) -> tuple[tuple[str, int, str], ...]:
    """[game] graveyards, also recording which players' graveyards it states (an empty list is
    a graveyard stated empty: "no cards in your graveyard" reads it)."""
    out = graveyards(ctx, name, value)
    ctx.values["graveyards_listed"] = tuple(who for who, _ in _per_player(ctx, name, value))
    return out


def per_player_count(minimum: int | None) -> Check:
    def check(ctx: Context, name: str, value: Any) -> tuple[tuple[str, int], ...]:
        out = []
        for who, amount in _per_player(ctx, name, value):
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise ctx.fail(f"{name} {who!r} must be an integer", name)
            if minimum is not None and amount < minimum:
                raise ctx.fail(f"{name} {who!r} must not be negative", name)
            out.append((who, amount))
        return tuple(sorted(out))
    return check


def designation(kind: str) -> Check:
    """A list of players who have a designation (the city's blessing, a completed dungeon)."""
    def check(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
        names = tuple(ctx.reader.string_list(value, name, name))
        for who in names:
            if who not in ctx.values["players"]:
                raise ctx.fail(f"{name} names unknown player {who!r}", name)
        return names
    return check


# --- what happened this turn (conditions "as long as you've drawn two or more cards this turn") ---
TURN_COUNTS = ("cards_drawn", "spells_cast", "instants_and_sorceries_cast", "creatures_entered",
               "surveils", "life_lost", "plus_one_counters_put", "life_gained", "creatures_died",
               "creatures_attacked", "permanents_left", "lands_played")


def this_turn(ctx: Context, name: str, value: Any) -> tuple[tuple[str, str, int], ...]:
    """{ PLAYER = { KIND = N } }: what each player did this turn, as counts."""
    out = []
    for who, counts in _per_player(ctx, name, value):
        ctx.reader.expect_type(counts, dict, f"{name} {who!r}", name)
        for kind, amount in counts.items():
            if kind not in TURN_COUNTS:
                raise ctx.fail(f"{name} {who!r}: unknown count {kind!r} (known: {', '.join(TURN_COUNTS)})",
                               name)
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise ctx.fail(f"{name} {who!r} {kind} must be a non-negative integer", name)
            out.append((who, kind, amount))
    return tuple(sorted(out))


def permanent_ids(verb: str) -> Check:
    """A list of permanent ids an effect names: "effect 2 <verb> 'x', which names no permanent"."""
    def check(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
        names = ctx.reader.string_list(value, name, ctx.at(name))
        for ident in names:
            if ident not in ctx.ids:
                raise ctx.fail(f"effect {ctx.number} {verb} {ident!r}, which names no permanent", name)
        return tuple(names)
    return check


targets = permanent_ids("targets")


# --- copy effects of [[effect]]s ---
def effect_copy_ref(ctx: Context, name: str, value: Any) -> str:
    target = ctx.reader.ident(value, name, ctx.at(name))
    if target not in ctx.ids:
        raise ctx.fail(f"effect {ctx.number}'s {name} {target!r} names no permanent", name)
    return target


def effect_copy_card(ctx: Context, name: str, value: Any) -> str:
    value = card(ctx, name, value)
    if ctx.values.get("copy_of"):
        raise ctx.fail(f"effect {ctx.number} has both copy_of and copy_of_card", name)
    return value


affected = permanent_ids("affected")


# --- combat and status (rules 506-509, 700.9, 701.37, 702.95, 702.112, 702.131, 309.7) ---
# The state "as long as ~ is attacking", "attacking creatures you control", soulbond, monstrous,
# renowned, the city's blessing and completed dungeons read.  asp/combat/combat_status.lp checks
# what one table can't (an attacker is a creature of the active player, a blocker blocks an
# attacking creature, a pair is two creatures of one controller).
def attacking(ctx: Context, name: str, value: Any) -> bool | tuple[str, str]:
    if isinstance(value, bool):
        return value
    ident = ctx.reader.ident(value, name, ctx.at(name))
    if ident in ctx.players:
        return ("player", ident)
    if ident in ctx.ids and ident != ctx.ident:
        return ("permanent", ident)
    raise ctx.fail(f"{name} of permanent {ctx.ident!r} must be true, a player "
                   f"({', '.join(ctx.players)}) or another permanent's id (rule 506.3), not {ident!r}",
                   name)


def blocking(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
    values = [value] if isinstance(value, str) else ctx.reader.string_list(value, name, ctx.at(name))
    if not values:
        raise ctx.fail(f"{name} of permanent {ctx.ident!r} must name the attacking creatures it blocks", name)
    for target in values:
        if target not in ctx.ids or target == ctx.ident:
            raise ctx.fail(f"{name} {target!r} of permanent {ctx.ident!r} names no other permanent", name)
    if len(set(values)) != len(values):
        raise ctx.fail(f"{name} of permanent {ctx.ident!r} names a creature twice", name)
    return tuple(values)


# --- cards outside the battlefield and events (docs/scenario-format.md, asp/events/zones.lp) ---
ZONES = ("hand", "library", "graveyard", "exile", "stack")
FACE_DOWN_ZONES = ("exile", "stack")     # where a card can be face down (Magar's exile, a morph spell)
EVENT_KINDS = ("enter", "blink", "leave", "turn_face_up", "turn_face_down", "activate", "resolve")


def zone(ctx: Context, name: str, value: Any) -> str:
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    if value not in ZONES:
        raise ctx.fail(f"{name} {value!r} is not one of {', '.join(ZONES)}", name)
    return value


def card_face_down(ctx: Context, name: str, value: Any) -> str:
    if ctx.values.get("zone") not in FACE_DOWN_ZONES:
        raise ctx.fail(f"card {ctx.ident!r}: only a card in exile or on the stack can be face down "
                       f"(rule 708.2)", name)
    return face_down(ctx, name, value)


def object_ref(ctx: Context, name: str, value: Any) -> str:
    """An id an event may name: a permanent, a [[card]], or the new object an earlier event made
    (ctx.ids holds the ids that exist before this event; ctx.table['moved'] the ones gone)."""
    ident = ctx.reader.ident(value, name, ctx.at(name))
    if ident in ctx.ids:
        return ident
    gone = ctx.reader.moved.get(ident)
    if gone:
        raise ctx.fail(f"event {ctx.number} names {ident!r}, which event {gone[0]} moved to "
                       f"another zone: it is a new object, {gone[1]!r} (rule 400.7)", name)
    raise ctx.fail(f"event {ctx.number} names {ident!r}, which is no permanent or card", name)


def object_refs(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
    values = [value] if isinstance(value, str) else ctx.reader.string_list(value, name, ctx.at(name))
    if not values:
        raise ctx.fail(f"{name} must name at least one object", name)
    refs = tuple(object_ref(ctx, name, v) for v in values)
    if len(set(refs)) != len(refs):
        raise ctx.fail(f"{name} names an object twice", name)
    return refs


def per_object(check: Callable[[Context, str, Any], Any]) -> Check:
    """`{ ID = value }` about objects the event moves."""
    def read(ctx: Context, name: str, value: Any) -> tuple[tuple[str, Any], ...]:
        ctx.reader.expect_type(value, dict, name, ctx.at(name))
        moving = ctx.values.get("objects", ())
        out = []
        for ident, item in value.items():
            if ident not in moving:
                raise ctx.fail(f"{name} names {ident!r}, which event {ctx.number} doesn't put "
                               f"onto the battlefield", name)
            out.append((ident, check(ctx, name, item)))
        return tuple(sorted(out))
    return read


def mana_text(ctx: Context, name: str, value: Any) -> str:
    """A mana string such as "{W}{W}{1}": the mana spent to cast a spell."""
    ctx.reader.expect_type(value, str, name, ctx.at(name))
    if ctx.reader.mana(value) is None:
        raise ctx.fail(f"{name}: {value!r} is not mana such as \"{{G}}{{G}}\"", name)
    return value


MANA_COST = re.compile(r"(\{([0-9]+|[WUBRGCSX]|[WUBRG2]/[WUBRGP])\})+")


def mana_texts(ctx: Context, name: str, value: Any) -> tuple[str, ...]:
    """Mana costs as printed, such as ["{1}{U}", "{B}"]: the kicker costs paid for a spell."""
    texts = ctx.reader.string_list(value, name, ctx.at(name))
    for text in texts:
        if not MANA_COST.fullmatch(text):
            raise ctx.fail(f"{name}: {text!r} is not a mana cost such as \"{{1}}{{U}}\"", name)
    return tuple(texts)


def event_pool(ctx: Context, name: str, value: Any) -> tuple[tuple[str, str], ...]:
    ctx.reader.expect_type(value, dict, name, ctx.at(name))
    out = []
    for who, mana in value.items():
        if who not in ctx.players:
            raise ctx.fail(f"{name} names unknown player {who!r}", name)
        ctx.reader.expect_type(mana, str, f"{name} {who!r}", ctx.at(name))
        if ctx.reader.mana(mana) is None:
            raise ctx.fail(f"{name} {who!r}: {mana!r} is not mana such as \"{{G}}{{G}}\"", name)
        out.append((who, mana))
    return tuple(sorted(out))
