"""Conditions and alternatives of static abilities (rules 611.3a, 613.1): the section
"conditions and alternatives" of statics.lark, compiled into the vocabulary of the section of
the same name of asp/layers/statics.lp.

- "Enchanted creature gets +2/+2 as long as it's a Vampire. Otherwise, it gets -2/-2.": one
  effect with two branches; the first applies while the condition holds, the second while it
  doesn't (otherwise(C));
- "Equipped creature gets +1/+0. It gets +3/+1 instead as long as C." / "If it's a Warrior, it
  gets +2/+1 instead.": the first branch while C doesn't hold, the second while it does;
- "It gets an additional +0/+2 and has first strike as long as C." / "As long as it's red, it
  has trample.": a second effect under its own condition, beside the first;
- "Tek gets +0/+2 as long as you control a Plains, has flying as long as ...": each predicate
  under its own condition;
- "Each creature you control has vigilance if it's white, hexproof if it's blue, ...": each
  grant to the creatures of that colour (judged after layer 5, for layer 6: rule 613.1e-f).

Each branch's conditions are static_when(branch(Ab,N),C); its effects have the scope
when(branch(Ab,N),Scope), the permanents of Scope while those conditions hold of the source.
Grants of different scopes in one ability become grant_apart/3 (each text an ability of its
own), so that they don't share the ability term grant(Face,I).
"""
from __future__ import annotations

from clingo import Function, Number, String, Symbol
from lark import Token, Tree

from pybridge.oracle.statics.terms import COLORS, Unmodelled, both, number

# (static: reader.py's _Static, which hands each tree here; not imported, so no cycle)

# The kinds of static_ability these read.
KINDS = ("branches", "each_when", "grants_if")
# Conditions of this section (reader.py's condition() hands them here).
CONDITIONS = ("control_exactly", "most_common_color", "control_with_counters",
              "named_attached_to_yours", "in_your_graveyard",
              "other_on_enchanted", "host_controller_controls_another", "control_named_either",
              "control_none_of", "all_share_a_color", "host_controller_cards_at_least",
              "chosen_player_has_chosen_color", "chosen_color_most_common")
# Conditions after which "it" is the enchanted creature ("As long as another Aura is attached to
# enchanted creature, it has first strike").
ABOUT_ENCHANTED = ("other_on_enchanted",)
# "as long as it's (not) attacking" of each object of a set: a filter of the set
# (combat_status.lp's attacking, this section's not_attacking).
PER_OBJECT = {"not_attacking": "not_attacking", "is_attacking": "attacking"}


def _trees(tree: Tree, data: str | None = None) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and (data is None or c.data == data)]


def _toks(tree: Tree) -> list:
    return [c for c in tree.children if not isinstance(c, Tree)]


def condition(static: _Static, tree: Tree) -> Symbol:
    words_filter = static.words_filter
    kind = tree.data
    words = lambda: [str(t) for t in _toks(_trees(tree, "words")[0])]  # noqa: E731
    if kind == "control_exactly":
        return Function("exactly", [Number(number(str(_toks(tree)[0]))),
                                    Function("yours", [words_filter(words())])])
    if kind == "most_common_color":
        return Function("most_common_color", [Function(COLORS[str(_toks(tree)[0]).lower()])])
    if kind == "control_with_counters":
        toks = [t for t in _toks(tree) if t.type in ("NUMBER", "KIND")]
        filt = both([words_filter(words()), Function("with_counters_at_least", [
            String(str(toks[1])), Number(number(str(toks[0])))])])
        return Function("at_least", [Number(1), Function("yours", [filt])])
    if kind == "other_on_enchanted":
        sub = next(str(t) for t in _toks(tree) if t.type == "SUBTYPE_WORD")
        return Function("other_attached_to_host", [words_filter([sub])])
    if kind == "host_controller_controls_another":
        return Function("host_controller_controls_another", [words_filter(words())])
    if kind == "control_named_either":
        a, b = (Function("at_least", [Number(1), Function("yours", [both([
            Function("permanent"), Function("named", [String(str(t))])])])]) for t in _toks(tree))
        return Function("any_of", [a, b])
    if kind == "control_none_of":
        return Function("none", [Function("yours", [words_filter([str(_toks(tree)[0])] + words())])])
    if kind == "chosen_player_has_chosen_color":     # chosen_player, chosen_color (as it entered)
        return Function("chosen_has", [words_filter(words())])
    if kind == "chosen_color_most_common":
        return Function("chosen_most_common", [words_filter(words())])
    if kind == "host_controller_cards_at_least":     # the enchanted creature's controller's
        filt = static.zones().card_filter(_trees(tree, "cards_of")[0])
        return Function("amount_at_least", [Function("cards", [
            Function("graveyard"), Function("host_controller"), filt]), Number(number(str(_toks(tree)[0])))])
    if kind == "all_share_a_color":      # of the effect's own set: per_object() says which
        return Function("they_share_a_color")
    if kind == "in_your_graveyard":      # the card's own graveyard (rule 113.6b)
        return Function("in_graveyard")
    if kind == "named_attached_to_yours":
        toks = _toks(tree)
        sub = next(str(t) for t in toks if t.type == "SUBTYPE_WORD")
        name = next(str(t) for t in toks if t.type == "CARD_NAME")
        return Function("attached_to_yours", [
            both([words_filter([sub]), Function("named", [String(name)])]), words_filter(words())])
    raise ValueError(kind)


def read(static: _Static, tree: Tree) -> list[Symbol]:
    """The facts of an ability of the kinds KINDS."""
    if tree.data == "grants_if":
        return _grants_if(static, tree)
    subject = next(c for c in tree.children if isinstance(c, Tree) and c.data not in (
        "prefix", "suffix", "predicates", "branch", "otherwise", "instead", "additional",
        "cond_pred", "cond_grant"))
    # (conditions, predicates) of each effect, conditions as trees of prefix/suffix
    effects: list[tuple[list[Tree], Tree]] = []
    if tree.data == "each_when":
        for piece in _trees(tree):
            if piece.data == "cond_pred":
                effects.append((_trees(piece, "suffix"), Tree("predicates", [_trees(piece)[0]])))
            elif piece.data == "cond_grant":
                grant = _trees(piece)[0]
                effects.append((_trees(piece, "suffix"), Tree("predicates", [
                    Tree("grants", [Tree("grants", [grant])])])))
    else:
        main_conds = _trees(tree, "prefix") + _trees(tree, "suffix")
        main = [main_conds, _trees(tree, "predicates")[0]]
        extra: list[tuple[list[Tree], Tree]] = []
        branches = [b for b in _trees(tree) if b.data in ("otherwise", "instead", "additional")]
        if sum(b.data in ("otherwise", "instead") for b in branches) > 1:
            raise Unmodelled("more than one alternative of an effect: not in the vocabulary")
        for b in branches:
            conds = _trees(b, "prefix") + _trees(b, "suffix") + [
                Tree("suffix", [c]) for c in _trees(b) if c.data not in ("prefix", "suffix", "predicates")]
            preds = _trees(b, "predicates")[0]
            if b.data == "otherwise":
                if len(main_conds) != 1:
                    raise Unmodelled("\"Otherwise\" after an effect without exactly one condition")
                conds = [Tree("suffix", [Tree("negated", [main_conds[0].children[0]])])]
            elif b.data == "instead":
                if len(conds) != 1:
                    raise Unmodelled("\"instead\" under other than one condition")
                main[0] = main[0] + [Tree("suffix", [Tree("negated", [conds[0].children[0]])])]
            extra.append((conds, preds))
        effects = [(main[0], main[1])] + extra
    facts: list[Symbol] = []
    for n, (conds, preds) in enumerate(effects, start=1):
        facts += _branch(static, subject, conds, preds, n)
    return _apart(static, facts)


def _branch(static: _Static, subject: Tree, conds: list[Tree], preds: Tree, n: int) -> list[Symbol]:
    """One effect: read as an ability of its own (reader.py's read), its conditions restated
    about branch(Ab,N) and its scope wrapped in when(branch(Ab,N),Scope)."""
    F = Function
    conds = [_about_host(c, subject) for c in conds]
    # A negated condition is read as the condition itself, then wrapped in otherwise(...).
    plain = [Tree(c.data, [c.children[0].children[0]]) if c.children[0].data == "negated" else c
             for c in conds]
    before = list(static.printed_quotes)
    out = static.read(Tree("effects", plain + [subject, preds]))
    quoting = any(static.grant in _terms(f) for f in out if f.name != "ability_grant")
    after = list(static.printed_quotes)
    static.printed_quotes = before
    key = F("branch", [static.ab, Number(n)])
    facts: list[Symbol] = []
    quotes = list(static.printed_quotes)
    for c, p in zip(conds, plain):
        # each condition alone, as read about this subject ("it's a Vampire" of enchanted)
        terms = [f.arguments[1] for f in static.read(Tree("effects", [p, subject, preds]))
                 if f.name == "static_when"]
        static.printed_quotes = list(quotes)
        for term in terms:
            negated = c.children[0].data == "negated"
            facts.append(F("static_when", [key, F("otherwise", [term]) if negated else term]))
    static.printed_quotes = after
    for f in out:
        if f.name == "static_when":
            continue
        if facts and f.name in ("pt_modify", "pt_modify_per", "ability_grant") and f.arguments[0] == static.ab:
            args = list(f.arguments)
            args[1] = F("when", [key, args[1]])
            f = F(f.name, args)
        facts.append(f)
    if quoting:                  # the grants of this branch carry a quoted ability's facts
        static.quoted_scopes = getattr(static, "quoted_scopes", set()) | {
            f.arguments[1] for f in facts if f.name == "ability_grant"}
    return facts


def that_one_scope(static: _Static, tree: Tree) -> Symbol:
    """"As long as you control exactly one creature, that creature gets ...": the one creature
    of the condition's scope."""
    words_filter = static.words_filter
    for p in _trees(tree, "prefix"):
        cond = p.children[0]
        if cond.data == "control_exactly" and number(str(_toks(cond)[0])) == 1:
            return Function("yours", [words_filter([str(t) for t in _toks(_trees(cond, "words")[0])])])
    raise Unmodelled("\"that creature\" without \"exactly one\" before it: not in the vocabulary")


def per_object(tree: Tree, scope: Symbol, facts: list[Symbol]) -> tuple[Tree, Symbol, list[Symbol]]:
    """Conditions on each object of a set, as filters of the set: "Each untapped creature you
    control gets +0/+2 as long as it's not attacking" (the creatures that aren't attacking);
    "Nonartifact creatures get +2/+2 as long as they all share a color" (a condition on the set,
    all_share_color(F))."""
    if scope.name not in ("each", "yours", "opponents"):
        if any(f.name == "static_when" and f.arguments[1].name == "they_share_a_color" for f in facts):
            raise Unmodelled("\"they all share a color\" of other than a set of permanents")
        return tree, scope, facts
    filt = scope.arguments[0]
    kept: list = []
    moved: list[str] = []
    for c in tree.children:
        inner = c.children[0] if isinstance(c, Tree) and c.data in ("prefix", "suffix") else None
        if inner is not None and inner.data in PER_OBJECT and not _toks(inner):
            moved.append(PER_OBJECT[inner.data])
            continue
        kept.append(c)
    out: list[Symbol] = []
    for f in facts:
        if f.name == "static_when" and f.arguments[1].name in moved:
            continue
        if f.name == "static_when" and f.arguments[1].name == "they_share_a_color":
            f = Function("static_when", [f.arguments[0], Function("all_share_color", [filt])])
        out.append(f)
    if moved:
        scope = Function(scope.name, [both([filt] + [Function(m) for m in moved])])
    return Tree(tree.data, kept), scope, out


def _about_host(cond: Tree, subject: Tree) -> Tree:
    """"Enchanted creature gets +3/+0 as long as it's attacking": "it" is what the source is
    attached to, whose combat status is a filter (combat_status.lp)."""
    inner = cond.children[0]
    negated = inner.data == "negated"
    core = inner.children[0] if negated else inner
    if subject.data in ("enchanted", "equipped") and core.data in ("is_attacking", "is_blocking") \
            and not [t for t in core.children if not isinstance(t, Tree)]:
        word = "attacking" if core.data == "is_attacking" else "blocking"
        core = Tree("its_quality", [Token("SUBTYPE_WORD", word)])
        return Tree(cond.data, [Tree("negated", [core]) if negated else core])
    return cond


def _apart(static: _Static, facts: list[Symbol]) -> list[Symbol]:
    """Grants of one ability to different scopes: grant_apart/3, unless a granted ability has
    facts of its own (a quoted ability keyed grant(Face,I))."""
    grants = [f for f in facts if f.name == "ability_grant"]
    if len({g.arguments[1] for g in grants}) <= 1:
        return facts
    # A quoted ability's facts are keyed grant(Face,I): its grants stay ability_grant/3 (one
    # set of them), the others go apart.
    quoted = getattr(static, "quoted_scopes", set())
    if len(quoted) > 1:
        raise Unmodelled("quoted abilities granted to different sets or under different "
                         "conditions: one grant term stands for one")
    return [Function("grant_apart", f.arguments)
            if f.name == "ability_grant" and f.arguments[1] not in quoted else f for f in facts]


def _terms(sym: Symbol) -> list[Symbol]:
    out = [sym]
    if sym.type.name == "Function":
        for a in sym.arguments:
            out += _terms(a)
    return out


def _grants_if(static: _Static, tree: Tree) -> list[Symbol]:
    """"Each creature you control has vigilance if it's white, hexproof if it's blue, ...": each
    grant to the creatures of the scope that have the colour (after layer 5)."""
    subject = _trees(tree)[0]
    scope = static.scope(subject)
    if scope.name not in ("each", "yours"):
        raise Unmodelled("\"if it's <colour>\" of other than a set of permanents: not in the vocabulary")
    facts: list[Symbol] = []
    for g in _trees(tree, "grant_if"):
        colour = COLORS[str(_toks(g)[-1]).lower()]
        sub = Function(scope.name, [both([scope.arguments[0], Function("color", [Function(colour)])])])
        pred = Tree("grants", [Tree("grants", [_trees(g)[0]])])
        facts += static.grants(pred, sub)
    return _apart(static, facts)
