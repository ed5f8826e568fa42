"""Oracle text -> the fact vocabulary of asp/rules/ (mana_abilities.lp, shorthand.lp,
activation.lp), as clingo symbols.

compile_card(name, faces) reads each face's Oracle text, numbers its abilities as ab(Face,I)
(pybridge/oracle/abilities.py) and parses each with the grammar oracle.lark.  An ability the
grammar reads compiles to facts; any other is `unmodelled`, with the reason.  The compiler knows
no card: the card's own names in its text become "~" before parsing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from clingo import Function, Number, String, Symbol
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from pybridge.oracle.abilities import split_abilities

MODELLED = "modelled"
UNMODELLED = "unmodelled"
COLORS = ("w", "u", "b", "r", "g")
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# Nouns of filters, singular or plural, as the scope filters of asp/rules/scopes.lp.
FILTER_NOUNS = {"creature": Function("creature"), "land": Function("land"),
                "permanent": Function("permanent"),
                "artifact": Function("type", [String("Artifact")]),
                "enchantment": Function("type", [String("Enchantment")])}
ADJECTIVE_FILTERS = {("basic", "land"): Function("basic_land"),
                     ("nonbasic", "land"): Function("nonbasic_land")}


@dataclass(frozen=True)
class AbilityCompilation:
    face: str
    index: int
    text: str
    status: str                          # MODELLED or UNMODELLED
    facts: tuple[Symbol, ...] = ()
    why: str = ""                        # why it is unmodelled
    riders: tuple[str, ...] = ()         # sentences kept as data that add no fact (rule 106.7)
    pattern: str = ""                    # the grammar's name for what it adds ("one_of", ...)

    @property
    def modelled(self) -> bool:
        return self.status == MODELLED

    @property
    def term(self) -> Symbol:
        return ability_term(self.face, self.index)


@dataclass(frozen=True)
class CardCompilation:
    name: str
    abilities: tuple[AbilityCompilation, ...] = field(default_factory=tuple)

    @property
    def facts(self) -> list[Symbol]:
        return [f for a in self.abilities for f in a.facts]

    @property
    def fully_modelled(self) -> bool:
        return all(a.modelled for a in self.abilities)


class Unmodelled(Exception):
    """The ability parsed, but says something the vocabulary can't express yet."""


def ability_term(face: str, index: int) -> Symbol:
    return Function("ab", [String(face), Number(index)])


ENTRY_RULES = ["mana_ability", "morph_keyword", "type_change"]
MORPH_START = re.compile(r"^(Morph|Megamorph|Disguise)\b")
TYPE_CHANGE = re.compile(r"\b(is|are) (an? )?(Plains|Islands?|Swamps?|Mountains?|Forests?)\b")


def is_type_change_text(text: str) -> bool:
    """A static ability that says which land types lands have: "... is/are an Island", not in
    a triggered or activated ability, nor in a condition ("can't attack unless ...")."""
    return bool(TYPE_CHANGE.search(text)) and ":" not in text and \
        not text.startswith(("When", "At ", "Landfall")) and "can't" not in text and \
        "target" not in text


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = (resources.files("pybridge.oracle") / "oracle.lark").read_text()
    return Lark(grammar, parser="earley", lexer="dynamic", propagate_positions=True,
                start=ENTRY_RULES)


def self_names(card: str, face: str) -> list[str]:
    """The names the card's text calls itself by: the card, the face and, for legendary names,
    the part before the comma ("Nykthos" for "Nykthos, Shrine to Nyx"); longest first."""
    names = {card, face}
    for name in (card, face):
        if name.startswith("A-"):          # an Alchemy rebalanced card's text names the original
            names.add(name[2:])
        if ", " in name:
            names.add(name.split(", ")[0])
    return sorted(names, key=len, reverse=True)


def normalise(text: str, card: str, face: str) -> str:
    for name in self_names(card, face):
        text = re.sub(re.escape(name) + r"(?![\w'])", "~", text)
    text = text.replace("’", "'").replace("−", "-")
    # An ability word has no rules meaning (rule 207.2c).
    return re.sub(r"^[A-Z][a-z]+(?: [a-z]+)* — ", "", text)


def compile_card(name: str, faces: list[tuple[str, str, str]]) -> CardCompilation:
    """faces: (face name, Oracle text, type line) for each face of the card, in order."""
    out = []
    for face, oracle, _type_line in faces:
        for index, text in enumerate(split_abilities(oracle), start=1):
            out.append(compile_ability(name, face, index, text))
    return CardCompilation(name, tuple(out))


def compile_ability(card: str, face: str, index: int, text: str) -> AbilityCompilation:
    source = normalise(text, card, face)
    if MORPH_START.match(source) or is_type_change_text(source):
        return _compile_static(face, index, text, source)
    if not is_mana_ability_text(source):
        static = _compile_static_effect(card, face, index, text, source)
        return static or AbilityCompilation(face, index, text, UNMODELLED, why=_not_mana_reason(source))
    try:
        tree = parser().parse(source, start="mana_ability")
    except LarkError as err:
        return AbilityCompilation(face, index, text, UNMODELLED,
                                  why=f"mana ability of a shape the grammar doesn't read: {_near(err, source)}")
    pattern = _pattern(tree)
    try:
        facts, riders = _mana_ability(tree, ability_term(face, index), source)
    except Unmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern=pattern)
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), riders=tuple(riders),
                              pattern=pattern)


def _compile_static_effect(card: str, face: str, index: int, text: str,
                           source: str) -> AbilityCompilation | None:
    """Static P/T, keyword and ability-granting effects, CDAs, changeling, devotion Gods
    (pybridge/oracle/statics.py); None when the ability is of none of those shapes."""
    from pybridge.oracle.statics import NotStatic, StaticUnmodelled, combat_riders, compile_static

    def quoted(granted: str) -> tuple[list[Symbol], bool]:
        granted = re.sub(r"\bthis (creature|artifact|land|permanent|Equipment)\b", "~", granted)
        if is_mana_ability_text(granted):
            result = compile_ability(card, face, index, granted)
            if not result.modelled:
                raise StaticUnmodelled(f"granted mana ability: {result.why}")
            return list(result.facts), True
        if not _activated_text(granted):
            return [], False
        ab = ability_term(face, index)
        head = granted.split(":", 1)[0]
        try:
            costs = parser().parse(head + ": Add {C}.", start="mana_ability").children[0]
            facts = [f for cost in costs.children for f in _cost(cost, ab)]
        except (LarkError, Unmodelled):
            raise StaticUnmodelled(f"granted activated ability with a cost the grammar doesn't read: {head!r}") from None
        return [Function("activated", [ab])] + facts, True

    for name in self_names(card, face):          # "Ulvenwald Hydra's power" (normalise keeps it)
        source = source.replace(name + "'s ", "~'s ")
    try:
        facts = compile_static(source, face, index, quoted, re.findall(r'"[^"]*"', text))
    except NotStatic:
        return None
    except StaticUnmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="static")
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="static",
                              riders=tuple(combat_riders(source)))


def _activated_text(text: str) -> bool:
    quote, colon = text.find('"'), text.find(":")
    return colon >= 0 and (quote < 0 or colon < quote) and not text.startswith("[")


def _compile_static(face: str, index: int, text: str, source: str) -> AbilityCompilation:
    start = "morph_keyword" if MORPH_START.match(source) else "type_change"
    try:
        tree = parser().parse(source, start=start)
    except LarkError as err:
        return AbilityCompilation(face, index, text, UNMODELLED, pattern=start,
                                  why=f"{start.replace('_', ' ')} of a shape the grammar doesn't read: {_near(err, source)}")
    ab = ability_term(face, index)
    if start == "morph_keyword":
        kind = str(tree.children[0]).lower()
        facts = [Function("morph_ability", [ab, Function(kind)])]
    else:
        scope = {"nonbasic_lands": Function("each", [Function("nonbasic_land")]),
                 "each_land": Function("each", [Function("land")]),
                 "enchanted_land": Function("enchanted"),
                 "your_lands": Function("yours", [Function("land")])}.get(tree.children[0].data)
        if scope is None:                # "All Mountains are Plains."
            named = str(_tokens(tree.children[0])[0])
            named = named if named == "Plains" else named.rstrip("s")
            scope = Function("each", [Function("subtype", [String(named)])])
        land_type = str(next(t for t in _tokens(tree) if t.type == "LAND_TYPE"))
        land_type = land_type if land_type == "Plains" else land_type.rstrip("s")
        adding = any(isinstance(c, Tree) and c.data == "in_addition" for c in tree.children)
        change = Function("add" if adding else "set", [String(land_type)])
        facts = [Function("land_type_effect", [ab, scope, change])]
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern=start)


def _pattern(tree: Tree) -> str:
    names = [c.children[0].data for c in tree.children
             if isinstance(c, Tree) and c.data == "add_sentence"]
    if any(isinstance(c, Tree) and c.data.startswith("instead") for c in tree.children):
        names.append("instead")
    return "+".join(names)


def is_mana_ability_text(text: str) -> bool:
    """An activated ability, not a loyalty ability, with no target, that adds mana (rule
    605.1a): a colon outside quotes, then an "Add" sentence."""
    quote, colon = text.find('"'), text.find(":")
    if colon < 0 or (0 <= quote < colon) or text.startswith("["):
        return False
    effect = text[colon + 1:]
    return bool(re.search(r"(^|[.] )Add\b", effect.strip())) and "target" not in effect.lower()


def _not_mana_reason(text: str) -> str:
    if text.startswith("["):
        return "loyalty ability: not modelled"
    return "not a mana ability; the compiler reads mana abilities only"


def _near(err: LarkError, text: str) -> str:
    column = getattr(err, "column", None)
    if isinstance(column, int) and column > 0:
        return f"at {text[column - 1:column + 29]!r}"
    return str(err).splitlines()[0]


# --- trees -> facts ---
def _tokens(tree: Tree) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token)]


def _number(token: Token | str) -> int:
    word = str(token).lower()
    if word.isdigit():
        return int(word)
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    raise Unmodelled(f"amount {word!r} is not a number")


def _mana_type(symbol: str) -> str:
    letter = symbol.strip("{}").lower()
    if letter in COLORS or letter == "c":
        return letter
    raise Unmodelled(f"mana symbol {symbol} adds no fixed type")


def _symbols(tree: Tree) -> list[str]:
    return [_mana_type(str(t)) for t in _tokens(tree)]


COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def _filter(tree: Tree) -> Symbol:
    if tree.data == "colored_filter":
        colour, noun = _tokens(tree)
        return Function("both", [_filter(Tree("filter", [noun])),
                                 Function("color", [Function(COLOR_WORDS[str(colour).lower()])])])
    words = [str(t) for t in _tokens(tree)]
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


def _cost(tree: Tree, ab: Symbol) -> list[Symbol]:
    kind = tree.data
    toks = _tokens(tree)
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
        return [has(Function("sacrifice", [_filter(tree.children[1])]))]
    if kind == "cost_remove_counters":
        count = _count(tree.children[0])
        return [has(Function("remove_counter", [String(str(toks[0])), Number(count)]))]
    if kind == "cost_remove_x":
        return []          # any number, zero included: always payable (rule 107.3)
    if kind == "cost_tap_untapped":
        count = _count(tree.children[0])
        return [has(Function("tap_untapped", [Number(count), _filter(tree.children[1])]))]
    if kind == "cost_untap_opponents":
        return [has(Function("untap_tapped", [Number(1), _filter(tree.children[1]),
                                               Function("opponent")]))]
    raise Unmodelled(f"cost {kind} is not in the vocabulary")


def _count(tree: Tree) -> int:
    return _number(_tokens(tree)[0])


def _removed_kind(tree: Tree) -> str | None:
    costs = tree.children[0]
    for cost in costs.children:
        if cost.data == "cost_remove_x":
            return str(_tokens(cost)[0])
    return None


def _cost_land_owner(costs: Tree) -> Symbol | None:
    """Whose land a cost sacrifices or untaps, for "that land could produce"."""
    for cost in costs.children:
        if cost.data == "cost_sacrifice" and _filter(cost.children[1]) == Function("land"):
            return Function("you")
        if cost.data == "cost_untap_opponents" and _filter(cost.children[1]) == Function("land"):
            return Function("opponent")
    return None


@dataclass
class _Part:
    amount: Symbol | int            # int N, or count(F) / counters(K)
    specs: list[Symbol]
    when: Symbol | None = None
    unless: Symbol | None = None


def _fixed(t: str) -> Symbol:
    return Function("fixed", [Function(t)])


def _parts(mana: Tree, removed: str | None, chosen: bool,
           cost_object: Symbol | None = None) -> tuple[list[_Part], list[Symbol]]:
    """The parts of one "Add ..." and the specs of mana added per counter removed."""
    kind = mana.data
    ch = mana.children
    if kind == "fixed":
        types = _symbols(ch[0])
        return [_Part(types.count(t), [_fixed(t)]) for t in dict.fromkeys(types)], []
    if kind == "one_of":
        return _options([_symbols(c) for c in ch]), []
    if kind == "or_chosen":
        types = _symbols(ch[0])
        if len(types) != 1:
            raise Unmodelled("a choice between several symbols and the chosen colour")
        return [_Part(1, [_fixed(types[0]), Function("chosen_color")])], []
    if kind == "chosen":
        return [_Part(1, [Function("chosen_color")])], []
    if kind == "any_color":
        return [_Part(1, [Function("any_color")])], []
    if kind == "commander_identity":
        return [_Part(1, [Function("commander_identity")])], []
    if kind == "reflect":
        toks = _tokens(mana)
        filt = next(c for c in ch if isinstance(c, Tree) and c.data == "filter")
        whose = next(c for c in ch if isinstance(c, Tree) and c.data in ("you", "opponent"))
        return [_Part(1, [Function("reflect", [Function(whose.data), _filter(filt),
                                               Function(str(toks[0]).lower())])])], []
    if kind == "reflect_cost_object":
        # "that land" / "the sacrificed land": any land the cost could take (rule 106.7 ignores
        # whether the cost can be paid), so every land of the player the cost names.
        if cost_object is None:
            raise Unmodelled("'that land' without a land in the cost")
        return [_Part(1, [Function("reflect", [cost_object, Function("land"), Function("type")])])], []
    if kind == "any_one_color":
        return [_Part(_number(ch[0]), [Function("any_color")])], []
    if kind == "combination_colors":
        return [_Part(1, [Function("any_color")]) for _ in range(_number(ch[0]))], []
    if kind == "combination_of":
        specs = [_fixed(_mana_type(str(t))) for t in ch[1:]]
        return [_Part(1, list(specs)) for _ in range(_number(ch[0]))], []
    if kind == "devotion_chosen":
        if not chosen:
            raise Unmodelled("'that color' without a colour chosen")
        return [_Part(Function("devotion"), [Function("any_color")])], []
    if kind == "devotion_fixed":
        symbol, colour = _mana_type(str(ch[0])), COLOR_WORDS[str(ch[1]).lower()]
        if symbol != colour:
            raise Unmodelled("mana of one colour for the devotion to another")
        return [_Part(Function("devotion"), [_fixed(symbol)])], []
    if kind == "fixed_number":
        return [_Part(_number(ch[0]), [_fixed(_mana_type(str(ch[1])))])], []
    if kind == "any_one_color_for_each":
        return [_Part(Function("count", [_filter(ch[-1])]), [Function("any_color")])], []
    if kind == "any_one_color_for_each_counter":
        return [_Part(Function("counters", [String(str(_tokens(mana)[-2]))]),
                      [Function("any_color")])], []
    if kind == "for_each":
        types = _symbols(ch[0])
        if len(types) != 1:
            raise Unmodelled("several symbols for each permanent")
        return [_Part(Function("count", [_filter(ch[1])]), [_fixed(types[0])])], []
    if kind == "for_each_counter":
        types = _symbols(ch[0])
        if len(types) != 1:
            raise Unmodelled("several symbols for each counter")
        return [_Part(Function("counters", [String(str(ch[1]))]), [_fixed(types[0])])], []
    if kind == "chosen_for_each_counter":
        if not chosen:
            raise Unmodelled("'that color' without a colour chosen")
        return [_Part(Function("counters", [String(str(ch[0]))]), [Function("any_color")])], []
    if kind in ("per_removed", "removed_combination_of", "plus_per_removed"):
        counter = str(_tokens(mana)[-1]) if kind != "removed_combination_of" else removed
        if removed is None or counter != removed:
            raise Unmodelled("mana for counters removed, without 'Remove X counters' in the cost")
        if kind == "per_removed":
            types = _symbols(ch[0])
            if len(types) != 1:
                raise Unmodelled("several symbols for each counter removed")
            return [], [_fixed(types[0])]
        if kind == "removed_combination_of":
            return [], [_fixed(_mana_type(str(t))) for t in ch]
        base = _symbols(ch[0])
        fixed_parts = [_Part(base.count(t), [_fixed(t)]) for t in dict.fromkeys(base)]
        return fixed_parts, [_fixed(_mana_type(str(ch[1])))]
    if kind == "removed_any_one_color":
        raise Unmodelled("X mana of one colour for X counters removed: not in the vocabulary")
    raise Unmodelled(f"mana {kind} is not in the vocabulary")


def _options(options: list[list[str]]) -> list[_Part]:
    """"Add {R} or {G}" and the filter lands' "{W}{W}, {W}{U}, or {U}{U}": the options as parts,
    when they are exactly the choices of K parts of one mana each (or one part of N of a type)."""
    sizes = {len(o) for o in options}
    if len(sizes) != 1:
        raise Unmodelled("options of different amounts")
    size = sizes.pop()
    if all(len(set(o)) == 1 for o in options) and len({o[0] for o in options}) == len(options):
        return [_Part(size, [_fixed(o[0]) for o in options])]
    types = sorted({t for o in options for t in o})
    wanted = {tuple(sorted(o)) for o in options}
    product = {()}
    for _ in range(size):
        product = {tuple(sorted(p + (t,))) for p in product for t in types}
    if product != wanted or len(wanted) != len(options):
        raise Unmodelled("options that aren't one choice of type per mana")
    return [_Part(1, [_fixed(t) for t in types]) for _ in range(size)]


def _condition(tree: Tree) -> Symbol:
    if tree.data == "has_counter":
        return Function("counter", [String(str(_tokens(tree)[-1]))])
    if tree.data == "control_at_least":
        return Function("control_at_least", [Number(_number(tree.children[0])), _filter(tree.children[1])])
    if tree.data == "control":
        filters = [_filter(c) for c in tree.children if isinstance(c, Tree)]
        conds = [Function("control", [f]) for f in filters]
        out = conds[-1]
        for c in reversed(conds[:-1]):
            out = Function("and", [c, out])
        return out
    raise Unmodelled(f"condition {tree.data} is not in the vocabulary")


def _mana_ability(tree: Tree, ab: Symbol, source: str) -> tuple[list[Symbol], list[str]]:
    costs, *rest = tree.children
    facts = [Function("mana_ability", [ab])]
    for cost in costs.children:
        facts += _cost(cost, ab)
    chosen = any(isinstance(c, Tree) and c.data == "preamble" for c in rest)
    if chosen and not (_has(rest, "chosen_for_each_counter") or _has(rest, "devotion_chosen")):
        raise Unmodelled("'Choose a color.' followed by an amount the vocabulary lacks (devotion)")
    add = next(c for c in rest if isinstance(c, Tree) and c.data == "add_sentence")
    parts, removed_specs = _parts(add.children[0], _removed_kind(tree), chosen, _cost_land_owner(costs))
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
        else:
            facts.append(Function("mana_group_counters", [ab, g, part.amount.arguments[0]]))
        facts += [Function("group_types", [ab, g, spec]) for spec in part.specs]
        if part.when is not None:
            facts.append(Function("mana_group_when", [ab, g, part.when]))
        if part.unless is not None:
            facts.append(Function("mana_group_unless", [ab, g, part.unless]))
    if removed_specs:
        kind = _removed_kind(tree)
        facts += [Function("mana_per_removed_counter", [ab, String(kind), spec])
                  for spec in removed_specs]
    riders = []
    for rider in rest:
        if not isinstance(rider, Tree):
            continue
        if rider.data == "activate_if_control":
            facts.append(Function("activate_only", [ab, Function("control", [_filter(rider.children[1])])]))
        elif rider.data == "activate_if_control_at_least":
            facts.append(Function("activate_only", [ab, Function("control_at_least", [
                Number(_number(rider.children[0])), _filter(rider.children[1])])]))
        elif rider.data == "activate_sorcery":
            facts.append(Function("activate_only", [ab, Function("sorcery")]))
        elif rider.data in ("spend_only", "side_effect", "other_effect"):
            riders.append(source[rider.meta.start_pos:rider.meta.end_pos])
    return facts, riders


def _has(trees: list, data: str) -> bool:
    return any(isinstance(t, Tree) and any(s.data == data for s in t.iter_subtrees()) for t in trees)
