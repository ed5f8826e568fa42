"""The Oracle compiler's front door: Oracle text -> the fact vocabulary of asp/ (mana_abilities.lp,
shorthand.lp, activation.lp, layers/), as clingo symbols.

compile_card(name, faces) reads each face's Oracle text and numbers its abilities as ab(Face,I)
(pybridge/oracle/abilities.py); compile_ability normalises each (the card's own names in its text
become "~": the compiler knows no card) and routes it by its shape to its floor: copy effects
(copies.py), entering replacement effects (entering.py), the morph keyword and land type changes
(land_types.py), the Enchant keyword (enchant.py), triggered mana abilities
and replacement effects on mana (mana_effects.py), static abilities (statics/), resolved effects
(resolved.py, this_turn.py), grants and tokens (grants.py), and mana abilities (mana.py).  An
ability a floor reads compiles to facts; any other is `unmodelled`, with the reason.  What it
made is kept between processes by cache.py.
"""
from __future__ import annotations

import re
from dataclasses import replace

from clingo import Function, Symbol
from lark.exceptions import LarkError

from pybridge.oracle.abilities import split_abilities
from pybridge.oracle.compilation import (MODELLED, UNMODELLED, AbilityCompilation, CardCompilation,
                                         Unmodelled, ability_term)
from pybridge.oracle.enchant import compile_enchant, is_enchant_text
from pybridge.oracle.land_types import compile_type_change_effect, compile_type_change
from pybridge.oracle.animations import compile_animation, is_animation_text
from pybridge.oracle.mana import (UNCHECKED_RIDER, cost_facts, parse_or_unmodelled, compile_mana_ability,
                                  is_mana_ability_text, parser)
from pybridge.oracle.mana_effects import compile_mana_effect

TYPE_CHANGE_EFFECT = re.compile(
    r"^([^:\"]*: )?(Until end of turn, )?((X |an? )?[Tt]arget (non-\w+ )?lands?\b[^.]* becomes? |"
    r"all creatures become \w+ and all lands become )")
MANA_TRIGGER = re.compile(r"^(When you set this scheme in motion, until your next turn, |"
                          r"Whenever you roll \{CHAOS\}, until end of turn, |Until end of turn, )?"
                          r"[Ww]henever [^.]*\btaps? [^.]*for mana\b|^Whenever [^.]* is tapped for mana\b")
MANA_REPLACEMENT = re.compile(r"^([^:\"]*: )?(Until end of turn, )?[Ii]f ([^.]*\btap(ped|s)? [^.]*for "
                              r"[^.]*mana, it produces\b|tapped for mana, [A-Z])")
# --- mana replacements that convert types or reach every player (Hall of Gemstone, False Dawn,
# Mana Abundance): other openings of the mana_replacement entry rule ---
MANA_REPLACEMENT_MORE = re.compile(
    r"^(Until end of turn, spells and abilities you control that would add\b|"
    r"At the beginning of each player's upkeep, that player chooses a color\. Until end of turn, "
    r"lands tapped for mana produce\b|If a player would add mana, instead\b)")
MORPH_START = re.compile(r"^(Morph|Megamorph|Disguise)\b")
TYPE_CHANGE = re.compile(r"\b(is|are) (an? )?(Plains|Islands?|Swamps?|Mountains?|Forests?)\b")


def is_type_change_text(text: str) -> bool:
    """A static ability that says which land types lands have: "... is/are an Island", not in
    a triggered or activated ability, nor in a condition ("can't attack unless ...")."""
    return bool(TYPE_CHANGE.search(text)) and ":" not in text and \
        not text.startswith(("When", "At ", "Landfall")) and "can't" not in text and \
        "target" not in text


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
        text = re.sub(re.escape(name) + r"(?!\w)(?!['’](?!s\b))", "~", text)
    text = text.replace("’", "'").replace("−", "-")
    # An ability word has no rules meaning (rule 207.2c).
    return re.sub(r"^[A-Z][a-z]+(?: [a-z]+)* — ", "", text)


def compile_card(name: str, faces: list[tuple[str, str, str]]) -> CardCompilation:
    """faces: (face name, Oracle text, type line) for each face of the card, in order."""
    out = []
    for face, oracle, _type_line in faces:
        for index, text in enumerate(split_abilities(oracle), start=1):
            out.append(compile_ability(name, face, index, text))
    return CardCompilation(name, tuple(_copy_abilities_apart(out)))


# --- copy effects (pybridge/oracle/copies.py) ---
def _compile_copy(card: str, face: str, index: int, text: str, source: str) -> AbilityCompilation:
    from pybridge.oracle.copies import Unmodelled as CopyUnmodelled, compile_copy
    try:
        facts, riders = compile_copy(card, face, index, source)
    except CopyUnmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="copy")
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), riders=tuple(riders),
                              pattern="copy")


def _copy_abilities_apart(abilities: list[AbilityCompilation]) -> list[AbilityCompilation]:
    """The copy vocabulary is keyed by the card (an [[effect]] names a card, not an ability):
    two copy abilities of one card with different exceptions can't be told apart."""
    copies = [a for a in abilities if a.pattern == "copy" and a.modelled]
    keyed = {frozenset(f for f in a.facts if f.name not in ("lasting_effect", "makes_copy"))
             for a in copies}
    if len(keyed) <= 1:
        return abilities
    why = "two copy abilities of the card with different exceptions: the copy vocabulary is keyed by the card"
    return [AbilityCompilation(a.face, a.index, a.text, UNMODELLED, why=why, pattern="copy")
            if a in copies else a for a in abilities]


def compile_ability(card: str, face: str, index: int, text: str) -> AbilityCompilation:
    """The ability's compilation by the floor its shape routes it to, with, for a triggered
    ability, its trigger condition (triggers.py) whatever the floor made of its effect."""
    compiled = _compile_effect(card, face, index, text)
    source = normalise(text, card, face)
    from pybridge.oracle.triggers import TriggerUnmodelled, compile_trigger, is_triggered
    if not is_triggered(source) or MANA_TRIGGER.match(source):   # a mana ability's: mana_effects.py
        return compiled
    try:
        facts = compile_trigger(face, index, source)
    except TriggerUnmodelled as err:
        return replace(compiled, trigger=UNMODELLED, trigger_why=str(err))
    compiled = replace(compiled, trigger=MODELLED, trigger_facts=tuple(facts))
    # its effect as it resolves from the stack, read whole (trigger_effects.py)
    from pybridge.oracle.trigger_effects import compile_trigger_effect
    from pybridge.oracle.triggers import trigger_effect_text
    effect_text = trigger_effect_text(source)
    effect = tuple(compile_trigger_effect(face, index, effect_text) or ()) if effect_text else ()
    if not effect:
        return compiled
    if not compiled.modelled:
        return replace(compiled, status=MODELLED, facts=effect, why="", pattern="trigger_effect")
    return replace(compiled, facts=compiled.facts + effect)


def _compile_effect(card: str, face: str, index: int, text: str) -> AbilityCompilation:
    source = normalise(text, card, face)
    from pybridge.oracle.copies import looks_like_copy       # --- copy effects ---
    if looks_like_copy(source):
        return _compile_copy(card, face, index, text, source)
    from pybridge.oracle.entering import compile_entering, is_entering_text
    if is_entering_text(source):                   # --- entering replacement effects ---
        found = compile_entering(face, index, text, source, quoted_compiler(card, face, index))
        if found.modelled:
            return found
        other = _compile_by_shape(card, face, index, text, source)
        return other if other.modelled else found
    return _compile_by_shape(card, face, index, text, source)


RECONFIGURE = re.compile(r"^Reconfigure (\{[^}]+\})+$")


def _compile_by_shape(card: str, face: str, index: int, text: str, source: str) -> AbilityCompilation:
    if RECONFIGURE.match(source):                  # its attachment is the scenario's attached_to
        return AbilityCompilation(face, index, text, MODELLED,
                                  (Function("reconfigure", [ability_term(face, index)]),),
                                  pattern="reconfigure")
    if MORPH_START.match(source):
        return _compile_morph(face, index, text, source)
    if is_enchant_text(source):
        return compile_enchant(face, index, text, source)
    if is_type_change_text(source):
        return compile_type_change(face, index, text, source)
    if is_animation_text(source):                  # --- animations (animations.py) ---
        return compile_animation(card, face, index, text, source)
    if TYPE_CHANGE_EFFECT.match(source):
        return compile_type_change_effect(card, face, index, text, source)
    if MANA_TRIGGER.match(source):
        return compile_mana_effect(card, face, index, text, source, "mana_trigger")
    if MANA_REPLACEMENT.match(source) or MANA_REPLACEMENT_MORE.match(source):
        return compile_mana_effect(card, face, index, text, source, "mana_replacement")
    if not is_mana_ability_text(source):
        # a Saga's chapter ability triggers (714.2b): never a static ability of the Saga
        chapter = re.match(r"^[IVX]+(, [IVX]+)* — ", source)
        static = None if chapter else _compile_static_effect(card, face, index, text, source)
        if static is None or not static.modelled:
            static = _compile_resolved_effect(card, face, index, text, source) or \
                _compile_grant_effect(card, face, index, text, source) or static
        return static or AbilityCompilation(face, index, text, UNMODELLED,
                                            why=_resolved_reason(source) or _not_mana_reason(source))
    return compile_mana_ability(face, index, text, source)


def _compile_morph(face: str, index: int, text: str, source: str) -> AbilityCompilation:
    """Morph, megamorph, disguise: the keyword as morph_ability/2 (rule 702.37)."""
    tree = parse_or_unmodelled(face, index, text, source, "morph_keyword")
    if isinstance(tree, AbilityCompilation):
        return tree
    kind = str(tree.children[0]).lower()
    facts = [Function("morph_ability", [ability_term(face, index), Function(kind)])]
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="morph_keyword")


def _compile_static_effect(card: str, face: str, index: int, text: str,
                           source: str) -> AbilityCompilation | None:
    """Static P/T, keyword and ability-granting effects, CDAs, changeling, devotion Gods
    (pybridge/oracle/statics/); None when the ability is of none of those shapes."""
    from pybridge.oracle.statics.reader import NotStatic, compile_static
    from pybridge.oracle.statics.terms import Unmodelled as StaticUnmodelled

    quoted = quoted_compiler(card, face, index)

    for name in self_names(card, face):          # "Ulvenwald Hydra's power" (normalise keeps it)
        source = source.replace(name + "'s ", "~'s ")
    try:
        facts = compile_static(source, face, index, quoted, re.findall(r'"[^"]*"', text))
    except NotStatic:
        return None
    except StaticUnmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="static")
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), pattern="static")


def quoted_compiler(card: str, face: str, index: int):
    """quoted(text) -> (facts keyed ab(Face,I), is it activated) for an ability granted in
    quotes (a mana ability by the mana grammar, an activated one as activated/1 and its costs),
    raising statics' Unmodelled when it can't be read."""
    from pybridge.oracle.statics.terms import Unmodelled as StaticUnmodelled

    def quoted(granted: str) -> tuple[list[Symbol], bool]:
        granted = re.sub(r"\bthis (creature|artifact|land|permanent|Equipment)\b", "~", granted)
        if is_mana_ability_text(granted) and not granted.rstrip().endswith("."):
            granted = granted.rstrip() + "."         # a quote that ends the sentence: '{T}: Add {G}'
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
            facts = [f for cost in costs.children for f in cost_facts(cost, ab)]
        except (LarkError, Unmodelled):
            raise StaticUnmodelled(f"granted activated ability with a cost the grammar doesn't read: {head!r}") from None
        return [Function("activated", [ab])] + facts, True

    return quoted


# --- tokens and grants of resolved spells and abilities (pybridge/oracle/grants.py) ---
def _compile_grant_effect(card: str, face: str, index: int, text: str,
                          source: str) -> AbilityCompilation | None:
    """A token the ability creates, or what a resolved spell or ability grants (grants.py);
    None when the ability is of neither shape."""
    from pybridge.oracle.grants import GrantUnmodelled, compile_grant

    try:
        found = compile_grant(card, face, index, source, text, quoted_compiler(card, face, index))
    except GrantUnmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="grant")
    return _with_riders(face, index, text, found)


def _with_riders(face: str, index: int, text: str, found) -> AbilityCompilation | None:
    """A grant's or resolved effect's (facts, riders, pattern), its activation riders checked."""
    if found is None:
        return None
    facts, riders, pattern = found
    facts, unchecked = _activation_riders(facts, riders, ability_term(face, index))
    return AbilityCompilation(face, index, text, MODELLED, tuple(facts), riders=tuple(riders),
                              pattern=pattern, unchecked=unchecked)


# --- resolved activated, triggered and loyalty abilities (pybridge/oracle/resolved.py) ---
def _compile_resolved_effect(card: str, face: str, index: int, text: str,
                             source: str) -> AbilityCompilation | None:
    """An activated, triggered or loyalty ability or a chapter whose effect, once resolved, is a
    lasting change of P/T, abilities or types (rules 611.2, 613): resolved.py rewrites it into
    the shape of a resolved grant; a static ability whose condition is what happened this turn
    (this_turn.py); None when it is of none of those shapes."""
    from pybridge.oracle.grants import GrantUnmodelled
    from pybridge.oracle.resolved import compile_resolved
    from pybridge.oracle.statics.terms import Unmodelled as StaticUnmodelled
    from pybridge.oracle.this_turn import compile_this_turn

    try:                                  # a static ability's condition on this turn (this_turn.py)
        turn = compile_this_turn(face, index, source, text, quoted_compiler(card, face, index))
    except StaticUnmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="this_turn")
    if turn is not None:
        return AbilityCompilation(face, index, text, MODELLED, tuple(turn), pattern="this_turn")
    try:
        found = compile_resolved(card, face, index, source, text, quoted_compiler(card, face, index))
    except GrantUnmodelled as err:
        return AbilityCompilation(face, index, text, UNMODELLED, why=str(err), pattern="resolved_grant")
    return _with_riders(face, index, text, found)


def _resolved_reason(source: str) -> str | None:
    from pybridge.oracle.resolved import why_unmodelled
    return why_unmodelled(source)


def _activation_riders(facts: list[Symbol], riders: list[str],
                       ab: Symbol) -> tuple[list[Symbol], tuple[str, ...]]:
    """An activated ability's "Activate only ..." riders: "as a sorcery" is activate_only/2,
    which can_activate judges (602.5d); any other ("during your upkeep", "only once each turn")
    is a restriction the scenario can't state, reported beside the answer (unchecked)."""
    activated = Function("activated", [ab]) in facts
    out, unchecked = list(facts), []
    for rider in riders:
        if activated and re.fullmatch(r"Activate only as a sorcery\.", rider, re.IGNORECASE):
            out.append(Function("activate_only", [ab, Function("sorcery")]))
        elif UNCHECKED_RIDER.match(rider) or re.match(r"^Activate\b", rider, re.IGNORECASE):
            unchecked.append(rider)
    return out, tuple(unchecked)


def _activated_text(text: str) -> bool:
    quote, colon = text.find('"'), text.find(":")
    return colon >= 0 and (quote < 0 or colon < quote) and not text.startswith("[")


def _not_mana_reason(text: str) -> str:
    if text.startswith("["):
        return "loyalty ability: not modelled"
    return "not a mana ability; the compiler reads mana abilities only"
