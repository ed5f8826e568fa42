"""What an event step grounds: the state less the permanents asp/slicing/slice.lp says the step
can leave out, which are carried to the next state unchanged.

Grounding the whole board for every event made an event's cost grow with the board (each one
re-ground every Forest).  A step needs only the objects it can change or that a rule or an
ability of the step looks at; which those are is the rules' answer (asp/slicing/slice.lp), asked
of a small program before the step, about the candidates' cards.  This module only offers the
candidates (permanents whose state is no more than PLAIN_FACTS and which the step's own facts
don't name) and keeps the carried facts apart, so that a step costs what its live part costs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from clingo import Function, Number, String, Symbol

from pybridge.cards.library import SLICING_FOLDER, asp_dir
from pybridge.solve.solver import ground

# The slicing program and what it reads, in loading order.
SLICE_PROGRAM = ("vocabulary/scenario.lp", "vocabulary/cards.lp", "game/basic_land_types.lp",
                 f"{SLICING_FOLDER}/ability_terms.lp", f"{SLICING_FOLDER}/slice.lp")
# The facts a permanent may have and still be a candidate to be carried (each about it alone, it
# their first argument): what it is, who has it, its timestamp, whether it is tapped.
PLAIN_FACTS = frozenset({("permanent", 1), ("permanent_card", 2), ("controller", 2), ("owner", 2),
                         ("timestamp", 2), ("tapped", 1), ("controlled_since_turn_start", 1)})


# Below this many candidates the slicing program costs more than grounding them does.
SLICE_FROM = 24


@dataclass(frozen=True)
class Carried:
    """The permanents a step left out: their facts (what a state compares), and by permanent
    the facts, the card and the timestamp."""
    facts: frozenset[Symbol] = frozenset()
    by_id: dict[str, tuple[Symbol, ...]] = field(default_factory=dict, compare=False, hash=False)
    card: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    stamp: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @cached_property
    def latest(self) -> int:
        return max(self.stamp.values(), default=0)

    def keep(self, ids: set[str]) -> Carried:
        if ids == set(self.by_id):
            return self
        by_id = {p: self.by_id[p] for p in ids}
        return Carried(frozenset(f for fs in by_id.values() for f in fs), by_id,
                       {p: self.card[p] for p in ids}, {p: self.stamp[p] for p in ids})


NOTHING_CARRIED = Carried()


@dataclass(frozen=True)
class Slice:
    """What one event step grounds, and what it carries past."""
    step: list[Symbol]            # the facts of the state the step grounds
    carried: Carried              # those it carries past
    marks: list[Symbol]           # what the step is told of the carried ones (carried_latest/1)


def _strings(symbol: Symbol) -> list[str]:
    out = []
    stack = [symbol]
    while stack:
        s = stack.pop()
        if s.type.name == "String":
            out.append(s.string)
        elif s.type.name == "Function":
            stack.extend(s.arguments)
    return out


# What _plain_live reads of a fact, kept by fact: a state's facts are mostly those of the state
# before, and reading a symbol's parts through clingo's C interface is most of a small step's
# Python time.  Emptied past a bound (a long-running server answers many boards).
_READ: dict[Symbol, tuple[str, int, str | None, tuple[str, ...]]] = {}
READ_KEPT = 200_000


def _read(f: Symbol) -> tuple[str, int, str | None, tuple[str, ...]]:
    """(name, arity, the first argument if a string, the strings of the other arguments)."""
    read = _READ.get(f)
    if read is None:
        if len(_READ) >= READ_KEPT:
            _READ.clear()
        args = f.arguments
        if args and args[0].type.name == "String":
            read = (f.name, len(args), args[0].string, tuple(s for a in args[1:] for s in _strings(a)))
        else:
            read = (f.name, len(args), None, tuple(_strings(f)))
        _READ[f] = read
    return read


def _plain_live(live: frozenset[Symbol], named: set[str]) -> Carried:
    """The permanents of the live facts whose every fact is a plain fact about them and which no
    other fact, nor the step's own facts, names."""
    read = [(f, _read(f)) for f in live]
    ids = {first for _, (name, arity, first, _) in read if name == "permanent" and arity == 1}
    facts: dict[str, list[Symbol]] = {p: [] for p in ids - named}
    spoiled: set[str] = set()
    for f, (name, arity, first, rest) in read:
        if first in facts and (name, arity) in PLAIN_FACTS:
            facts[first].append(f)
        elif first in facts:
            spoiled.add(first)
        spoiled.update(s for s in rest if s in facts)
    by_id = {p: tuple(fs) for p, fs in facts.items() if p not in spoiled}
    card, stamp = {}, {}
    for p, fs in by_id.items():
        for f in fs:
            name, _, _, rest = _read(f)
            if name == "permanent_card":
                card[p] = f.arguments[1].string
            elif name == "timestamp":
                stamp[p] = f.arguments[1].number
    by_id = {p: fs for p, fs in by_id.items() if p in card}
    return Carried(frozenset(f for fs in by_id.values() for f in fs), by_id, card, stamp)


def _merge(a: Carried, b: Carried) -> Carried:
    if not b.by_id:
        return a
    return Carried(a.facts | b.facts, {**a.by_id, **b.by_id}, {**a.card, **b.card},
                   {**a.stamp, **b.stamp})


def slice_state(static: list[Symbol], live: frozenset[Symbol], carried: Carried,
                step_facts: list[Symbol]) -> Slice:
    """The part of a state (live facts and those carried so far) a step with step_facts (the
    event's, or a check's) grounds, and the part it carries past."""
    named = {s for f in step_facts for s in _strings(f)}
    offered = _merge(carried.keep(set(carried.by_id) - named), _plain_live(live, named))
    if len(offered.by_id) < SLICE_FROM:
        return _unsliced(live, carried)
    board = list(live - offered.facts) + _back(carried, offered)
    kept = _carried_cards(static, board, frozenset(offered.card.values()))
    if not kept:
        return _unsliced(live, carried)
    now = offered.keep({p for p, c in offered.card.items() if c in kept})
    step = sorted(live - now.facts) + _back(carried, now)
    return Slice(step, now, [Function("carried_latest", [Number(now.latest)])])


# The slicing program's answers for one scenario's static facts, by what it reads of the board
# (slice.lp's header): the cards of the permanents and of the cards in other zones, whether there
# is a lasting effect or a permanent of no card, and the candidates' cards.  The steps of a
# scenario's events ask it the same question again and again.
_answers: dict = {"static": None, "by_board": {}}


def _carried_cards(static: list[Symbol], board: list[Symbol], candidates: frozenset[str]) -> set[str]:
    """The candidates' cards asp/slicing/slice.lp says the step can leave out."""
    if _answers["static"] is not static:
        _answers.update(static=static, by_board={})
    cards, object_cards, permanents, with_card, effects = set(), set(), set(), set(), False
    for f in board:
        name, arity, first, rest = _read(f)
        if name == "permanent_card" and arity == 2:
            cards.add(rest[0])
            with_card.add(first)
        elif name == "card_object_card" and arity == 2:
            object_cards.add(rest[0])
        elif name == "permanent" and arity == 1:
            permanents.add(first)
        elif name == "effect" and arity == 1:
            effects = True
    cardless = bool(permanents - with_card)
    key = (frozenset(cards), frozenset(object_cards), effects, cardless, candidates)
    kept = _answers["by_board"].get(key)
    if kept is None:
        ctl = ground(static + sorted(board) + [Function("slice_candidate_card", [String(c)])
                                       for c in sorted(candidates)],
                     files=[asp_dir() / name for name in SLICE_PROGRAM])
        shown: list[Symbol] = []
        ctl.solve(on_model=lambda m: shown.extend(m.symbols(shown=True)))
        kept = _answers["by_board"][key] = {s.arguments[0].string for s in shown
                                            if s.name == "carried_card"}
    return kept


def _back(carried: Carried, still: Carried) -> list[Symbol]:
    """The facts of the permanents carried so far that are carried no longer."""
    return sorted(f for p, fs in carried.by_id.items() if p not in still.by_id for f in fs)


def _unsliced(live: frozenset[Symbol], carried: Carried) -> Slice:
    return Slice(sorted(live | carried.facts), NOTHING_CARRIED, [])
