"""Land type changes read by the grammar oracle.lark: static ones ("Nonbasic lands are
Mountains", rule 305.7) and the effects of resolved spells and abilities ("Target land becomes an
Island until end of turn"), as land_type_effect/3 and land_type_choice/2 (asp/layers/)."""
from __future__ import annotations

from clingo import Function, String
from lark import Tree
from lark.exceptions import LarkError

from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, ability_term
from pybridge.oracle.mana import COLOR_WORDS, has_subtree, land_type_name, near, parse_or_unmodelled, tokens_of, parser


def compile_type_change(face: str, index: int, text: str, source: str) -> AbilityCompilation:
    """A static ability that says which land types lands have ("All Mountains are Plains.",
    "Nonbasic lands are Mountains.")."""
    start = "type_change"
    tree = parse_or_unmodelled(face, index, text, source, start)
    if isinstance(tree, AbilityCompilation):
        return tree
    ab = ability_term(face, index)
    if tree.data == "creatures_become_lands":
        # "nontoken": a permanent the scenario states with `token` is left out (rules/tokens.lp)
        land_type = land_type_name(next(t for t in tokens_of(tree) if t.type == "LAND_TYPE"))
        scope = Function("yours", [Function("nontoken_creature")])
        facts = [Function("land_type_effect", [ab, scope, Function("add", [String(land_type)])]),
                 Function("land_type_effect", [ab, scope, Function("add_type", [String("Land")])])]
    else:
        scope = {"nonbasic_lands": Function("each", [Function("nonbasic_land")]),
                 "each_land": Function("each", [Function("land")]),
                 "enchanted_land": Function("enchanted"),
                 "your_lands": Function("yours", [Function("land")])}.get(tree.children[0].data)
        if scope is None:                # "All Mountains are Plains."
            named = str(tokens_of(tree.children[0])[0])
            named = named if named == "Plains" else named.rstrip("s")
            scope = Function("each", [Function("subtype", [String(named)])])
        land_types = [str(t) for t in tokens_of(tree) if t.type == "LAND_TYPE"]
        if tree.data != "three_types":
            land_types = land_types[:1]
        adding = any(isinstance(c, Tree) and c.data == "in_addition" for c in tree.children)
        # several types set by one effect: the land has all of them (rule 305.7)
        facts = [Function("land_type_effect", [ab, scope, Function(
            "add" if adding else "set", [String(land_type_name(t))])]) for t in land_types]
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern=start)


def compile_type_change_effect(card: str, face: str, index: int, text: str,
                                source: str) -> AbilityCompilation:
    """"Target land becomes an Island until end of turn": the effect of a resolved spell or
    ability (lasting_effect/2), on its targets; a choice of land type is the [[effect]]'s
    chosen_type, the types it may be land_type_choice/2."""
    try:
        tree = parser().parse(source, start="type_change_effect")
    except LarkError as err:
        return AbilityCompilation(face, index, text, UNMODELLED, pattern="type_change_effect",
                                  why=f"type change of a shape the grammar doesn't read: {near(err, source)}")
    ab = ability_term(face, index)
    facts = [Function("lasting_effect", [String(card), ab])]
    if tree.data == "creatures_color_lands_type":
        colour, land = tokens_of(tree)
        facts += [Function("color_effect", [ab, Function("each", [Function("creature")]), Function(
                      "set", [Function(COLOR_WORDS[str(colour).lower()])])]),
                  Function("land_type_effect", [ab, Function("each", [Function("land")]), Function(
                      "set", [String(land_type_name(land))])])]
        return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern=tree.data)
    targets = Function("targets")
    adding = has_subtree([tree], "in_addition")
    what = next(c for c in tree.children if isinstance(c, Tree) and c.data.startswith("becomes_"))
    if what.data == "becomes_type":
        facts.append(Function("land_type_effect", [ab, targets, Function(
            "add" if adding else "set", [String(land_type_name(tokens_of(what)[-1]))])]))
    else:
        facts.append(Function("land_type_effect", [ab, targets, Function(
            "chosen", [Function("add" if adding else "set")])]))
        choices = ([land_type_name(t) for t in tokens_of(what) if t.type == "LAND_TYPE"]
                   if what.data == "becomes_one_of" else list(BASIC_LAND_TYPES))
        facts += [Function("land_type_choice", [ab, String(t)]) for t in choices]
    riders = [source[c.meta.start_pos:c.meta.end_pos].strip() for c in tree.children
              if isinstance(c, Tree) and c.data in ("side_effect", "other_effect", "spend_only")]
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), riders=tuple(riders),
                              pattern="type_change_effect")


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
