"""The mana floor of the Oracle compiler: activated mana abilities (rule 605.1a) parsed with the
grammar oracle.lark, and the parse trees' costs, amounts, filters and riders as the facts of
asp/mana/ (mana_abilities.lp, shorthand.lp, activation.lp).  The grammar's parser and the
tree helpers here serve the other floors that read oracle.lark too (mana_effects.py,
land_types.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, Unmodelled, ability_term
from pybridge.oracle.grammars import earley

COLORS = ("w", "u", "b", "r", "g")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# Nouns of filters, singular or plural, as the scope filters of asp/scopes/filters.lp.
FILTER_NOUNS = {"creature": Function("creature"), "land": Function("land"),
                "permanent": Function("permanent"),
                "artifact": Function("type", [String("Artifact")]),
                "enchantment": Function("type", [String("Enchantment")]),
                "planeswalker": Function("type", [String("Planeswalker")])}
ADJECTIVE_FILTERS = {("basic", "land"): Function("basic_land"),
                     ("nonbasic", "land"): Function("nonbasic_land")}
UNCHECKED_RIDER = re.compile(r"^Activate only once each turn\.$", re.IGNORECASE)
ENTRY_RULES = ["mana_ability", "morph_keyword", "type_change", "mana_trigger", "mana_replacement",
               "type_change_effect"]


@lru_cache(maxsize=1)
def parser() -> Lark:
    return earley("oracle.lark", ENTRY_RULES, propagate_positions=True)


def is_mana_ability_text(text: str) -> bool:
    """An activated ability, not a loyalty ability, with no target, that adds mana (rule
    605.1a): a colon outside quotes, then an "Add" sentence."""
    quote, colon = text.find('"'), text.find(":")
    if colon < 0 or (0 <= quote < colon) or text.startswith("["):
        return False
    effect = text[colon + 1:]
    adds = re.search(r"(^|[.] )Add\b", effect.strip()) or \
        re.match(r"For each color among [^,.]+, add\b", effect.strip())
    return bool(adds) and "target" not in effect.lower()


def compile_mana_ability(face: str, index: int, text: str, source: str) -> AbilityCompilation:
    """A mana ability (rule 605.1a), read by the grammar's mana_ability rule."""
    try:
        tree = parser().parse(source, start="mana_ability")
    except LarkError as err:
        return AbilityCompilation(face, index, text, UNMODELLED,
                                  why=f"mana ability of a shape the grammar doesn't read: {near(err, source)}")
    pattern = _pattern(tree)
    try:
        facts, riders = _mana_ability(tree, ability_term(face, index), source)
    except Unmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern=pattern)
    unchecked = tuple(r for r in riders if UNCHECKED_RIDER.match(r))
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), riders=tuple(riders),
                              pattern=pattern, unchecked=unchecked)


def parse_or_unmodelled(face: str, index: int, text: str, source: str,
                         start: str) -> Tree | AbilityCompilation:
    """The parse tree from entry rule `start`, or the unmodelled result naming where it failed."""
    try:
        return parser().parse(source, start=start)
    except LarkError as err:
        return AbilityCompilation(face, index, text, UNMODELLED, pattern=start,
                                  why=f"{start.replace('_', ' ')} of a shape the grammar doesn't read: {near(err, source)}")


def _pattern(tree: Tree) -> str:
    if tree.data != "mana_ability":
        return tree.data
    names = [c.children[0].data for c in tree.children
             if isinstance(c, Tree) and c.data == "add_sentence"]
    if any(isinstance(c, Tree) and c.data.startswith("instead") for c in tree.children):
        names.append("instead")
    return "+".join(names)


def near(err: LarkError, text: str) -> str:
    column = getattr(err, "column", None)
    if isinstance(column, int) and column > 0:
        return f"at {text[column - 1:column + 29]!r}"
    return str(err).splitlines()[0]


def land_type_name(token) -> str:
    word = str(token)
    return word if word == "Plains" else re.sub(r"(es|s)$", "", word) if word.endswith(("s",)) else word


# --- trees -> facts ---
def tokens_of(tree: Tree) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token)]


def number_of(token: Token | str) -> int:
    word = str(token).lower()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    raise Unmodelled(f"amount {word!r} is not a number")


def mana_type(symbol: str) -> str:
    letter = symbol.strip("{}").lower()
    if letter in COLORS or letter == "c":
        return letter
    raise Unmodelled(f"mana symbol {symbol} adds no fixed type")


def symbols_of(tree: Tree) -> list[str]:
    return [mana_type(str(t)) for t in tokens_of(tree)]


COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def filter_term(tree: Tree) -> Symbol:
    toks = tokens_of(tree)
    if tree.data == "keyword_filter":         # "creatures with defender"
        return Function("both", [filter_term(Tree("filter", [toks[0]])),
                                 Function("keyword", [String(str(toks[1]).capitalize())])])
    if tree.data == "power_filter":           # "creature with power 4 or greater"
        return Function("both", [filter_term(Tree("filter", [toks[0]])), Function("value", [
            Function("power"), Function("at_least"), Number(number_of(tree.children[1]))])])
    if tree.data == "legendary_or_filter":    # "legendary creatures and planeswalkers"
        return Function("both", [Function("supertype", [String("Legendary")]), Function(
            "either", [filter_term(Tree("filter", [toks[0]])), filter_term(Tree("filter", [toks[1]]))])])
    if tree.data == "color_or_type_filter":   # "black or artifact creature"
        colour, kind, noun = toks
        return Function("both", [Function("either", [
            Function("color", [Function(COLOR_WORDS[str(colour).lower()])]),
            filter_term(Tree("filter", [kind]))]), filter_term(Tree("filter", [noun]))])
    if tree.data == "colored_filter":
        colour, noun = tokens_of(tree)
        return Function("both", [filter_term(Tree("filter", [noun])),
                                 Function("color", [Function(COLOR_WORDS[str(colour).lower()])])])
    words = [str(t) for t in tokens_of(tree)]
    adjective = words[0].lower() if words[0].lower() in ("basic", "nonbasic") else None
    nouns = words[1:] if adjective else words
    singular = [re.sub(r"(?<=[a-z])s$", "", n) if n.lower().rstrip("s") in FILTER_NOUNS else n
                for n in nouns]
    if len(singular) == 1 and singular[0].lower() in FILTER_NOUNS:
        base = FILTER_NOUNS[singular[0].lower()]
        if adjective:
            key = (adjective, singular[0].lower())
            if key not in ADJECTIVE_FILTERS:
                raise Unmodelled(f"filter {' '.join(words)!r} is not in the vocabulary")
            return ADJECTIVE_FILTERS[key]
        return base
    if adjective == "basic" and len(nouns) == 1 and nouns[0][:1].isupper():   # "basic Swamp"
        return Function("both", [Function("basic_land"), Function("subtype", [String(_subtype(nouns[0]))])])
    if adjective or not all(n[:1].isupper() for n in nouns):
        raise Unmodelled(f"filter {' '.join(words)!r} is not in the vocabulary")
    # Subtypes: "Forest", "Elves" (plural), "Urza's Mine" (two land types, rule 205.3i).
    subtypes = [Function("subtype", [String(_subtype(n))]) for n in nouns]
    return subtypes[0] if len(subtypes) == 1 else Function("both", subtypes)


IRREGULAR_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf"}


def _subtype(word: str) -> str:
    word = IRREGULAR_PLURALS.get(word, word)
    return word.replace("'", "’")


def cost_facts(tree: Tree, ab: Symbol) -> list[Symbol]:
    kind = tree.data
    toks = tokens_of(tree)
    has = lambda term: Function("cost_has", [ab, term])  # noqa: E731
    if kind == "cost_tap":
        return [Function("cost_tap", [ab])]
    if kind == "cost_untap":
        return [Function("cost_untap", [ab])]
    if kind in ("cost_mana", "cost_life", "cost_discard", "cost_discard_hand", "cost_exile_self",
                "cost_mill", "cost_energy", "cost_exert", "cost_return_self", "cost_exile_card"):
        return []          # assumed payable (activation.lp), and ignored by rule 106.7
    if kind == "cost_sacrifice_self":
        return [has(Function("sacrifice_self"))]
    if kind == "cost_sacrifice":
        return [has(Function("sacrifice", [filter_term(tree.children[1])]))]
    if kind == "cost_remove_counters":
        count = _count(tree.children[0])
        return [has(Function("remove_counter", [String(str(toks[0])), Number(count)]))]
    if kind in ("cost_remove_x", "cost_sacrifice_x"):
        return []          # any number, zero included: always payable (rule 107.3)
    if kind in ("cost_put_counter", "cost_exile_permanent", "cost_return_permanent"):
        return []          # assumed payable, as the other costs above
    if kind == "cost_unattach":
        return []          # granted by what is attached, which can always unattach (701.3d)
    if kind == "cost_tap_untapped":
        count = _count(tree.children[0])
        return [has(Function("tap_untapped", [Number(count), filter_term(tree.children[1])]))]
    if kind == "cost_untap_opponents":
        return [has(Function("untap_tapped", [Number(1), filter_term(tree.children[1]),
                                               Function("opponent")]))]
    if kind in GRANT_COSTS:
        return _grant_cost(kind, tree, ab)
    raise Unmodelled(f"cost {kind} is not in the vocabulary")


# --- costs of granted and token-making activated abilities ---
# (oracle.lark's block of the same name)  Mana, snow mana included, and removing all of a kind
# of counter (none is all there is) are always payable; a number of cards to discard is judged
# against the hand's size, a number of cards to exile from the graveyard against a listed
# graveyard (rule 118.3: a cost needs the resources); exile is no zone a scenario states.
GRANT_COSTS = ("cost_remove_all", "cost_discard_cards", "cost_exile_yard_cards", "cost_exile_to_yard")


YARD_CARD_FILTERS = {None: Function("card"), "creature": Function("creature")}


def _grant_cost(kind: str, tree: Tree, ab: Symbol) -> list[Symbol]:
    has = lambda term: Function("cost_has", [ab, term])  # noqa: E731
    toks = tokens_of(tree)
    number = next((number_of(t) for t in toks if t.type == "NUMBER"), None)
    card_kind = next((str(t).lower() for t in toks if t.type == "CARD_KIND"), None)
    if kind in ("cost_remove_all", "cost_exile_to_yard"):
        return []
    if kind == "cost_discard_cards":
        return [has(Function("discard_cards", [Number(number)]))]
    if card_kind not in YARD_CARD_FILTERS:
        raise Unmodelled(f"cards of kind {card_kind!r} exiled from a graveyard: not in the vocabulary")
    return [has(Function("exile_from_graveyard", [Number(number), YARD_CARD_FILTERS[card_kind]]))]


def _count(tree: Tree) -> int:
    return number_of(tokens_of(tree)[0])


def _removed_kind(tree: Tree) -> str | None:
    costs = tree.children[0]
    for cost in costs.children:
        if cost.data == "cost_remove_x":
            return str(tokens_of(cost)[0])
    return None


def _cost_land_owner(costs: Tree) -> Symbol | None:
    """Whose land a cost sacrifices or untaps, for "that land could produce"."""
    for cost in costs.children:
        if cost.data == "cost_sacrifice" and filter_term(cost.children[1]) == Function("land"):
            return Function("you")
        if cost.data == "cost_untap_opponents" and filter_term(cost.children[1]) == Function("land"):
            return Function("opponent")
    return None


@dataclass
class _Part:
    amount: Symbol | int            # int N, or count(F) / counters(K) / devotion / amount(A)
    specs: list[Symbol]
    when: Symbol | None = None
    unless: Symbol | None = None
    combination: bool = False       # its amount in any combination of its types, not all one


@dataclass
class _Context:
    """What the parts of one ability may refer to besides the mana: the card's name, what the
    cost removes, sacrifices or exiles, and facts about the whole ability the parts ask for."""
    face: str = ""
    removed: str | None = None          # the kind of counter "Remove X ... counters" removes
    sacrificed_x: Symbol | None = None  # the filter "Sacrifice X ..." takes
    cost_filter: Symbol | None = None   # what "Sacrifice a F" / "Exile a F you control" takes
    ability_facts: list[tuple] = field(default_factory=list)   # (name, *args) after ab


def _amount(tree: Tree, ctx: _Context) -> Symbol:
    """An amount "X is ..." as the term of mana_group_amount/3 (count(F): mana_group_count/3)."""
    kind = tree.data
    if kind == "power":
        return Function("amount", [Function("power")])
    if kind == "count_yours":
        return Function("count", [filter_term(tree.children[0])])
    if kind == "count_all":
        return Function("amount", [Function("count_all", [filter_term(tree.children[0])])])
    if kind == "domain":
        return Function("amount", [Function("domain")])
    if kind == "greatest_power":
        return Function("amount", [Function("greatest_power", [Function("creature")])])
    if kind in ("cost_value", "cost_value_plus"):
        if ctx.cost_filter is None:
            raise Unmodelled("the mana value of a sacrificed or exiled object the cost doesn't name")
        plus = number_of(tokens_of(tree)[0]) if kind == "cost_value_plus" else 0
        return Function("amount", [Function("cost_value", [ctx.cost_filter, Number(plus)])])
    raise Unmodelled(f"amount {kind} is not in the vocabulary")


def fixed_type(t: str) -> Symbol:
    return Function("fixed", [Function(t)])


def _parts(mana: Tree, removed: str | None, chosen: bool,
           cost_object: Symbol | None = None,
           ctx: _Context | None = None) -> tuple[list[_Part], list[Symbol]]:
    """The parts of one "Add ..." and the specs of mana added per counter removed (or per
    permanent sacrificed, for "Sacrifice X ...")."""
    ctx = ctx or _Context()
    if mana.data in COUNTED_KINDS:
        return _counted_parts(mana, chosen, ctx), []
    if mana.data in REMOVED_KINDS:
        return _removed_parts(mana, removed, ctx)
    return _typed_parts(mana, chosen, cost_object, ctx), []


# The kinds of "Add ..." whose amount is counted on the board, and those whose mana is per
# counter removed or permanent sacrificed by the cost.
COUNTED_KINDS = frozenset({"for_each_named", "for_each_all", "for_each", "for_each_counter",
                           "chosen_for_each_counter", "any_one_color_for_each_counter",
                           "devotion_chosen", "devotion_fixed"})
REMOVED_KINDS = frozenset({"removed_combination_colors", "removed_plus_one", "removed_any_one_color",
                           "per_removed", "removed_combination_of", "plus_per_removed"})


def _counted_parts(mana: Tree, chosen: bool, ctx: _Context) -> list[_Part]:
    """Mana for each permanent, each counter or each point of devotion."""
    kind = mana.data
    ch = mana.children
    if kind == "for_each_named":
        types = symbols_of(ch[0])
        if len(types) != 1 or not ctx.face:
            raise Unmodelled("several symbols for each permanent")
        named = Function("both", [filter_term(ch[1]), Function("named", [String(ctx.face)])])
        return [_Part(Function("count", [named]), [fixed_type(types[0])])]
    if kind == "for_each_all":
        types = symbols_of(ch[0])
        if len(types) != 1:
            raise Unmodelled("several symbols for each permanent")
        return [_Part(Function("amount", [Function("count_all", [filter_term(ch[1])])]),
                      [fixed_type(types[0])])]
    if kind == "devotion_chosen":
        if not chosen:
            raise Unmodelled("'that color' without a colour chosen")
        return [_Part(Function("devotion"), [Function("any_color")])]
    if kind == "devotion_fixed":
        symbol, colour = mana_type(str(ch[0])), COLOR_WORDS[str(ch[1]).lower()]
        if symbol != colour:
            raise Unmodelled("mana of one colour for the devotion to another")
        return [_Part(Function("devotion"), [fixed_type(symbol)])]
    if kind == "any_one_color_for_each_counter":
        return [_Part(Function("counters", [String(str(tokens_of(mana)[-2]))]),
                      [Function("any_color")])]
    if kind == "for_each":
        types = symbols_of(ch[0])
        if len(types) != 1:
            raise Unmodelled("several symbols for each permanent")
        return [_Part(Function("count", [filter_term(ch[1])]), [fixed_type(types[0])])]
    if kind == "for_each_counter":
        types = symbols_of(ch[0])
        if len(types) != 1:
            raise Unmodelled("several symbols for each counter")
        return [_Part(Function("counters", [String(str(ch[1]))]), [fixed_type(types[0])])]
    if kind == "chosen_for_each_counter":
        if not chosen:
            raise Unmodelled("'that color' without a colour chosen")
        return [_Part(Function("counters", [String(str(ch[0]))]), [Function("any_color")])]
    raise Unmodelled(f"mana {kind} is not in the vocabulary")


def _removed_parts(mana: Tree, removed: str | None, ctx: _Context) -> tuple[list[_Part], list[Symbol]]:
    """Mana for each counter the cost removes ("Remove X ... counters") or each permanent it
    sacrifices ("Sacrifice X ..."): the fixed parts and the specs added per counter."""
    kind = mana.data
    ch = mana.children
    if kind in ("removed_combination_colors", "removed_plus_one", "removed_any_one_color"):
        if removed is None and ctx.sacrificed_x is None:
            raise Unmodelled("X mana without 'Remove X counters' or 'Sacrifice X' in the cost")
        if kind == "removed_combination_colors":
            return [], [Function("any_color")]
        if kind == "removed_any_one_color":
            ctx.ability_facts.append(("mana_removed_one_type",))
            return [], [Function("any_color")]
        symbol = mana_type(str(ch[0]))
        return [_Part(1, [fixed_type(symbol)])], [fixed_type(symbol)]
    if kind in ("per_removed", "removed_combination_of", "plus_per_removed"):
        counter = str(tokens_of(mana)[-1]) if kind != "removed_combination_of" else removed
        if removed is None or counter != removed:
            raise Unmodelled("mana for counters removed, without 'Remove X counters' in the cost")
        if kind == "per_removed":
            types = symbols_of(ch[0])
            if len(types) != 1:
                raise Unmodelled("several symbols for each counter removed")
            return [], [fixed_type(types[0])]
        if kind == "removed_combination_of":
            return [], [fixed_type(mana_type(str(t))) for t in ch]
        base = symbols_of(ch[0])
        fixed_parts = [_Part(base.count(t), [fixed_type(t)]) for t in dict.fromkeys(base)]
        return fixed_parts, [fixed_type(mana_type(str(ch[1])))]
    raise Unmodelled(f"mana {kind} is not in the vocabulary")


def _typed_parts(mana: Tree, chosen: bool, cost_object: Symbol | None, ctx: _Context) -> list[_Part]:
    """Mana of fixed types, of a choice of types or colours, or of the colours of permanents."""
    kind = mana.data
    ch = mana.children
    if kind == "different_colors":
        number = number_of(ch[0])
        ctx.ability_facts.append(("mana_distinct",))
        return [_Part(1, [Function("any_color")]) for _ in range(number)]
    if kind == "any_one_color_amount":
        return [_Part(_amount(ch[0], ctx), [Function("any_color")])]
    if kind == "combination_amount":
        return [_Part(_amount(ch[0], ctx), [Function("any_color")], combination=True)]
    if kind == "fixed_amount":
        return [_Part(_amount(ch[1], ctx), [fixed_type(mana_type(str(ch[0])))])]
    if kind == "color_among":
        return [_Part(1, [Function("color_among", [filter_term(ch[0])])])]
    if kind == "that_color":
        if ctx.cost_filter is None or not chosen:
            raise Unmodelled("'that color' without 'a color of a permanent you control'")
        return [_Part(1, [Function("color_among", [ctx.cost_filter])])]
    if kind == "exiled_card_color":
        return [_Part(1, [Function("exiled_card_color")])]
    if kind == "fixed":
        types = symbols_of(ch[0])
        return [_Part(types.count(t), [fixed_type(t)]) for t in dict.fromkeys(types)]
    if kind == "one_of":
        return _options([symbols_of(c) for c in ch])
    if kind == "or_chosen":
        types = symbols_of(ch[0])
        if len(types) != 1:
            raise Unmodelled("a choice between several symbols and the chosen colour")
        return [_Part(1, [fixed_type(types[0]), Function("chosen_color")])]
    if kind == "chosen":
        return [_Part(1, [Function("chosen_color")])]
    if kind == "any_color":
        return [_Part(1, [Function("any_color")])]
    if kind == "commander_identity":
        return [_Part(1, [Function("commander_identity")])]
    if kind == "reflect":
        toks = tokens_of(mana)
        filt = next(c for c in ch if isinstance(c, Tree) and c.data == "filter")
        whose = next(c for c in ch if isinstance(c, Tree) and c.data in ("you", "opponent"))
        return [_Part(1, [Function("reflect", [Function(whose.data), filter_term(filt),
                                               Function(str(toks[0]).lower())])])]
    if kind == "reflect_cost_object":
        # "that land" / "the sacrificed land": any land the cost could take (rule 106.7 ignores
        # whether the cost can be paid), so every land of the player the cost names.
        if cost_object is None:
            raise Unmodelled("'that land' without a land in the cost")
        return [_Part(1, [Function("reflect", [cost_object, Function("land"), Function("type")])])]
    if kind == "any_one_color":
        return [_Part(number_of(ch[0]), [Function("any_color")])]
    if kind == "combination_colors":
        return [_Part(1, [Function("any_color")]) for _ in range(number_of(ch[0]))]
    if kind == "combination_of":
        specs = [fixed_type(mana_type(str(t))) for t in ch[1:]]
        return [_Part(1, list(specs)) for _ in range(number_of(ch[0]))]
    if kind == "fixed_number":
        return [_Part(number_of(ch[0]), [fixed_type(mana_type(str(ch[1])))])]
    # "one mana of any of this creature's colors" (Katilda)
    if kind == "own_color":
        return [_Part(1, [Function("own_color")])]
    raise Unmodelled(f"mana {kind} is not in the vocabulary")


def _options(options: list[list[str]]) -> list[_Part]:
    """"Add {R} or {G}" and the filter lands' "{W}{W}, {W}{U}, or {U}{U}": the options as parts,
    when they are exactly the choices of K parts of one mana each (or one part of N of a type)."""
    sizes = {len(o) for o in options}
    if len(sizes) != 1:
        raise Unmodelled("options of different amounts")
    size = sizes.pop()
    if all(len(set(o)) == 1 for o in options) and len({o[0] for o in options}) == len(options):
        return [_Part(size, [fixed_type(o[0]) for o in options])]
    types = sorted({t for o in options for t in o})
    wanted = {tuple(sorted(o)) for o in options}
    product = {()}
    for _ in range(size):
        product = {tuple(sorted(p + (t,))) for p in product for t in types}
    if product != wanted or len(wanted) != len(options):
        raise Unmodelled("options that aren't one choice of type per mana")
    return [_Part(1, [fixed_type(t) for t in types]) for _ in range(size)]


def _condition(tree: Tree) -> Symbol:
    if tree.data == "has_counter":
        return Function("counter", [String(str(tokens_of(tree)[-1]))])
    if tree.data == "control_at_least":
        return Function("control_at_least", [Number(number_of(tree.children[0])), filter_term(tree.children[1])])
    if tree.data == "played_land":         # the scenario's [game] this_turn lands_played
        return Function("turn_at_least", [Function("lands_played"), Number(1)])
    if tree.data == "control":
        filters = [filter_term(c) for c in tree.children if isinstance(c, Tree)]
        conds = [Function("control", [f]) for f in filters]
        out = conds[-1]
        for c in reversed(conds[:-1]):
            out = Function("and", [c, out])
        return out
    raise Unmodelled(f"condition {tree.data} is not in the vocabulary")


def _cost_filter(costs: Tree) -> Symbol | None:
    """What "Sacrifice a F" or "Exile a F you control" takes, for "the sacrificed F's mana value"."""
    for cost in costs.children:
        if cost.data == "cost_sacrifice":
            return filter_term(cost.children[1])
        if cost.data == "cost_exile_permanent":
            return filter_term(cost.children[1])
    return None


def _sacrificed_x(costs: Tree) -> Symbol | None:
    for cost in costs.children:
        if cost.data == "cost_sacrifice_x":
            noun = str(tokens_of(cost)[0])
            if not noun[:1].isupper():
                raise Unmodelled(f"'Sacrifice X {noun}': not a subtype")
            singular = IRREGULAR_PLURALS.get(noun) or re.sub(r"(?<=[^s])s$", "", noun)
            return Function("subtype", [String(_subtype(singular))])
    return None


def _other_zone(costs: Tree) -> str | None:
    """"Exile ~ from your hand": an ability that moves its object out of a zone functions only
    there (rule 113.6m), so on the battlefield the permanent has no such ability."""
    for cost in costs.children:
        if cost.data == "cost_exile_self_from":
            return str(tokens_of(cost)[1]).lower()
    return None


def _each_color_among(tree: Tree, ab: Symbol) -> list[Symbol]:
    """"For each color among permanents you control, add one mana of that color": a part of
    one mana per colour, each counting only while you control a permanent of that colour."""
    facts = []
    filt = next(c for c in tree.children[1:] if isinstance(c, Tree) and c.data == "filter")
    for number, colour in enumerate(COLORS, start=1):
        g = Number(number)
        facts += [Function("mana_group", [ab, g, Number(1)]),
                  Function("group_types", [ab, g, fixed_type(colour)]),
                  Function("mana_group_when", [ab, g, Function("control", [Function(
                      "both", [filter_term(filt), Function("color", [Function(colour)])])])])]
    return facts


def _mana_ability(tree: Tree, ab: Symbol, source: str) -> tuple[list[Symbol], list[str]]:
    costs, *rest = tree.children
    zone = _other_zone(costs)
    if zone is not None:
        return [], [f"functions only from your {zone} (rule 113.6m): no ability of the permanent"]
    facts = [Function("mana_ability", [ab])]
    for cost in costs.children:
        facts += cost_facts(cost, ab)
    if tree.data == "each_color_among":
        return facts + _each_color_among(tree, ab), riders_of(rest, ab, source, facts)
    chosen = any(isinstance(c, Tree) and c.data in ("preamble", "color_of_yours") for c in rest)
    if chosen and not (has_subtree(rest, "chosen_for_each_counter") or has_subtree(rest, "devotion_chosen")
                       or has_subtree(rest, "that_color")):
        raise Unmodelled("'Choose a color.' followed by an amount the vocabulary lacks (devotion)")
    colour_of = next((c for c in rest if isinstance(c, Tree) and c.data == "color_of_yours"), None)
    ctx = _Context(face=_face_of(ab), removed=_removed_kind(tree), sacrificed_x=_sacrificed_x(costs),
                   cost_filter=(filter_term(colour_of.children[1]) if colour_of is not None
                                else _cost_filter(costs)))
    add = next(c for c in rest if isinstance(c, Tree) and c.data == "add_sentence")
    parts, removed_specs = _parts(add.children[0], ctx.removed, chosen, _cost_land_owner(costs), ctx)
    instead = next((c for c in rest if isinstance(c, Tree) and
                    c.data in ("instead_sentence", "instead_three_of_that_type")), None)
    if instead is not None:
        if removed_specs:
            raise Unmodelled("an 'instead' on mana for counters removed")
        cond = _condition(instead.children[0])
        if instead.data == "instead_three_of_that_type":
            if len(parts) != 1:
                raise Unmodelled("'that type' after several parts")
            alternative = [_Part(3, parts[0].specs)]
        else:
            alternative, more = _parts(instead.children[1], None, chosen)
            if more:
                raise Unmodelled("an 'instead' that adds mana for counters removed")
        for p in parts:
            p.unless = cond
        for p in alternative:
            p.when = cond
        parts = parts + alternative
    for number, part in enumerate(parts, start=1):
        g = Number(number)
        if isinstance(part.amount, int):
            facts.append(Function("mana_group", [ab, g, Number(part.amount)]))
        elif part.amount.name == "devotion":
            facts.append(Function("mana_group_devotion", [ab, g]))
        elif part.amount.name == "count":
            facts.append(Function("mana_group_count", [ab, g, part.amount.arguments[0]]))
        elif part.amount.name == "amount":
            facts.append(Function("mana_group_amount", [ab, g, part.amount.arguments[0]]))
        else:
            facts.append(Function("mana_group_counters", [ab, g, part.amount.arguments[0]]))
        facts += [Function("group_types", [ab, g, spec]) for spec in part.specs]
        if part.when is not None:
            facts.append(Function("mana_group_when", [ab, g, part.when]))
        if part.unless is not None:
            facts.append(Function("mana_group_unless", [ab, g, part.unless]))
        if part.combination:
            facts.append(Function("mana_group_combination", [ab, g]))
    if removed_specs and ctx.removed is not None:
        facts += [Function("mana_per_removed_counter", [ab, String(ctx.removed), spec])
                  for spec in removed_specs]
    elif removed_specs:
        facts += [Function("mana_per_sacrificed", [ab, ctx.sacrificed_x, spec])
                  for spec in removed_specs]
    facts += [Function(name, [ab, *args]) for name, *args in dict.fromkeys(ctx.ability_facts)]
    return facts, riders_of(rest, ab, source, facts)


def _face_of(ab: Symbol) -> str:
    return ab.arguments[0].string


def riders_of(rest: list, ab: Symbol, source: str, facts: list[Symbol]) -> list[str]:
    """The riders' facts (appended to facts) and the sentences kept as data."""
    riders = []
    for rider in rest:
        if not isinstance(rider, Tree):
            continue
        if rider.data == "activate_if_control":
            facts.append(Function("activate_only", [ab, Function("control", [filter_term(rider.children[1])])]))
        elif rider.data == "activate_if_control_at_least":
            facts.append(Function("activate_only", [ab, Function("control_at_least", [
                Number(number_of(rider.children[0])), filter_term(rider.children[1])])]))
        elif rider.data == "activate_sorcery":
            facts.append(Function("activate_only", [ab, Function("sorcery")]))
        elif rider.data in ("spend_only", "side_effect", "other_effect",
                            "activate_once_each_turn"):
            riders.append(source[rider.meta.start_pos:rider.meta.end_pos].strip())
    return riders


def has_subtree(trees: list, data: str) -> bool:
    return any(isinstance(t, Tree) and any(s.data == data for s in t.iter_subtrees()) for t in trees)
