"""The answers contract: every atom the #show statements of asp/show/*.lp show, declared once as a
typed row, grouped by show file (the question kinds' files, base.lp and events.lp); and the atoms
the explanation programs of asp/explain/ add (--explain, --dot), grouped by their files.

A row is an immutable record whose fields are the atom's arguments in order, each with its type:
int (a number), str (a string), Name (a constant's name: `b`, `battlefield`, `true`), Text (a
string's text, any other term as written) or Symbol (the term itself, read further by whoever
words it).  A row whose first field is `ask` is one ask's: ModelAtoms.read(Row, K) gives the rows
of ask K (pybridge/solve/model.py converts each argument by its field's type).  The Python side
reads fields by name; tests/test_answers_contract.py keeps these declarations and the #show
statements the same, and checks each row is read or says why it isn't (`unread`).

Each row is declared as a class of annotated fields and made a named tuple by @shown (equal only
to a row of its own class, as a frozen dataclass is): a dataclass costs half a millisecond to
create, and fifty of them were a tenth of a one-Forest `mtgasp ask` (benchmarks/startup.py).
"""
from __future__ import annotations

from collections import namedtuple
from typing import Callable, ClassVar, TypeVar

from clingo import Symbol


class Name(str):
    """A field holding a constant's name (`b`, `battlefield`, `true`), read as a str."""


class Text(str):
    """A field holding a string's text, or any other term as clingo writes it, read as a str."""


R = TypeVar("R")
# Every declared row, by show file (asp/show/<file>.lp), in declaration order.
SHOWN: dict[str, list[type]] = {}
# The same for the explanation programs (asp/explain/<file>.lp), loaded for --explain and --dot.
EXPLAIN_SHOWN: dict[str, list[type]] = {}


class Row:
    """What every declared row has (set by @shown)."""
    __slots__ = ()
    PREDICATE: ClassVar[str]
    SHOW_FILES: ClassVar[tuple[str, ...]]
    UNREAD: ClassVar[str]


# (False, not NotImplemented: a plain tuple would then answer, and as a tuple it is equal.)
def _same_row(self, other) -> bool:
    return other.__class__ is self.__class__ and tuple.__eq__(self, other)


def _other_row(self, other) -> bool:
    return other.__class__ is not self.__class__ or tuple.__ne__(self, other)


def _row(cls: type) -> type:
    """The declared class as a named tuple of its annotated fields, in order (its annotations
    stay strings: `field_types` reads them)."""
    annotations = cls.__dict__.get("__annotations__", {})
    base = namedtuple(cls.__name__, tuple(annotations), module=cls.__module__)
    return type(cls.__name__, (base, Row), {
        "__slots__": (), "__doc__": cls.__doc__, "__module__": cls.__module__,
        "__qualname__": cls.__qualname__, "__annotations__": annotations,
        "__eq__": _same_row, "__ne__": _other_row, "__hash__": tuple.__hash__})


def shown(predicate: str, *show_files: str, unread: str = "",
          explain_files: tuple[str, ...] = ()) -> Callable[[type[R]], type[R]]:
    """Declare a row: the predicate it is an atom of, the show files (and explanation programs)
    that show it, and, for an atom no Python code reads, why it is shown anyway."""
    def declare(cls: type[R]) -> type[R]:
        cls = _row(cls)
        cls.PREDICATE = predicate          # type: ignore[attr-defined]
        cls.SHOW_FILES = show_files        # type: ignore[attr-defined]
        cls.UNREAD = unread                # type: ignore[attr-defined]
        for show in show_files:
            SHOWN.setdefault(show, []).append(cls)
        for program in explain_files:
            EXPLAIN_SHOWN.setdefault(program, []).append(cls)
        return cls
    return declare


# What a field's annotation (a string: `from __future__ import annotations`) may name.
FIELD_TYPES: dict[str, type] = {"int": int, "str": str, "Name": Name, "Text": Text, "Symbol": Symbol}


def field_names(row: type) -> tuple[str, ...]:
    """The row's fields, in the order of the atom's arguments."""
    return row._fields          # type: ignore[attr-defined]


def field_types(row: type) -> dict[str, type]:
    """Each field's type (int, str, Name, Text or Symbol), by name."""
    return {name: FIELD_TYPES[kind] if isinstance(kind, str) else kind
            for name, kind in row.__annotations__.items()}


def arity(row: type) -> int:
    return len(row._fields)      # type: ignore[attr-defined]


def per_ask(row: type) -> bool:
    """Whether the row's first argument is the ask number (ModelAtoms.read(row, K))."""
    return row._fields[0] == "ask"      # type: ignore[attr-defined]


# --- base.lp: what every question shares ---
@shown("scenario_problem", "base")
class ScenarioProblem(Row):
    text: str                       # a state the rules can't reach, naming the rule


@shown("scenario_problem", "base")
class PermanentProblem(Row):
    text: str
    about: Symbol                   # the permanent's id, or effect(N)


@shown("effect_unread", "base")
class EffectUnread(Row):
    effect: Symbol                  # effect(N)
    text: str                       # an ability of its card no rule reads


@shown("face_down_unread", "base")
class FaceDownUnread(Row):
    permanent: str
    text: str                       # an ability of the card it names in face_down, read by no rule


@shown("bound_exceeded", "base")
class BoundExceeded(Row):
    text: str                       # the bound passed: every answer is unknown


@shown("continuous_source", "base")
class ContinuousSource(Row):
    object: Symbol                  # a permanent or an [[effect]] whose timestamp orders a
                                    # continuous effect (timestamps = "every")


# --- events.lp: a step that applies an event ---
@shown("next", "events")
class NextFact(Row):
    fact: Symbol                    # a fact of the state after the event


@shown("state_based_action", "events")
class StateBasedAction(Row):
    event: int
    object: str
    rule: str                       # the rule of 704.5 that applies to it after the event


@shown("stack_put", "events")
class StackPut(Row):
    event: int                      # triggered abilities were put on the stack (603.3)


@shown("stack_orders", "events")
class StackOrders(Row):
    player: str
    object: Symbol                  # a stack object put several times at once
    orders: int                     # K! orders of its K interchangeable abilities give one stack


@shown("event_problem", "events")
class EventProblem(Row):
    event: int
    text: str                       # why the event can't happen as written


@shown("event_unread", "events")
class EventUnread(Row):
    event: int
    text: str                       # the ability it activates, which no rule reads


# --- explain/5, shown by the face kinds here and by asp/explain/ with --explain ---
@shown("explain", "characteristics", "turn_face_up",
       explain_files=("can_activate", "could_produce", "etb_x", "life", "pool", "produce", "revealed",
                      "stack", "triggered", "zone"))
class Explain(Row):
    ask: int
    group: Symbol                   # what the steps explain: about(X), answer(V), ...
    step: Symbol                    # the steps' order: a number, or a tuple ordered as such
    rule: Text                      # a Comprehensive Rules number
    term: Symbol                    # the step, worded by pybridge/answer/


# --- can_activate.lp ---
@shown("can_activate_answer", "can_activate")
class CanActivateAnswer(Row):
    ask: int
    value: Name                     # true or false


@shown("can_activate_reason", "can_activate")
class CanActivateReason(Row):
    ask: int
    rule: str
    text: str


@shown("can_activate_note", "can_activate",
       unread="the rules checked that don't forbid it: --explain words them (asp/explain/can_activate.lp)")
class CanActivateNote(Row):
    ask: int
    rule: str
    text: str


@shown("can_activate_unread", "can_activate")
class CanActivateUnread(Row):
    ask: int
    text: str                       # the asked ability, which no rule reads: the answer is unknown


@shown("no_such_activated_ability", "can_activate")
class NoSuchActivatedAbility(Row):
    ask: int
    number: int                     # the `ability = N` asked
    count: int                      # the activated abilities it has


# --- characteristics.lp ---
@shown("ch_object", "characteristics")
class ChObject(Row):
    ask: int


@shown("ch_name", "characteristics")
class ChName(Row):
    ask: int
    name: str


@shown("ch_mana_cost", "characteristics")
class ChManaCost(Row):
    ask: int
    cost: str


@shown("ch_mana_value", "characteristics")
class ChManaValue(Row):
    ask: int
    value: int


@shown("ch_color", "characteristics")
class ChColor(Row):
    ask: int
    color: Name                     # w u b r g


@shown("ch_supertype", "characteristics")
class ChSupertype(Row):
    ask: int
    supertype: str


@shown("ch_type", "characteristics")
class ChType(Row):
    ask: int
    type: str


@shown("ch_subtype", "characteristics")
class ChSubtype(Row):
    ask: int
    subtype: str


@shown("ch_power", "characteristics")
class ChPower(Row):
    ask: int
    power: int


@shown("ch_toughness", "characteristics")
class ChToughness(Row):
    ask: int
    toughness: int


@shown("ch_ability", "characteristics")
class ChAbility(Row):
    ask: int
    rank: int                       # its order among the abilities
    text: str


@shown("ch_face_down", "characteristics")
class ChFaceDown(Row):
    ask: int


@shown("ch_may_look", "characteristics")
class ChMayLook(Row):
    ask: int
    player: str


@shown("ch_hidden_card", "characteristics")
class ChHiddenCard(Row):
    ask: int
    card: str


@shown("ch_rule", "characteristics")
class ChRule(Row):
    ask: int
    kind: Name                      # a kind of pybridge/oracle/statics/rules.py's RULE_KINDS
    detail: str


# --- could_produce.lp ---
@shown("could_produce_answer", "could_produce")
class CouldProduceAnswer(Row):
    ask: int
    type: Name                      # w u b r g c


# --- etb_x.lp ---
@shown("etb_x_answer", "etb_x")
class EtbXAnswer(Row):
    ask: int
    x: int


@shown("etb_x_how", "etb_x", unread="how X was found: --explain words it (asp/explain/etb_x.lp)")
class EtbXHow(Row):
    ask: int
    how: Name                       # spell, copy or ignored


@shown("etb_x_counters", "etb_x",
       unread="the counters its entering put on it: --explain words them (asp/explain/etb_x.lp)")
class EtbXCounters(Row):
    ask: int
    kind: Symbol
    amount: int


# --- pool.lp ---
@shown("pool_answer", "pool")
class PoolAnswer(Row):
    ask: int
    mana: Symbol                    # m(W,U,B,R,G,C) or a large x(...) amount


# --- produce.lp ---
@shown("produce_answer", "produce")
class ProduceAnswer(Row):
    ask: int
    mana: Symbol                    # m(W,U,B,R,G,C) or a large x(...) amount


@shown("produce_unread", "produce")
class ProduceUnread(Row):
    ask: int
    text: str                       # the asked mana ability, which no rule reads: unknown


@shown("no_such_ability", "produce")
class NoSuchAbility(Row):
    ask: int
    number: int                     # the `ability = N` asked
    count: int                      # the mana abilities it has


@shown("produce_activatable", "produce")
class ProduceActivatable(Row):
    ask: int
    value: Name                     # true or false


@shown("produce_reason", "produce")
class ProduceReason(Row):
    ask: int
    rule: str
    text: str


@shown("produce_depends_on", "produce")
class ProduceDependsOn(Row):
    ask: int
    what: Name                      # the state the answer rests on
    text: str


# --- revealed.lp ---
@shown("revealed_answer", "revealed")
class RevealedAnswer(Row):
    ask: int
    player: str


@shown("revealed_left", "revealed",
       unread="when it left the battlefield: --explain words it (asp/explain/revealed.lp)")
class RevealedLeft(Row):
    ask: int
    object: str
    event: int
    zone: Name


# --- triggered.lp ---
@shown("triggered_answer", "triggered")
class TriggeredAnswer(Row):
    ask: int
    event: int
    source: str
    ability: str                    # the ability's text
    on: str                         # what it triggered on


# --- stack.lp ---
@shown("stack_answer", "stack")
class StackAnswer(Row):
    ask: int
    position: int                   # from the bottom: the top is the highest
    source: str
    ability: str                    # the ability's text
    controller: str
    on: Symbol                      # the object it triggered on, when it reads it, else none
    target: Symbol                  # the target chosen as it was put on the stack, else none


@shown("life_answer", "life")
class LifeAnswer(Row):
    ask: int
    life: int


@shown("life_lost", "life")
class LifeLost(Row):
    ask: int                        # the player lost the game (704.5a)


# --- turn_face_up.lp ---
@shown("turn_up_way", "turn_face_up")
class TurnUpWay(Row):
    ask: int
    way: Symbol                     # morph, mana_cost or card(C)


# --- zone.lp ---
@shown("zone_answer", "zone")
class ZoneAnswer(Row):
    ask: int
    zone: Name


@shown("zone_object", "zone")
class ZoneObject(Row):
    ask: int
    object: str                     # the id it has now


@shown("zone_moved", "zone",
       unread="each move of the object it follows: --explain words them (asp/explain/zone.lp)")
class ZoneMoved(Row):
    ask: int
    object: str
    new_id: str                     # the new object it became (rule 400.7)
    event: int


# --- asp/explain/could_produce.lp: a self-check of the explanation ---
@shown("could_produce_unexplained", explain_files=("could_produce",),
       unread="a type the explanation's stages don't derive: tests/test_explain.py asserts there is none")
class CouldProduceUnexplained(Row):
    permanent: str
    type: Name


# --- asp/explain/graph.lp: the replacement state graph of `produce` (--dot) ---
@shown("graph_root", explain_files=("graph",))
class GraphRoot(Row):
    ask: int
    state: Symbol                   # st(S,M0,A,M): the state the activation starts in
    permanent: Symbol
    card: Symbol
    text: str                       # the ability's text


@shown("graph_edge", explain_files=("graph",))
class GraphEdge(Row):
    ask: int
    start: Symbol
    end: Symbol
    source: Symbol                  # the effect applied
    card: Symbol
    op: Symbol


@shown("graph_applied", explain_files=("graph",))
class GraphApplied(Row):
    ask: int
    state: Symbol
    source: Symbol                  # an effect already applied in the state
    card: Symbol


@shown("graph_final", explain_files=("graph",))
class GraphFinal(Row):
    ask: int
    state: Symbol                   # no effect is left to apply (616.1f)
