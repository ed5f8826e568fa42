"""Faces and copies: the reference's characteristics and turn_face_up answers for face-down
permanents and copies (rules 707, 708)."""
from __future__ import annotations

from pybridge.reference.cards import BASIC_TYPES, COLORS
from pybridge.reference.covered import DEFAULT_PLAYERS, FACE_KINDS, NotCovered, TOP_KEYS


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
    subtypes = right.split()
    # 305.6: a land with a basic land type has that type's mana ability, intrinsic, so not in
    # the printed text (a Forest's box holds only reminder text); WUBRG order, before the rest.
    intrinsic = [f"{{T}}: Add {{{letter}}}." for land_type, letter in BASIC_TYPES.items()
                 if "Land" in words and land_type in subtypes]
    return {"name": face.name, "mana_cost": face.mana_cost, "mana_value": value,
            "colors": [c for c in COLORS if c in colors],
            "supertypes": sorted(w for w in words if w in SUPERTYPES),
            "types": sorted(w for w in words if w not in SUPERTYPES),
            "subtypes": sorted(subtypes), "power": values[0], "toughness": values[1],
            "abilities": intrinsic + list(face.abilities), "rules": [], "face_down": False}


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
