"""`characteristics` and `turn_face_up` (rules 613, 707, 708): what a permanent is.

The logic programs decide; this module only reads their #show atoms (asp/show/characteristics.lp
and asp/show/turn_face_up.lp) and turns them into the JSON object the spec promises.
"""
from __future__ import annotations

from typing import Any

import clingo

from pybridge.answer.kinds.base import ModelAtoms, QuestionKind
from pybridge.contract import answers as shown
from pybridge.read.expects import COLOR_LETTERS, LIST_KEYS
from pybridge.solve.model import Group, Step


def _one(values: set) -> Any:
    """The value when the rows agree on one, else None."""
    return values.pop() if len(values) == 1 else None


def describe(atoms: ModelAtoms, ask) -> dict[str, Any] | None:
    """The characteristics object of one ask, or None when nothing is described."""
    k = ask.number
    if not atoms.read(shown.ChObject, k):
        return None
    colors = {row.color.upper() for row in atoms.read(shown.ChColor, k)}
    abilities = sorted((row.rank, row.text) for row in atoms.read(shown.ChAbility, k))
    names = sorted({row.name for row in atoms.read(shown.ChName, k)})
    costs = sorted({row.cost for row in atoms.read(shown.ChManaCost, k)})
    out: dict[str, Any] = {
        "name": names[0] if names else "",
        "mana_cost": costs[0] if costs else "",
        "mana_value": _one({row.value for row in atoms.read(shown.ChManaValue, k)}) or 0,
        "colors": [c for c in COLOR_LETTERS if c in colors],
        "supertypes": sorted({row.supertype for row in atoms.read(shown.ChSupertype, k)}),
        "types": sorted({row.type for row in atoms.read(shown.ChType, k)}),
        "subtypes": sorted({row.subtype for row in atoms.read(shown.ChSubtype, k)}),
        "power": _one({row.power for row in atoms.read(shown.ChPower, k)}),
        "toughness": _one({row.toughness for row in atoms.read(shown.ChToughness, k)}),
        "abilities": [text for _, text in abilities],
        "rules": combat_rules(atoms, ask),
        "face_down": bool(atoms.read(shown.ChFaceDown, k)),
    }
    if out["face_down"]:
        hidden: dict[str, Any] = {}
        cards = sorted({row.card for row in atoms.read(shown.ChHiddenCard, k)})
        if cards:
            hidden["card"] = cards[0]
        hidden["may_look"] = sorted({row.player for row in atoms.read(shown.ChMayLook, k)})
        out["hidden"] = hidden
    return out


# --- combat rules: what it can't or must do in combat, and untapping (asp/combat/combat_rules.lp) ---
def combat_rules(atoms: ModelAtoms, ask) -> list[str]:
    rows = atoms.read(shown.ChRule, ask.number)
    if not rows:
        return []
    from pybridge.oracle.statics.rules import rule_words
    return sorted({rule_words(row.kind, row.detail) for row in rows})


def _normal(key: str, value: Any) -> Any:
    """A value in the form expectations and answers are compared in: lists as sorted lists."""
    if key in LIST_KEYS and isinstance(value, list):
        return sorted(str(v).upper() if key == "colors" else v for v in value)
    if key == "hidden" and isinstance(value, dict):
        return {k: sorted(v) if isinstance(v, list) else v for k, v in value.items()}
    return value


def matches(answer: dict[str, Any] | None, expect: dict[str, Any] | None) -> bool:
    """Key by key for the keys the expectation lists; None (null) only matches None."""
    if expect is None or answer is None:
        return answer is None and expect is None
    return all(_normal(k, answer.get(k)) == _normal(k, v) for k, v in expect.items())


# --- --explain: the steps the logic programs applied (explain/5 atoms), in words ---
def _text(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and sym.name == "card" and sym.arguments:
        return _text(sym.arguments[0])
    if sym.type == clingo.SymbolType.Function and sym.name == "ab" and len(sym.arguments) == 2:
        return f"ability {sym.arguments[1].number} of {_text(sym.arguments[0])}"
    if sym.type == clingo.SymbolType.Function and sym.name == "token" and len(sym.arguments) == 2:
        return f"the token {_text(sym.arguments[0])} creates (rule 111.3)"
    if sym.type == clingo.SymbolType.Function and sym.name == "predefined" and sym.arguments:
        return f"the predefined {_text(sym.arguments[0])} token (rule 111.10)"
    if sym.type == clingo.SymbolType.Function and sym.name == "effect" and sym.arguments:
        return f"lasting effect {sym.arguments[0].number}"
    if sym.type == clingo.SymbolType.Function and sym.name == "turned_up" and sym.arguments:
        return f"{_text(sym.arguments[0])} turned face up"
    return str(sym)


STEP_WORDS = {
    "printed": "it has the printed values of {0}",
    "copies": "it copies {0}'s copiable values ({1}'s copy effect)",
    "copies_card": "it copies the card {0} as printed ({1}'s copy effect)",
    "exception": "{0}'s copy effect writes its exceptions into the copiable values",
    "face_down": "it is face down ({0}): it has only the characteristics that lists",
    "face_down_copy": "face down, it keeps the values it copies until it is turned face up",
    "text_of": "it has the text of {0}",
    "cda": "{0} defines its power and toughness",
    "sets": "{0} sets its base power and toughness (the latest such effect)",
    "modifies": "{0} gives it {1:+d}/{2:+d}",
    "counters": "{1} {0} counter(s) on it",
    "no_power": "it is no creature, so it has no power or toughness",
    "megamorph": "its megamorph cost was paid: a +1/+1 counter as it turns face up",
    "may_look": "{0} may look at the face-down card",
    "turned_up": "turned face up, its copiable values revert to its normal ones",
    "way": "it can be turned face up: {0}",
    "stays_face_down": "an instant or sorcery card stays face down; it is only revealed",
    "no_way": "nothing can turn it face up",
    "not_face_down": "it isn't face down",
    "type_set": "{1} ({0}) makes it a {2}: it loses its other land types and the abilities of its rules text (305.7)",
    "type_add": "{1} ({0}) makes it a {2} in addition to its other types",
    "type_add_all_basic": "{1} ({0}) gives it every basic land type",
    "type_add_all_creature": "{1} ({0}) gives it every creature type",
    "type_overridden": "{1} ({0})'s type-changing effect doesn't count: a later effect sets its land types",
    "type_stripped": "{1} ({0})'s type-changing effect depends on an effect that removes the ability creating it, so it never applies (613.8b)",
    "color_set": "{1} ({0}) makes it {2}",
    "grants": "{1} ({0}) gives it \"{2}\"",
    "intrinsic": "as a {0}, it has \"{1}\"",
    "combat_rule": "{0} makes it: {1}",
    "loses": "{1} ({0}) removes {2}",
    "color_add": "{1} ({0}) makes it {2} in addition to its other colors",
    "outlives": "{1} ({0})'s \"{2}\" is later than the effect that removes it, so it keeps it",
}
COLOR_WORDS = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green"}
WAY_WORDS = {"morph": "its morph, megamorph or disguise cost", "mana_cost": "its card's mana cost"}


def step_words(term: clingo.Symbol) -> str:
    args = list(term.arguments)
    if term.name == "way":
        return STEP_WORDS["way"].format(WAY_WORDS.get(args[0].name, f"the effect of {_text(args[0])}"))
    values = [a.number if a.type == clingo.SymbolType.Number else _text(a) for a in args]
    if term.name == "combat_rule":
        from pybridge.oracle.statics.rules import rule_words
        return STEP_WORDS["combat_rule"].format(_text(args[0]), rule_words(args[1].name, args[2].string))
    if term.name == "loses":
        what = args[2]
        values[2] = {"all": "all its abilities", "others": "all its other abilities"}.get(
            what.name, f"\"{what.arguments[0].string}\"" if what.arguments else what.name)
    if term.name in ("color_set", "color_add"):
        values[2] = COLOR_WORDS.get(values[2], values[2])
    return STEP_WORDS.get(term.name, term.name).format(*values)


def explain_groups(atoms: ModelAtoms, ask) -> list[Group]:
    """One group per object described: its steps in layer order, each naming its rule."""
    groups: dict[clingo.Symbol, list[tuple[clingo.Symbol, str, clingo.Symbol]]] = {}
    for row in atoms.read(shown.Explain, ask.number):
        groups.setdefault(row.group, []).append((row.step, row.rule, row.term))
    out = []
    for about in sorted(groups):
        subject = _text(about.arguments[0])
        steps = tuple(Step(rule, step_words(term)) for _, rule, term in sorted(groups[about]))
        out.append(Group(f"{subject}:", {"about": subject}, steps))
    return out


# --- characteristics ---
def characteristics_answer(atoms: ModelAtoms, ask) -> dict[str, Any]:
    described = describe(atoms, ask)
    assert described is not None, "every permanent has characteristics"
    return described


CHARACTERISTICS = QuestionKind(
    name="characteristics",
    answer=characteristics_answer,
    matches=matches,
    explain=explain_groups,
)


# --- turn_face_up ---
def _way_text(term: clingo.Symbol) -> str:
    if term.name == "card":
        return term.arguments[0].string
    return term.name


def turn_face_up_details(atoms: ModelAtoms, ask) -> dict[str, Any]:
    """The JSON "way": how it is turned face up, null when it can't be."""
    ways = sorted(_way_text(row.way) for row in atoms.read(shown.TurnUpWay, ask.number))
    return {"way": ways[0] if ways else None} if "way" not in ask.options else {}


def turn_face_up_answer(atoms: ModelAtoms, ask) -> dict[str, Any] | None:
    return describe(atoms, ask)


TURN_FACE_UP = QuestionKind(
    name="turn_face_up",
    answer=turn_face_up_answer,
    matches=matches,
    details=turn_face_up_details,
    explain=explain_groups,
)

KINDS = (CHARACTERISTICS, TURN_FACE_UP)
