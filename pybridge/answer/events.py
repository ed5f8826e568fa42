"""Answering a scenario with [[event]] tables: each event applied in turn to the state the
previous one left, then the questions asked of the last state (docs/ARCHITECTURE.md, "Events").

Step N grounds the usual program (asp/main.lp) with state N-1 as its board and the facts of event
N; asp/events/zones.lp and events.lp derive `next(F)`, the facts of state N, and the rules decide
everything (where objects go, replacement effects, triggers, pools).  Where the rules leave a
choice (the order of replacement effects, 616.1; which total a mana ability adds) each answer set
is one outcome, and the distinct outcomes go on separately.  This module only carries facts from
one step to the next and gathers the answers of every outcome.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from math import prod

from clingo import Function, Number, String, Symbol

from pybridge.contract.scenario import EVENT, fact
from pybridge.errors import InputError, SolverError, SolverTimeout
from pybridge.contract.answers import (EventProblem, EventUnread, NextFact, PermanentProblem, ScenarioProblem,
                                       StackOrders, StackPut, StateBasedAction)
from pybridge.contract.kinds import KIND_BY_NAME
from pybridge.read.mana_strings import parse_mana_string
from pybridge.solve.model import ModelAtoms
from pybridge.solve.solver import ground
from pybridge.read.events import Event, new_id
from pybridge.read.facts import ask_facts, initial_state_facts, static_facts
from pybridge.answer.slicing import NOTHING_CARRIED, Carried, slice_state

# Outcomes past this many are refused: each one is grounded again for every later event.
MAX_OUTCOMES = 64
# Rounds of state-based actions after one event past this many are refused (704.3 repeats them
# until none applies; each round is a step).
MAX_SBA_ROUNDS = 8
# Objects one `resolve` event resolves past this many are refused (a loop of triggers).
MAX_RESOLUTIONS = 32
# Tokens one resolving ability creates past this many are refused (bound_exceeded).
MAX_TOKENS = 16


@dataclass(frozen=True)
class State:
    """The board, the cards outside it and the history: the facts the last step derived (live)
    and those of the permanents it left out (carried, pybridge/answer/slicing.py)."""
    live: frozenset[Symbol]
    carried: Carried = NOTHING_CARRIED
    # How many paths lead to it: orders of triggered abilities put on the stack (the stack
    # step's stack_orders/3) times each choice a step offers, summed where paths meet.
    count: int = 1

    @cached_property
    def facts(self) -> frozenset[Symbol]:
        return self.live | self.carried.facts if self.carried.facts else self.live


def _mana(text: str) -> Symbol:
    counts = parse_mana_string(text)
    return Function("m", [Number(n) for n in counts])


def event_facts(event: Event) -> list[Symbol]:
    """The facts of one event, as the scenario contract's [[event]] table declares them."""
    return EVENT.facts_of(Number(event.number), event)


def check_facts(board: list[Symbol], number: int) -> list[Symbol]:
    """The facts that ask the rules which state-based actions apply to a board, after event
    number (asp/events/state_based.lp), with a name for the new object each permanent would
    become if one moves it: what the rules decide is whether it moves, not what it is called."""
    n = Number(number)
    return [fact("state_based_check", n)] + [
        fact("event_new_id", n, String(p), String(new_id(p, number)))
        for p in sorted(_permanents(board))]


def initial_state(scenario) -> State:
    return State(frozenset(initial_state_facts(scenario)))


def step_facts(static: list[Symbol], state: State, event: Event,
               checked: int | None = None) -> tuple[list[Symbol], Carried]:
    """The facts of the step applying event to state, and what it carries past unchanged
    (pybridge/answer/slicing.py).  With checked, the step also asks which state-based actions
    apply to state, which event number checked left: the check rides along with the event, one
    grounding for both (asp/events/zones.lp's applies_event)."""
    facts = event_facts(event)
    if checked is None:
        part = slice_state(static, state.live, state.carried, facts)
        return static + part.step + part.marks + facts, part.carried
    part = slice_state(static, state.live, state.carried,
                       facts + [fact("state_based_check", Number(checked))])
    return static + part.step + part.marks + facts + check_facts(part.step, checked), part.carried


def sba_step_facts(static: list[Symbol], state: State, number: int) -> tuple[list[Symbol], Carried]:
    """The facts of a check of the state-based actions on state after event number, and what it
    carries past unchanged."""
    part = slice_state(static, state.live, state.carried, [fact("state_based_check", Number(number))])
    return static + part.step + part.marks + check_facts(part.step, number), part.carried


def _step(scenario, static: list[Symbol], state: State, event: Event,
          checked: Event | None = None) -> list[State] | None:
    """The states event leads to from state: one per distinct outcome.  With checked (the event
    that left state, whose state-based actions weren't checked yet), None where one applies to
    state: they are performed first (704.3), and the event applied to what they leave."""
    facts, carried = step_facts(static, state, event, checked and checked.number)
    models = _models(scenario, facts, event, refuse=checked is None)
    if checked is not None:
        if any(atoms.read(StateBasedAction) or atoms.read(StackPut) for atoms in models):
            return None
        for atoms in models:
            _refuse(scenario, atoms, event, "before")
    if len(models) > MAX_OUTCOMES:
        raise SolverTimeout(f"past a bound of the rules: event {event.number} has more than "
                            f"{MAX_OUTCOMES} outcomes")
    return _states(models, carried, state.count)


def _models(scenario, facts: list[Symbol], event: Event,
            board: str = "before", refuse: bool = True) -> list[ModelAtoms]:
    """The answer sets of a step (at most one past the bound of outcomes), each refused if the
    rules find the step can't be taken (unless refuse is false: the caller looks first); board
    says when its board is, for the messages: "before" the event, or "after" it (a check of the
    state-based actions)."""
    ctl = ground(facts)
    ctl.configuration.solve.models = MAX_OUTCOMES + 1
    models: list[ModelAtoms] = []
    ctl.solve(on_model=lambda m: models.append(ModelAtoms(m.symbols(shown=True))))
    if not models:
        raise SolverError(f"the logic programs have no answer set for event {event.number}")
    if refuse:
        for atoms in models:
            _refuse(scenario, atoms, event, board)
    return models


def _states(models: list[ModelAtoms], carried: Carried = NOTHING_CARRIED, count: int = 1) -> list[State]:
    """The distinct states of a step's answer sets, each with the count of the state it came
    from times the orders its answer set stands for (stack_orders/3: interchangeable triggered
    abilities put on the stack); answer sets equal in their state are one path."""
    lives: dict[frozenset, int] = {}
    for atoms in models:
        live = frozenset(row.fact for row in atoms.read(NextFact))
        lives.setdefault(live, prod(row.orders for row in atoms.read(StackOrders)))
    return [State(live, carried, count * lives[live])
            for live in (sorted(lives, key=lambda f: sorted(map(str, f))) if len(lives) > 1 else lives)]


def _distinct(states: list[State]) -> list[State]:
    """The states, each once, with the counts of equal ones summed (paths that meet): equal by
    their live facts where they carry the same (the common case: no carried facts hashed
    again), else by all their facts."""
    same = len({id(s.carried) for s in states}) <= 1
    out: dict[frozenset, State] = {}
    for s in states:
        key = s.live if same else s.facts
        out[key] = replace(out[key], count=out[key].count + s.count) if key in out else s
    return list(out.values())


def _sba_step(scenario, static, state: State, event: Event) -> list[State] | None:
    """The states the state-based actions that apply to state lead to (one per outcome: the
    legend rule's choices), or, where none applies, those of the triggered abilities put on the
    stack (603.3, each order an outcome), or None if neither (the rules say which, 704.3)."""
    facts, carried = sba_step_facts(static, state, event.number)
    models = _models(scenario, facts, event, "after")
    if len(models) > MAX_OUTCOMES:
        raise SolverTimeout(f"past a bound of the rules: the state-based actions after event "
                            f"{event.number} have more than {MAX_OUTCOMES} outcomes")
    if not any(atoms.read(StateBasedAction) or atoms.read(StackPut) for atoms in models):
        return None
    return _states(models, carried, state.count)


def settle(scenario, static, states: list[State], event: Event, seen=None) -> list[State]:
    """704.3: state-based actions performed on each state after event, all at once, again and
    again until none applies; the distinct states where none does."""
    settled: list[State] = []
    for round_ in range(1, MAX_SBA_ROUNDS + 1):
        following: list[State] = []
        for state in states:
            if seen is not None:
                seen(event, state, sba_step_facts(static, state, event.number)[0], round_)
            after = _sba_step(scenario, static, state, event)
            if after is None:
                settled.append(state)
            following += after or ()
        following = _distinct(following)
        if not following:
            return _distinct(settled)
        if len(following) + len(_distinct(settled)) > MAX_OUTCOMES:
            raise SolverTimeout(f"past a bound of the rules: the state-based actions after event "
                                f"{event.number} have more than {MAX_OUTCOMES} outcomes")
        states = following
    raise SolverTimeout(f"past a bound of the rules: state-based actions after event "
                        f"{event.number} still apply after {MAX_SBA_ROUNDS} rounds (rule 704.3)")


def _where(event: Event) -> str:
    return f"line {event.line}: " if event.line else ""


def _refuse(scenario, atoms: ModelAtoms, event: Event, board: str) -> None:
    problems = sorted(row.text for row in atoms.read(EventProblem))
    problems = [f"not modelled yet: {row.text}" for row in atoms.read(EventUnread)] + problems
    if problems:
        raise InputError(f"{scenario.path}: {_where(event)}event {event.number} "
                         f"({event.kind}): {problems[0]}")
    # a board the rules reject (rule 712.16, ...): the one before the event, or after it
    bad = sorted([row.text for row in atoms.read(ScenarioProblem)]
                 + [row.text for row in atoms.read(PermanentProblem)])
    if bad:
        raise InputError(f"{scenario.path}: {_where(event)}{board} event {event.number}: {bad[0]}")


def final_states(scenario, seen=None) -> list[State]:
    """Every distinct state the events can leave, in a stable order.  seen(event, state, facts,
    round, checked), if given, is told the facts of every step (`mtgasp facts`): round 0 applies
    the event (checked: the event number whose state-based actions are checked in the same step,
    or None), round R > 0 checks state-based actions after it.

    The state-based actions after an event are checked in the step of the next one (one
    grounding for both); where one applies, that step is dropped, they are performed (settle)
    and the event applied to what they leave.  After the last event they are checked alone."""
    follows = follows_stack(scenario)
    static = static_facts(scenario) + ([fact("stack_followed", Function(follows))] if follows else [])
    states = [initial_state(scenario)]
    unchecked: Event | None = None      # the event that left the states, not checked yet

    def step(state: State, event: Event, checked: Event | None) -> list[State] | None:
        if seen is not None:
            seen(event, state, step_facts(static, state, event, checked and checked.number)[0], 0,
                 checked and checked.number)
        return _step(scenario, static, state, event, checked)

    for event in scenario.events:
        if event.kind == "resolve":     # from a settled state: 704.3, 603.3 first
            if unchecked is not None:
                states = settle(scenario, static, states, unchecked, seen)
            states, unchecked = _resolve(scenario, static, states, event, seen), None
            continue
        following: list[State] = []
        for state in states:
            after = step(state, event, unchecked)
            if after is None:
                for settled in settle(scenario, static, [state], unchecked, seen):
                    following += step(settled, event, None)
            else:
                following += after
        following = _distinct(following)
        if len(following) > MAX_OUTCOMES:
            raise SolverTimeout(f"past a bound of the rules: the events have more than "
                                f"{MAX_OUTCOMES} outcomes")
        states, unchecked = following, event
    return settle(scenario, static, states, unchecked, seen) if unchecked else states


def follows_stack(scenario) -> str:
    """Why triggered abilities are put on the stack ("" if not): the scenario resolves it or
    asks what is on it (the other event scenarios record triggers only, as their questions need)."""
    if any(e.kind == "resolve" for e in scenario.events):
        return "resolve"
    return "asked" if any(a.kind == "stack" for a in scenario.asks) else ""


def _resolves_more(state: State, event: Event, round_: int) -> bool:
    """Whether a `resolve` event resolves another object of state: the first always (an empty
    stack is the rules' refusal), then while the stack holds one (`"stack"`) or up to N."""
    if event.resolve == "stack":
        return round_ == 1 or any(f.name == "stack" for f in state.live)
    return round_ <= int(event.resolve)


def token_id(number: int, round_: int, j: int) -> str:
    return f"token_{number}_{round_}_{j}"


def resolve_facts(number: int, round_: int) -> list[Symbol]:
    """The facts of the R-th resolution of event number: its round and the names offered for
    the tokens it may create (the rules decide whether it creates any)."""
    n, r = Number(number), Number(round_)
    return [fact("resolve_round", n, r)] + [
        fact("token_new_id", n, r, Number(j), String(token_id(number, round_, j)))
        for j in range(1, MAX_TOKENS + 1)]


def _resolve(scenario, static, states: list[State], event: Event, seen=None) -> list[State]:
    """608.1: the top object of the stack of each state resolves, then state-based actions and
    the triggered abilities that triggered (settle), again while the event resolves more."""
    done: list[State] = []
    for round_ in range(1, MAX_RESOLUTIONS + 1):
        following: list[State] = []
        for state in states:
            if not _resolves_more(state, event, round_):
                done.append(state)
                continue
            facts, carried = step_facts(static, state, event)
            facts = facts + resolve_facts(event.number, round_)
            if seen is not None:
                seen(event, state, facts, 0)
            following += _states(_models(scenario, facts, event), carried, state.count)
        following = _distinct(following)
        if not following:
            return _distinct(done)
        if len(following) + len(done) > MAX_OUTCOMES:
            raise SolverTimeout(f"past a bound of the rules: resolving the stack in event "
                                f"{event.number} has more than {MAX_OUTCOMES} outcomes")
        states = settle(scenario, static, following, event, seen)
    raise SolverTimeout(f"past a bound of the rules: event {event.number} resolves more than "
                        f"{MAX_RESOLUTIONS} objects (a loop of triggered abilities?)")


def step_programs(scenario) -> list[tuple[str, list[Symbol]]]:
    """(a title, the facts) of every step the events are answered in: each event applied to each
    state before it (with the check of the state-based actions on that state, after the first),
    the checks of state-based actions that apply and the one after the last event, then the
    questions asked of each final state; each a whole program for asp/main.lp (a step's answer
    sets show its next/1 atoms, the facts of the state after)."""
    out: list[tuple[str, list[Symbol]]] = []
    count: dict[tuple[int, int], int] = {}

    def seen(event, state, facts, round_, checked=None):
        key = (event.number, round_)
        count[key] = count.get(key, 0) + 1
        what = (f"event {event.number} ({event.kind}"
                f"{', line ' + str(event.line) if event.line else ''}) applied to state "
                f"{event.number - 1}"
                + (f", with the check of the state-based actions after event {checked}"
                   if checked is not None else "")) if round_ == 0 else \
            f"state-based actions after event {event.number}, round {round_}"
        out.append((f"step {event.number}: {what}, outcome {count[key]}", facts))
    states = final_states(scenario, seen)
    last = len(scenario.events) + 1
    for k, state in enumerate(states, start=1):
        out.append((f"step {last}: the questions on the state after the events, outcome {k} of "
                    f"{len(states)}", question_facts(scenario, state)))
    return out


def question_facts(scenario, state: State) -> list[Symbol]:
    """The facts of the questions asked of a state after the events: the state less the
    permanents the questions can leave out, as an event step leaves them (asp/slicing/slice.lp:
    none the questions name, or whose rules or abilities look around)."""
    static, asks = static_facts(scenario), ask_facts(scenario)
    part = slice_state(static, state.live, state.carried, asks)
    return static + part.step + part.marks + asks


def board_of(state: State) -> list[tuple[str, str | None]]:
    """(id, the card whose abilities it has, or None) of each permanent of a state, in timestamp
    order: what the unmodelled-ability warnings look at (pybridge/answer/unmodelled.py).  A copy
    has the abilities of the card it copies (the name its frozen values give: copied_value)."""
    by = {}
    for f in state.facts:
        by.setdefault(f.name, []).append(f.arguments)

    def pairs(name):
        return {a[0].string: a[1] for a in by.get(name, ()) if a[0].type.name == "String"}
    card, copy_of, copy_card = pairs("permanent_card"), pairs("copy_of"), pairs("copy_of_card")
    stamp = {k: v.number for k, v in pairs("timestamp").items()}
    hidden = set(pairs("face_down")) | {a[0].string for a in by.get("phased_out", ())}
    copied = {a[0].string: a[2].string for a in by.get("copied_value", ())
              if a[1].name == "name" and a[2].type.name == "String"}
    out = []
    for ident in sorted(on_battlefield(state), key=lambda i: (stamp.get(i, 0), i)):
        if ident in hidden:
            shows = None
        elif ident in copy_of:
            shows = card.get(copy_of[ident].string, card[ident]).string
        elif ident in copy_card:
            shows = copy_card[ident].string
        elif ident in copied:
            shows = copied[ident] or None     # a copy of a face-down permanent has no name
        elif ident not in card:
            shows = None                      # a token: no card's abilities
        else:
            shows = card[ident].string
        out.append((ident, shows))
    return out


def resolved_unmodelled(state: State) -> list[dict[str, str]]:
    """{permanent, ability} of each triggered ability that resolved with an effect the rules
    don't model (asp/stack/resolve.lp's resolved_unmodelled/2; its text, triggered_text/2)."""
    texts = {str(f.arguments[0]): f.arguments[1].string for f in state.facts
             if f.name == "triggered_text"}
    rows = {(f.arguments[0].string, texts.get(str(f.arguments[1]), str(f.arguments[1])))
            for f in state.facts if f.name == "resolved_unmodelled"}
    return [{"permanent": src, "ability": text} for src, text in sorted(rows)]


def on_battlefield(state: State) -> set[str]:
    return _permanents(state.facts)


def _permanents(facts) -> set[str]:
    return {s.arguments[0].string for s in facts if s.name == "permanent"}


def check_targets(scenario, states: list[State]) -> None:
    """A question about a permanent must name one on the battlefield after the events (in
    every outcome): where a new object went is the rules' answer, so this is checked here."""
    for ask in scenario.asks:
        if KIND_BY_NAME[ask.kind].target != "permanent":
            continue
        for state in states:
            if ask.target not in on_battlefield(state):
                zones = {s.arguments[0].string: s.arguments[1].name
                         for s in state.facts if s.name == "card_zone"}
                removed = {s.arguments[0].string: s.arguments for s in state.facts
                           if s.name == "removed_by_rule"}
                where = f"in the {zones[ask.target]}" if ask.target in zones else "not there"
                if ask.target in removed:
                    _, number, rule = removed[ask.target]
                    where = (f"removed by a state-based action after event {number.number}, "
                             f"rule {rule.string}")
                raise InputError(f"{scenario.path}: ask {ask.number}: {ask.kind} names "
                                 f"{ask.target!r}, which is not on the battlefield after the "
                                 f"events (it is {where})")


