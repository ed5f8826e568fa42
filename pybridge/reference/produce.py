"""The brute force: every order of the replacement effects that could apply to a tap (rule
616.1), each applied as it applies now, then the triggered mana abilities, for `produce` and
`could_produce`."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from pybridge.reference.cards import (BASIC_TYPES, COLORS, Card, EFFECT_REPLACEMENTS, EFFECT_TRIGGERS,
                                      Mana, ManaAbility, NO_MANA, OTHER_TYPES,
                                      POOL_EFFECT_TRIGGERS, POOL_TRIGGERS, POOL_EFFECT_REPLACEMENTS, POOL_REPLACEMENTS, REPLACEMENTS,
                                      Replacement, SOURCES, TRIGGERS, TYPES, Trigger, add, mana_of,
                                      mana_string, total, types_in)
from pybridge.reference.covered import NotCovered
from pybridge.reference.pool_sources import pool_source


# --- boards -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Permanent:
    id: str
    card: str
    controller: str
    attached_to: str | None = None
    chosen_color: str | None = None      # a letter of WUBRG


@dataclass(frozen=True)
class Effect:
    card: str
    controller: str
    targets: tuple = ()                  # permanent ids
    chosen_color: str | None = None      # a letter of WUBRG


@dataclass
class Board:
    permanents: list[Permanent]
    effects: list[Effect] = field(default_factory=list)
    players: tuple[str, ...] = ("you", "opponent")

    def get(self, ident: str) -> Permanent:
        return next(p for p in self.permanents if p.id == ident)


def source_card(card: str) -> Card | None:
    """A mana source: the reference's own table first, else the pool's (pool_sources.py: printed
    mana options from the compiled facts; NotCovered for a shape it doesn't read)."""
    if card in SOURCES:
        return SOURCES[card]
    if card in OTHER_TYPES or permanent_replacement(card) or permanent_trigger(card):
        return None
    return pool_source(card)


def card_types(card: str) -> set[str]:
    source = source_card(card)
    if source is not None:
        return set(source.types)
    return OTHER_TYPES.get(card, {"Enchantment"})


def is_land(p: Permanent) -> bool:
    return "Land" in card_types(p.card)


def abilities_of(card: str) -> list[ManaAbility]:
    """Intrinsic abilities of basic land types (rule 305.6), then the printed ones."""
    source = source_card(card)
    if source is None:
        return []
    land = "Land" in source.types                    # 305.6: a land's basic land types
    intrinsic = [ManaAbility(True, ("fixed", BASIC_TYPES[s]))
                 for s in ("Plains", "Island", "Swamp", "Mountain", "Forest")
                 if land and s in source.subtypes]
    return intrinsic + list(source.abilities)


@dataclass(frozen=True)
class Event:
    """What the replacement effects and triggers may look at: one mana ability resolving."""
    permanent: Permanent
    tapped: bool
    land: bool
    basic: bool
    subtypes: frozenset


def event_of(p: Permanent, ability: ManaAbility) -> Event:
    card = source_card(p.card)
    return Event(p, ability.tap, "Land" in card.types, card.basic, card.subtypes)


def options(board: Board, p: Permanent, ability: ManaAbility, could: dict[str, set[str]]) -> list[Mana]:
    """What one activation could add before replacement effects: one entry per choice.  An empty
    list is an ability that can't define a type of mana, so it adds none (rule 106.5)."""
    kind = ability.adds[0]
    if kind == "fixed":
        return [mana_of(ability.adds[1])]
    if kind == "groups":                  # parts, each N mana of one of its types (pool sources)
        made = [NO_MANA]
        for n, letters in ability.adds[1]:
            made = [add(m, mana_of(t, n)) for m in made for t in letters]
        return sorted(set(made), key=lambda m: tuple(-x for x in m))
    if kind == "one_of":
        return [mana_of(t) for t in ability.adds[1]]
    if kind == "per_creature":
        n = sum(1 for q in board.permanents
                if q.controller == p.controller and "Creature" in card_types(q.card))
        return [mana_of(ability.adds[1], n)]
    if kind == "reflect":
        _, whose, what = ability.adds
        seen: set[str] = set()
        for q in board.permanents:
            theirs = q.controller == p.controller if whose == "you" else q.controller != p.controller
            if theirs and is_land(q):
                seen |= could[q.id]
        allowed = TYPES if what == "type" else COLORS
        return [mana_of(t) for t in TYPES if t in seen and t in allowed]
    raise ValueError(kind)


# --- replacement effects, every order --------------------------------------------------------------
def permanent_replacement(card: str) -> Replacement | None:
    return REPLACEMENTS.get(card) or POOL_REPLACEMENTS.get(card)


def permanent_trigger(card: str) -> Trigger | None:
    return TRIGGERS.get(card) or POOL_TRIGGERS.get(card)


def effect_trigger(card: str) -> Trigger | None:
    return EFFECT_TRIGGERS.get(card) or POOL_EFFECT_TRIGGERS.get(card)


def effect_replacement(card: str) -> Replacement | None:
    return EFFECT_REPLACEMENTS.get(card) or POOL_EFFECT_REPLACEMENTS.get(card)


def replacements_in_play(board: Board) -> list[tuple[Replacement, str]]:
    found = [(permanent_replacement(p.card), p.controller) for p in board.permanents
             if permanent_replacement(p.card)]
    for e in board.effects:
        rep = effect_replacement(e.card)
        if rep is None:
            continue
        if rep.does[0] == "convert" and rep.does[2] == "chosen":
            if e.chosen_color is None:
                raise NotCovered(f"the effect {e.card!r} without its chosen_color")
            rep = Replacement(rep.when, ("convert", rep.does[1], e.chosen_color), rep.at_least)
        if "target" in rep.when:
            rep = Replacement(rep.when, rep.does, rep.at_least, frozenset(e.targets))
        found.append((rep, e.controller))
    return found


def could_ever_apply(rep: Replacement, controller: str, event: Event) -> bool:
    """The parts of applicability that the event's mana can't change."""
    w = rep.when
    if "tapped" in w and not event.tapped:
        return False
    if "land" in w and not event.land:
        return False
    if "basic" in w and not event.basic:
        return False
    if "nonbasic" in w and (event.basic or not event.land):
        return False
    if "yours" in w and controller != event.permanent.controller:
        return False
    if "target" in w and event.permanent.id not in rep.targets:
        return False
    if rep.does[0] == "by_land" and not (event.subtypes & set(rep.does[1])):
        return False
    return True


def applies_now(rep: Replacement, m: Mana) -> bool:
    # No mana, no mana production event to replace (rules 106.12b, 614.7).
    if total(m) < rep.at_least:
        return False
    if rep.does[0] == "convert":
        # "Colorless mana instead of white mana" replaces only the producing of white mana
        # (106.12b): it needs some mana of the types it names that isn't already the new type.
        _, covered, to = rep.does
        return any(x for t, x in zip(TYPES, m) if t in covered and t != to)
    return True


def apply(rep: Replacement, event: Event, m: Mana) -> list[Mana]:
    """The events the effect can turn m into: several where the player chooses inside it."""
    kind, n = rep.does[0], total(m)
    if kind == "one":
        return [mana_of(rep.does[1])]
    if kind == "type":
        return [mana_of(rep.does[1], n)]
    if kind == "times":
        return [tuple(rep.does[1] * x for x in m)]
    if kind == "any_color":
        return [mana_of(c, n) for c in COLORS]
    if kind == "by_land":
        return sorted({mana_of(t, n) for s, t in rep.does[1].items() if s in event.subtypes})
    if kind == "convert":                  # the mana of the types named becomes the other type
        _, covered, to = rep.does
        moved = sum(x for t, x in zip(TYPES, m) if t in covered)
        kept = tuple(0 if t in covered else x for t, x in zip(TYPES, m))
        return [add(kept, mana_of(to, moved))]
    if kind == "all_players":              # every player adds it: this one the same
        return [m]
    if kind == "one_any_color":            # one mana of a colour the player chooses
        return [mana_of(c) for c in COLORS]
    raise ValueError(kind)


def behaviour(rep: Replacement, event: Event) -> tuple:
    """What the effect does to this event, for an effect that could apply to it: two effects with
    equal behaviour are interchangeable in every order (Infernal Darkness and Reality Twist on a
    Forest both turn its mana into that much {B})."""
    if rep.does[0] == "by_land":
        made = sorted({t for s, t in rep.does[1].items() if s in event.subtypes})
        does = ("type", made[0]) if len(made) == 1 else ("one_type_of", tuple(made))
    else:
        does = rep.does
    return (does, rep.at_least)


def orders(keys: list, distinct: bool):
    """Every order of the effects (indices); with `distinct`, effects with equal keys are
    interchangeable and only one order per arrangement of keys is produced."""
    if not distinct:
        yield from itertools.permutations(range(len(keys)))
        return
    groups: dict = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)
    kinds = list(groups)
    counts = [len(groups[k]) for k in kinds]
    n = len(keys)

    def rec(prefix):
        if len(prefix) == n:
            yield prefix
            return
        for j in range(len(kinds)):
            if counts[j]:
                counts[j] -= 1
                yield from rec(prefix + [j])
                counts[j] += 1

    for arrangement in rec([]):
        used = [0] * len(kinds)
        order = []
        for j in arrangement:
            order.append(groups[kinds[j]][used[j]])
            used[j] += 1
        yield tuple(order)


def replaced_outcomes(board: Board, event: Event, start: Mana, distinct: bool = False,
                      shared_prefixes: bool = False) -> set[Mana]:
    """Every mana the event can end as, over every order of the replacement effects (rule 616.1).

    Each order is walked on its own: apply the first effect of the order that applies now
    (616.1e), then look again from the start of the order (616.1f, 616.2), each effect once
    (614.5).  With `shared_prefixes` the orders are generated one element at a time and orders
    that begin alike share the walk of their common beginning (same orders, same walks, less
    repeated work; only the 11-effect measurement needs it)."""
    # An effect that can't apply to this event whatever its mana (another player's, not a land,
    # ...) would only be skipped wherever it stood in an order: it is left out of the orders.
    effects = [r for r, ctl in replacements_in_play(board) if could_ever_apply(r, ctl, event)]
    keys = [behaviour(r, event) for r in effects]
    if shared_prefixes:
        return _walk_sharing_prefixes(effects, keys, event, start, distinct)
    results: set[Mana] = set()

    def walk(order, m, applied):
        for i in order:
            if i not in applied and applies_now(effects[i], m):      # 616.1e, 616.1f, 616.2
                for m2 in apply(effects[i], event, m):
                    walk(order, m2, applied | {i})                     # 614.5: once each
                return
        results.add(m)

    for order in orders(keys, distinct):
        walk(order, start, frozenset())
    return results


def _walk_sharing_prefixes(effects, keys, event, start, distinct) -> set[Mana]:
    """The walk of every order, built as the order is: a partial walk is the mana so far and the
    effects of the order's beginning that didn't apply when their turn came (kept in order).  The
    next effect of the order applies if it can, and then, as the full walk would, the earliest
    waiting effect that applies now, again and again (616.1f, 616.2)."""
    results: set[Mana] = set()
    n = len(effects)
    groups: dict = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)

    def settle(m, waiting):
        """Apply waiting effects, earliest first, while one applies; every way the choices go."""
        for j, i in enumerate(waiting):
            if applies_now(effects[i], m):
                rest = waiting[:j] + waiting[j + 1:]
                out = []
                for m2 in apply(effects[i], event, m):
                    out += settle(m2, rest)
                return out
        return [(m, waiting)]

    def extend(walks, used):
        if len(used) == n:
            for m, _ in walks:
                results.add(m)
            return
        for k, members in groups.items():
            free = [i for i in members if i not in used]
            if not free:
                continue
            nexts = free[:1] if distinct else free
            for i in nexts:
                # Choices that brought one order's walk to the same point go on alike: kept once.
                grown = set()
                for m, waiting in walks:
                    if applies_now(effects[i], m):
                        for m2 in apply(effects[i], event, m):
                            grown.update(settle(m2, waiting))
                    else:
                        grown.add((m, waiting + (i,)))
                extend(grown, used | {i})

    extend({(start, ())}, frozenset())
    return results


def count_orders(board: Board, ident: str) -> dict[str, int]:
    """How many ways lead to each total of `produce`, the slow way: every sequence of distinct
    effects, each applied when it applies (616.1e, 614.5), every outcome of its choices, until
    none applies (616.1f); a way is an ability, an option, one such sequence and a total its
    triggers reach.  No memo, no interchangeable effects: for a handful of effects only."""
    p = board.get(ident)
    counts: dict[str, int] = {}
    in_play = replacements_in_play(board)

    def finals(event, m, applied, out):
        reps = [(i, r) for i, (r, ctl) in enumerate(in_play)
                if i not in applied and could_ever_apply(r, ctl, event) and applies_now(r, m)]
        if not reps:
            out.append(m)
        for i, r in reps:
            for m2 in apply(r, event, m):
                finals(event, m2, applied | {i}, out)

    for ability in abilities_of(p.card):
        event = event_of(p, ability)
        starts = options(board, p, ability, {})
        ends: list[Mana] = [] if starts else [NO_MANA]
        for start in starts:
            finals(event, start, frozenset(), ends)
        for end in ends:
            for t in with_triggers(board, event, end):
                key = mana_string(t)
                counts[key] = counts.get(key, 0) + 1
    return counts


# --- triggered mana abilities ----------------------------------------------------------------------
def triggers_in_play(board: Board) -> list[tuple[Trigger, Permanent | Effect]]:
    found = [(permanent_trigger(p.card), p) for p in board.permanents if permanent_trigger(p.card)]
    found += [(effect_trigger(e.card), e) for e in board.effects if effect_trigger(e.card)]
    return found


def trigger_additions(trig: Trigger, source, event: Event, m: Mana) -> list[Mana]:
    """What the trigger adds after the ability produced m: [] if it doesn't trigger, else one
    entry per choice.  Triggered mana isn't produced by the permanent, so no replacement effect
    above touches it (Mana Reflection 2020-08-07, Wild Growth 2004-10-04)."""
    if total(m) == 0:                                   # it produced no mana (rule 106.12a)
        return []
    w = trig.when
    p = event.permanent
    if "tapped" in w and not event.tapped:
        return []
    if "land" in w and not event.land:
        return []
    if "nonland" in w and event.land:
        return []
    if "basic" in w and not event.basic:
        return []
    if "yours" in w and source.controller != p.controller:
        return []
    if "enchanted" in w and getattr(source, "attached_to", None) != p.id:
        return []
    if "creature" in w and "Creature" not in card_types(p.card):
        return []
    for cond in w:
        if isinstance(cond, tuple) and cond[0] == "subtype" and cond[1] not in event.subtypes:
            return []
        if isinstance(cond, tuple) and cond[0] == "subtype_any" and not set(cond[1]) & event.subtypes:
            return []
    chosen = getattr(source, "chosen_color", None)
    if "chosen" in w and (chosen is None or chosen not in types_in(m)):
        return []
    kind = trig.adds[0]
    if kind == "fixed":
        return [mana_of(trig.adds[1])]
    if kind == "produced":
        return [mana_of(t) for t in TYPES if t in types_in(m)]
    if kind == "chosen":
        return [mana_of(chosen)] if chosen else []
    if kind == "any_color":
        return [mana_of(c) for c in COLORS]
    if kind == "any_combination":
        return [mana_of("".join(combo))
                for combo in itertools.combinations_with_replacement(COLORS, trig.adds[1])]
    raise ValueError(kind)


def trigger_mana_replaced(board: Board, source, extra: Mana) -> set[Mana]:
    """A trigger's mana is an event of its own: the effects on mana that abilities add, whatever
    permanent (no condition but "yours", which reads the trigger's controller: False Dawn), walk
    it in every order like the activation's."""
    event = Event(Permanent("", "", source.controller), False, False, False, frozenset())
    effects = [r for r, ctl in replacements_in_play(board) if could_ever_apply(r, ctl, event)]
    results: set[Mana] = set()

    def walk(order, m, applied):
        for i in order:
            if i not in applied and applies_now(effects[i], m):
                for m2 in apply(effects[i], event, m):
                    walk(order, m2, applied | {i})
                return
        results.add(m)

    for order in itertools.permutations(range(len(effects))):
        walk(order, extra, frozenset())
    return results


def with_triggers(board: Board, event: Event, m: Mana) -> set[Mana]:
    totals = {m}
    for trig, source in triggers_in_play(board):
        extra = trigger_additions(trig, source, event, m)
        if extra:
            extra = [r for e in extra for r in trigger_mana_replaced(board, source, e)]
            totals = {add(t, e) for t in totals for e in extra}
    return totals


# --- the two questions ------------------------------------------------------------------------------
def could_produce_all(board: Board, distinct: bool = False,
                      shared_prefixes: bool = False) -> dict[str, set[str]]:
    """Rule 106.7 for every permanent at once, as a least fixpoint: start from nothing and add
    what each permanent could produce given what the others could, until nothing changes."""
    could: dict[str, set[str]] = {p.id: set() for p in board.permanents}
    changed = True
    while changed:
        changed = False
        for p in board.permanents:
            found: set[str] = set()
            for ability in abilities_of(p.card):
                event = event_of(p, ability)
                for start in options(board, p, ability, could):
                    for end in replaced_outcomes(board, event, start, distinct, shared_prefixes):
                        found |= types_in(end)
            if not found <= could[p.id]:
                could[p.id] |= found
                changed = True
    return could


def produce(board: Board, ident: str, distinct: bool = False,
            could: dict[str, set[str]] | None = None, shared_prefixes: bool = False) -> set[str]:
    """Every distinct total one activation of a mana ability of `ident` can add, as mana strings."""
    p = board.get(ident)
    reflecting = any(a.adds[0] == "reflect" for q in board.permanents for a in abilities_of(q.card))
    if could is None:
        # Only abilities that copy what other permanents could produce need rule 106.7.
        could = could_produce_all(board, distinct, shared_prefixes) if reflecting else {}
    results: set[Mana] = set()
    for ability in abilities_of(p.card):
        event = event_of(p, ability)
        starts = options(board, p, ability, could)
        if not starts:
            results.add(NO_MANA)
        for start in starts:
            for end in replaced_outcomes(board, event, start, distinct, shared_prefixes):
                results |= with_triggers(board, event, end)
    return {mana_string(m) for m in results}


def could_produce(board: Board, ident: str) -> set[str]:
    return could_produce_all(board)[ident]
