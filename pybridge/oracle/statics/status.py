"""Static abilities that read combat and the status of permanents: the conditions, filters and
scopes on combat (rules 506-509), soulbond pairs, monstrous, renowned, modified, attachments
and counters on the source, and the top card of a library (asp/combat/combat_status.lp,
asp/layers/statics.lp)."""
from __future__ import annotations

from clingo import Function, Number, String, Symbol
from lark import Tree

from pybridge.oracle.statics.terms import COLORS, Unmodelled, both, number
from pybridge.oracle.statics.words import tokens_of, subtrees, keyword_text, words_filter

# --- combat and status: see words.py's COMBAT_STATUS_FILTERS for the filters ---
# "both creatures" / "each of those creatures" of a pair, "creatures blocking or blocked by ~"
COMBAT_SUBJECTS = ("pair", "in_combat_with")
# "Creatures attacking you": those attacking the source's controller (whose: attacking_you)
COMBAT_WHOSE = ("attacking_you",)
# What the source is attached to, judged on layer-1 values for layer 4 (scopes.lp's in_key_l1)
LAYER1_ATTACHED = ("equipped",)
# condition tree -> the static_when/2 term; those about the source itself ("it's attacking")
SELF_CONDITIONS = {"is_attacking": "attacking", "not_attacking": "not_attacking",
                   "is_blocking": "blocking", "is_paired": "paired", "is_monstrous": "monstrous",
                   "is_renowned": "renowned", "unless_attacking": "not_attacking",
                   "unless_in_combat": "not_in_combat",
                   "is_modified": "modified"}     # rule 700.9
COMBAT_CONDITIONS = set(SELF_CONDITIONS) | {
    "blocked_by_at_least", "any_player_controls", "its_a_creature", "no_yours", "no_opponents",
    "attached_at_least", "host_attached_at_least", "control_at_least_other", "counters_exactly",
    "there_counters_at_least", "no_counters", "any_has_counter", "its_attached", "its_quality"}
# --- an ability of P/T changes and combat rules only, which read the abilities
# after layer 6 ("each creature you control with defender assigns combat damage equal to its
# toughness": no dependency, rule 613.8) ---
def after_layer_six(tree: Tree) -> bool:
    preds = subtrees(tree, "predicates")
    return bool(preds) and all(p.data in ("pt", "combat_rider", "combat_limit") for p in subtrees(preds[0]))


# --- the player a Curse enchants ([[permanent]] enchanting_player) ---
PLAYER_WHOSE = ("enchanted_players", "attacking_enchanted")
SUBJECT_KINDS = ("self", "enchanted", "equipped", "fortified", "group") + COMBAT_SUBJECTS


def pt_only(tree: Tree) -> bool:
    """The ability changes power/toughness and nothing else (layer 7 only)."""
    preds = subtrees(tree, "predicates")
    return bool(preds) and all(p.data == "pt" for p in subtrees(preds[0]))


def with_ability_scope(group: Tree, scope: Symbol) -> Symbol:
    """"Creatures with flying get -2/-0": a P/T change (layer 7) on the permanents of the scope
    that have the keyword after layer 6 (rule 613.8 orders them: layer 6 first); "creatures
    without flying", those that haven't it."""
    if scope.name == "attacking_you" and "attacking" not in str(scope):
        raise Unmodelled("\"... you\" without \"attacking\": not in the vocabulary")
    for w in subtrees(group, "with_keyword") + subtrees(group, "without_keyword"):
        kind = "with_ability" if w.data == "with_keyword" else "without_ability"
        scope = Function(kind, [String(keyword_text(str(tokens_of(w)[0]))), scope])
    return scope


def all_creature_types(scope: Symbol, facts: list[Symbol], ab: Symbol) -> Symbol:
    """"Equipped creature ... is every creature type": a layer-4 addition (rule 613.1d) on what
    layer 1 shows of its scope."""
    if scope.name not in ("self", "enchanted") + LAYER1_ATTACHED or \
            any(f.name == "static_when" for f in facts):
        raise Unmodelled("every creature type added to a set or under a condition: not in the vocabulary")
    return Function("land_type_effect", [ab, scope, Function("add_all_creature_types")])


def _combat_subjects(tree: Tree) -> list[Tree]:
    return [t for kind in COMBAT_SUBJECTS for t in subtrees(tree, kind)]


def combat_condition(tree: Tree, pt_only: bool) -> Symbol | None:
    kind = tree.data
    if kind == "its_a_creature":
        # "Each Vehicle you control gets +1/+1 as long as it's a creature": only a creature has
        # power and toughness (rule 208.3), so the condition adds nothing to a P/T change.
        if not pt_only:
            raise Unmodelled("\"as long as it's a creature\" beside more than a power/toughness "
                             "change: a condition per object, not in the vocabulary")
        return None
    if kind in ("no_yours", "no_opponents"):
        words = [str(t) for t in tokens_of(subtrees(tree, "words")[0])]
        return Function("none", [Function(kind[3:], [words_filter(words)])])
    if kind == "control_at_least_other":
        toks = tokens_of(tree)
        scope = Function("yours", [words_filter([str(t) for t in tokens_of(subtrees(tree, "words")[0])])])
        if any(str(t).lower() == "other" for t in toks):
            scope = Function("others", [scope])
        return Function("at_least", [Number(number(str(toks[0]))), scope])
    if kind in ("counters_exactly", "there_counters_at_least"):
        toks = [t for t in tokens_of(tree) if t.type in ("NUMBER", "KIND")]
        name = "counters_exactly" if kind == "counters_exactly" else "counters_at_least"
        return Function(name, [String(str(toks[-1])), Number(number(str(toks[0])))])
    if kind == "no_counters":
        return Function("no_counters", [String(str([t for t in tokens_of(tree) if t.type == "KIND"][0]))])
    if kind == "any_has_counter":
        words = [str(t) for t in tokens_of(subtrees(tree, "words")[0])]
        kind_tok = [t for t in tokens_of(tree) if t.type == "KIND"][0]
        return Function("at_least", [Number(1), Function("each", [both([
            words_filter(words), Function("with_counter", [String(str(kind_tok))])])])])
    if kind == "its_attached":
        noun = "Equipment" if str(tokens_of(tree)[-1]).lower() == "equipped" else "Aura"
        return Function("its_attached", [Function("subtype", [String(noun)])])
    if kind == "its_quality":
        return Function("its", [words_filter([str(t) for t in tokens_of(tree) if t.type != "ARTICLE"])])
    if kind in ("attached_at_least", "host_attached_at_least"):
        words = [str(t) for t in tokens_of(subtrees(tree, "words")[0])]
        return Function(kind, [Number(number(str(tokens_of(tree)[0]))), words_filter(words)])
    if kind in SELF_CONDITIONS:
        return Function(SELF_CONDITIONS[kind])
    if kind == "blocked_by_at_least":
        return Function("blocked_by_at_least", [Number(number(str(tokens_of(tree)[0])))])
    words = [str(t) for t in tokens_of(subtrees(tree, "words")[0])]
    return Function("at_least", [Number(1), Function("each", [words_filter(words)])])


def _check_combat_pronouns(tree: Tree, scope: Symbol, facts: list[Symbol]) -> None:
    """"Each untapped creature you control gets +0/+2 as long as it's not attacking": "it" is
    each of them, not the source, a condition per object the vocabulary lacks.  "Two or more
    Equipment are attached to it": the source itself when the subject is, what the source is
    attached to when that is the subject (Brass Knuckles)."""
    for cond in subtrees(tree, "prefix") + subtrees(tree, "suffix"):
        inner = cond.children[0]
        if inner.data in SELF_CONDITIONS and not tokens_of(inner) and scope.name != "self":
            raise Unmodelled("a condition on each object of the effect (\"as long as it's "
                             "attacking\" of a group): not in the vocabulary")
    for i, f in enumerate(facts):
        cond = f.arguments[1] if f.name == "static_when" else None
        if cond is not None and cond.name in ("its", "its_attached"):
            # "as long as it's legendary / enchanted": the source itself, or what it is attached to
            if scope.name == "self":
                facts[i] = Function("static_when", [f.arguments[0], Function(
                    "self_is" if cond.name == "its" else "attached", cond.arguments)])
            elif scope.name in ("equipped", "enchanted") and cond.name == "its":
                facts[i] = Function("static_when", [f.arguments[0], Function("attached_is", cond.arguments)])
            else:
                raise Unmodelled("\"as long as it's ...\" of a group: a condition per object, not in "
                                 "the vocabulary")
        if f.name == "static_when" and f.arguments[1].name == "host_attached_at_least":
            if scope.name == "self":
                facts[i] = Function("static_when", [f.arguments[0], Function(
                    "attached_at_least", f.arguments[1].arguments)])
            elif scope.name not in ("equipped", "enchanted"):
                raise Unmodelled("\"attached to it\" of a group: a condition per object, not in "
                                 "the vocabulary")


# --- "as long as ~ is enchanted, equipped, and has a counter on it" (Kosei) ---
# Each part a condition of its own, joined as statics.lp joins two (all_of/2); "has a counter
# on it": a counter of any kind (any_counter, judged in statics.lp).
GRANT_CONDITIONS = ("attached_and_countered", "on_the_stack", "top_card_is")
TOP_CARD_TYPES = {"land": "Land", "creature": "Creature", "artifact": "Artifact",
                  "enchantment": "Enchantment", "instant": "Instant", "sorcery": "Sorcery",
                  "planeswalker": "Planeswalker"}


def grant_condition(kind: str, toks: list) -> Symbol:
    if kind == "top_card_is":      # "the top card of your library is a land card", "... is black"
        word = str(toks[-1]).lower()
        if word in COLORS:
            return Function("top_card", [Function("color", [Function(COLORS[word])])])
        return Function("top_card", [Function("type", [String(TOP_CARD_TYPES[word])])])
    if kind == "on_the_stack":     # Torrent of Lava: the spell's static ability (rule 113.6)
        raise Unmodelled("a spell's static ability that works while the spell is on the stack "
                         "(rule 113.6): the spell's effects on permanents are not in the vocabulary")
    parts = [Function("attached", [Function("subtype", [String(
        "Equipment" if str(t).lower() == "equipped" else "Aura")])]) for t in toks if t.type == "ATTACHED"]
    term = Function("any_counter")
    for part in reversed(parts):
        term = Function("all_of", [part, term])
    return term
