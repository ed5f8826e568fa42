"""Combat rules of static abilities -> combat_rule/4 of asp/combat/combat_rules.lp, and abilities
they remove (layer 6) -> loses_abilities/3 of the same file.

"Enchanted creature gets +2/+2 and is goaded", "~ can't block", "equipped creature doesn't untap
during its controller's untap step": restrictions and requirements on attacking and blocking
(rules 508.1c-d, 509.1b-c), goad (701.15), untapping (502.3) and combat damage (510.1a) that an
ability makes for the permanents of its scope.  They change no characteristic (rule 613), so
they are facts of their own, combat_rule(Ab,Scope,Kind,Detail): Kind a symbol of RULE_KINDS,
Detail the words that qualify it ("creatures with flying" of "can't be blocked by ...") or "".
The `characteristics` answer lists those that apply (its `rules`), worded by
pybridge/answer/kinds/characteristics.py from the same table.
"""
from __future__ import annotations

import re

from clingo import Function, String, Symbol

from pybridge.oracle.statics.terms import Unmodelled
from pybridge.oracle.statics.words import is_layer1_filter

# Kind -> (the pattern of its Oracle words, with a group `detail` where it has one; its words in
# an answer, "{}" for the detail).  Tried in order: the first that matches the whole phrase.
RULE_KINDS: dict[str, tuple[str, str]] = {
    "cant_attack_or_block_alone": (r"can't attack or block alone", "can't attack or block alone"),
    "cant_attack_or_block": (r"can't attack or block", "can't attack or block"),
    "cant_attack_alone": (r"can't attack alone", "can't attack alone"),
    "attacks_only_alone": (r"can only attack alone", "can only attack alone"),
    "cant_block_alone": (r"can't block alone", "can't block alone"),
    "cant_attack_you": (r"can't attack you or planeswalkers you control",
                        "can't attack its source's controller or planeswalkers they control"),
    "cant_attack": (r"can't attack", "can't attack"),
    "cant_block": (r"can't block", "can't block"),
    "cant_be_blocked_except": (r"can't be blocked except by (?P<detail>.+)",
                               "can't be blocked except by {}"),
    "cant_be_blocked_by_more_than_one": (r"can't be blocked by more than one creature",
                                         "can't be blocked by more than one creature"),
    "cant_be_blocked_by": (r"can't be blocked by (?P<detail>.+)", "can't be blocked by {}"),
    "cant_be_blocked": (r"can't be blocked", "can't be blocked"),
    "attacks_each_combat": (r"attacks? each (combat|turn) if able", "attacks each combat if able"),
    "blocks_each_combat": (r"blocks each (combat|turn) if able", "blocks each combat if able"),
    "blocks_additional": (r"can block an additional (?P<detail>creature|[a-z-]+ creatures) each combat",
                          "can block an additional {} each combat"),
    "blocks_any_number": (r"can block any number of creatures", "can block any number of creatures"),
    "blocks_as_though": (r"can block (?P<detail>creatures with [a-z ]+?) as though they didn't have "
                         r"([a-z]+|those abilities)",
                         "can block {} as though they didn't have it"),
    "attacks_despite_defender": (r"can attack as though (it|they) didn't have defender",
                                 "can attack as though it didn't have defender"),
    "doesnt_untap": (r"doesn't untap during its controller's untap step",
                     "doesn't untap during its controller's untap step"),
    "damage_by_toughness": (r"assigns combat damage equal to its toughness rather than its power",
                            "assigns combat damage equal to its toughness rather than its power"),
    "goaded": (r"is goaded", "goaded"),
    "must_be_blocked_by": (r"must be blocked by (?P<detail>.+?) if able", "must be blocked by {} if able"),
    "must_be_blocked": (r"must be blocked if able", "must be blocked if able"),
    "must_be_blocked_by_all": (r"all creatures able to block (it|~) do so",
                               "all creatures able to block it do so"),
}


class NotARule(ValueError):
    """Words the grammar took for a combat rule that no kind of RULE_KINDS reads."""


def rule_terms(phrase: str) -> list[tuple[str, str]]:
    """(kind, detail) of a COMBAT_RULE or COMBAT_LIMIT phrase; "can't attack or block" is the
    two restrictions of one kind, shown as one."""
    text = " ".join(phrase.split()).replace("’", "'")
    for kind, (pattern, _) in RULE_KINDS.items():
        found = re.fullmatch(pattern, text, re.I)
        if found:
            detail = found.groupdict().get("detail") or ""
            return [(kind, detail)]
    raise NotARule(phrase)


def combat_rule_facts(ab: Symbol, scope: Symbol, phrase: str) -> list[Symbol]:
    return [Function("combat_rule", [ab, scope, Function(kind), String(detail)])
            for kind, detail in rule_terms(phrase)]


def rule_words(kind: str, detail: str) -> str:
    """The words of a rule in an answer: "can't block", "can't be blocked by creatures with flying"."""
    words = RULE_KINDS.get(kind, (None, kind.replace("_", " ")))[1]
    return words.format(detail) if "{}" in words else words


# --- layer 6: abilities removed (rule 613.1f) ---
# "loses flying", "loses all abilities", "loses all other abilities" (those it has besides the
# ones the same ability gives), "loses all abilities except mana abilities":
# loses_abilities(Ab,Scope,What), What = keyword(Text), all, others, nonmana.
LOSES = ("loses_keyword", "loses_all", "loses_others", "loses_nonmana")


# The sets of permanents a removal may be on: judged on their types, colours and controllers
# after layers 4 and 5 (rule 613.6), never on abilities, power or toughness, which may depend on it.
REMOVAL_SETS = ("each", "yours", "opponents")


def loses_facts(ab: Symbol, scope: Symbol, pred) -> Symbol:
    inner = scope.arguments[0] if scope.name == "others" else scope
    if not (scope.name in ("self", "enchanted", "equipped")
            or (inner.name in REMOVAL_SETS and is_layer1_filter(inner.arguments[0]))):
        raise Unmodelled("abilities removed from a set of permanents chosen by more than their types, "
                         "colours and controllers: not in the vocabulary")
    if pred.data == "loses_keyword":
        word = " ".join(str(pred.children[0]).split()).lower()
        what = Function("keyword", [String(word[0].upper() + word[1:])])
    else:
        what = Function({"loses_all": "all", "loses_others": "others", "loses_nonmana": "nonmana"}[pred.data])
    return Function("loses_abilities", [ab, scope, what])
