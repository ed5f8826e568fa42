"""Counted and defined power/toughness -> the count vocabulary of asp/layers/statics_counts.lp
(rules 604.3, 613.4a-c, 700.5 devotion, 208.3, 107.3): devotion and chroma, the highest or total
of a characteristic among permanents, counters on a set of permanents, the creatures sharing a
creature type with an object, party size, and life totals and hands compared among opponents.

reader.py calls count(tree) for a `count_term`, counted(tree) for the `counted` kinds of
COUNTED and per(tree) for the `per` kinds of PER of statics.lark's `counts` block; each returns
the count term (pt_cda/3's count(C), pt_modify_per/5's C) or raises Unmodelled.  A count made
on each object the effect applies to ("for each counter on it", "shares a creature type with
it") is per_object(C): the rules count it for each of them.
"""
from __future__ import annotations

from collections.abc import Callable

from clingo import Function, Number, String, Symbol
from lark import Token, Tree

COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
CARD_TYPE_NOUNS = {"artifact", "creature", "land", "enchantment", "planeswalker", "permanent"}
COUNTS = frozenset({"count_devotion", "count_yard_symbols", "count_half_highest_life",
                    "count_most_cards_in_hand", "count_life_minus_most", "count_max_among",
                    "count_max_in_zone", "count_total_of", "count_its_mana_value",
                    "count_counters_among", "count_party", "count_exiled_value",
                    "count_paid_as_entered"})
COUNTED = frozenset({"any_counters", "counters_among", "permanents_list", "attached_list",
                     "sharing_type", "sharing_type_yours", "same_name_yours", "party",
                     "lands_not_owned", "permanents_chosen", "named_as_exiled",
                     "opponents_below_half", "your_player_counters",
                     "opponents_player_counters", "exile_and_yard", "exile_yours",
                     "exile_opponents", "commander_casts"})
CONDITIONS = frozenset({"any_counters_at_least", "opponent_below_half"})
PER = frozenset({"its_counters", "its_chroma"})
# The scopes a count per object counts in (statics_counts.lp's per_count_key/1).
PER_SCOPES = ("each(creature)", "yours(creature)")


def _toks(tree: Tree) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token)]


def _trees(tree: Tree, data: str | None = None) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and (data is None or c.data == data)]


def _names(sym: Symbol) -> set[str]:
    """The function names of a filter term and its parts (strings and numbers aside)."""
    if sym.type.name != "Function":
        return set()
    return {sym.name}.union(*(_names(a) for a in sym.arguments))


def _colours(tree: Tree) -> String:
    found = {COLORS[str(t).lower()] for t in _toks(tree) if t.type == "COLOR_ADJ"}
    return String("".join(sorted(found, key="wubrg".index)))


def _attribute(tree: Tree) -> str:
    word = " ".join(str(next(t for t in _toks(tree) if t.type == "MAX_OF")).lower().split())
    return {"mana value": "mana_value"}.get(word, word)


class CountReader:
    """Reads the count parts of a parsed ability; the helpers come from reader.py (this module
    imports nothing of it: no cycle)."""

    def __init__(self, words_filter: Callable[[list[str]], Symbol],
                 zone_cards: Callable[[Tree, Tree], Symbol], unmodelled: type[Exception],
                 card_filter: Callable[[Tree], Symbol]):
        self.words_filter, self.zone_cards, self.card_filter = words_filter, zone_cards, card_filter
        self.Unmodelled = unmodelled

    def scope(self, tree: Tree) -> Symbol:
        """"other creatures you control", "creatures you control": a scope of scopes.lp."""
        words = [str(t) for t in _toks(_trees(tree, "words")[0])]
        singular = [w[:-1] if w.lower().rstrip("s") in CARD_TYPE_NOUNS and w.lower().endswith("s") else w
                    for w in words]
        whose = [t.data for t in _trees(tree) if t.data in ("yours", "opponents")]
        if not whose:
            raise self.Unmodelled("whose permanents are counted isn't said")
        scope = Function(whose[0], [self.words_filter(singular)])
        if any(t.type == "OTHER" for t in _toks(tree)):
            scope = Function("others", [scope])
        return scope

    # --- whole counts: one number per source ---
    def count(self, tree: Tree) -> Symbol:
        kind = tree.data
        if kind == "count_devotion":          # devotion, chroma of permanents (rule 700.5)
            return Function("devotion", [_colours(tree)])
        if kind == "count_yard_symbols":      # chroma of the cards in your graveyard
            return Function("yard_symbols", [_colours(tree)])
        if kind == "count_half_highest_life":  # half, rounded up (rule 107.1a)
            return Function("half_up", [Function("most", [Function("life", [Function("opponents")])])])
        if kind == "count_most_cards_in_hand":
            return Function("most", [Function("cards", [Function("hand"), Function("opponents"),
                                                        Function("card")])])
        if kind == "count_life_minus_most":
            return Function("minus", [Function("life", [Function("you")]),
                                      Function("most", [Function("life", [Function("opponents")])])])
        if kind in ("count_max_among", "count_total_of"):
            attribute = _attribute(tree)
            if attribute != "mana_value":
                # power and toughness are what layer 7 computes: a count of them in layer 7
                # depends on itself
                raise self.Unmodelled(f"the {attribute} of permanents counted in layer 7 (rule "
                                      "613.4): a dependency not in the vocabulary")
            name = "highest" if kind == "count_max_among" else "total"
            return Function(name, [Function(attribute), self.scope(tree)])
        if kind == "count_max_in_zone":       # printed characteristics of cards (rule 208.1)
            attribute = _attribute(tree)
            cards = self.zone_cards(_trees(tree, "cards_of")[0], _trees(tree)[-1])
            if cards.arguments[0].name != "graveyard":
                raise self.Unmodelled("the cards of a hand: the scenario gives only its size")
            return Function("highest_card", [Function(attribute), cards])
        if kind == "count_party":             # rule 700.8
            return Function("party")
        if kind == "count_exiled_value":      # the card exiled with it (rule 607.2a)
            return Function("exiled_card_value", [Function("mana_value")])
        if kind == "count_paid_as_entered":   # what was paid as it entered (rule 614.12)
            return Function("paid_as_entered")
        if kind == "count_its_mana_value":
            return Function("per_object", [Function("mana_value")])
        if kind == "count_counters_among":
            kind_tok = next(t for t in _toks(tree) if t.type == "KIND")
            return Function("counters_among", [String(str(kind_tok)), self.scope(tree)])
        raise self.Unmodelled(f"count {kind} is not in the vocabulary")

    # --- "for each ..." ---
    def counted(self, tree: Tree, list_filter: Callable[[Tree], Symbol]) -> Symbol:
        kind = tree.data
        if kind == "any_counters":            # "for each counter on ~": every kind (rule 122.1)
            return Function("all_counters")
        if kind == "counters_among":          # "each +1/+1 counter on other creatures you control"
            kind_tok = next(t for t in _toks(tree) if t.type == "KIND")
            scope = self.scope(tree)
            if str(scope.arguments[0]) not in PER_SCOPES:
                raise self.Unmodelled("counters on other permanents than creatures, counted per object: not in the vocabulary")
            # "other" is other than each object the effect applies to (Gleam of Authority: the
            # Aura is no creature)
            return Function("per_object", [Function("others_counters", [String(str(kind_tok)),
                                                                        scope.arguments[0]])])
        if kind in ("permanents_list", "attached_list"):
            whose = [t.data for t in _trees(tree) if t.data in ("yours", "opponents")][0]
            lists = _trees(tree, "count_list") or _trees(tree, "word_list")
            filt = self.list_of(lists[0], list_filter)
            if kind == "attached_list":
                filt = Function("both", [filt, Function("attached_to_creature")])
            return Function("permanents", [Function(whose, [filt])])
        if kind in ("sharing_type", "sharing_type_yours"):
            whose = "each" if kind == "sharing_type" else "yours"
            return Function("per_object", [Function("shares_type", [Function(whose, [Function("creature")])])])
        if kind == "same_name_yours":
            return Function("per_object", [Function("same_name", [Function("yours", [Function("creature")])])])
        if kind == "party":                   # rule 700.8
            return Function("party")
        if kind == "permanents_chosen":       # "creatures of the chosen type on the battlefield"
            words = [str(t) for t in _toks(_trees(tree, "words")[0])]
            singular = [w[:-1] if w.lower().rstrip("s") in CARD_TYPE_NOUNS and w.lower().endswith("s")
                        else w for w in words]
            whose = [t.data for t in _trees(tree) if t.data in ("yours", "opponents")]
            scope = Function(whose[0] if whose else "each", [self.words_filter(singular)])
            chosen = next(t.data for t in _trees(tree) if t.data in ("chosen_color", "chosen_type"))
            scope = Function(chosen, [scope])
            if any(t.type == "OTHER" for t in _toks(tree)):
                scope = Function("others", [scope])
            return Function("permanents", [scope])
        if kind == "named_as_exiled":         # "with the same name as the exiled card" (607.2a)
            words = [str(t) for t in _toks(_trees(tree, "words")[0])]
            singular = [w[:-1] if w.lower().rstrip("s") in CARD_TYPE_NOUNS and w.lower().endswith("s")
                        else w for w in words]
            filt = Function("both", [self.words_filter(singular), Function("named_as_exiled")])
            scope = Function("each", [filt])
            if any(t.type == "OTHER" for t in _toks(tree)):
                scope = Function("others", [scope])
            return Function("permanents", [scope])
        if kind == "opponents_below_half":    # rule 119.1: the starting life total
            return Function("below_half_start", [Function("opponents")])
        if kind in ("your_player_counters", "opponents_player_counters"):   # on players (rule 122.1)
            kind_tok = str(next(t for t in _toks(tree) if t.type == "KIND"))
            whose = "you" if kind == "your_player_counters" else "opponents"
            return Function("player_counters", [String(kind_tok), Function(whose)])
        if kind in ("exile_and_yard", "exile_yours", "exile_opponents"):    # rule 406
            filt = self.card_filter(_trees(tree, "cards_of")[0])
            if any(name not in ("card", "type", "either") for name in _names(filt)):
                raise self.Unmodelled("a kind of card in exile other than its card types: not in the vocabulary")
            whose = "opponents" if kind == "exile_opponents" else "you"
            exiled = Function("cards", [Function("exile"), Function(whose), filt])
            if kind != "exile_and_yard":
                return exiled
            return Function("sum", [exiled, Function("cards", [Function("graveyard"), Function("you"), filt])])
        if kind == "commander_casts":         # the commander tax's count (rule 903.8)
            return Function("commander_casts", [Function("you")])
        if kind == "lands_not_owned":
            return Function("permanents", [Function("yours", [Function("both", [
                Function("land"), Function("not_owned")])])])
        raise self.Unmodelled(f"count {kind} is not in the vocabulary")

    def list_of(self, tree: Tree, list_filter: Callable[[Tree], Symbol]) -> Symbol:
        """A list of kinds of permanents, any of them; "untapped artifacts, creatures, and lands":
        words before the first noun qualify every noun of a list of bare card types."""
        lists = [[str(t) for t in _toks(w)] for w in _trees(tree, "words")]
        first, rest = lists[0], lists[1:]
        bare = all(len(w) == 1 and w[0].lower().rstrip("s") in CARD_TYPE_NOUNS for w in rest)
        if len(first) > 1 and bare:
            lists = [first] + [first[:-1] + w for w in rest]
        out = [self.words_filter([w[:-1] if w.lower().rstrip("s") in CARD_TYPE_NOUNS
                                  and w.lower().endswith("s") else w for w in words])
               for words in lists]
        result = out[-1]
        for f in reversed(out[:-1]):
            result = Function("either", [f, result])
        return result

    # --- conditions ---
    def condition(self, tree: Tree, number: Callable[[str], int]) -> Symbol:
        if tree.data == "opponent_below_half":
            return Function("amount_at_least", [Function("below_half_start", [Function("opponents")]), Number(1)])
        # "as long as ~ has four or more counters on it": of every kind (rule 122.1)
        amount = number(str(next(t for t in _toks(tree) if t.type == "NUMBER")))
        return Function("amount_at_least", [Function("all_counters"), Number(amount)])

    # --- counted on each object it applies to ---
    def per(self, tree: Tree) -> Symbol:
        if tree.data == "its_counters":       # "for each counter on it", "slime counter on them"
            kinds = [str(t) for t in _toks(tree) if t.type == "KIND"]
            return Function("per_object", [Function("its_counters", [String(kinds[0]) if kinds else Function("any")])])
        return Function("per_object", [Function("its_symbols", [_colours(tree)])])


def merged(facts: list[Symbol], unmodelled: type[Exception]) -> list[Symbol]:
    """"each get +1/+1 for each creature you control and +1/+1 for each Aura you control": one
    amount, the sum of the two counts (two var_mod/5 of one ability and source would be one)."""
    out: list[Symbol] = []
    for f in facts:
        same = next((i for i, g in enumerate(out) if f.name == g.name == "pt_modify_per"
                     and f.arguments[:4] == g.arguments[:4]), None)
        if same is None:
            out.append(f)
        elif "per_object" in str(f.arguments[4]) + str(out[same].arguments[4]):
            raise unmodelled("two counts of one amount, one of them per object: not in the vocabulary")
        else:
            g = out[same]
            out[same] = Function("pt_modify_per", list(g.arguments[:4]) + [
                Function("sum", [g.arguments[4], f.arguments[4]])])
    for f in out:
        if f.name == "pt_modify_per" and "attached_controller" in str(f.arguments[4]) and \
                f.arguments[1].name not in ("enchanted", "equipped"):
            raise unmodelled("\"its controller's\" of a permanent not attached to: not in the vocabulary")
    return out

