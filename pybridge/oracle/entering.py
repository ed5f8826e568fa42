"""Replacement effects that modify how a permanent enters the battlefield (rules 614.1c-d,
614.12, 107.3m), read by the grammar entering.lark, in the vocabulary of asp/events/entering.lp
and asp/questions/etb_x.lp:

    enters_tapped(Ab)              "~ enters tapped."
    enters_tapped_unless(Ab,C)     "~ enters tapped unless C" (several facts: any one of them)
                                   and "As ~ enters, you may C. If you don't, it enters tapped."
    enters_tapped_if(Ab,C)         "If C, ~ enters tapped."
    enters_with(Ab,K,N)            "~ enters with N K counters on it" (N = x or fixed(N)); counted
                                   as it enters: per(N,C) (N for each of count C, statics.lark's
                                   count grammar); chosen as it enters: one_of(N) (N different
                                   kinds among the ability's facts); if_count(C,Min,N) (N if
                                   count C is Min or more: what happened this turn);
                                   die_roll(Dice,Sides) (the total of dice rolled as it enters,
                                   Dice = fixed(1) or x); if_kicked_with(Cost,N) (with its kicker
                                   of that cost, as printed); tribute(N) ("Tribute N",
                                   702.104a: N if an opponent paid the tribute); kicker
                                   (rule 702.33): "If ~ was kicked, it enters with N ..." (N =
                                   if_kicked(N)), "N ... for each time it was kicked" (per_kick(N));
                                   "... if you (didn't) cast it from your hand" (if_cast_from_hand(N),
                                   unless_cast_from_hand(N)); the mana spent to cast it
                                   (if_spent(Color|same,Min,N), per_color_spent(N), per_mana_spent(N))
    turned_up_with(Ab,K,N)         "As ~ is turned face up, put N K counters on it." (rule 708.11:
                                   a replacement effect applied as it turns face up, not as it
                                   enters; asp/events/events.lp)
    as_enters_choice(Ab,Kind)      "As ~ enters, (you may) choose a color|creature type|... ." (rules
                                   614.12, 614.1d): Kind one of color, two_colors, creature_type,
                                   card_type, basic_land_type, land_type, opponent, player,
                                   two_players, two_basic_land_types, card_name, nonland_card_name,
                                   nonbasic_land_card_name, noncreature_nonland_card_name,
                                   number, odd_or_even, word, color_word,
                                   artist, letter, watermark, one_of_two ("Khans or
                                   Dragons"), permanent (a creature or permanent; the scenario states the
                                   choice; asp/events/as_enters_choices.lp)

A condition C is pay_life(N) or reveal(Subtype) (a choice as it enters), control_at_least(N,F)
or control_at_most(N,F) (F a term of the shared filter language: land, basic_land,
subtype(S), color(C)) or opponents_at_least(N).  The rules judge them (asp/events/entering.lp).
"""
from __future__ import annotations

import re
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from pybridge.oracle.compilation import MODELLED, UNMODELLED, AbilityCompilation, ability_term
from pybridge.oracle.grammars import earley

# The abilities this floor is asked about: an "enters tapped" or "enters with" of the permanent
# itself (the shapes the grammar reads and the near ones it reports unmodelled).
ENTERING = re.compile(
    r"^(?!(When|Whenever|At)\b)(?![^\"]*:)([^\"]*?\s)?(~|it) enters( the battlefield)? "
    r"(tapped\b|with\b[^.]*\bcounters?\b)")
# The same of other permanents ("Creatures your opponents control enter tapped"): never read, but
# reported with the reason.
OTHERS_ENTERING = re.compile(
    r"^(?!(When|Whenever|At)\b)(?![^\"]*:)[^\"]*?\benters?( the battlefield)? "
    r"(tapped\b|with\b[^.]*\bcounters?\b)")
OTHERS_WHY = "an entering replacement effect of other permanents: not modelled"
# "As ~ is turned face up, put ... counters on it" (708.11): read by the same grammar.
TURNED_UP = re.compile(r"^As (~|this creature) is turned face up, put [^.]*\bcounters?\b")
# "As ~ enters, (you may) choose ..." (614.12): read by the same grammar when the choice is one of
# its kinds; the others are reported with the reason.
AS_CHOICE = re.compile(r"^As ~ enters( the battlefield)?, (you may )?choose\b")
# "Tribute N" (702.104a): as it enters, an opponent may put N +1/+1 counters on it (an outcome
# each way): enters_with(Ab,"+1/+1",tribute(N))
TRIBUTE = re.compile(r"^Tribute (?P<n>[0-9]+)$")

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}

# Why a near shape isn't read, most specific first (the coverage report names them).
REASONS = (
    (r"\bwas kicked\b|\btimes? it was kicked\b", "counters that depend on kicker (rule 702.33): not modelled"),
    (r"\b(reveal|sacrifice|exile|remove all|choose an opponent|return)\b[^.]*\.[^.]*(for each|that many|equal "
     r"to|counters? on it)",
     "counters counted from a choice or an action as it enters (reveal, sacrifice, exile, remove, "
     "a chosen player): not modelled"),
    (r"\bthis turn\b|\bthis game\b|\bdraft\b|\bnoted\b|\bMagic game|\bexiled with\b",
     "counters counted from what the scenario doesn't state (this turn's spells or draws, the "
     "draft, notes, cards exiled with it): not modelled"),
    (r"\bfor each\b|\bequal to\b|\bwhere X is\b|\bthat many\b|\btwice\b",
     "a number of counters counted by a count the count grammar doesn't read (power, toughness, "
     "mana values, counters among permanents, the most of a player's): not modelled"),
    (r"\byour choice of\b|\bchoose\b|\broll\b", "a choice of counters or a die roll as it enters: not modelled"),
    (r"\bmana (was )?spent\b|\bspent to cast\b", "counters that depend on the mana spent: not modelled"),
    (r"\bcast it from\b|\bthis turn\b|\bthis game\b|\bas you cast\b",
     "a condition on how it was cast or on this turn's events: not modelled"),
    (r"\bdoesn't untap\b", "an enters-tapped effect with another effect (it doesn't untap): not modelled"),
    (r"\bescapes\b|\bIf X is\b|\badditional\b", "counters with another rule (escape, a threshold of X): not modelled"),
    (r"\brevealed\b", "a condition on a card revealed this way or a permanent controlled: not modelled"),
    (r"\bunless\b|\bIf\b|\bif\b", "a condition the entering grammar doesn't read"),
)


@lru_cache(maxsize=1)
def parser() -> Lark:
    return earley("entering.lark", "entering")


def is_entering_text(source: str) -> bool:
    return bool(TRIBUTE.match(source) or ENTERING.match(source) or OTHERS_ENTERING.match(source) or TURNED_UP.match(source)
                or AS_CHOICE.match(source))


def why_unmodelled(source: str) -> str:
    """The most specific reason first; an effect of other permanents before a mere condition."""
    if AS_CHOICE.match(source) and not ENTERING.search(source):
        return "a choice as it enters of a kind the entering grammar doesn't read"
    *specific, (condition, condition_why) = REASONS
    for pattern, why in specific:
        if re.search(pattern, source):
            return why
    if TURNED_UP.match(source):
        return "counters put as it is turned face up, of a shape the grammar doesn't read"
    if not ENTERING.match(source):
        return OTHERS_WHY
    if re.search(condition, source):
        return condition_why
    return "an entering replacement effect of a shape the entering grammar doesn't read"


# "enters with a +1/+1 counter on it for each other Ooze you control", "with X +1/+1 counters on
# it, where X is the number of ...", "with a number of loyalty counters on him equal to ...": the
# count is read by the static abilities' count grammar (statics.lark: "for each ...", "where X is
# ..."), the one count grammar, through a static ability of that count.
COUNTED = re.compile(
    r"^~ enters(?: the battlefield)?(?P<tapped> tapped and)? with (?:(?P<n>a|an|one|two|three|four) "
    r"(?P<k1>\S+) counters? on it for each (?P<each>[^.\"]+)|X (?P<k2>\S+) counters? on it, where X "
    r"is (?P<x>[^.\"]+)|a number of (?P<k3>\S+) counters? on (?:it|him|her) equal to (?P<eq>[^.\"]+))\.$")
# "As ~ enters, roll a six-sided die. ~ enters with a number of +1/+1 counters on it equal to the
# result." (one die, or X dice: X of its spell): enters_with(Ab,K,die_roll(Dice,6)), an outcome
# each total (rule 706).
DICE = re.compile(r"^As ~ enters(?: the battlefield)?, roll (?P<dice>a six-sided die|X six-sided dice|"
                  r"X d6)\. (?:~|It) enters(?: the battlefield)? with a number of (?P<kind>\S+) "
                  r"counters on it equal to the (?:result|total of those results)\.$")
# "... a +1/+1 counter on it for each other red creature you control and a +1/+1 counter on it
# for each other green creature you control": two counts, each read as one.
TWO_COUNTED = re.compile(r"^(?P<first>~ enters(?: the battlefield)? with [^.\"]+? on it for each "
                         r"[^.\"]+?) and (?P<second>an? [^.\"]+ on it for each [^.\"]+)\.$")
# "If ~ was kicked, it enters with two +1/+1 counters on it and with first strike.": the counters
# by the grammar, "with KEYWORD" a grant as long as it was kicked (statics.lark's condition).
KICKED_WITH = re.compile(r"^If ~ was kicked(?: with its (?P<cost>[{}\w]+) kicker)?, (?P<counters>it "
                         r"enters(?: the battlefield)? with [^.\"]+ on it) and with (?P<rest>[^\"]+?\.?|\"[^\"]+\")\.?$")


# "~ enters with your choice of a deathtouch counter or a lifelink counter on it", "... your
# choice of a +1/+1, first strike, or vigilance counter on it", "... your choice of two different
# counters on it from among menace, deathtouch, and lifelink": enters_with(Ab,K,one_of(N)).
CHOICE = re.compile(
    r"^~ enters(?: the battlefield)? with your choice of (?:(?P<one>an? [^.\"]+?) counter on it|"
    r"(?P<n>two|three) different counters on it from among (?P<among>[^.\"]+))\.$")


# What happened this turn as it enters ([game] this_turn: the count term turn_sum(Whose,Kind) of
# asp/layers/statics.lp): "... counters on it if a creature died this turn" (morbid), "if you
# attacked this turn" (raid), "if a permanent you controlled left the battlefield this turn"
# (revolt), "if an opponent lost life this turn": enters_with(Ab,K,if_count(C,1,N)).
TURN_CONDITIONS = {
    "a creature died this turn": ("all", "creatures_died"),
    "you attacked this turn": ("you", "creatures_attacked"),
    "you attacked with a creature this turn": ("you", "creatures_attacked"),
    "a permanent you controlled left the battlefield this turn": ("you", "permanents_left"),
    "an opponent lost life this turn": ("opponents", "life_lost"),
}
# "for each creature that died this turn", "where X is the amount of life you've gained this turn"
TURN_AMOUNTS = {
    "creature that died this turn": ("all", "creatures_died"),
    "the amount of life you've gained this turn": ("you", "life_gained"),
    "the total life lost by your opponents this turn": ("opponents", "life_lost"),
}
TURN_IF = re.compile(r"^(?P<counters>~ enters(?: the battlefield)? with [^.\"]+ on it) if "
                     r"(?P<cond>[^.\"]+)\.$")


def turn_sum(whose: str, kind: str) -> Symbol:
    return Function("turn_sum", [Function(whose), Function(kind)])


def _turn_if(face: str, index: int, text: str, source: str, m: re.Match) -> AbilityCompilation:
    """Counters if something happened this turn, before it entered."""
    unmodelled = AbilityCompilation(face, index, text, UNMODELLED, why=why_unmodelled(source),
                                    pattern="entering")
    if m["cond"] not in TURN_CONDITIONS:
        return unmodelled
    try:
        tree = parser().parse(m["counters"] + ".")
    except UnexpectedInput:
        return unmodelled
    if tree.children[0].data != "counters":
        return unmodelled
    count = turn_sum(*TURN_CONDITIONS[m["cond"]])
    facts = tuple(Function("enters_with", [f.arguments[0], f.arguments[1], Function(
        "if_count", [count, Number(1), *f.arguments[2].arguments])])
        for f in _facts(tree.children[0], ability_term(face, index)))
    return AbilityCompilation(face, index, text, MODELLED, facts, pattern="entering")


def _choice(face: str, index: int, text: str, m: re.Match) -> AbilityCompilation:
    """N different kinds of counters chosen among several as it enters (an outcome each)."""
    words = m["one"] or m["among"]
    kinds = [re.sub(r"^(an?|or|and) | counter$|^(or|and) ", "", k.strip()).removesuffix(" counter")
             for k in re.split(r",? or |, and |, ", words)]
    kinds = [re.sub(r"^(an?|or|and) ", "", k) for k in kinds]
    n = Number(_number(m["n"]) if m["n"] else 1)
    ab = ability_term(face, index)
    facts = tuple(Function("enters_with", [ab, String(k), Function("one_of", [n])]) for k in kinds)
    return AbilityCompilation(face, index, text, MODELLED, facts, pattern="entering")


def compile_entering(face: str, index: int, text: str, source: str,
                     quoted=None) -> AbilityCompilation:
    """The facts of an entering replacement effect, or why it is unmodelled."""
    try:
        tree = parser().parse(source)
    except UnexpectedInput:
        if tribute := TRIBUTE.match(source):
            return AbilityCompilation(face, index, text, MODELLED, (Function("enters_with", [
                ability_term(face, index), String("+1/+1"), Function("tribute", [Number(int(tribute["n"]))])]),),
                pattern="entering")
        bare = re.sub(r"^[A-Z][\w' ]* — ", "", source)     # an ability word (rule 207.2c)
        if (both := TWO_COUNTED.match(bare)) and (two := _two_counted(face, index, text, source, both)):
            return two
        if counted := COUNTED.match(bare):
            return _counted(face, index, text, source, counted)
        if kicked := KICKED_WITH.match(bare):
            return _kicked_with(face, index, text, source, kicked, quoted)
        if choice := CHOICE.match(bare):
            return _choice(face, index, text, choice)
        if turn := TURN_IF.match(bare):
            return _turn_if(face, index, text, source, turn)
        if dice := DICE.match(bare):
            dice_n = Function("x") if dice["dice"].startswith("X") else Function("fixed", [Number(1)])
            return AbilityCompilation(face, index, text, MODELLED, (Function("enters_with", [
                ability_term(face, index), String(dice["kind"]),
                Function("die_roll", [dice_n, Number(6)])]),), pattern="entering")
        return AbilityCompilation(face, index, text, UNMODELLED, why=why_unmodelled(source),
                                  pattern="entering")
    sentence = tree.children[0]
    if sentence.data == "turned_up" and "X" in _tokens(sentence, "NUMBER"):
        return AbilityCompilation(face, index, text, UNMODELLED, pattern="entering",
                                  why="X counters put as it is turned face up: not modelled")
    facts = _facts(sentence, ability_term(face, index))
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="entering")


def _counted(face: str, index: int, text: str, source: str, m: re.Match) -> AbilityCompilation:
    """enters_with(Ab,K,per(N,C)): N counters for each of count C, judged as it enters."""
    from pybridge.oracle.statics.reader import NotStatic, compile_static
    from pybridge.oracle.statics.terms import Unmodelled
    kind = m["k1"] or m["k2"] or m["k3"]
    each = m["each"]
    static = (f"~ gets +1/+1 for each {each}." if each else
              f"~ gets +X/+0, where X is {m['x'] or m['eq']}.")
    try:
        facts = compile_static(static, face, index, lambda _t: ([], False), [])
    except (NotStatic, Unmodelled):
        facts = []
    counts = [f.arguments[4] for f in facts if f.name == "pt_modify_per"]
    amount = each or m["x"] or m["eq"]
    if amount in TURN_AMOUNTS:                 # what happened this turn: read here
        facts, counts = [None], [turn_sum(*TURN_AMOUNTS[amount])]
    if len(facts) != 1 or len(counts) != 1:
        return AbilityCompilation(face, index, text, UNMODELLED, why=why_unmodelled(source),
                                  pattern="entering")
    ab = ability_term(face, index)
    n = Number(_number(m["n"]) if each else 1)
    out = [Function("enters_with", [ab, String(kind), Function("per", [n, counts[0]])])]
    if m["tapped"]:
        out.insert(0, Function("enters_tapped", [ab]))
    return AbilityCompilation(face, index, text, MODELLED, tuple(out), pattern="entering")


def _two_counted(face: str, index: int, text: str, source: str, m: re.Match) -> AbilityCompilation | None:
    """Two counts of the same counters: one count, their sum (sum(C1,C2) of the count terms)."""
    first = _counted(face, index, text, source, COUNTED.match(m["first"] + "."))
    second = _counted(face, index, text, source, COUNTED.match("~ enters with " + m["second"] + "."))
    if not (first.modelled and second.modelled):
        return None
    (ab, k1, a1), (_, k2, a2) = first.facts[0].arguments, second.facts[0].arguments
    if k1 != k2 or a1.arguments[0] != a2.arguments[0]:
        return None
    total = Function("per", [a1.arguments[0], Function("sum", [a1.arguments[1], a2.arguments[1]])])
    return AbilityCompilation(face, index, text, MODELLED, (Function("enters_with", [ab, k1, total]),),
                              pattern="entering")


def _kicked_with(face: str, index: int, text: str, source: str, m: re.Match,
                 quoted=None) -> AbilityCompilation:
    """The kicker counters, and what it enters with besides as a grant while it was kicked (with
    one of its two kickers: kicked_with(Cost), the kicker's cost as printed)."""
    from pybridge.oracle.statics.reader import NotStatic, compile_static
    from pybridge.oracle.statics.terms import Unmodelled
    unmodelled = AbilityCompilation(face, index, text, UNMODELLED, why=why_unmodelled(source),
                                    pattern="entering")
    try:
        tree = parser().parse("If ~ was kicked, " + m["counters"] + ".")
        grant = compile_static(f"As long as ~ was kicked, ~ has {m['rest'].rstrip('.')}.", face, index,
                               quoted or (lambda _t: ([], False)), re.findall(r'"[^"]*"', text))
    except (UnexpectedInput, NotStatic, Unmodelled):
        return unmodelled
    if not any(f.name == "ability_grant" for f in grant):
        return unmodelled
    facts = _facts(tree.children[0], ability_term(face, index)) + list(grant)
    if m["cost"]:                           # which kicker: if_kicked(N) -> if_kicked_with(M,N)
        cost = String(m["cost"])
        facts = [Function(f.name, [f.arguments[0], f.arguments[1], Function(
                     "if_kicked_with", [cost, *f.arguments[2].arguments])]) if f.name == "enters_with"
                 else Function("static_when", [f.arguments[0], Function("kicked_with", [cost])])
                 if f.name == "static_when" else f for f in facts]
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="entering")


def _facts(sentence: Tree, ab: Symbol) -> list[Symbol]:
    kind = sentence.data
    if kind == "plain":
        return [Function("enters_tapped", [ab])]
    if kind == "unless":
        return [Function("enters_tapped_unless", [ab, c]) for c in _conditions(_subtree(sentence))]
    if kind == "tapped_if":
        return [Function("enters_tapped_if", [ab, c]) for c in _conditions(_subtree(sentence))]
    if kind == "choice":
        return [Function("enters_tapped_unless", [ab, c]) for c in _costs(_subtree(sentence))]
    if kind == "choice_or":                     # the choice, or else a board condition
        cost, _, cond = [c for c in sentence.children if isinstance(c, Tree)]
        return [Function("enters_tapped_unless", [ab, c]) for c in _costs(cost) + _conditions(cond)]
    if kind == "as_choice":
        return [Function("as_enters_choice", [ab, Function(_choice_kind(k))])
                for k in sentence.children if isinstance(k, Tree)]
    if kind == "all_spent":
        return [Function("enters_with", [ab, String(_tokens(sentence, "KIND")[0]),
                                         Function("per_mana_spent", [Number(1)])])]
    counts = [Function("enters_with", [ab, String(k), n]) for k, n in _counts(
        [c for c in sentence.children if isinstance(c, Tree) and c.data in ("counts", "count")][0])]
    if kind == "turned_up":                     # a number of counters as it turns face up
        return [Function("turned_up_with", [f.arguments[0], f.arguments[1], *f.arguments[2].arguments])
                for f in counts]
    if kind in ("spent_at_least", "per_spent"):
        return [_spent(sentence, f) for f in counts]
    if kind in ("kicked_counters", "per_kick", "hand_cast"):   # how its spell was cast
        wrap = {"kicked_counters": "if_kicked", "per_kick": "per_kick",
                "hand_cast": "unless_cast_from_hand" if _tokens(sentence, "DIDNT")
                else "if_cast_from_hand"}[kind]
        return [Function("enters_with", [f.arguments[0], f.arguments[1],
                                         Function(wrap, f.arguments[2].arguments)]) for f in counts]
    return ([Function("enters_tapped", [ab])] if kind == "tapped_counters" else []) + counts


def _spent(sentence: Tree, fact: Symbol) -> Symbol:
    """The amount of an enters_with fact that depends on the mana spent to cast it."""
    n = fact.arguments[2].arguments
    if sentence.data == "per_spent":
        unit = _tokens(sentence, "SPENT_UNIT")[0]
        amount = Function("per_color_spent" if unit.startswith("color") else "per_mana_spent", n)
    else:
        least = Number(_number(_tokens(sentence, "NUMBER")[0]))
        colors = _tokens(sentence, "COLOR")
        color = Function(COLORS[colors[0]]) if colors else Function("same")
        amount = Function("if_spent", [color, least, *n])
    return Function("enters_with", [fact.arguments[0], fact.arguments[1], amount])


def _choice_kind(kind: Tree) -> str:
    """The kind of a choice as it enters: "a color other than red" is a colour."""
    if kind.data == "color_other":
        return "color"
    named = {"odd_or_even": "odd_or_even", "card_type_of": "card_type",
             "two_options": "one_of_two", "permanent": "permanent", "word": "word",
             "number": "number", "letter": "letter"}
    if kind.data in named:
        return named[kind.data]
    if kind.data == "two":                      # "two colors", "two players", ...
        return "two_" + _tokens(kind, "PLURAL_KIND")[0].replace(" ", "_")
    return re.sub(r"\W+", "_", _tokens(kind, "CHOICE_KIND")[0])


def _subtree(tree: Tree) -> Tree:
    return next(c for c in tree.children if isinstance(c, Tree))


def _tokens(tree: Tree, kind: str) -> list[str]:
    return [str(t) for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == kind)]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def _singular(word: str) -> str:
    """A land or creature type named in the plural ("two or more other Mountains")."""
    return word[:-1] if word.endswith("s") and word != "Plains" else word


def _filter(tree: Tree) -> Symbol:
    if tree.data == "lands":
        return Function("land")
    if tree.data == "basic_lands":
        return Function("basic_land")
    return Function("subtype", [String(_singular(_tokens(tree, "SUBTYPE")[0]))])


def _conditions(cond: Tree) -> list[Symbol]:
    if cond.data == "opponents_at_least":
        return [Function("opponents_at_least", [Number(_number(_tokens(cond, "NUMBER")[0]))])]
    if cond.data in ("control_at_least", "control_at_most"):
        n = Number(_number(_tokens(cond, "NUMBER")[0]))
        return [Function(cond.data, [n, _filter(_subtree(cond))])]
    one_of = _subtree(cond)                                    # control_any: any one of them
    if one_of.data == "colors":
        filters = [Function("color", [Function(COLORS[c])]) for c in _tokens(one_of, "COLOR")]
    else:
        filters = [Function("subtype", [String(s)]) for s in _tokens(one_of, "SUBTYPE")]
    return [Function("control_at_least", [Number(1), f]) for f in filters]


def _costs(cost: Tree) -> list[Symbol]:
    if cost.data == "pay_life":
        return [Function("pay_life", [Number(_number(_tokens(cost, "NUMBER")[0]))])]
    return [Function("reveal", [String(s)]) for s in _tokens(cost, "SUBTYPE")]


def _counts(counts: Tree) -> list[tuple[str, Symbol]]:
    out = []
    for count in (counts.children if counts.data == "counts" else [counts]):
        number, kind = _tokens(count, "NUMBER")[0], _tokens(count, "KIND")[0]
        out.append((kind, Function("x") if number == "X" else
                    Function("fixed", [Number(_number(number))])))
    return out
