"""The reader of one static ability: compile_static parses it with statics.lark and walks the
tree, handing conditions and alternatives to conds.py, counts to counts.py, zones and players to
zones.py, combat and status to status.py, combat rules to rules.py (see the package's docstring
for what each shape compiles to)."""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from pybridge.oracle.grammars import earley
from pybridge.oracle.statics import conds, counts, zones
from pybridge.oracle.statics.rules import LOSES, combat_rule_facts, loses_facts
from pybridge.oracle.statics.status import (COMBAT_CONDITIONS, COMBAT_SUBJECTS, COMBAT_WHOSE, GRANT_CONDITIONS,
                                            LAYER1_ATTACHED, PLAYER_WHOSE, SUBJECT_KINDS, _check_combat_pronouns,
                                            _combat_subjects, after_layer_six, all_creature_types,
                                            combat_condition, grant_condition, pt_only, with_ability_scope)
from pybridge.oracle.statics.terms import COLORS, Unmodelled, both, number, rekey
from pybridge.oracle.statics.words import (CARD_TYPES, LAYER1_SETS, is_layer1_filter, tokens_of, subtrees, counted_with,
                                           creature_types, keyword_text, list_filter, named_filter,
                                           subtype_name, thats_one_of, union_scope, words_filter)
from pybridge.oracle.statics.zones import named_cards


class NotStatic(Exception):
    """Not an ability of the shapes statics.lark reads."""


@lru_cache(maxsize=1)
def parser() -> Lark:
    return earley("statics.lark", "static_ability")


STATIC_START = re.compile(
    r"\b(gets? [+-]([0-9]+|X)/[+-]([0-9]+|X)|(have|has) |isn't a creature|power and toughness are "
    r"each equal|power is equal|is every creature type|in addition to its other|loses? all abilities|"
    r"as though those creatures had haste|in addition to their other types|with base power and toughness)"
    r"|^changeling$", re.I)


def looks_static(source: str) -> bool:
    """A static ability of the kinds this module reads: no cost (outside quotes), no trigger,
    no duration."""
    head = source.split('"', 1)[0]
    if ":" in head or source.startswith(("When", "Whenever", "At ", "[")):
        return False
    lasting = re.match(r"^(Until end of turn, target|Target [^.]* until end of turn\.$)", source)
    if re.search(r"\buntil end of turn\b|\bthis turn\b|\bas a copy of\b|\benters?( the battlefield)?\b",
                 head, re.I) and not lasting:
        return False
    if lasting:
        return bool(re.search(r"\b(gets? [+-]([0-9]+|X)/[+-]([0-9]+|X)|gains?) ", source))
    return bool(STATIC_START.search(source))


CompileQuoted = Callable[[str], tuple[list[Symbol], bool]]


def compile_static(source: str, face: str, index: int, quoted: CompileQuoted,
                   printed_quotes: list[str]) -> list[Symbol]:
    """The facts of one static ability; quoted(text) compiles a granted ability's text to
    (facts keyed ab(Face,I), is it activated) or raises Unmodelled; printed_quotes are the
    quoted texts as printed (the granted abilities' texts, the card's names in them)."""
    source = re.sub(r"^[A-Z][\w' ]* — ", "", source)     # an ability word (rule 207.2c)
    if not looks_static(source):
        raise NotStatic(source)
    try:
        tree = parser().parse(source)
    except LarkError as err:
        column = getattr(err, "column", None)
        near = (f"at {source[column - 1:column + 29]!r}" if isinstance(column, int) and column > 0
                else str(err).splitlines()[0])
        raise Unmodelled(f"static ability of a shape the grammar doesn't read: {near}") from None
    return _Static(face, index, quoted, printed_quotes).read(tree)


class _Static:
    words_filter = staticmethod(words_filter)      # for conds.py, which imports nothing of this module
    def __init__(self, face: str, index: int, quoted: CompileQuoted, printed_quotes: list[str]):
        self.face, self.index, self.quoted = face, index, quoted
        self.printed_quotes = list(printed_quotes)
        self.ab = Function("ab", [String(face), Number(index)])
        self.grant = Function("grant", [String(face), Number(index)])
        self.pt_only = False        # the ability only changes power/toughness (layer 7)
        self.after_layer_six = False    # only P/T changes and combat rules (judged after layer 6)

    # --- the whole ability ---
    def read(self, tree: Tree) -> list[Symbol]:
        kind = tree.data
        # --- conditions and alternatives (conds.py) ---
        if kind in conds.KINDS:
            return conds.read(self, tree)
        if kind == "effects_pair":
            return self.read_pair(tree)
        if kind == "changeling":
            return [Function("land_type_effect", [self.ab, Function("self"),
                                                  Function("add_all_creature_types")])]
        if kind == "you_and":              # you and permanents have hexproof
            return self.read_you_and(tree)
        if kind == "activate_as_though_haste":     # a permission, no keyword (702.10c)
            scope = self.scope(subtrees(tree)[0])
            return [Function("as_though_haste", [self.ab, scope, Function("activate")])]
        if kind == "player_keyword":       # zones and players: the controller has it
            return [Function("player_grant", [self.ab, Function("you"),
                                              String(keyword_text(str(tokens_of(tree)[0])))])]
        if kind in ("cda_plus", "cda_both", "cda_power"):
            return self.read_cda(tree)
        facts: list[Symbol] = []
        if kind == "until_end_of_turn":
            # The effect of a resolved spell or ability on its targets: a scenario [[effect]]
            # with `targets` (rule 611.2a), made only by resolving (lasting_effect/2).
            facts.append(Function("lasting_effect", [String(self.face), self.ab]))
            for pred in subtrees(subtrees(tree, "predicates")[0]):
                facts += (self.pt(pred, Function("targets")) if pred.data == "pt"
                          else self.grants(pred, Function("targets")))
            return facts
        self.pt_only = pt_only(tree)
        self.after_layer_six = after_layer_six(tree)        # P/T and combat rules only
        for cond in subtrees(tree, "prefix") + subtrees(tree, "suffix"):
            term = self.condition(cond.children[0])
            if term is not None:
                facts.append(Function("static_when", [self.ab, term]))
        if kind == "not_creature":
            if not all(f.arguments[1].name == "devotion_below" for f in facts) or not facts:
                raise Unmodelled("a type change with a condition other than devotion: not in the vocabulary")
            return facts + [Function("loses_type", [self.ab, Function("self"), String("Creature")])]
        if subtrees(tree, "that_one"):       # conditions and alternatives (conds.py)
            self.that_one = conds.that_one_scope(self, tree)
        subject = subtrees(tree, "self") + subtrees(tree, "enchanted") + subtrees(tree, "equipped") + \
            subtrees(tree, "fortified") + subtrees(tree, "group") + _combat_subjects(tree) + \
            subtrees(tree, "that_one") + subtrees(tree, "sharing_equipped") + \
            subtrees(tree, "either_groups")                                    # conds, counts
        scope = union_scope([self.scope(s) for s in subject])
        tree, scope, facts = conds.per_object(tree, scope, facts)   # conditions and alternatives
        _check_combat_pronouns(tree, scope, facts)
        # "As long as enchanted creature is red, it gets ...": "it" is what the source is
        # attached to.
        about = [c.children[0].data for c in subtrees(tree, "prefix")]
        if subject[0].data == "self" and not tokens_of(subject[0]) and about:
            if about[0] in ("enchanted_is", "equipped_is"):
                scope = Function(about[0].split("_")[0])
            elif about[0] in conds.ABOUT_ENCHANTED:     # conditions and alternatives
                scope = Function("enchanted")
        for pred in subtrees(subtrees(tree, "predicates")[0]):
            facts += self.predicate(pred, scope, facts)
        return counts.merged(facts, Unmodelled)      # counts

    def read_cda(self, tree: Tree) -> list[Symbol]:
        """A characteristic-defining ability: "~'s power is equal to the number of ... and its
        toughness is equal to that number plus 1" (Lhurgoyf, Tarmogoyf), "~'s power and
        toughness are each equal to ...", "~'s power is equal to ..." (pt_cda/3)."""
        kind = tree.data
        if kind == "cda_plus":             # zones and players: Lhurgoyf, Tarmogoyf
            count = self.count(subtrees(tree, "count")[0])
            plus = number(str(tokens_of(tree)[-1]))
            return [Function("pt_cda", [self.ab, Function("power"), Function("count", [count])]),
                    Function("pt_cda", [self.ab, Function("toughness"),
                                        Function("count", [Function("plus", [Number(plus), count])])])]
        if kind in ("cda_both", "cda_power"):
            count = self.count(subtrees(tree, "count")[0])
            if count.name == "per_object":     # counts: its own object's value, not in the vocabulary
                raise Unmodelled("a characteristic-defining ability counting its own object's value: not in the vocabulary")
            attrs = ["power", "toughness"] if kind == "cda_both" else ["power"]
            return [Function("pt_cda", [self.ab, Function(a), Function("count", [count])])
                    for a in attrs]

    def predicate(self, pred: Tree, scope: Symbol, facts: list[Symbol]) -> list[Symbol]:
        """The facts of one predicate of the ability on its scope (facts: those made so far,
        which some predicates read: a condition forbids them)."""
        if pred.data == "pt":
            return self.pt(pred, scope)
        if pred.data in ("combat_rider", "combat_limit"):          # combat rules
            return combat_rule_facts(self.ab, scope, str(tokens_of(pred)[0]))
        if pred.data in LOSES:                                      # abilities removed (layer 6)
            if any(f.name == "static_when" for f in facts):
                raise Unmodelled("abilities removed under a condition: judged below the grants "
                                 "of layer 6, not in the vocabulary")
            return [loses_facts(self.ab, scope, pred)]
        if pred.data == "add_color_type":                           # a colour and a type added
            colour = COLORS[str([t for t in tokens_of(pred) if t.type == "COLOR_ADJ"][0]).lower()]
            return [self.add_type(pred, scope, facts),
                    Function("color_effect", [self.ab, scope, Function("add", [Function(colour)])])]
        if pred.data == "add_legendary":
            return [self.add_supertype(scope, facts, "Legendary")]
        if pred.data in UNREAD_PREDICATES:
            raise Unmodelled(UNREAD_PREDICATES[pred.data])
        if pred.data == "all_creature_types":
            return [all_creature_types(scope, facts, self.ab)]
        if pred.data == "set_color":
            return [Function("color_effect", [self.ab, scope, Function("set", [
                Function(COLORS[str(tokens_of(pred)[0]).lower()])])])]
        if pred.data == "base_pt":
            if any(f.name == "static_when" for f in facts):
                raise Unmodelled("base power and toughness under a condition: not in the vocabulary")
            p, t = str(tokens_of(pred)[-1]).split("/")
            return [Function("sets_base_pt", [self.ab, scope, Number(int(p)), Number(int(t))])]
        if pred.data == "base_pt_mana_value":
            if any(f.name == "static_when" for f in facts):
                raise Unmodelled("base power and toughness under a condition: not in the vocabulary")
            value = Function("mana_value")
            return [Function("sets_base_pt", [self.ab, scope, value, value])]
        if pred.data in ("become_creatures", "become_creatures_lands", "become_creature_type"):
            return self.becomes(pred, scope, facts)
        if pred.data == "creature_base_pt":        # a layer-4 addition and a layer-7b setting
            if any(f.name == "static_when" for f in facts):
                raise Unmodelled("base power and toughness under a condition: not in the vocabulary")
            p, t = str(tokens_of(pred)[-1]).split("/")
            return [self.add_type(Tree("add_type", [Token("WORD", "creature")]), scope, facts),
                    Function("sets_base_pt", [self.ab, scope, Number(int(p)), Number(int(t))])]
        if pred.data == "add_type":
            return [self.add_type(pred, scope, facts)]
        return self.grants(pred, scope)

    def read_pair(self, tree: Tree) -> list[Symbol]:
        """"~ gets +2/+2 and creatures you control have vigilance": two effects of one ability,
        under the same conditions (combat and status section)."""
        conds = subtrees(tree, "prefix") + subtrees(tree, "suffix")
        subjects = [c for c in tree.children if isinstance(c, Tree) and c.data in SUBJECT_KINDS]
        facts: list[Symbol] = []
        for subject, preds in zip(subjects, subtrees(tree, "predicates")):
            for f in self.read(Tree("effects", conds + [subject, preds])):
                if f not in facts:
                    facts.append(f)
        return facts

    def read_you_and(self, tree: Tree) -> list[Symbol]:
        """"You and Humans you control have hexproof": the controller has the keyword (a
        player's ability, 702.11b, 702.18b) and each subject's permanents have it."""
        preds = subtrees(tree, "predicates")[0]
        words = [str(t) for t in preds.scan_values(lambda v: isinstance(v, Token))]
        grants = [p for p in subtrees(preds) if p.data == "grants"]
        if len(grants) != len(subtrees(preds)) or not all(
                g.data == "keyword" and str(tokens_of(g)[0]).lower() in ("hexproof", "shroud")
                for p in grants for g in subtrees(subtrees(p, "grants")[0])):
            raise Unmodelled(f"a player with an ability besides hexproof or shroud: {' '.join(words)!r}")
        facts = [Function("player_grant", [self.ab, Function("you"), String(keyword_text(str(tokens_of(g)[0])))])
                 for p in grants for g in subtrees(subtrees(p, "grants")[0])]
        for subject in (c for c in tree.children if isinstance(c, Tree) and c.data in SUBJECT_KINDS):
            facts += [f for f in self.read(Tree("effects", [subject, preds])) if f not in facts]
        return facts

    # --- whom ---
    def scope(self, subject: Tree) -> Symbol:
        kind = subject.data
        if kind == "that_one":             # conditions and alternatives (conds.py)
            return self.that_one
        if kind in ("self", "enchanted", "equipped", "fortified") + COMBAT_SUBJECTS:
            return Function(kind)
        if kind == "either_groups":        # "All Forests and all Saprolings": either of the two
            first, second = (list_filter(Tree("word_list", [w])) for w in subtrees(subject, "words"))
            return Function("each", [Function("either", [first, second])])
        if kind == "sharing_equipped":       # counts: "creatures that share a color with equipped creature"
            shared = " ".join(str(tokens_of(subject)[-1]).lower().split())
            return Function("sharing_equipped", [Function("color" if shared == "color" else "creature_type")])
        toks = [str(t).lower() for t in tokens_of(subject)]
        group = subtrees(subject, "group")[0]
        return self.group_scope(group, other="other" in toks)

    def group_scope(self, group: Tree, other: bool) -> Symbol:
        filt = list_filter(subtrees(group, "word_list")[0])
        for w in subtrees(group, "with_any_counter"):
            filt = both([filt, Function("with_any_counter")])
        for w in subtrees(group, "that_are"):
            filt = both([filt, Function(str(tokens_of(w)[-1]).lower())])
        for w in subtrees(group, "that_are_either"):      # conditions and alternatives
            a, b = (Function(str(t).lower()) for t in tokens_of(w))
            filt = both([filt, Function("either", [a, b])])
        for w in subtrees(group, "with_counter"):
            filt = both([filt, Function("with_counter", [String(str(tokens_of(w)[-1]))])])
        filt = thats_one_of(group, filt)
        filt = named_filter(group, filt, self.face)
        # A grant to the permanents with a keyword ("creatures you control with flying have ..."):
        # layer 6 depends on itself, which layers_types_abilities.lp orders by dependency (rule
        # 613.8a) and refuses in a loop (613.8b).  "Without flying" stays unmodelled: what lacks an
        # ability can't be settled before the grants it would stop.
        if subtrees(group, "without_keyword") and not (self.pt_only or self.after_layer_six):
            raise Unmodelled("a set of permanents that have an ability (\"creatures with flying\"): "
                             "what has it depends on layer 6 (rule 613.8), not in the vocabulary")
        whose = [t.data for t in subtrees(group) if t.data in ("yours", "opponents") + COMBAT_WHOSE + PLAYER_WHOSE]
        if whose[:1] == ["attacking_enchanted"] and "attacking" not in str(filt):   # a Curse's player attacked
            raise Unmodelled("\"... enchanted player\" without \"attacking\": not in the vocabulary")
        scope = Function(whose[0] if whose else "each", [filt])
        scope = with_ability_scope(group, scope)
        if subtrees(group, "with_no_abilities"):              # "creatures with no abilities"
            if not self.pt_only:
                raise Unmodelled("a set of permanents with no abilities beside more than a power/"
                                 "toughness change: what has them depends on layer 6 (613.8)")
            scope = Function("without_abilities", [scope])
        for c in subtrees(group):
            if c.data in ("chosen_color", "chosen_type", "chosen_quality", "chosen_name"):
                scope = Function(c.data, [scope])
        if other:
            scope = Function("others", [scope])
        return scope

    # --- what ---
    def pt(self, pred: Tree, scope: Symbol) -> list[Symbol]:
        dp, dt = str(tokens_of(pred)[0]).split("/")
        per = subtrees(pred)
        if not per:
            if "X" in dp + dt:
                raise Unmodelled("+X/+X without saying what X is")
            return [Function("pt_modify", [self.ab, scope, Number(int(dp)), Number(int(dt))])]
        step = per[0]
        if step.data in counts.PER:      # counts: on each object it applies to
            if "X" in dp + dt:
                raise Unmodelled("+X/+X for each ...")
            return [Function("pt_modify_per", [self.ab, scope, Number(int(dp)), Number(int(dt)),
                                               self.counts().per(step)])]
        if step.data == "its_colors":            # counted on each object it applies to
            return [Function("pt_modify_per", [self.ab, scope, Number(int(dp)), Number(int(dt)),
                                               Function("its_colors")])]
        if step.data == "for_each":
            if "X" in dp + dt:
                raise Unmodelled("+X/+X for each ...")
            amount = [int(dp), int(dt)]
            count = self.counted(step.children[0])
        else:
            amount = [_x_factor(dp), _x_factor(dt)]
            count = self.count(subtrees(step, "count")[0])
            if count.name == "life":       # zones and players: a negative X is 0 (rule 107.1b)
                count = Function("at_least_zero", [count])
        return [Function("pt_modify_per", [self.ab, scope, Number(amount[0]), Number(amount[1]),
                                           count])]

    def grants(self, pred: Tree, scope: Symbol) -> list[Symbol]:
        facts: list[Symbol] = []
        mana = 0
        for grant in subtrees(subtrees(pred, "grants")[0]):
            if grant.data == "keyword":
                text = keyword_text(str(tokens_of(grant)[0]))
                facts.append(self.granted(scope, text))
            elif grant.data == "ward":
                facts.append(self.granted(scope, f"Ward {tokens_of(grant)[0]}"))
            elif grant.data == "protection":
                qualities = [str(t).lower() for t in tokens_of(grant)]
                for q in qualities:
                    if q not in COLORS and q != "multicolored":
                        raise Unmodelled(f"protection from {q}: only colours are in the vocabulary")
                text = "Protection from " + " and from ".join(qualities)
                facts.append(self.granted(scope, text))
                facts += [Function("protection_from", [self.grant, Function("color", [Function(COLORS[q])])
                                                        if q in COLORS else Function("multicolored")])
                          for q in qualities]
            else:
                text = str(tokens_of(grant)[0])[1:-1]
                compiled, activated = self.quoted(text)
                printed = [q for q in self.printed_quotes if len(q) >= 2]
                text = printed.pop(0)[1:-1] if printed else text
                self.printed_quotes = printed
                if compiled:
                    mana += any(f.name == "mana_ability" for f in compiled)
                    if mana > 1 or (activated and any(f.name in ("activated", "ability_grant_part")
                                                      for f in facts)):
                        facts += self.grant_part(compiled, text, facts)
                        continue
                    facts += [rekey(f, self.ab, self.grant) for f in compiled]
                facts.append(self.granted(scope, text))
        return facts

    # --- more than one granted activated ability in one ability ---
    def grant_part(self, compiled: list[Symbol], text: str, facts: list[Symbol]) -> list[Symbol]:
        """The J-th (J >= 2) activated ability one ability grants ('Equipped creature has "{T}:
        ..." and "{T}: ..."'): its own term grant(Face,I,J), its costs keyed on it, and
        ability_grant_part(Ab,J,Text): what has grant(Face,I) has it too (613.1f)."""
        j = 2 + sum(1 for f in facts if f.name == "ability_grant_part")
        part = Function("grant", [*self.grant.arguments, Number(j)])
        return [rekey(f, self.ab, part) for f in compiled] + \
            [Function("ability_grant_part", [self.ab, Number(j), String(text)])]

    def add_type(self, pred: Tree, scope: Symbol, facts: list[Symbol]) -> Symbol:
        """"is a Giant in addition to its other types": a layer-4 addition (rule 613.1d)."""
        # Layer 4 judges its scope on layer-1 values (rule 613.6: scopes.lp's in_scope_l1).
        inner = scope.arguments[0] if scope.name == "others" else scope
        layer1 = scope.name in ("enchanted", "self") + LAYER1_ATTACHED or (
            inner.name in ("each", "yours") + LAYER1_SETS and is_layer1_filter(inner.arguments[0]))
        if not layer1 or any(f.name == "static_when" for f in facts):
            raise Unmodelled("a type added to a set scopes.lp can't judge on layer-1 values, or under a condition: not in the vocabulary")
        word = str(tokens_of(pred)[-1])
        if word.lower() in CARD_TYPES:
            return Function("land_type_effect", [self.ab, scope, Function("add_type", [String(CARD_TYPES[word.lower()])])])
        sub = subtype_name(word) if word[:1].isupper() else None
        if sub is None or sub not in creature_types():
            raise Unmodelled(f"type {word!r} added: not in the vocabulary")
        return Function("land_type_effect", [self.ab, scope, Function("add", [String(sub)])])

    def becomes(self, pred: Tree, scope: Symbol, facts: list[Symbol]) -> list[Symbol]:
        """"are 1/1 green Saproling creatures and Forest lands in addition to their other types",
        "is a blue Fish with base power and toughness 0/1": layers 4, 5 and 7b (rules 613.1d-e,
        613.4b); without "in addition to", the creature types named replace its others (205.1b)."""
        if any(f.name == "static_when" for f in facts):
            raise Unmodelled("a creature made under a condition: not in the vocabulary")
        words = [t for t in tokens_of(pred)]
        power, toughness = (int(n) for n in str(next(t for t in words if t.type == "BASE_PT")).split("/"))
        out = [Function("sets_base_pt", [self.ab, scope, Number(power), Number(toughness)])]
        for colour in (t for t in words if t.type == "COLOR_ADJ"):
            out.append(Function("color_effect", [self.ab, scope, Function("set", [Function(COLORS[str(colour).lower()])])]))
        subtypes = [str(t) for t in words if t.type == "SUBTYPE_WORD"]
        if pred.data == "become_creature_type":
            if subtypes[0] not in creature_types():
                raise Unmodelled(f"{subtypes[0]!r} is no creature type")
            return out + [Function("land_type_effect", [self.ab, scope, Function("set_creature_type", [String(subtypes[0])])])]
        out.append(self.add_type(Tree("add_type", [Token("WORD", "creature")]), scope, facts))
        if pred.data == "become_creatures_lands":
            out.append(self.add_type(Tree("add_type", [Token("WORD", "land")]), scope, facts))
        for sub in subtypes:
            if sub not in creature_types() and sub not in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
                raise Unmodelled(f"{sub!r} added: not in the vocabulary")
            out.append(Function("land_type_effect", [self.ab, scope, Function("add", [String(sub)])]))
        return out

    def add_supertype(self, scope: Symbol, facts: list[Symbol], supertype: str) -> Symbol:
        """"Enchanted creature is legendary": a layer-4 addition (rule 613.1d, 205.4) on what
        layer 1 shows of its scope (rule 613.6)."""
        if scope.name not in ("enchanted", "self") + LAYER1_ATTACHED or \
                any(f.name == "static_when" for f in facts):
            raise Unmodelled("a supertype added to a set or under a condition: not in the vocabulary")
        return Function("land_type_effect", [self.ab, scope, Function("add_supertype", [String(supertype)])])

    def granted(self, scope: Symbol, text: str) -> Symbol:
        return Function("ability_grant", [self.ab, scope, String(text)])

    # --- amounts ---
    def count(self, tree: Tree) -> Symbol:
        # --- devotion, highest and total values, counters among permanents (counts.py) ---
        if tree.children[0].data in counts.COUNTS:
            return self.counts().count(tree.children[0])
        # --- "your life total", "1 plus the number of ..." (zones.py) ---
        if tree.children[0].data in zones.AMOUNTS:
            return self.zones().amount(tree.children[0])
        return self.counted(tree.children[0])

    def zones(self) -> zones.ZoneReader:
        return zones.ZoneReader(number, words_filter, self.count, self.counted, self.condition,
                                        Unmodelled)

    def counts(self) -> counts.CountReader:
        return counts.CountReader(
            words_filter, lambda cards, place: self.zones().zone_cards(cards, place, None), Unmodelled,
            lambda cards: self.zones().card_filter(cards))

    def counted(self, tree: Tree) -> Symbol:
        kind = tree.data
        if kind in counts.COUNTED:  # counts
            return self.counts().counted(tree, list_filter)
        if kind in ("permanents_with", "battlefield_with"):
            return counted_with(tree, self.face)
        if kind == "counted" and tree.children[0].data == "named_cards":
            return named_cards(tree.children[0], self.face)
        if kind == "counted":              # zones and players: cards in graveyards and hands
            return self.zones().counted(tree.children[0])
        if kind == "player_counters":     # "the number of experience counters you have" (rule 122.1)
            return Function("player_counters", [String(str(tokens_of(tree)[0]))])
        if kind == "counters":
            return Function("counters", [String(str(tokens_of(tree)[0]))])
        if kind == "attached":
            return Function("attached", [list_filter(subtrees(tree, "word_list")[0])])
        words = [str(t) for t in tokens_of(subtrees(tree, "words")[0])]
        other = any(str(t).lower() == "other" for t in tokens_of(tree))
        if kind == "permanents" and [w.lower() for w in words[:4]] in DOMAIN:    # domain
            # Domain: "basic land types among lands you control" (rule 305.6, 207.2c)
            inner = Tree("permanents", [Tree("words", t.children[4:]) if isinstance(t, Tree) and t.data == "words"
                                        else t for t in tree.children])
            return Function("basic_land_types", [self.counted(inner).arguments[0]])
        singular = [re.sub(r"s$", "", w) if w.lower().rstrip("s") in CARD_TYPES else w for w in words]
        filt = words_filter(singular)
        if kind == "battlefield":
            scope = Function("each", [filt])
        else:
            whose = subtrees(tree)[-1].data
            scope = Function(whose, [filt])
        return Function("permanents", [Function("others", [scope]) if other else scope])

    # --- conditions ---
    def condition(self, tree: Tree) -> Symbol:
        kind = tree.data
        if kind in zones.CONDITIONS:       # zones and players
            return self.zones().condition(tree)
        if kind in conds.CONDITIONS:       # conditions and alternatives
            return conds.condition(self, tree)
        if kind in counts.CONDITIONS:      # counts
            return self.counts().condition(tree, number)
        toks = tokens_of(tree)
        if kind in COMBAT_CONDITIONS:
            return combat_condition(tree, self.pt_only)
        words = lambda: words_filter([str(t) for t in tokens_of(subtrees(tree, "words")[0])])  # noqa: E731
        if kind == "control":
            scope = Function("yours", [words()])
            if any(str(t).lower() == "other" for t in toks):
                scope = Function("others", [scope])
            return Function("at_least", [Number(1), scope])
        if kind == "control_at_least":
            return Function("at_least", [Number(number(str(toks[0]))), Function("yours", [words()])])
        if kind == "opponent_controls":
            return Function("at_least", [Number(1), Function("opponents", [words()])])
        if kind == "your_turn":
            return Function("your_turn")
        if kind == "control_commander":
            return Function("control_commander")
        if kind == "not_your_turn":
            return Function("not_your_turn")
        if kind in ("was_kicked", "cast_from_hand", "not_cast_from_hand", "was_cast"):   # how it was cast
            return Function({"was_kicked": "kicked", "was_cast": "cast"}.get(kind, kind))
        if kind == "has_counter":
            return Function("counters_at_least", [String(str(toks[-1])), Number(1)])
        if kind == "counters_at_least":
            return Function("counters_at_least", [String(str(toks[-1])), Number(number(str(toks[-2])))])
        if kind == "devotion_below":
            colours = sorted({COLORS[str(t).lower()] for t in toks[:-1]}, key="wubrg".index)
            return Function("devotion_below", [String("".join(colours)), Number(number(str(toks[-1])))])
        if kind == "is_attached":
            noun = "Equipment" if str(toks[-1]).lower() == "equipped" else "Aura"
            return Function("attached", [Function("subtype", [String(noun)])])
        if kind in ("enchanted_is", "equipped_is"):
            return Function("attached_is", [words()])
        if kind in ("is_tapped", "is_untapped"):
            return Function("tapped" if kind == "is_tapped" else "untapped")
        if kind in GRANT_CONDITIONS:
            return grant_condition(kind, toks)
        raise Unmodelled(f"condition {kind} is not in the vocabulary")


def _x_factor(part: str) -> int:
    sign = -1 if part.startswith("-") else 1
    body = part[1:]
    if body == "X":
        return sign
    if body == "0":
        return 0
    raise Unmodelled("a fixed amount beside X")




# --- domain: "for each basic land type among lands you control" ---
DOMAIN = (["basic", "land", "type", "among"], ["basic", "land", "types", "among"])
# Predicates the grammar reads only to say why they stay unmodelled.
UNREAD_PREDICATES = {
}
