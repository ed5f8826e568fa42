"""Triggered mana abilities (rule 605.1b) and replacement effects on mana (rules 106.12b, 614.1a),
read by the grammar oracle.lark, in the vocabularies of asp/mana/produce.lp and replacement.lp."""
from __future__ import annotations

from clingo import Function, Number, String, Symbol
from lark import Tree

from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, Unmodelled, ability_term
from pybridge.oracle.mana import (COLOR_WORDS, COLORS, cost_facts, filter_term, fixed_type, has_subtree, land_type_name, mana_type,
                                  number_of, parse_or_unmodelled, riders_of, symbols_of, tokens_of)


def compile_mana_effect(card: str, face: str, index: int, text: str, source: str,
                    start: str) -> AbilityCompilation:
    """A triggered mana ability (rule 605.1b) or a replacement effect on mana (rules 106.12b,
    614.1a), in the vocabularies of asp/mana/produce.lp and replacement.lp."""
    tree = parse_or_unmodelled(face, index, text, source, start)
    if isinstance(tree, AbilityCompilation):
        return tree
    ab = ability_term(face, index)
    try:
        if start == "mana_trigger":
            facts, riders = _mana_trigger(tree, ab, source)
        else:
            facts, riders = _mana_replacement(tree, ab, source)
    except Unmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern=start)
    # An effect that only resolving makes: an [[effect]] of the card in a scenario (base.lp).
    if has_subtree([tree], "lasting_lead") or has_subtree([tree], "rep_lead") or has_subtree([tree], "rep_cost") \
            or has_subtree([tree], "upkeep_choice"):
        facts.append(Function("lasting_effect", [String(card), ab]))
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), riders=tuple(riders),
                              pattern=start)


TAPPED_THINGS = {
    "t_land": ["land"], "t_permanent": [], "t_nonland": ["nonland"], "t_creature": ["creature"],
    "t_snow_land": ["land", "snow"], "t_basic_land": ["land", "basic"],
    "t_your_land": ["land", "yours"], "t_named_as_exiled": ["land", "named_as_exiled"],
    "t_enchanted": ["enchanted"]}


def _mana_trigger(tree: Tree, ab: Symbol, source: str) -> tuple[list[Symbol], list[str]]:
    event = next(c for c in tree.children if isinstance(c, Tree) and c.data in (
        "any_player_taps", "you_tap", "is_tapped", "is_tapped_chosen"))
    thing = event.children[0]
    conds: list[Symbol] = [Function("tapped")]
    if event.data == "you_tap":
        conds.append(Function("yours"))
    if event.data == "is_tapped_chosen":
        conds.append(Function("produced", [Function("chosen")]))
    facts = [Function("mana_trigger", [ab])]
    if thing.data in TAPPED_THINGS:
        conds += [Function(c) for c in TAPPED_THINGS[thing.data]]
    elif thing.data == "t_subtype":
        conds.append(Function("subtype", [String(land_type_name(tokens_of(thing)[-1]))]))
    elif thing.data == "t_enchanted_subtype":
        conds += [Function("enchanted"), Function("subtype", [String(land_type_name(tokens_of(thing)[-1]))])]
    elif thing.data == "t_subtypes":
        facts += [Function("trigger_when_any", [ab, Function("subtype", [String(land_type_name(t))])])
                  for t in tokens_of(thing) if t.type == "LAND_TYPE"]
    else:
        raise Unmodelled(f"trigger on {thing.data} is not in the vocabulary")
    facts += [Function("trigger_when", [ab, c]) for c in conds]
    mana = next(c for c in tree.children if isinstance(c, Tree) and c.data.startswith("t_")
                and c is not thing and c.data not in TAPPED_THINGS)
    facts += _trigger_may_and_snow(tree, ab)
    if mana.data == "t_fixed":
        types = symbols_of(mana.children[0])
        if len(set(types)) != 1:
            raise Unmodelled("a trigger adding mana of several fixed types")
        facts.append(Function("trigger_adds", [ab, Number(len(types)), fixed_type(types[0])]))
    elif mana.data == "t_any_color":
        facts.append(Function("trigger_adds", [ab, Number(1), Function("any_color")]))
    elif mana.data == "t_that_color":
        if event.data != "is_tapped_chosen":
            raise Unmodelled("'that color' without 'mana of the chosen color'")
        facts.append(Function("trigger_adds", [ab, Number(1), Function("chosen_color")]))
    elif mana.data == "t_chosen":
        facts.append(Function("trigger_adds", [ab, Number(1), Function("chosen_color")]))
    elif mana.data == "t_produced":
        facts.append(Function("trigger_adds", [ab, Number(1), Function("produced_type")]))
    elif mana.data == "t_combination":
        facts.append(Function("trigger_adds_combination", [ab, Number(number_of(mana.children[0])),
                                                           Function("any_color")]))
    elif mana.data == "t_for_each_all":
        symbol = mana_type(str(mana.children[0]))
        facts.append(Function("trigger_adds_count", [ab, Function("count_all", [filter_term(mana.children[1])]),
                                                     fixed_type(symbol)]))
    riders = [source[c.meta.start_pos:c.meta.end_pos].strip() for c in tree.children
              if isinstance(c, Tree) and c.data == "trigger_tail"]
    riders += riders_of([c for c in tree.children if isinstance(c, Tree) and c.data in (
        "spend_only", "side_effect", "other_effect")], ab, source, facts)
    if any(isinstance(c, Tree) and c.data == "snow_instead" for c in tree.children) and \
            any(f.name == "trigger_adds" and f.arguments[2].name != "fixed" for f in facts):
        raise Unmodelled("a snow alternative to mana of no fixed type")
    return facts, riders


# --- optional triggered mana and a snow self-replacement ---
def _trigger_may_and_snow(tree: Tree, ab: Symbol) -> list[Symbol]:
    """"... may add an additional {U}" (the player may decline: trigger_may/1) and "If that
    Island is snow, its controller may add an additional {U}{U} instead" (rule 614.15: what it
    adds for a snow permanent, trigger_adds_instead/4)."""
    out = []
    may = [c for c in tree.children if isinstance(c, Tree) and c.data == "may"]
    snow = next((c for c in tree.children if isinstance(c, Tree) and c.data == "snow_instead"), None)
    if may:
        out.append(Function("trigger_may", [ab]))
    if snow is not None:
        if bool(may) != any(isinstance(c, Tree) and c.data == "may" for c in snow.children):
            raise Unmodelled("an optional trigger whose snow alternative isn't optional, or the reverse")
        mana = next(c for c in snow.children if isinstance(c, Tree) and c.data == "t_fixed")
        types = symbols_of(mana.children[0])
        if len(set(types)) != 1:
            raise Unmodelled("a trigger adding mana of several fixed types")
        out.append(Function("trigger_adds_instead", [ab, Function("snow"), Number(len(types)),
                                                     fixed_type(types[0])]))
    return out


REPLACEMENT_EVENTS = {
    "r_land": ["tapped", "land"], "r_land_two": ["tapped", "land"],
    "r_your_permanent": ["tapped", "yours"], "r_your_land": ["tapped", "yours", "land"],
    "r_your_basic": ["tapped", "yours", "land", "basic"], "r_nonbasic": ["tapped", "nonbasic"],
    "r_target": ["tapped", "target"]}


# --- mana replacements that convert types or reach every player ---
def _type_converting(tree: Tree, ab: Symbol, source: str) -> tuple[list[Symbol], list[str]] | None:
    """"Spells and abilities you control that would add colored mana instead add that much white
    mana" (every mana ability and triggered mana ability its controller controls, rule 106.12b),
    "lands tapped for mana produce mana of the chosen color instead of any other color" (the
    colour the [[effect]] chose), "instead all players add that mana"; None for other shapes."""
    replacement = Function("mana_replacement", [ab])
    if tree.data == "abilities_add_colored":
        colour = COLOR_WORDS[str(tokens_of(tree)[0]).lower()]
        riders = [source[c.meta.start_pos:c.meta.end_pos].strip() for c in tree.children
                  if isinstance(c, Tree) and c.data == "spend_as_any"]
        return [replacement, Function("replaces_when", [ab, Function("yours")]),
                Function("replaces_with", [ab, Function("convert", [Function("colored"), Function(colour)])])], riders
    if tree.data == "lands_chosen_color":
        return [replacement, Function("replaces_when", [ab, Function("tapped")]),
                Function("replaces_when", [ab, Function("land")]),
                Function("replaces_with", [ab, Function("convert", [Function("colored"), Function("chosen")])])], []
    if tree.data == "all_players_add":
        return [replacement, Function("replaces_with", [ab, Function("all_players")])], []
    return None


def _mana_replacement(tree: Tree, ab: Symbol, source: str = "") -> tuple[list[Symbol], list[str]]:
    kids = [c for c in tree.children if isinstance(c, Tree)]
    if tree.data == "by_land_type":        # "Plains produce {R}, Islands produce {G}, ..."
        facts = [Function("mana_replacement", [ab]), Function("replaces_when", [ab, Function("tapped")]),
                 Function("replaces_when", [ab, Function("land")])]
        for pair in (c for c in kids if c.data == "land_produces"):
            land, symbol = tokens_of(pair)
            facts.append(Function("replaces_with", [ab, Function("type_by_land", [
                String(land_type_name(land)), Function(mana_type(str(symbol)))])]))
        return facts, []
    converting = _type_converting(tree, ab, source)
    if converting is not None:
        return converting
    event = next(c for c in kids if c.data in REPLACEMENT_EVENTS)
    mana = next(c for c in kids if c.data.startswith("r_") and c.data not in REPLACEMENT_EVENTS
                and c.data not in ("r_type", "r_type_and_amount", "r_of_color"))
    of = next((c.data for c in kids if c.data in ("r_type", "r_type_and_amount", "r_of_color")), None)
    if of == "r_of_color":             # "colorless mana instead of white mana": that mana only
        if mana.data not in ("r_symbol", "r_colorless"):
            raise Unmodelled(f"replacement {mana.data} of one colour's mana is not in the vocabulary")
        to = "c" if mana.data == "r_colorless" else mana_type(str(tokens_of(mana)[0]))
        colour = COLOR_WORDS[str(tokens_of(next(c for c in kids if c.data == "r_of_color"))[0]).lower()]
        facts = [Function("mana_replacement", [ab])]
        facts += [Function("replaces_when", [ab, Function(c)]) for c in REPLACEMENT_EVENTS[event.data]]
        facts.append(Function("replaces_with", [ab, Function("convert", [Function(colour), Function(to)])]))
        return facts, []
    facts = [Function("mana_replacement", [ab])]
    facts += [Function("replaces_when", [ab, Function(c)]) for c in REPLACEMENT_EVENTS[event.data]]
    if event.data == "r_land_two":
        facts.append(Function("replaces_min_total", [ab, Number(2)]))
    amount_too = of == "r_type_and_amount"
    if mana.data in ("r_twice", "r_thrice"):
        if of is not None:
            raise Unmodelled("'as much' with 'of any other type'")
        ops = [Function("times", [Number(2 if mana.data == "r_twice" else 3)])]
    elif of is None:
        raise Unmodelled("a replacement that doesn't say it replaces the type")
    elif mana.data in ("r_symbol", "r_colorless"):
        t = "c" if mana.data == "r_colorless" else mana_type(str(tokens_of(mana)[0]))
        ops = [Function("one" if amount_too else "type", [Function(t)])]
    elif mana.data == "r_any_color" and not amount_too:
        ops = [Function("any_color_type")]
    elif mana.data == "r_one_any_color" and amount_too:
        ops = [Function("one", [Function(t)]) for t in COLORS]     # one choice per colour
    else:
        raise Unmodelled(f"replacement {mana.data} is not in the vocabulary")
    facts += [Function("replaces_with", [ab, op]) for op in ops]
    if any(c.data == "rep_cost" for c in kids):
        rep_cost = next(c for c in kids if c.data == "rep_cost")
        facts = [f for cost in rep_cost.children[0].children for f in cost_facts(cost, ab)
                 if f.name not in ("cost_tap", "cost_untap", "cost_has")] + facts
    return facts, []
