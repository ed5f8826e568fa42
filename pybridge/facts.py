"""A scenario as ASP facts: clingo symbols only, so no user text is ever read as program text.

The vocabulary is the one asp/rules/base.lp declares with #defined.
"""
from __future__ import annotations

from clingo import Function, Number, String, Symbol

from pybridge.kinds import KINDS
from pybridge.scenario import Scenario

FACE_DOWN_MECHANICS = {"morph", "megamorph", "disguise", "manifest", "manifest_dread", "cloak"}


def fact(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


def scenario_facts(scenario: Scenario) -> list[Symbol]:
    out: list[Symbol] = []
    for index, player in enumerate(scenario.players, start=1):
        out.append(fact("player", String(player)))
        out.append(fact("player_index", String(player), Number(index)))
    out.append(fact("active_player", String(scenario.active_player)))
    for player, card in scenario.commanders:
        out.append(fact("commander", String(player), String(card)))
    for player, position, card in scenario.graveyards:
        out.append(fact("graveyard", String(player), Number(position), String(card)))

    for p in scenario.permanents:
        pid = String(p.id)
        out += [fact("permanent", pid), fact("permanent_card", pid, String(p.card)),
                fact("controller", pid, String(p.controller)), fact("owner", pid, String(p.owner)),
                fact("timestamp", pid, Number(p.timestamp))]
        if p.tapped:
            out.append(fact("tapped", pid))
        if p.controlled_since_turn_start:
            out.append(fact("controlled_since_turn_start", pid))
        if p.counters_given:
            out.append(fact("counters_given", pid))
        for kind, amount in p.counters:
            out.append(fact("counters", pid, String(kind), Number(amount)))
        if p.attached_to:
            out.append(fact("attached_to", pid, String(p.attached_to)))
        if p.chosen_color:
            out.append(fact("chosen_color", pid, Function(p.chosen_color.lower())))
        if p.chosen_type:
            out.append(fact("chosen_type", pid, String(p.chosen_type)))
        if p.x is not None:
            out.append(fact("x_value", pid, Number(p.x)))
        if p.face_down:
            how = Function(p.face_down) if p.face_down in FACE_DOWN_MECHANICS else String(p.face_down)
            out.append(fact("face_down", pid, how))
        if p.noted_name is not None:
            out.append(fact("noted_name", pid, String(p.noted_name)))
        if p.copy_of:
            out.append(fact("copy_of", pid, String(p.copy_of)))
        if p.copy_of_card:
            out.append(fact("copy_of_card", pid, String(p.copy_of_card)))
        if p.copy_of or p.copy_of_card:
            out.append(fact("copy_by", pid, String(p.copy_by or p.card)))

    for e in scenario.effects:
        eid = Function("effect", [Number(e.number)])
        out += [fact("effect", eid), fact("effect_card", eid, String(e.card)),
                fact("effect_controller", eid, String(e.controller)),
                fact("timestamp", eid, Number(e.timestamp))]
        for target in e.targets:
            out.append(fact("effect_target", eid, String(target)))
        if e.chosen_color:
            out.append(fact("effect_chosen_color", eid, Function(e.chosen_color.lower())))

    for ask in scenario.asks:
        out.append(fact("ask", Number(ask.number), Function(ask.kind), String(ask.target)))
        out += KINDS[ask.kind].option_facts(ask)
    return out


def facts_text(symbols: list[Symbol]) -> str:
    """The facts as a program, for people who run clingo on asp/ themselves (`mtgasp facts`)."""
    return "".join(f"{sym}.\n" for sym in symbols)
