"""The words of static abilities' subjects: card types, subtypes and the filters and scopes of
asp/scopes/filters.lp and scopes.lp they name ("other Zombie creatures you control", "creatures
with flying", "named ~"), and the parse-tree helpers the other modules of this package share."""
from __future__ import annotations

import re
from functools import lru_cache

from clingo import Function, String, Symbol
from lark import Token, Tree

from pybridge.oracle.statics.terms import COLORS, Unmodelled, both

CARD_TYPES = {"creature": "Creature", "land": "Land", "artifact": "Artifact",
              "enchantment": "Enchantment", "planeswalker": "Planeswalker"}
SUPERTYPES = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}
IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf",
             "Mercenaries": "Mercenary", "Allies": "Ally", "Faeries": "Faerie",
             "Fungi": "Fungus", "Homunculi": "Homunculus", "Sphinxes": "Sphinx",
             "Foxes": "Fox", "Mice": "Mouse", "Oxen": "Ox", "Pegasi": "Pegasus",
             "Djinn": "Djinn", "Merfolk": "Merfolk", "Kithkin": "Kithkin", "Kor": "Kor",
             "Sheep": "Sheep", "Moonfolk": "Moonfolk", "Equipment": "Equipment",
             "Auras": "Aura", "Vehicles": "Vehicle", "Treasures": "Treasure"}
# Subtypes a permanent can have that are not creature types (rule 205.3g-h, 205.3j).
OTHER_SUBTYPES = {"Aura", "Equipment", "Vehicle", "Treasure", "Food", "Clue", "Fortification",
                  "Shrine", "Saga", "Cartouche", "Curse", "Gate", "Desert", "Cave", "Sphere",
                  "Lair", "Locus", "Mine", "Tower", "Power-Plant", "Urza's", "Role", "Class",
                  "Plains", "Island", "Swamp", "Mountain", "Forest"}
# State the scenario format doesn't give: a filter or condition on it stays unmodelled.
UNSTATED = {"attacking": "whether it is attacking", "blocking": "whether it is blocking",
            "paired": "soulbond pairing",
            "modified": "modified creatures"}
# --- combat and status ---
# Conditions, filters and scopes on combat (rules 506-509), soulbond pairs (702.95), monstrous
# (701.37b), renowned (702.112b), modified (700.9), the city's blessing (702.131c) and completed
# dungeons (309.7): the scenario states them (the permanent table's combat and status keys), asp/combat/
# combat_status.lp reads them.
COMBAT_STATUS_FILTERS = {"attacking": "attacking", "blocking": "blocking", "blocked": "blocked",
                         "unblocked": "unblocked", "modified": "modified", "paired": "paired",
                         "commander": "commander", "commanders": "commander",
                         "nonbasic": "nonbasic"}


@lru_cache(maxsize=1)
def creature_types() -> frozenset[str]:
    from pybridge.cards.library import asp_dir
    text = (asp_dir() / "cards" / "subtypes.lp").read_text()
    block = re.search(r'creature_type\(("[^)]*)\)\.', text).group(1)
    return frozenset(re.findall(r'"([^"]+)"', block))


def tokens_of(tree: Tree) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token)]


def subtrees(tree: Tree, data: str | None = None) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and (data is None or c.data == data)]


def subtype_name(word: str) -> str | None:
    """The subtype a capitalised word names, singular ("Elves" -> "Elf"), or None."""
    known = creature_types() | OTHER_SUBTYPES
    word = word.replace("'", "’") if word.replace("'", "’") in known else word
    candidates = [IRREGULAR.get(word, word), word]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    return next((c for c in candidates if c in known), None)


def words_filter(words: list[str]) -> Symbol:
    """"green creatures", "Elves", "nonland permanents", "artifact creature", "legendary
    Dragons": a filter of scopes.lp / statics.lp."""
    words = [w for w in words if w.lower() not in ("a", "an")]
    words = ["or" if w.lower() == "and/or" else w for w in words]
    # --- "an opponent controls a nonbasic land" (scopes.lp's filter) ---
    if [w.lower() for w in words] in (["nonbasic", "land"], ["nonbasic", "lands"]):
        return Function("nonbasic_land")
    # --- "Commander creatures you control" (a player's commander, 903.3) ---
    if any(w.lower() in ("commander", "commanders") for w in words):
        rest = [w for w in words if w.lower() not in ("commander", "commanders")]
        return both([Function("commander")] + ([words_filter(rest)] if rest else []))
    if "or" in [w.lower() for w in words]:
        return either_filter(words)
    parts: list[Symbol] = []
    if [w.lower() for w in words[:2]] in (["face-down", "creature"], ["face-down", "creatures"]):
        return both([Function("face_down_creature")] + ([words_filter(words[2:])] if words[2:] else []))
    for raw in words:
        word = raw.strip(",")
        low = word.lower()
        single = re.sub(r"(?<=[a-z])s$", "", low)
        if low in COMBAT_STATUS_FILTERS:
            parts.append(Function(COMBAT_STATUS_FILTERS[low]))
            continue
        if single in ("token", "nontoken"):         # token status: a permanent's token key (111.1)
            parts.append(Function("token") if single == "token" else
                         Function("non", [Function("token")]))
            continue
        if low in UNSTATED or single in UNSTATED:
            raise Unmodelled(f"a filter on {UNSTATED.get(low) or UNSTATED[single]}: not in the scenario format")
        if single in CARD_TYPES:
            parts.append(Function("type", [String(CARD_TYPES[single])])
                         if single != "creature" and single != "land" else Function(single))
        elif single == "permanent":
            parts.append(Function("permanent"))
        elif low in COLORS:
            parts.append(Function("color", [Function(COLORS[low])]))
        elif low in ("multicolored", "monocolored", "colorless"):
            parts.append(Function(low))
        elif word[:1].isupper() and [w.lower() for w in words[words.index(raw) + 1:]][:1] in (
                ["planeswalker"], ["planeswalkers"]):      # "a Chandra planeswalker" (205.3j)
            parts.append(Function("subtype", [String(word)]))
        elif low in ("tapped", "untapped", "equipped", "enchanted"):
            parts.append(Function(low))
        elif low in SUPERTYPES:
            parts.append(Function("supertype", [String(SUPERTYPES[low])]))
        elif low.startswith("non") and len(low) > 3:
            rest = word[3:].lstrip("-")
            inner = words_filter([rest])
            if inner.name not in ("type", "land", "creature", "subtype", "color"):
                raise Unmodelled(f"filter word {word!r} is not in the vocabulary")
            parts.append(Function("non", [inner]))
        elif word[:1].isupper() and (sub := subtype_name(word)):
            parts.append(Function("subtype", [String(sub)]))
        else:
            raise Unmodelled(f"filter word {word!r} is not in the vocabulary")
    if not parts:
        raise Unmodelled("an empty filter")
    return both(parts)


def list_filter(tree: Tree) -> Symbol:
    """A word_list: one set of words, or several joined by "and" meaning any of them; words
    before the last set that name no kind of object share its last word ("snow and Zombie
    creatures")."""
    lists = [[str(t) for t in tokens_of(w)] for w in subtrees(tree, "words")]
    if len(lists) == 1:
        return words_filter(lists[0])
    noun = lists[-1][-1]
    nouns = set(CARD_TYPES) | {"permanent"}
    out = []
    for words in lists:
        last = re.sub(r"s$", "", words[-1].lower())
        if last not in nouns and not (words[-1][:1].isupper() and subtype_name(words[-1])):
            words = words + [noun]
        out.append(words_filter(words))
    result = out[-1]
    for f in reversed(out[:-1]):
        result = Function("either", [f, result])
    return result


def either_filter(words: list[str]) -> Symbol:
    """"white or black permanent", "artifact or enchantment", "Wolf or Werewolf": either(F1,F2);
    colour words before "or" share the noun after it."""
    at = [w.lower() for w in words].index("or")
    left, right = words[:at], words[at + 1:]
    if not left or not right:
        raise Unmodelled("'or' without two sides")
    if all(w.lower() in COLORS for w in left):
        noun = [w for w in right if w.lower() not in COLORS]
        left = left + noun
    return Function("either", [words_filter(left), words_filter(right)])


LAYER1_FILTERS = {"permanent", "land", "nonland", "creature", "basic_land", "nonbasic_land",
                  "subtype", "type"}
# A type added to the permanents your opponents control (Dismiss into Dream): scopes.lp judges
# opponents(F) on layer-1 values (rule 613.6).
LAYER1_SETS = ("opponents",)


def is_layer1_filter(term: Symbol) -> bool:
    """Whether scopes.lp can judge the filter on layer-1 values: one of LAYER1_FILTERS, or both
    or non of such (asp/scopes/filters.lp)."""
    if term.name in ("both", "either"):
        return all(is_layer1_filter(a) for a in term.arguments)
    if term.name == "non":
        return is_layer1_filter(term.arguments[0])
    return term.name in LAYER1_FILTERS


def keyword_text(word: str) -> str:
    """A keyword as an ability's text: "Flying", "First strike" (capitalised as in Oracle text)."""
    word = " ".join(word.split()).lower()
    return word[0].upper() + word[1:]


def thats_one_of(group: Tree, filt: Symbol) -> Symbol:
    """"Each creature you control that's a Wolf or a Werewolf": the group's filter and any of
    the subtypes named."""
    for w in subtrees(group, "thats_one_of"):
        names = [str(t) for t in tokens_of(w) if t.type == "SUBTYPE_WORD"]
        either = words_filter([names[-1]])
        for name in reversed(names[:-1]):
            either = Function("either", [words_filter([name]), either])
        filt = both([filt, either])
    return filt


def counted_with(tree: Tree, face: str) -> Symbol:
    """"for each other creature you control with flying / with a +1/+1 counter on it", "each
    other creature with flying on the battlefield": the count of a layer-7 amount, judged after
    layer 6 (rule 613.8)."""
    words = [str(t) for t in tokens_of(subtrees(tree, "words")[0])]
    singular = [re.sub(r"s$", "", w) if w.lower().rstrip("s") in CARD_TYPES else w for w in words]
    filt = words_filter(singular)
    for w in subtrees(tree, "with_counter"):
        filt = both([filt, Function("with_counter", [String(str(tokens_of(w)[-1]))])])
    for w in subtrees(tree, "with_any_counter"):
        filt = both([filt, Function("with_any_counter")])
    filt = named_filter(tree, filt, face)
    whose = [t.data for t in subtrees(tree) if t.data in ("yours", "opponents")]
    scope = Function(whose[0] if whose else "each", [filt])
    for w in subtrees(tree, "with_keyword") + subtrees(tree, "without_keyword"):
        kind = "with_ability" if w.data == "with_keyword" else "without_ability"
        scope = Function(kind, [String(keyword_text(str(tokens_of(w)[0]))), scope])
    if subtrees(tree, "that_are") or subtrees(tree, "thats_one_of"):
        raise Unmodelled("a count of permanents \"that are ...\": not in the vocabulary")
    if any(str(t).lower() == "other" for t in tokens_of(tree)):
        scope = Function("others", [scope])
    return Function("permanents", [scope])


def named_filter(tree: Tree, filt: Symbol, face: str) -> Symbol:
    """"other creature named ~", "land you control named Wastes": the group's filter and the
    name (rule 201.2; "~" is the card's own name)."""
    for w in subtrees(tree, "named"):
        tok = tokens_of(w)[0]
        name = face if tok.type == "SELF" else str(tok)
        filt = both([filt, Function("named", [String(name)])])
    return filt


def union_scope(scopes: list[Symbol]) -> Symbol:
    """"Skeletons you control and other Zombies you control get +1/+1": what is in either
    scope, once (a Zombie Skeleton gets +1/+1, not +2/+2)."""
    out = scopes[-1]
    for s in reversed(scopes[:-1]):
        out = Function("union", [s, out])
    return out
