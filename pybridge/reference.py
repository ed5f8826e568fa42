"""The independent reference for the mana questions `produce` and `could_produce`: a second
implementation, by brute force, shared by the tests, `mtgasp sweep` and the benchmarks.

It shares nothing with the logic programs of asp/: the cards below are a small table written from
their Oracle text (never read from asp/), and replacement effects are ordered the slow, literal
way, by trying every order (itertools.permutations) and following rule 616.1 along each: apply the
first effect of the order that applies now (616.1e), then look again at what applies to the
modified event (616.1f, 616.2), each effect at most once (614.5).  Every legal sequence of choices
is the greedy walk of some order (the chosen effects first, the rest after), and every greedy walk
is a legal sequence, so the union over all orders is exactly what the player can reach.  Rule
106.7 (could_produce) is a least fixpoint computed by plain iteration.  Nothing is memoised.

What it covers (anything else gets no answer: `scenario_answer` returns None and says why):
- Question kinds: `produce` (with or without `ability = N`) and `could_produce`.  No other kind.
- Mana sources (SOURCES): the five basic lands, Snow-Covered Forest, Wastes, Savannah, Tundra,
  Breeding Pool, Ketria Triome, Dryad Arbor, Ancient Tomb, Mishra's Workshop, City of Brass,
  Karplusan Forest, Gaea's Cradle, Exotic Orchard, Reflecting Pool, Sol Ring, Mana Vault, Boros
  Signet, Fellwar Stone, Llanowar Elves, Birds of Paradise, Pili-Pala.
- Replacement effects on mana (REPLACEMENTS): Contamination, Infernal Darkness, Mana Reflection,
  Nyxbloom Ancient, Virtue of Strength, Damping Sphere, Pulse of Llanowar, Naked Singularity,
  Reality Twist; as [[effect]] tables (EFFECT_REPLACEMENTS): Deep Water, Pale Moon.  Beyond the
  library (POOL_REPLACEMENTS, POOL_EFFECT_REPLACEMENTS): Mana Abundance; as [[effect]] tables
  Quarum Trench Gnomes (its `targets`), Hall of Gemstone (its `chosen_color`), False Dawn (which
  reaches triggered mana abilities its controller controls too).
- Triggered mana abilities (TRIGGERS): Mana Flare, Heartbeat of Spring, Dictate of Karametra,
  Zhur-Taa Ancient, Mirari's Wake, Zendikar Resurgent, Vorinclex, Kinnan, Vernal Bloom, the
  Auras Wild Growth, Overgrowth and Utopia Sprawl (attached_to), and Gauntlet of Power, Caged Sun
  and Utopia Sprawl with their chosen_color; as an [[effect]] table: High Tide.
- Scenario keys: `id`, `card`, `controller`, `owner`, `timestamp`, `attached_to`, `chosen_color`
  on permanents; `card`, `controller`, `timestamp`, `targets`, `chosen_color` on effects; `title`, `cites`, `source`,
  `game.players` and `game.active_player`.  Any other key (tapped, counters, face_down,
  copy_of, ...) or any card outside the tables above: no answer.
- No layer effects (no type or ability changes, no copies, no face-down permanents), no costs.

Face-down and copied permanents (`characteristics` and `turn_face_up`, section "faces and
copies" below), from the printed card in the card pool (data, not asp/) and rules 708.2, 702.37,
702.168, 701.40, 701.58, 701.62, 707.2 and 707.9b literally:
- a board of the permanent asked about, face up or `face_down` by `morph`, `megamorph`,
  `disguise`, `manifest`, `manifest_dread`, `cloak` or `Ixidron`, and at most one copy of it, a `Clone` or a
  `Phantasmal Image` (`copy_of`); any other card, key or way of turning face down: no answer;
- a printed card whose power or toughness is not a number (a CDA, "*"), or that is not a
  permanent card shown face up: no answer.

Two optional shortcuts, used only for the 11-effect Forest (about 40 million orders), keep the
walk literal: `distinct` generates one order per arrangement of interchangeable effects (two
Mana Reflections, or Infernal Darkness and Reality Twist on a Forest, do the same thing in either
place), and `shared_prefixes` walks orders that begin alike through their common beginning once.
A test checks both against the plain walk.

Mana is a 6-tuple of counts in WUBRGC order.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

TYPES = "WUBRGC"
COLORS = "WUBRG"
BASIC_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
NO_MANA = (0, 0, 0, 0, 0, 0)
Mana = tuple


def mana_of(text: str, n: int = 1) -> Mana:
    """n mana of the type letter `text`, or the multiset of a string of letters ("RW")."""
    counts = [0] * 6
    for letter in text:
        counts[TYPES.index(letter)] += n
    return tuple(counts)


def add(a: Mana, b: Mana) -> Mana:
    return tuple(x + y for x, y in zip(a, b))


def total(m: Mana) -> int:
    return sum(m)


def types_in(m: Mana) -> set[str]:
    return {t for t, n in zip(TYPES, m) if n}


def mana_string(m: Mana) -> str:
    """In the answer format (README): a type with more than 20 mana as "{G}x21"."""
    return "".join(("{%s}x%d" % (t, n)) if n > 20 else "{%s}" % t * n for t, n in zip(TYPES, m))


# --- the card table (from the Oracle text) -----------------------------------------------------
# A mana ability: does its cost include {T} (rule 106.12), and what it adds.  `adds` is one of
#   ("fixed", "CC")            exactly that mana
#   ("one_of", "RG")           one mana of one of these types
#   ("per_creature", "G")      one mana of that type for each creature its controller controls
#   ("reflect", whose, kind)   one mana of any `kind` ("type" or "color") that a land `whose`
#                              ("you" or "opponent") controls could produce (rule 106.7)
@dataclass(frozen=True)
class ManaAbility:
    tap: bool
    adds: tuple


@dataclass(frozen=True)
class Card:
    types: frozenset = frozenset()
    basic: bool = False
    subtypes: frozenset = frozenset()
    abilities: tuple = ()            # printed mana abilities; basic land types add their own


def _card(types, basic=False, subtypes=(), abilities=()):
    return Card(frozenset(types), basic, frozenset(subtypes), tuple(abilities))


TAP_ANY_COLOR = ManaAbility(True, ("one_of", COLORS))

SOURCES: dict[str, Card] = {
    "Forest": _card({"Land"}, True, {"Forest"}),
    "Island": _card({"Land"}, True, {"Island"}),
    "Swamp": _card({"Land"}, True, {"Swamp"}),
    "Mountain": _card({"Land"}, True, {"Mountain"}),
    "Plains": _card({"Land"}, True, {"Plains"}),
    "Snow-Covered Forest": _card({"Land"}, True, {"Forest"}),
    "Wastes": _card({"Land"}, True, (), [ManaAbility(True, ("fixed", "C"))]),
    "Savannah": _card({"Land"}, False, {"Forest", "Plains"}),
    "Tundra": _card({"Land"}, False, {"Plains", "Island"}),
    "Breeding Pool": _card({"Land"}, False, {"Forest", "Island"}),
    "Ketria Triome": _card({"Land"}, False, {"Forest", "Island", "Mountain"}),
    "Dryad Arbor": _card({"Land", "Creature"}, False, {"Forest"}),
    "Ancient Tomb": _card({"Land"}, abilities=[ManaAbility(True, ("fixed", "CC"))]),
    "Mishra's Workshop": _card({"Land"}, abilities=[ManaAbility(True, ("fixed", "CCC"))]),
    "City of Brass": _card({"Land"}, abilities=[TAP_ANY_COLOR]),
    "Karplusan Forest": _card({"Land"}, abilities=[ManaAbility(True, ("fixed", "C")),
                                                   ManaAbility(True, ("one_of", "RG"))]),
    "Gaea's Cradle": _card({"Land"}, abilities=[ManaAbility(True, ("per_creature", "G"))]),
    "Exotic Orchard": _card({"Land"}, abilities=[ManaAbility(True, ("reflect", "opponent", "color"))]),
    "Reflecting Pool": _card({"Land"}, abilities=[ManaAbility(True, ("reflect", "you", "type"))]),
    "Sol Ring": _card({"Artifact"}, abilities=[ManaAbility(True, ("fixed", "CC"))]),
    "Mana Vault": _card({"Artifact"}, abilities=[ManaAbility(True, ("fixed", "CCC"))]),
    "Boros Signet": _card({"Artifact"}, abilities=[ManaAbility(True, ("fixed", "RW"))]),
    "Fellwar Stone": _card({"Artifact"}, abilities=[ManaAbility(True, ("reflect", "opponent", "color"))]),
    "Llanowar Elves": _card({"Creature"}, abilities=[ManaAbility(True, ("fixed", "G"))]),
    "Birds of Paradise": _card({"Creature"}, abilities=[TAP_ANY_COLOR]),
    # {Q}: untapping is not tapping for mana (rule 106.12).
    "Pili-Pala": _card({"Artifact", "Creature"}, abilities=[ManaAbility(False, ("one_of", COLORS))]),
}


# Replacement effects on mana production.  `when` lists what must hold of the event:
#   "tapped" (a {T} ability), "land", "basic", "nonbasic" (a nonbasic land), "yours" (the player
#   tapping controls the effect).  `does` is one of
#   ("one", T)        one mana of type T instead of any other type and amount
#   ("type", T)       the same amount, all of type T
#   ("times", K)      K times as much of each type
#   ("any_color",)    the same amount, all of one colour the player chooses
#   ("by_land", map)  for a land with basic land type L in map, the same amount all of type map[L];
#                     a choice when it has several of them (Naked Singularity 2013-04-15)
#   `at_least`: it applies only to an event of that much mana or more.
@dataclass(frozen=True)
class Replacement:
    when: frozenset
    does: tuple
    at_least: int = 1
    targets: frozenset = frozenset()     # for "target" in `when`: the ids the effect targeted


def _rep(when, does, at_least=1):
    return Replacement(frozenset(when), does, at_least)


REPLACEMENTS: dict[str, Replacement] = {
    # "If a land is tapped for mana, it produces {B} instead of any other type and amount."
    "Contamination": _rep({"tapped", "land"}, ("one", "B")),
    # "If a land is tapped for mana, it produces {B} instead of any other type."
    "Infernal Darkness": _rep({"tapped", "land"}, ("type", "B")),
    # "If you tap a permanent for mana, it produces twice as much of that mana instead."
    "Mana Reflection": _rep({"tapped", "yours"}, ("times", 2)),
    "Nyxbloom Ancient": _rep({"tapped", "yours"}, ("times", 3)),
    # "If you tap a basic land for mana, it produces three times as much of that mana instead."
    "Virtue of Strength // Garenbrig Growth": _rep({"tapped", "yours", "land", "basic"}, ("times", 3)),
    # "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount."
    "Damping Sphere": _rep({"tapped", "land"}, ("one", "C"), at_least=2),
    # "If a basic land you control is tapped for mana, it produces mana of a color of your choice
    #  instead of any other type."
    "Pulse of Llanowar": _rep({"tapped", "yours", "land", "basic"}, ("any_color",)),
    "Naked Singularity": _rep({"tapped", "land"}, ("by_land", {"Plains": "R", "Island": "G",
                                                               "Swamp": "W", "Mountain": "U",
                                                               "Forest": "B"})),
    "Reality Twist": _rep({"tapped", "land"}, ("by_land", {"Plains": "R", "Swamp": "G",
                                                           "Mountain": "W", "Forest": "B"})),
}
# Lasting effects of resolved spells and abilities.
EFFECT_REPLACEMENTS: dict[str, Replacement] = {
    # "Until end of turn, if you tap a land you control for mana, it produces {U} instead of any
    #  other type."
    "Deep Water": _rep({"tapped", "yours", "land"}, ("type", "U")),
    # "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana
    #  instead of any other type."
    "Pale Moon": _rep({"tapped", "nonbasic"}, ("type", "C")),
}
# Cards of the pool beyond the library (pybridge/cards/encoded.py's library_cards, so no sweep
# group has them: test_sweep.py keeps the groups equal to the two tables above).
POOL_REPLACEMENTS: dict[str, Replacement] = {
    # "If a player would add mana, instead all players add that mana."  What the player who would
    #  add it adds is the same.
    "Mana Abundance": _rep(set(), ("all_players",)),
}
POOL_EFFECT_REPLACEMENTS: dict[str, Replacement] = {
    # "{T}: If target Plains is tapped for mana, it produces colorless mana instead of white mana."
    #  Only the white mana (Quarum Trench Gnomes 2008-08-01).
    "Quarum Trench Gnomes": _rep({"tapped", "target"}, ("convert", "W", "C")),
    # "... Until end of turn, lands tapped for mana produce mana of the chosen color instead of any
    #  other color."  Colorless mana stays (Hall of Gemstone 2016-08-23).
    "Hall of Gemstone": _rep({"tapped", "land"}, ("convert", COLORS, "chosen")),
    # "Until end of turn, spells and abilities you control that would add colored mana instead add
    #  that much white mana."  Any ability, tapped or not, triggered ones too.
    "False Dawn": _rep({"yours"}, ("convert", COLORS, "W")),
}
EFFECT_CHOOSES_COLOR = {"Hall of Gemstone"}
EFFECT_TARGETS_PLAINS = {"Quarum Trench Gnomes"}


# Triggered mana abilities (rules 106.12a, 605.1b).  `when`: "tapped", "land", "nonland", "basic",
# "yours" (the player tapping controls the trigger), "enchanted" (the trigger's source is attached
# to the permanent), ("subtype", L), "chosen" (the permanent produced mana of the colour chosen for
# the trigger's source; without a chosen colour it never triggers).  Even without "tapped" it needs
# a land's ability (Caged Sun).  `adds`: ("fixed", "GG"), ("produced",) one mana of a type the
# permanent produced, ("chosen",) one mana of the chosen colour.
@dataclass(frozen=True)
class Trigger:
    when: frozenset
    adds: tuple


def _trig(when, adds):
    return Trigger(frozenset(when), adds)


ONE_MORE_OF_LAND = _trig({"tapped", "land"}, ("produced",))
ONE_MORE_OF_YOUR_LAND = _trig({"tapped", "land", "yours"}, ("produced",))
TRIGGERS: dict[str, Trigger] = {
    # "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."
    "Mana Flare": ONE_MORE_OF_LAND,
    "Heartbeat of Spring": ONE_MORE_OF_LAND,
    "Dictate of Karametra": ONE_MORE_OF_LAND,
    "Zhur-Taa Ancient": ONE_MORE_OF_LAND,
    # "Whenever you tap a land for mana, add one mana of any type that land produced."
    "Mirari's Wake": ONE_MORE_OF_YOUR_LAND,
    "Zendikar Resurgent": ONE_MORE_OF_YOUR_LAND,
    "Vorinclex, Voice of Hunger": ONE_MORE_OF_YOUR_LAND,
    # "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced."
    "Kinnan, Bonder Prodigy": _trig({"tapped", "nonland", "yours"}, ("produced",)),
    # "Whenever a Forest is tapped for mana, its controller adds an additional {G}."
    "Vernal Bloom": _trig({"tapped", ("subtype", "Forest")}, ("fixed", "G")),
    # "Whenever enchanted land is tapped for mana, its controller adds an additional {G}."
    "Wild Growth": _trig({"tapped", "enchanted"}, ("fixed", "G")),
    "Overgrowth": _trig({"tapped", "enchanted"}, ("fixed", "GG")),
    # "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana
    #  of the chosen color."
    "Utopia Sprawl": _trig({"tapped", "enchanted", ("subtype", "Forest")}, ("chosen",)),
    # "Whenever a basic land is tapped for mana of the chosen color, its controller adds an
    #  additional one mana of that color."
    "Gauntlet of Power": _trig({"tapped", "land", "basic", "chosen"}, ("chosen",)),
    # "Whenever a land's ability causes you to add one or more mana of the chosen color, add one
    #  additional mana of that color."  No {T} needed.
    "Caged Sun": _trig({"land", "yours", "chosen"}, ("chosen",)),
}
EFFECT_TRIGGERS: dict[str, Trigger] = {
    # "Until end of turn, whenever a player taps an Island for mana, that player adds an additional {U}."
    "High Tide": _trig({"tapped", ("subtype", "Island")}, ("fixed", "U")),
}

# Characteristics of the effect and trigger cards that matter here (Gaea's Cradle counts creatures).
OTHER_TYPES = {
    "Nyxbloom Ancient": {"Enchantment", "Creature"},
    "Vorinclex, Voice of Hunger": {"Creature"},
    "Kinnan, Bonder Prodigy": {"Legendary", "Creature"},
    "Zhur-Taa Ancient": {"Creature"},
    "Wild Growth": {"Enchantment"}, "Overgrowth": {"Enchantment"}, "Utopia Sprawl": {"Enchantment"},
}
AURAS = {"Wild Growth", "Overgrowth", "Utopia Sprawl"}
CHOOSES_COLOR = {"Utopia Sprawl", "Gauntlet of Power", "Caged Sun"}


# --- boards -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Permanent:
    id: str
    card: str
    controller: str
    attached_to: str | None = None
    chosen_color: str | None = None      # a letter of WUBRG


@dataclass(frozen=True)
class Effect:
    card: str
    controller: str
    targets: tuple = ()                  # permanent ids
    chosen_color: str | None = None      # a letter of WUBRG


@dataclass
class Board:
    permanents: list[Permanent]
    effects: list[Effect] = field(default_factory=list)
    players: tuple[str, ...] = ("you", "opponent")

    def get(self, ident: str) -> Permanent:
        return next(p for p in self.permanents if p.id == ident)


def card_types(card: str) -> set[str]:
    if card in SOURCES:
        return set(SOURCES[card].types)
    return OTHER_TYPES.get(card, {"Enchantment"})


def is_land(p: Permanent) -> bool:
    return "Land" in card_types(p.card)


def abilities_of(card: str) -> list[ManaAbility]:
    """Intrinsic abilities of basic land types (rule 305.6), then the printed ones."""
    source = SOURCES.get(card)
    if source is None:
        return []
    intrinsic = [ManaAbility(True, ("fixed", BASIC_TYPES[s]))
                 for s in ("Plains", "Island", "Swamp", "Mountain", "Forest") if s in source.subtypes]
    return intrinsic + list(source.abilities)


@dataclass(frozen=True)
class Event:
    """What the replacement effects and triggers may look at: one mana ability resolving."""
    permanent: Permanent
    tapped: bool
    land: bool
    basic: bool
    subtypes: frozenset


def event_of(p: Permanent, ability: ManaAbility) -> Event:
    card = SOURCES[p.card]
    return Event(p, ability.tap, "Land" in card.types, card.basic, card.subtypes)


def options(board: Board, p: Permanent, ability: ManaAbility, could: dict[str, set[str]]) -> list[Mana]:
    """What one activation could add before replacement effects: one entry per choice.  An empty
    list is an ability that can't define a type of mana, so it adds none (rule 106.5)."""
    kind = ability.adds[0]
    if kind == "fixed":
        return [mana_of(ability.adds[1])]
    if kind == "one_of":
        return [mana_of(t) for t in ability.adds[1]]
    if kind == "per_creature":
        n = sum(1 for q in board.permanents
                if q.controller == p.controller and "Creature" in card_types(q.card))
        return [mana_of(ability.adds[1], n)]
    if kind == "reflect":
        _, whose, what = ability.adds
        seen: set[str] = set()
        for q in board.permanents:
            theirs = q.controller == p.controller if whose == "you" else q.controller != p.controller
            if theirs and is_land(q):
                seen |= could[q.id]
        allowed = TYPES if what == "type" else COLORS
        return [mana_of(t) for t in TYPES if t in seen and t in allowed]
    raise ValueError(kind)


# --- replacement effects, every order --------------------------------------------------------------
def permanent_replacement(card: str) -> Replacement | None:
    return REPLACEMENTS.get(card) or POOL_REPLACEMENTS.get(card)


def effect_replacement(card: str) -> Replacement | None:
    return EFFECT_REPLACEMENTS.get(card) or POOL_EFFECT_REPLACEMENTS.get(card)


def replacements_in_play(board: Board) -> list[tuple[Replacement, str]]:
    found = [(permanent_replacement(p.card), p.controller) for p in board.permanents
             if permanent_replacement(p.card)]
    for e in board.effects:
        rep = effect_replacement(e.card)
        if rep is None:
            continue
        if rep.does[0] == "convert" and rep.does[2] == "chosen":
            if e.chosen_color is None:
                raise NotCovered(f"the effect {e.card!r} without its chosen_color")
            rep = Replacement(rep.when, ("convert", rep.does[1], e.chosen_color), rep.at_least)
        if "target" in rep.when:
            rep = Replacement(rep.when, rep.does, rep.at_least, frozenset(e.targets))
        found.append((rep, e.controller))
    return found


def could_ever_apply(rep: Replacement, controller: str, event: Event) -> bool:
    """The parts of applicability that the event's mana can't change."""
    w = rep.when
    if "tapped" in w and not event.tapped:
        return False
    if "land" in w and not event.land:
        return False
    if "basic" in w and not event.basic:
        return False
    if "nonbasic" in w and (event.basic or not event.land):
        return False
    if "yours" in w and controller != event.permanent.controller:
        return False
    if "target" in w and event.permanent.id not in rep.targets:
        return False
    if rep.does[0] == "by_land" and not (event.subtypes & set(rep.does[1])):
        return False
    return True


def applies_now(rep: Replacement, m: Mana) -> bool:
    # No mana, no mana production event to replace (rules 106.12b, 614.7).
    if total(m) < rep.at_least:
        return False
    if rep.does[0] == "convert":
        # "Colorless mana instead of white mana" replaces only the producing of white mana
        # (106.12b): it needs some mana of the types it names that isn't already the new type.
        _, covered, to = rep.does
        return any(x for t, x in zip(TYPES, m) if t in covered and t != to)
    return True


def apply(rep: Replacement, event: Event, m: Mana) -> list[Mana]:
    """The events the effect can turn m into: several where the player chooses inside it."""
    kind, n = rep.does[0], total(m)
    if kind == "one":
        return [mana_of(rep.does[1])]
    if kind == "type":
        return [mana_of(rep.does[1], n)]
    if kind == "times":
        return [tuple(rep.does[1] * x for x in m)]
    if kind == "any_color":
        return [mana_of(c, n) for c in COLORS]
    if kind == "by_land":
        return sorted({mana_of(t, n) for s, t in rep.does[1].items() if s in event.subtypes})
    if kind == "convert":                  # the mana of the types named becomes the other type
        _, covered, to = rep.does
        moved = sum(x for t, x in zip(TYPES, m) if t in covered)
        kept = tuple(0 if t in covered else x for t, x in zip(TYPES, m))
        return [add(kept, mana_of(to, moved))]
    if kind == "all_players":              # every player adds it: this one the same
        return [m]
    raise ValueError(kind)


def behaviour(rep: Replacement, event: Event) -> tuple:
    """What the effect does to this event, for an effect that could apply to it: two effects with
    equal behaviour are interchangeable in every order (Infernal Darkness and Reality Twist on a
    Forest both turn its mana into that much {B})."""
    if rep.does[0] == "by_land":
        made = sorted({t for s, t in rep.does[1].items() if s in event.subtypes})
        does = ("type", made[0]) if len(made) == 1 else ("one_type_of", tuple(made))
    else:
        does = rep.does
    return (does, rep.at_least)


def orders(keys: list, distinct: bool):
    """Every order of the effects (indices); with `distinct`, effects with equal keys are
    interchangeable and only one order per arrangement of keys is produced."""
    if not distinct:
        yield from itertools.permutations(range(len(keys)))
        return
    groups: dict = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)
    kinds = list(groups)
    counts = [len(groups[k]) for k in kinds]
    n = len(keys)

    def rec(prefix):
        if len(prefix) == n:
            yield prefix
            return
        for j in range(len(kinds)):
            if counts[j]:
                counts[j] -= 1
                yield from rec(prefix + [j])
                counts[j] += 1

    for arrangement in rec([]):
        used = [0] * len(kinds)
        order = []
        for j in arrangement:
            order.append(groups[kinds[j]][used[j]])
            used[j] += 1
        yield tuple(order)


def replaced_outcomes(board: Board, event: Event, start: Mana, distinct: bool = False,
                      shared_prefixes: bool = False) -> set[Mana]:
    """Every mana the event can end as, over every order of the replacement effects (rule 616.1).

    Each order is walked on its own: apply the first effect of the order that applies now
    (616.1e), then look again from the start of the order (616.1f, 616.2), each effect once
    (614.5).  With `shared_prefixes` the orders are generated one element at a time and orders
    that begin alike share the walk of their common beginning (same orders, same walks, less
    repeated work; only the 11-effect measurement needs it)."""
    # An effect that can't apply to this event whatever its mana (another player's, not a land,
    # ...) would only be skipped wherever it stood in an order: it is left out of the orders.
    effects = [r for r, ctl in replacements_in_play(board) if could_ever_apply(r, ctl, event)]
    keys = [behaviour(r, event) for r in effects]
    if shared_prefixes:
        return _walk_sharing_prefixes(effects, keys, event, start, distinct)
    results: set[Mana] = set()

    def walk(order, m, applied):
        for i in order:
            if i not in applied and applies_now(effects[i], m):      # 616.1e, 616.1f, 616.2
                for m2 in apply(effects[i], event, m):
                    walk(order, m2, applied | {i})                     # 614.5: once each
                return
        results.add(m)

    for order in orders(keys, distinct):
        walk(order, start, frozenset())
    return results


def _walk_sharing_prefixes(effects, keys, event, start, distinct) -> set[Mana]:
    """The walk of every order, built as the order is: a partial walk is the mana so far and the
    effects of the order's beginning that didn't apply when their turn came (kept in order).  The
    next effect of the order applies if it can, and then, as the full walk would, the earliest
    waiting effect that applies now, again and again (616.1f, 616.2)."""
    results: set[Mana] = set()
    n = len(effects)
    groups: dict = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)

    def settle(m, waiting):
        """Apply waiting effects, earliest first, while one applies; every way the choices go."""
        for j, i in enumerate(waiting):
            if applies_now(effects[i], m):
                rest = waiting[:j] + waiting[j + 1:]
                out = []
                for m2 in apply(effects[i], event, m):
                    out += settle(m2, rest)
                return out
        return [(m, waiting)]

    def extend(walks, used):
        if len(used) == n:
            for m, _ in walks:
                results.add(m)
            return
        for k, members in groups.items():
            free = [i for i in members if i not in used]
            if not free:
                continue
            nexts = free[:1] if distinct else free
            for i in nexts:
                # Choices that brought one order's walk to the same point go on alike: kept once.
                grown = set()
                for m, waiting in walks:
                    if applies_now(effects[i], m):
                        for m2 in apply(effects[i], event, m):
                            grown.update(settle(m2, waiting))
                    else:
                        grown.add((m, waiting + (i,)))
                extend(grown, used | {i})

    extend({(start, ())}, frozenset())
    return results


def count_orders(board: Board, ident: str) -> dict[str, int]:
    """How many ways lead to each total of `produce`, the slow way: every sequence of distinct
    effects, each applied when it applies (616.1e, 614.5), every outcome of its choices, until
    none applies (616.1f); a way is an ability, an option, one such sequence and a total its
    triggers reach.  No memo, no interchangeable effects: for a handful of effects only."""
    p = board.get(ident)
    counts: dict[str, int] = {}
    in_play = replacements_in_play(board)

    def finals(event, m, applied, out):
        reps = [(i, r) for i, (r, ctl) in enumerate(in_play)
                if i not in applied and could_ever_apply(r, ctl, event) and applies_now(r, m)]
        if not reps:
            out.append(m)
        for i, r in reps:
            for m2 in apply(r, event, m):
                finals(event, m2, applied | {i}, out)

    for ability in abilities_of(p.card):
        event = event_of(p, ability)
        starts = options(board, p, ability, {})
        ends: list[Mana] = [] if starts else [NO_MANA]
        for start in starts:
            finals(event, start, frozenset(), ends)
        for end in ends:
            for t in with_triggers(board, event, end):
                key = mana_string(t)
                counts[key] = counts.get(key, 0) + 1
    return counts


# --- triggered mana abilities ----------------------------------------------------------------------
def triggers_in_play(board: Board) -> list[tuple[Trigger, Permanent | Effect]]:
    found = [(TRIGGERS[p.card], p) for p in board.permanents if p.card in TRIGGERS]
    found += [(EFFECT_TRIGGERS[e.card], e) for e in board.effects if e.card in EFFECT_TRIGGERS]
    return found


def trigger_additions(trig: Trigger, source, event: Event, m: Mana) -> list[Mana]:
    """What the trigger adds after the ability produced m: [] if it doesn't trigger, else one
    entry per choice.  Triggered mana isn't produced by the permanent, so no replacement effect
    above touches it (Mana Reflection 2020-08-07, Wild Growth 2004-10-04)."""
    if total(m) == 0:                                   # it produced no mana (rule 106.12a)
        return []
    w = trig.when
    p = event.permanent
    if "tapped" in w and not event.tapped:
        return []
    if "land" in w and not event.land:
        return []
    if "nonland" in w and event.land:
        return []
    if "basic" in w and not event.basic:
        return []
    if "yours" in w and source.controller != p.controller:
        return []
    if "enchanted" in w and getattr(source, "attached_to", None) != p.id:
        return []
    for cond in w:
        if isinstance(cond, tuple) and cond[0] == "subtype" and cond[1] not in event.subtypes:
            return []
    chosen = getattr(source, "chosen_color", None)
    if "chosen" in w and (chosen is None or chosen not in types_in(m)):
        return []
    kind = trig.adds[0]
    if kind == "fixed":
        return [mana_of(trig.adds[1])]
    if kind == "produced":
        return [mana_of(t) for t in TYPES if t in types_in(m)]
    if kind == "chosen":
        return [mana_of(chosen)] if chosen else []
    raise ValueError(kind)


def trigger_mana_replaced(board: Board, source, extra: Mana) -> set[Mana]:
    """A trigger's mana is an event of its own: the effects on mana that abilities add, whatever
    permanent (no condition but "yours", which reads the trigger's controller: False Dawn), walk
    it in every order like the activation's."""
    event = Event(Permanent("", "", source.controller), False, False, False, frozenset())
    effects = [r for r, ctl in replacements_in_play(board) if could_ever_apply(r, ctl, event)]
    results: set[Mana] = set()

    def walk(order, m, applied):
        for i in order:
            if i not in applied and applies_now(effects[i], m):
                for m2 in apply(effects[i], event, m):
                    walk(order, m2, applied | {i})
                return
        results.add(m)

    for order in itertools.permutations(range(len(effects))):
        walk(order, extra, frozenset())
    return results


def with_triggers(board: Board, event: Event, m: Mana) -> set[Mana]:
    totals = {m}
    for trig, source in triggers_in_play(board):
        extra = trigger_additions(trig, source, event, m)
        if extra:
            extra = [r for e in extra for r in trigger_mana_replaced(board, source, e)]
            totals = {add(t, e) for t in totals for e in extra}
    return totals


# --- the two questions ------------------------------------------------------------------------------
def could_produce_all(board: Board, distinct: bool = False,
                      shared_prefixes: bool = False) -> dict[str, set[str]]:
    """Rule 106.7 for every permanent at once, as a least fixpoint: start from nothing and add
    what each permanent could produce given what the others could, until nothing changes."""
    could: dict[str, set[str]] = {p.id: set() for p in board.permanents}
    changed = True
    while changed:
        changed = False
        for p in board.permanents:
            found: set[str] = set()
            for ability in abilities_of(p.card):
                event = event_of(p, ability)
                for start in options(board, p, ability, could):
                    for end in replaced_outcomes(board, event, start, distinct, shared_prefixes):
                        found |= types_in(end)
            if not found <= could[p.id]:
                could[p.id] |= found
                changed = True
    return could


def produce(board: Board, ident: str, distinct: bool = False,
            could: dict[str, set[str]] | None = None, shared_prefixes: bool = False) -> set[str]:
    """Every distinct total one activation of a mana ability of `ident` can add, as mana strings."""
    p = board.get(ident)
    reflecting = any(a.adds[0] == "reflect" for q in board.permanents for a in abilities_of(q.card))
    if could is None:
        # Only abilities that copy what other permanents could produce need rule 106.7.
        could = could_produce_all(board, distinct, shared_prefixes) if reflecting else {}
    results: set[Mana] = set()
    for ability in abilities_of(p.card):
        event = event_of(p, ability)
        starts = options(board, p, ability, could)
        if not starts:
            results.add(NO_MANA)
        for start in starts:
            for end in replaced_outcomes(board, event, start, distinct, shared_prefixes):
                results |= with_triggers(board, event, end)
    return {mana_string(m) for m in results}


def could_produce(board: Board, ident: str) -> set[str]:
    return could_produce_all(board)[ident]


# --- scenario text ------------------------------------------------------------------------------
def board_toml(board: Board, asks: list[tuple[str, str]], title: str = "A generated board") -> str:
    """The board as a scenario file asking `asks` [(kind, id)], without expectations."""
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"title = {q(title)}", 'cites = ["616.1"]', "",
             "[game]", f"players = [{', '.join(q(pl) for pl in board.players)}]", ""]
    for p in board.permanents:
        lines += ["[[permanent]]", f"id = {q(p.id)}", f"card = {q(p.card)}",
                  f"controller = {q(p.controller)}"]
        if p.attached_to:
            lines.append(f"attached_to = {q(p.attached_to)}")
        if p.chosen_color:
            lines.append(f"chosen_color = {q(p.chosen_color)}")
        lines.append("")
    for e in board.effects:
        lines += ["[[effect]]", f"card = {q(e.card)}", f"controller = {q(e.controller)}"]
        if e.targets:
            lines.append(f"targets = [{', '.join(q(t) for t in e.targets)}]")
        if e.chosen_color:
            lines.append(f"chosen_color = {q(e.chosen_color)}")
        lines.append("")
    for kind, ident in asks:
        lines += ["[[ask]]", f"{kind} = {q(ident)}", ""]
    return "\n".join(lines)


# --- scenarios: the reference's answer to one ask, or none -------------------------------------
REFERENCE_KINDS = ("produce", "could_produce")
FACE_KINDS = ("characteristics", "turn_face_up")
PERMANENT_KEYS = {"id", "card", "controller", "owner", "timestamp", "attached_to", "chosen_color"}
EFFECT_KEYS = {"card", "controller", "timestamp", "targets", "chosen_color"}
TOP_KEYS = {"title", "cites", "source", "game", "permanent", "effect", "ask"}
GAME_KEYS = {"players", "active_player"}
DEFAULT_PLAYERS = ("you", "opponent")


class NotCovered(Exception):
    """The reference has no answer for this scenario or ask (the message says why)."""


def known_permanent_card(card: str) -> bool:
    return card in SOURCES or permanent_replacement(card) is not None or card in TRIGGERS


def board_of_scenario(doc: dict) -> Board:
    """The reference's Board for a scenario given as TOML tables (card names in full, as the
    card library spells them).  Raises NotCovered for anything outside what it models."""
    extra = set(doc) - TOP_KEYS
    if extra:
        raise NotCovered(f"scenario key {sorted(extra)[0]!r}")
    game = doc.get("game", {})
    if set(game) - GAME_KEYS:
        raise NotCovered(f"game key {sorted(set(game) - GAME_KEYS)[0]!r}")
    players = tuple(game.get("players", DEFAULT_PLAYERS))
    permanents = []
    for table in doc.get("permanent", []):
        if set(table) - PERMANENT_KEYS:
            raise NotCovered(f"permanent key {sorted(set(table) - PERMANENT_KEYS)[0]!r}")
        if not known_permanent_card(table["card"]):
            raise NotCovered(f"the card {table['card']!r}")
        chosen = table.get("chosen_color")
        permanents.append(Permanent(table["id"], table["card"], table.get("controller", players[0]),
                                    table.get("attached_to"), chosen.upper() if chosen else None))
    effects = []
    for table in doc.get("effect", []):
        if set(table) - EFFECT_KEYS:
            raise NotCovered(f"effect key {sorted(set(table) - EFFECT_KEYS)[0]!r}")
        card = table["card"]
        if effect_replacement(card) is None and card not in EFFECT_TRIGGERS:
            raise NotCovered(f"the effect {card!r}")
        chosen = table.get("chosen_color")
        effects.append(Effect(card, table.get("controller", players[0]),
                              tuple(table.get("targets", ())), chosen.upper() if chosen else None))
    return Board(permanents, effects, players)


def _sort_key(m: Mana) -> tuple:
    return (total(m), tuple(-x for x in m))


def produce_of_ability(board: Board, ident: str, ability: int | None = None) -> list[str]:
    """`produce` as the question kind answers it: the distinct totals, fewest mana first."""
    p = board.get(ident)
    abilities = abilities_of(p.card)
    if ability is not None:
        if not 1 <= ability <= len(abilities):
            raise NotCovered(f"ability = {ability}: the permanent has {len(abilities)}")
        abilities = [abilities[ability - 1]]
    reflecting = any(a.adds[0] == "reflect" for q in board.permanents for a in abilities_of(q.card))
    could = could_produce_all(board) if reflecting else {}
    results: set[Mana] = set()
    for a in abilities:
        event = event_of(p, a)
        starts = options(board, p, a, could)
        if not starts:
            results.add(NO_MANA)
        for start in starts:
            for end in replaced_outcomes(board, event, start):
                results |= with_triggers(board, event, end)
    return [mana_string(m) for m in sorted(results, key=_sort_key)]


def scenario_answer(doc: dict, ask: dict):
    """The reference's answer to one ask table ({"produce": "forest"}) of the scenario `doc`, in
    the JSON form the question kind gives; raises NotCovered where the reference has none."""
    if any(k in ask for k in FACE_KINDS):
        return face_answer(doc, ask)
    kinds = [k for k in ask if k in REFERENCE_KINDS]
    others = set(ask) - set(REFERENCE_KINDS) - {"ability", "expect"}
    if len(kinds) != 1 or others or ("ability" in ask and kinds[0] != "produce"):
        raise NotCovered(f"the ask {sorted(set(ask) - {'expect'})}")
    kind = kinds[0]
    board = board_of_scenario(doc)
    ident = ask[kind]
    if not any(p.id == ident for p in board.permanents):
        raise NotCovered(f"no permanent {ident!r}")
    if kind == "produce":
        return produce_of_ability(board, ident, ask.get("ability"))
    could = could_produce_all(board)[ident]
    return [t for t in TYPES if t in could]


# --- faces and copies: characteristics and turn_face_up -----------------------------------------
# How each way of turning a card face down leaves it (rule 708.2): a 2/2 creature with no name,
# mana cost, colour, subtype or text; disguise and cloak give it ward {2} as well (702.168a,
# 701.58a).  Whatever the way, a face-down permanent with morph, megamorph or disguise can be
# turned face up for that cost (702.37e, 702.168d), megamorph with a +1/+1 counter (702.37b); a
# manifested or cloaked creature card for its mana cost (701.40a, 701.58b, 701.62a).
FACE_DOWN_WAYS = {"morph": (), "megamorph": (), "manifest": (), "manifest_dread": (),
                  "disguise": ("Ward {2}",), "cloak": ("Ward {2}",),
                  # Ixidron turns face-up creatures face down: 2/2s that only morph turns back
                  # up (Ixidron 2018-04-27)
                  "Ixidron": ()}
MANA_COST_WAYS = {"manifest", "manifest_dread", "cloak"}
TURN_UP_KEYWORDS = ("Morph", "Megamorph", "Disguise")
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}
# A copy card: what it adds to the copiable values it copies (707.9b), as (subtypes, abilities).
COPIERS = {
    "Clone": ((), ()),
    "Phantasmal Image": (("Illusion",), ("When this creature becomes the target of a spell or "
                                        "ability, sacrifice it.",)),
}
FACE_PERMANENT_KEYS = {"id", "card", "controller", "owner", "face_down", "copy_of"}


def _printed(card: str) -> dict:
    """The printed characteristics of a card's front face, as `characteristics` shows them."""
    from pybridge.cards.pool import load_pool

    found = load_pool().card(card)
    if found is None:
        raise NotCovered(f"the card {card!r}")
    face = found.front
    left, _, right = face.type_line.partition("—")
    words = left.split()
    values = []
    for text in (face.power, face.toughness):
        if text is not None and not text.lstrip("-").isdigit():
            raise NotCovered(f"{card!r} has a power or toughness of {text!r}")
        values.append(int(text) if text is not None else None)
    symbols = [sym.strip("{}") for sym in face.mana_cost.replace("}{", "} {").split()] \
        if face.mana_cost else []
    value = sum(int(sym) if sym.isdigit() else 0 if sym == "X" else 1 for sym in symbols)
    colors = {c for sym in symbols for c in COLORS if c in sym} | set(face.color_indicator)
    return {"name": face.name, "mana_cost": face.mana_cost, "mana_value": value,
            "colors": [c for c in COLORS if c in colors],
            "supertypes": sorted(w for w in words if w in SUPERTYPES),
            "types": sorted(w for w in words if w not in SUPERTYPES),
            "subtypes": sorted(right.split()), "power": values[0], "toughness": values[1],
            "abilities": list(face.abilities), "rules": [], "face_down": False}


def _face_down_values(way: str) -> dict:
    return {"name": "", "mana_cost": "", "mana_value": 0, "colors": [], "supertypes": [],
            "types": ["Creature"], "subtypes": [], "power": 2, "toughness": 2,
            "abilities": list(FACE_DOWN_WAYS[way]), "rules": [], "face_down": True}


def face_answer(doc: dict, ask: dict):
    """`characteristics` or `turn_face_up` of a board of one card, face up or face down, and at
    most one copy of it (see the module's docstring); NotCovered for anything else."""
    kinds = [k for k in ask if k in FACE_KINDS]
    if len(kinds) != 1 or set(ask) - {kinds[0], "expect"}:
        raise NotCovered(f"the ask {sorted(set(ask) - {'expect'})}")
    kind, ident = kinds[0], ask[kinds[0]]
    if set(doc) - (TOP_KEYS - {"effect"}) or doc.get("effect"):
        raise NotCovered("effects on the board")
    if set(doc.get("game", {})) - {"players"}:
        raise NotCovered(f"game key {sorted(set(doc['game']) - {'players'})[0]!r}")
    tables = {t["id"]: t for t in doc.get("permanent", [])}
    for t in tables.values():
        if set(t) - FACE_PERMANENT_KEYS:
            raise NotCovered(f"permanent key {sorted(set(t) - FACE_PERMANENT_KEYS)[0]!r}")
        if t.get("face_down") is not None and t["face_down"] not in FACE_DOWN_WAYS:
            raise NotCovered(f"face_down = {t['face_down']!r}")
        if "copy_of" in t and (t["card"] not in COPIERS or "face_down" in t
                               or "copy_of" in tables.get(t["copy_of"], {})):
            raise NotCovered(f"the copy {t['card']!r}")
    if ident not in tables:
        raise NotCovered(f"no permanent {ident!r}")
    table = tables[ident]
    # Anything else on the board might change what it is (a layer effect): only its original
    # and copies, which change nothing of other permanents, may be beside it.
    for t in tables.values():
        if t is not table and t["id"] != table.get("copy_of") and "copy_of" not in t:
            raise NotCovered(f"the card {t['card']!r}")
    players = doc.get("game", {}).get("players", list(DEFAULT_PLAYERS))
    controller = table.get("controller", players[0])
    if "copy_of" in table:                           # 707.2: the copiable values, then 707.9b
        original = tables[table["copy_of"]]
        way = original.get("face_down")
        values = _face_down_values(way) if way else _printed(original["card"])
        subtypes, abilities = COPIERS[table["card"]]
        values = {**values, "face_down": False,
                  "subtypes": sorted({*values["subtypes"], *subtypes}),
                  "abilities": [*values["abilities"], *abilities]}
        return values if kind == "characteristics" else None   # a face-up copy stays face up
    way = table.get("face_down")
    printed = _printed(table["card"])
    if way is None:
        if not any(t in PERMANENT_TYPES for t in printed["types"]):
            raise NotCovered(f"{table['card']!r} is not a permanent card")
        return printed if kind == "characteristics" else None
    if kind == "characteristics":                     # 708.2; its controller may look (708.5)
        return {**_face_down_values(way), "hidden": {"card": table["card"], "may_look": [controller]}}
    keyword = next((k for k in TURN_UP_KEYWORDS for a in printed["abilities"]
                    if a == k or a.startswith(k + " ") or a.startswith(k + "\u2014")), None)
    if keyword is not None:                           # 702.37e, 702.168d: whatever the way
        if keyword == "Megamorph" and printed["power"] is not None:   # 702.37b: a +1/+1 counter
            printed = {**printed, "power": printed["power"] + 1,
                       "toughness": printed["toughness"] + 1}
        return printed
    if way in MANA_COST_WAYS and "Creature" in printed["types"]:
        return printed                                # 701.40a, 701.58b, 701.62a
    return None


PERMANENT_TYPES = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
