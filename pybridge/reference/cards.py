"""The cards the reference knows, from their Oracle text: mana abilities, replacement effects and
triggered mana abilities, as tables (written by hand, independently of asp/ and the compiler),
and the mana values they make."""
from __future__ import annotations

from dataclasses import dataclass

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


# Triggered mana abilities and replacement effects of the pool beyond the library (a sweep of
# the pool's groups meets them), from their Oracle text.  New conditions: ("subtype_any", Ls) a
# permanent with one of the basic land types Ls, "creature" the permanent is a creature; new
# additions: ("any_color",) one mana of any colour, ("any_combination", N) N mana in any
# combination of colours.
TAP_ONE_OF_ANY_COLOR = _trig({"tapped", "enchanted"}, ("any_color",))
POOL_TRIGGERS: dict[str, Trigger] = {
    # "Whenever you tap a Swamp for mana, add an additional {B}."
    "Crypt Ghast": _trig({"tapped", "yours", ("subtype", "Swamp")}, ("fixed", "B")),
    "Nirkana Revenant": _trig({"tapped", "yours", ("subtype", "Swamp")}, ("fixed", "B")),
    # "Whenever you tap a Forest for mana, add an additional {G}."
    "Nissa, Who Shakes the World": _trig({"tapped", "yours", ("subtype", "Forest")}, ("fixed", "G")),
    # "Whenever a Mountain is tapped for mana, its controller adds an additional {R}."
    "Gauntlet of Might": _trig({"tapped", ("subtype", "Mountain")}, ("fixed", "R")),
    # "Whenever you tap a land for mana, add one mana of any type that land produced."
    "Nikya of the Old Ways": ONE_MORE_OF_YOUR_LAND,
    # "Whenever a player taps a land for mana, that player adds one mana of any type that land
    #  produced, and Overabundance deals 1 damage to the player."
    "Overabundance": ONE_MORE_OF_LAND,
    # "Whenever a player taps a Mountain, Forest, or Plains for mana, that player adds one mana of
    #  any type that land produced."
    "Keeper of Progenitus": _trig({"tapped", "land", ("subtype_any", ("Mountain", "Forest", "Plains"))},
                                  ("produced",)),
    # "Whenever you tap a creature for mana, add an additional {G}."
    "Leyline of Abundance": _trig({"tapped", "yours", "creature"}, ("fixed", "G")),
    # Auras: "Whenever enchanted land is tapped for mana, its controller adds an additional one
    #  mana of any color." (Glittering Frost also makes the land snow: nothing here reads snow.)
    "Fertile Ground": TAP_ONE_OF_ANY_COLOR,
    "Trace of Abundance": TAP_ONE_OF_ANY_COLOR,
    "Verdant Haven": TAP_ONE_OF_ANY_COLOR,
    "Glittering Frost": TAP_ONE_OF_ANY_COLOR,
    # "... adds an additional {G}."
    "Wolfwillow Haven": _trig({"tapped", "enchanted"}, ("fixed", "G")),
    # "... adds an additional two mana in any combination of colors."
    "Dawn's Reflection": _trig({"tapped", "enchanted"}, ("any_combination", 2)),
    "Market Festival": _trig({"tapped", "enchanted"}, ("any_combination", 2)),
}
POOL_EFFECT_TRIGGERS: dict[str, Trigger] = {
    # "Until end of turn, whenever a player taps a Swamp for mana, that player adds an additional {B}."
    "Bubbling Muck": _trig({"tapped", ("subtype", "Swamp")}, ("fixed", "B")),
    # "... until your next turn, whenever a player taps a land for mana, that player adds one mana
    #  of any type that land produced."
    "A Display of My Dark Power": ONE_MORE_OF_LAND,
    # "Whenever you roll {CHAOS}, until end of turn, whenever you tap a land for mana, add one
    #  mana of any type that land produced."  Its other two abilities replace making tokens and
    #  putting counters: nothing a mana ability does.
    "Selesnya Loft Gardens": ONE_MORE_OF_YOUR_LAND,
}
POOL_REPLACEMENTS[
    # "If a land is tapped for mana, it produces colorless mana instead of any other type."
    "Ritual of Subdual"] = _rep({"tapped", "land"}, ("type", "C"))
POOL_EFFECT_REPLACEMENTS[
    # "Until end of turn, if you tap a land for mana, it produces one mana of a color of your
    #  choice instead of any other type and amount."
    "Harvest Mage"] = _rep({"tapped", "yours", "land"}, ("one_any_color",))
OTHER_TYPES.update({
    "Crypt Ghast": {"Creature"}, "Nirkana Revenant": {"Creature"},
    "Keeper of Progenitus": {"Creature"}, "Nikya of the Old Ways": {"Legendary", "Creature"},
    "Nissa, Who Shakes the World": {"Legendary", "Planeswalker"},
    "Gauntlet of Might": {"Artifact"}, "Harvest Mage": {"Creature"},
})
AURAS |= {"Fertile Ground", "Trace of Abundance", "Verdant Haven", "Glittering Frost",
          "Wolfwillow Haven", "Dawn's Reflection", "Market Festival"}
