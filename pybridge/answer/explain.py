"""Explanations: turning the justification atoms the logic programs emit into sentences.

The programs in asp/explain/ decide every step and the rule it applies (see docs/ARCHITECTURE.md,
"Explanations"); they show `explain(K, Group, Step, Rule, Term)`.  This module only groups those
atoms, orders them by Step, and words each Term.  A question kind heads its own groups (its
QuestionKind.explain, made from the helpers here); any other kind gets the generic heading.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import clingo

from pybridge.contract.answers import Explain
from pybridge.read.mana_strings import TYPE_LETTERS, mana_counts, mana_string
from pybridge.solve.model import Group, ModelAtoms, Step


# --- words for the terms of the explain atoms (the vocabulary is in docs/ARCHITECTURE.md) ---
def _text(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def mana(sym: clingo.Symbol) -> str:
    """m(W,U,B,R,G,C) or a large x(...) amount as mana symbols; no mana reads as "no mana"."""
    if (sym.name == "m" and len(sym.arguments) == 6) or (sym.name == "x" and len(sym.arguments) == 3):
        return mana_string(mana_counts(sym)) or "no mana"
    return str(sym)


def mana_type(sym: clingo.Symbol) -> str:
    letter = sym.name.upper()
    return f"{{{letter}}}" if letter in TYPE_LETTERS else str(sym)


def source(ident: clingo.Symbol, card: clingo.Symbol) -> str:
    """A permanent as "Card (id)"; a lasting effect effect(N) as "Card (effect N)"."""
    if ident.type == clingo.SymbolType.Function and ident.name == "effect" and ident.arguments:
        return f"{_text(card)} (effect {ident.arguments[0]})"
    return f"{_text(card)} ({_text(ident)})"


def _quoted(text: clingo.Symbol) -> str:
    return f'"{_text(text)}"' if _text(text) else "its mana ability"


def _activate(p, card, text, m0):
    return f"{source(p, card)} activates {_quoted(text)}, which would add {mana(m0)}"


def _adds_nothing(p, card, text):
    return (f"{source(p, card)} activates {_quoted(text)}; no type it could add is defined, "
            f"so it adds no mana")


def _replace(src, card, op, before, after):
    return f"{source(src, card)} replaces {mana(before)} with {mana(after)}"


def _no_more(result):
    return f"no replacement effect is left to apply, so it adds {mana(result)}"


def _trigger(src, card, kind, amount, total):
    # a trigger adding a multiset at once ("two mana in any combination") names it as its kind
    added = mana(kind) if kind.name == "m" else mana_type(kind) * amount.number
    return f"{source(src, card)} triggers and adds {added}: {mana(total)} in all"


def _adds(p, card, text, m0):
    return f"{source(p, card)}: {_quoted(text)} would add {mana(m0)}"


def _reflects(p, card, text, m0, q, kind):
    return (f"{source(p, card)}: {_quoted(text)} would add {mana(m0)}, "
            f"as {_text(q)} could produce {mana_type(kind)}")


def _could(p, card, kind):
    return f"so {source(p, card)} could produce {mana_type(kind)}"


def _could_nothing(p, card, abilities: int) -> str:
    who = source(p, card)
    if abilities == 0:
        return f"{who} has no mana ability, so it could produce nothing"
    if abilities == 1:
        why = "its mana ability wouldn't produce mana"
    else:
        why = f"none of its {abilities} mana abilities would produce mana"
    return f"{who} could produce nothing: {why}, with any choice, in any order of the replacement effects"


def names_its_rule(words: Callable[..., str]) -> Callable[..., str]:
    """Mark a wording that takes the step's rule first, to name it in the sentence (the rule is
    then not repeated after it)."""
    words.names_rule = True   # type: ignore[attr-defined]
    return words


def _whose(player) -> str:
    """A player's possessive: "your" for the player named you, "opponent's" for another."""
    name = sentence(player)
    return "your" if name == "you" else f"{name}'s"


@names_its_rule
def _counters(rule, kind, amount):
    plural = "" if amount.number == 1 else "s"
    return f"rule {rule}: it entered with {amount.number} {_text(kind)} counter{plural}"


TERM_WORDS: dict[tuple[str, int], Callable[..., str]] = {
    # the keys of generic groups: what the group explains
    ("answer", 1): lambda v: f"why it is {sentence(v)}",
    ("m", 6): lambda *amounts: mana(clingo.Function("m", list(amounts))),
    ("trigger", 3): lambda n, src, on: (
        f"event {sentence(n)}: {sentence(src)}'s ability triggering on {sentence(on)}"),
    # can_activate (asp/explain/can_activate.lp)
    ("forbids", 1): names_its_rule(lambda rule, text: f"rule {rule} forbids it: {_text(text)}"),
    ("allows", 1): names_its_rule(lambda rule, text: f"rule {rule} doesn't forbid it: {_text(text)}"),
    ("nothing_forbids", 0): lambda: ("no rule forbids activating it now (costs the scenario can't "
                                     "settle are assumed payable)"),
    # zone, revealed, triggered, pool (asp/explain/zone.lp, revealed.lp, triggered.lp, pool.lp)
    ("left_for", 2): names_its_rule(lambda rule, o, z: (
        f"rule {rule}: {sentence(o)} left the battlefield for the {sentence(z)}: a new object")),
    ("entered_as", 1): names_its_rule(lambda rule, o: (
        f"rule {rule}: it entered the battlefield as a new object, {sentence(o)}")),
    ("stays_in", 2): lambda o, z: f"{sentence(o)} is in the {sentence(z)} after the events",
    ("ceased", 1): names_its_rule(lambda rule, o: (
        f"rule {rule}: {sentence(o)}, a token outside the battlefield, ceased to exist as a "
        f"state-based action")),
    ("state_based", 1): names_its_rule(lambda rule, o: (
        f"rule {rule}: a state-based action, checked after the event (704.3), moved {sentence(o)}")),
    ("left_face_down", 2): names_its_rule(lambda rule, o, n: (
        f"rule {rule}: {sentence(o)} left the battlefield face down in event {sentence(n)}, so "
        f"it was revealed to all players")),
    ("revealed_in_place", 1): names_its_rule(lambda rule, o: (
        f"rule {rule}: an instant or sorcery card can't be turned face up: {sentence(o)} was "
        f"revealed and stays face down")),
    ("on_entering", 2): names_its_rule(lambda rule, src, o: (
        f"rule {rule}: {sentence(src)}'s ability triggers on {sentence(o)} entering, checked "
        f"after the event")),
    ("looking_back", 2): names_its_rule(lambda rule, src, o: (
        f"rule {rule}: {sentence(src)}'s leaves-the-battlefield ability looks back in time at "
        f"{sentence(o)} leaving")),
    ("on_turning_up", 2): names_its_rule(lambda rule, src, o: (
        f"rule {rule}: {sentence(src)}'s ability triggers on {sentence(o)} being turned face up "
        f"(not entering)")),
    ("intervening_if", 2): names_its_rule(lambda rule, src, cond: (
        f"rule {rule}: {sentence(src)}'s intervening if held as it triggered: {sentence(cond)}")),
    ("no_trigger", 0): names_its_rule(lambda rule: (
        f"rule {rule}: no triggered ability of a permanent there matched an event")),
    ("in_pool", 2): names_its_rule(lambda rule, pl, m: (
        f"rule {rule}: {_whose(pl)} pool holds {mana_string(mana_counts(m)) or 'no mana'} "
        f"after the events")),
    ("empty_pool", 1): names_its_rule(lambda rule, pl: (
        f"rule {rule}: no mana was added to {_whose(pl)} pool")),
    # stack, life (asp/explain/stack.lp, life.lp)
    ("on_stack", 2): names_its_rule(lambda rule, i, src: (
        f"rule {rule}: object {i} from the bottom of the stack is a triggered ability of "
        f"{sentence(src)}")),
    ("empty_stack", 0): names_its_rule(lambda rule: f"rule {rule}: nothing is on the stack"),
    ("stack_from_the_bottom", 0): lambda: "what is on the stack, from the bottom",
    ("life_now", 2): names_its_rule(lambda rule, pl, life: (
        f"rule {rule}: {_whose(pl)} life total is {life} after what resolved")),
    ("lost", 1): names_its_rule(lambda rule, pl: (
        f"rule {rule}: with 0 or less life, {sentence(pl)} lost the game as state-based actions "
        f"were checked")),
    # etb_x (asp/explain/etb_x.lp)
    ("x_from_spell", 1): names_its_rule(lambda rule, x: (
        f"rule {rule}: the spell that became it had X = {x}, and so has what it does as it enters")),
    ("no_spell_x", 0): names_its_rule(lambda rule: (
        f"rule {rule}: it wasn't cast with a value chosen for X, so X is 0")),
    ("x_not_in_costs", 1): names_its_rule(lambda rule, v: (
        f"rule {rule}: the scenario's x = {v} changes nothing, as no cost of the card has {{X}} "
        f"and so no X was chosen for it")),
    ("entered_as_copy", 0): names_its_rule(lambda rule: (
        f"rule {rule}: it entered as a copy, with the copied abilities")),
    ("counters", 2): _counters,
    ("no_mana_ability", 2): lambda p, card: f"{source(p, card)} has no mana ability to activate",
    ("could_produce_nothing", 3): lambda p, card, n: _could_nothing(p, card, n.number),
    # produce and could_produce
    ("activate", 4): _activate,
    ("adds_nothing", 3): _adds_nothing,
    ("replace", 5): _replace,
    ("no_more", 1): _no_more,
    ("trigger", 5): _trigger,
    ("adds", 4): _adds,
    ("reflects", 6): _reflects,
    ("could", 3): _could,
}


def sentence(term: clingo.Symbol, rule: str = "") -> str:
    """One step in words; a term of a vocabulary this module doesn't know is shown as it is,
    strings unquoted, so a new kind's explanation is readable before it gets its own words."""
    if term.type == clingo.SymbolType.String:
        return term.string
    if term.type == clingo.SymbolType.Function:
        words = TERM_WORDS.get((term.name, len(term.arguments)))
        if words and getattr(words, "names_rule", False):
            return words(rule, *term.arguments)
        if words:
            return words(*term.arguments)
        if term.name and term.arguments:
            return f"{term.name.replace('_', ' ')}: " + ", ".join(sentence(a) for a in term.arguments)
    return str(term)


# --- grouping the atoms of one ask ---
@dataclass
class _RawGroup:
    """The explanation atoms of one group, as read."""
    key: clingo.Symbol
    steps: list[tuple[clingo.Symbol, str, clingo.Symbol]] = field(default_factory=list)  # step, rule, term


def raw_groups(atoms: ModelAtoms, ask_number: int) -> list[_RawGroup]:
    groups: dict[clingo.Symbol, _RawGroup] = {}
    for row in atoms.read(Explain, ask_number):
        groups.setdefault(row.group, _RawGroup(row.group)).steps.append((row.step, row.rule, row.term))
    for group in groups.values():
        group.steps.sort()
    return [groups[k] for k in sorted(groups)]


def orders_count(term: clingo.Symbol) -> tuple[int, bool]:
    """l(D0,l(D1,...nil)), base-10^4 limbs lowest first, as an integer; the count is exact, so
    it never says "at least" (the flag stays for the format)."""
    count, scale = 0, 1
    while term.name == "l":
        limb, term = term.arguments
        count += limb.number * scale
        scale *= 10 ** 4
    return count, False


def steps_of(raw: _RawGroup, skip_headline: bool = False) -> tuple[Step, ...]:
    return tuple(Step(rule, sentence(term, rule)) for step, rule, term in raw.steps
                 if not (skip_headline and step == clingo.Number(0)))


def answer_groups(heading: Callable[[clingo.Symbol], str]) -> Callable[[ModelAtoms, Any], list[Group]]:
    """For kinds whose explanation is one group answer(V): a heading made from V."""
    def groups(atoms: ModelAtoms, ask) -> list[Group]:
        out = []
        for raw in raw_groups(atoms, ask.number):
            value = raw.key.arguments[0] if raw.key.arguments else raw.key
            plain = value.number if value.type == clingo.SymbolType.Number else value.name == "true"
            out.append(Group(heading(value), {"answer": plain}, steps_of(raw)))
        return out
    return groups


def generic_groups(atoms: ModelAtoms, ask) -> list[Group]:
    """Any kind without its own formatter: one group per Group term, its steps in order."""
    out = []
    for raw in raw_groups(atoms, ask.number):
        about = sentence(raw.key)
        out.append(Group(f"{about}:", {"about": about}, steps_of(raw)))
    return out


GroupFormatter = Callable[[ModelAtoms, Any], list[Group]]


def explain_ask(atoms: ModelAtoms, ask, formatter: GroupFormatter | None = None) -> list[Group]:
    """The explanation of one ask, from the explain atoms of its ask number: the groups its
    kind's formatter makes of them, or the generic ones."""
    return (formatter or generic_groups)(atoms, ask)
