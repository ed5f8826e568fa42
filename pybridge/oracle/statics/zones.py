"""Static abilities that read zones and players -> the zone vocabulary of asp/layers/statics.lp
(its `% --- zones and players ---` block): graveyards (threshold, delirium, Lhurgoyf, Tarmogoyf;
rules 404, 205.2a), hands (hellbent, "for each card in your hand"; rule 402), life totals (rule
119), and what no opponent controls.

reader.py calls condition(tree) for a `zone_condition`, counted(tree) for a `zone_counted` and
amount(tree, count) for a `zone_amount` of statics.lark; each returns the term or raises
Unmodelled.  Whose zone a term reads: you (the source's controller), opponents, all (summed), or
an_opponent / a_player (each one alone: "an opponent has eight or more cards in their
graveyard", "a single graveyard").  A hand is counted only as a whole: the scenario gives each
hand's size ([game] hand_sizes), not what the cards are.
"""
from __future__ import annotations

from collections.abc import Callable

from clingo import Function, Number, String, Symbol
from lark import Token, Tree

from pybridge.oracle.statics.terms import Unmodelled
from pybridge.oracle.statics.words import subtrees

CARD_TYPE_WORDS = {"artifact": "Artifact", "battle": "Battle", "creature": "Creature",
                   "enchantment": "Enchantment", "instant": "Instant", "land": "Land",
                   "planeswalker": "Planeswalker", "sorcery": "Sorcery", "kindred": "Kindred",
                   "tribal": "Tribal"}
CARD_SUPERTYPES = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
# place -> (zone, whose); None: the holder of the condition ("their graveyard", "in hand")
PLACES = {"yard_you": ("graveyard", "you"), "yard_their": ("graveyard", None),
          "yard_all": ("graveyard", "all"), "yard_opponents": ("graveyard", "opponents"),
          "yard_single": ("graveyard", "a_player"), "hand_own": ("hand", None),
          "hand_you": ("hand", "you"), "hand_all": ("hand", "all"),
          "hand_opponents": ("hand", "opponents"),
          # --- the controller of what the source is attached to ("its controller's") ---
          "yard_its_controller": ("graveyard", "attached_controller"),
          "hand_its_controller": ("hand", "attached_controller")}


class ZoneReader:
    """Reads the zone parts of a parsed ability; `number`, `words_filter`, `counted` and
    `unmodelled` come from reader.py (this module imports nothing of it: no cycle)."""

    def __init__(self, number: Callable[[str], int], words_filter: Callable[[list[str]], Symbol],
                 count: Callable[[Tree], Symbol], counted: Callable[[Tree], Symbol],
                 condition: Callable[[Tree], Symbol], unmodelled: type[Exception]):
        self.number, self.words_filter = number, words_filter
        self.condition_of = condition
        self.count_of, self.counted_of = count, counted
        self.Unmodelled = unmodelled

    # --- card filters of cards in a zone ---
    def card_filter(self, cards_of: Tree) -> Symbol:
        kinds = [[str(t) for t in k.children] for k in cards_of.children
                 if isinstance(k, Tree) and k.data == "card_kind"]
        if not kinds:
            return Function("card")
        filters = [self.kind_filter(k) for k in kinds]
        # "instant and sorcery cards", "artifact and/or enchantment card": a card of any of them
        out = filters[-1]
        for f in reversed(filters[:-1]):
            out = Function("either", [f, out])
        return out

    def kind_filter(self, words: list[str]) -> Symbol:
        parts: list[Symbol] = []
        for word in words:
            low = word.lower()
            if low in CARD_TYPE_WORDS:
                parts.append(Function("type", [String(CARD_TYPE_WORDS[low])]))
            elif low in CARD_SUPERTYPES:
                parts.append(Function("supertype", [String(CARD_SUPERTYPES[low])]))
            elif low in COLOR_WORDS:
                parts.append(Function("color", [Function(COLOR_WORDS[low])]))
            elif low.startswith("non") and low[3:].lstrip("-") in {**CARD_TYPE_WORDS, **CARD_SUPERTYPES}:
                parts.append(Function("non", [self.kind_filter([low[3:].lstrip("-")])]))
            elif word[:1].isupper():
                sub = self.words_filter([word])
                if sub.name != "subtype":
                    raise self.Unmodelled(f"card word {word!r} is not in the vocabulary")
                parts.append(sub)
            else:
                raise self.Unmodelled(f"a card {word!r}: not a characteristic of cards in the vocabulary")
        out = parts[-1]
        for f in reversed(parts[:-1]):
            out = Function("both", [f, out])
        return out

    def zone_cards(self, cards_of: Tree, place: Tree, holder: str | None) -> Symbol:
        zone, whose = PLACES[place.data]
        whose = whose or holder
        if whose is None:
            raise self.Unmodelled("whose zone it is isn't said")
        filt = self.card_filter(cards_of)
        if zone == "hand" and filt != Function("card"):
            raise self.Unmodelled("a kind of card in a hand: the scenario gives each hand's size, "
                                  "not its cards (hidden, rule 402.3)")
        return Function("cards", [Function(zone), Function(whose), filt])

    # --- amounts ---
    def counted(self, tree: Tree) -> Symbol:
        if tree.data == "each_sum":        # "for each land you control and each land card in ..."
            parts = [c for c in tree.children if isinstance(c, Tree)]
            return Function("sum", [self.counted_of(parts[0]), self.counted_of(parts[1])])
        if tree.data == "chosen_cards":    # the player chosen as it entered (Nyxathid)
            zone = str(_tok(tree)).lower()
            filt = self.card_filter(_sub(tree, "cards_of"))
            if zone == "hand" and filt != Function("card"):
                raise self.Unmodelled("a kind of card in a hand: the scenario gives each hand's size")
            return Function("cards", [Function(zone), Function("chosen"), filt])
        place = _sub(tree, *PLACES)
        if tree.data == "zone_cards":
            # "other creature cards in your graveyard": the permanent is in no graveyard, so the
            # same cards
            return self.zone_cards(_sub(tree, "cards_of"), place, None)
        zone, whose = PLACES[place.data]
        if zone != "graveyard" or whose is None:
            raise self.Unmodelled("card types among cards in a hand: the scenario gives only its size")
        return Function("card_types", [Function(zone), Function(whose)])

    def amount(self, tree: Tree) -> Symbol:
        kind = tree.data
        if kind == "life_total":
            return Function("life", [Function("you")])
        if kind == "plus_count":
            return Function("plus", [Number(self.number(str(_tok(tree)))), self.count_of(_sub(tree, "count"))])
        if kind == "sum_count":
            counts = [c for c in tree.children if isinstance(c, Tree)]
            return Function("sum", [self.count_of(counts[0]), self.count_of(counts[1])])
        if kind == "twice_count":
            return Function("times", [Number(2), self.count_of(_sub(tree, "count"))])
        if kind == "total_count":
            return self.counted_of([c for c in tree.children if isinstance(c, Tree)][0])
        raise self.Unmodelled(f"amount {kind} is not in the vocabulary")

    # --- conditions ---
    def condition(self, tree: Tree) -> Symbol:
        kind = tree.data
        holder = _holder(tree)
        place = _sub(tree, *PLACES) if kind.startswith(("cards_", "types_", "values_")) else None
        nums = [self.number(str(t)) for t in tree.children if isinstance(t, Token) and t.type == "NUMBER"]
        if kind in ("cards_at_least", "cards_some", "cards_at_most", "cards_none"):
            cards = self.zone_cards(_sub(tree, "cards_of"), place, holder)
            if kind == "cards_at_least":
                return Function("amount_at_least", [cards, Number(nums[0])])
            if kind == "cards_some":
                return Function("amount_at_least", [cards, Number(1)])
            return Function("amount_at_most", [cards, Number(nums[0] if nums else 0)])
        if kind == "types_at_least":
            zone, whose = PLACES[place.data]
            if zone != "graveyard" or whose is None:
                raise self.Unmodelled("card types among cards in a hand: the scenario gives only its size")
            return Function("amount_at_least", [Function("card_types", [Function(zone), Function(whose)]),
                                                Number(nums[0])])
        if kind == "cards_each_some":      # "an instant card and a sorcery card are in ..."
            first, second = [c for c in tree.children if isinstance(c, Tree) and c.data == "cards_of"]
            return Function("all_of", [
                Function("amount_at_least", [self.zone_cards(first, place, holder), Number(1)]),
                Function("amount_at_least", [self.zone_cards(second, place, holder), Number(1)])])
        if kind == "values_at_least":      # mana values among cards in a graveyard (rule 202.3)
            zone, whose = PLACES[place.data]
            if zone != "graveyard" or whose is None:
                raise self.Unmodelled("mana values among cards in a hand: the scenario gives only its size")
            return Function("amount_at_least", [Function("mana_values", [Function(zone), Function(whose)]),
                                                Number(nums[0])])
        if kind in ("all_conditions", "any_conditions"):
            parts = [self.condition_of(c) for c in tree.children if isinstance(c, Tree)]
            return Function("all_of" if kind == "all_conditions" else "any_of", parts)
        if kind == "life_from_start":      # "at least 7 life more than your starting life total"
            return Function("amount_at_least", [Function("life_over_start", [Function("you")]),
                                                Number(nums[0] if nums else 0)])
        if kind in ("city_blessing", "completed_dungeon"):     # designations (702.131c, 309.7)
            return Function("designation", [Function(kind)])
        if kind == "more_in_hand":
            return Function("more_than_each_opponent",
                            [Function("cards", [Function("hand"), Function("you"), Function("card")])])
        if kind in ("life_at_least", "life_at_most"):
            name = "amount_at_least" if kind == "life_at_least" else "amount_at_most"
            return Function(name, [Function("life", [Function(holder)]), Number(nums[0])])
        words = [str(t) for t in _sub(tree, "words").children]
        if kind == "no_opponent_controls":
            return Function("none", [Function("opponents", [self.words_filter(words)])])
        if kind == "any_player_controls":
            return Function("at_least", [Number(1), Function("each", [self.words_filter(words)])])
        raise self.Unmodelled(f"condition {kind} is not in the vocabulary")


def _sub(tree: Tree, *names: str) -> Tree:
    return next(c for c in tree.children if isinstance(c, Tree) and c.data in names)


def _tok(tree: Tree) -> Token:
    return next(c for c in tree.children if isinstance(c, Token))


def _holder(tree: Tree) -> str | None:
    found = [c.data for c in tree.children if isinstance(c, Tree) and c.data in ("you", "an_opponent")]
    return found[0] if found else None


CONDITIONS = frozenset({"cards_at_least", "cards_some", "cards_at_most", "cards_none", "types_at_least",
                        "cards_each_some", "values_at_least", "all_conditions", "any_conditions",
                        "city_blessing", "completed_dungeon", "life_from_start",
                        "more_in_hand", "life_at_least", "life_at_most", "no_opponent_controls",
                        "any_player_controls"})
AMOUNTS = frozenset({"life_total", "plus_count", "sum_count", "twice_count", "total_count"})


# "for each card named ~ in each graveyard" (Sound the Call's token)
def named_cards(tree: Tree, face: str) -> Symbol:
    place = next(t for t in subtrees(tree) if t.data in PLACES)
    zone, whose = PLACES[place.data]
    if zone != "graveyard" or whose is None:
        raise Unmodelled("cards of a name in a hand: the scenario gives each hand's size")
    return Function("cards", [Function(zone), Function(whose), Function("named", [String(face)])])
