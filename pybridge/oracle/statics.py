"""Static abilities of permanents -> the vocabulary of asp/layers/statics.lp, power_toughness.lp
and layers_types_abilities.lp (layers 4, 6 and 7; rules 604, 611.3, 613).

compile_static(source, face, index, quoted) reads one ability (normalised: reminder text gone,
the card's names as "~") with the grammar statics.lark and returns its facts, or raises
NotStatic (not an ability of these shapes) or Unmodelled (it parsed but says something the
vocabulary lacks, with the reason).  The compiler (compiler.py) calls it for the abilities
that are not mana abilities.

What "modelled" means here:
- "gets +N/+N" (fixed, "for each ...", "where X is ...") is a layer-7c modification the rules
  apply (pt_modify/4, pt_modify_per/5);
- "has flying" grants the keyword (ability_grant/3 with the keyword's text): the permanents in
  scope have the ability, the rules read those they decide on (haste for summoning sickness,
  hexproof, shroud and protection from a colour for targets; protection_from/2 is stated for
  the granted ability), the others are shown among the characteristics;
- "has \"QUOTED\"" grants the quoted ability (ability_grant/3 with its text): a quoted mana
  ability is compiled by the mana compiler, keyed grant(Face,I), so the rules produce its mana;
  a quoted activated ability gets activated/1 and its costs ({T}, {Q}, sacrifice ...) so that
  can_activate counts and judges it; any other quoted ability is modelled as the ability text
  the permanents have (its effect is then as modelled as that text would be printed);
- "~'s power and toughness are each equal to the number of ..." is a layer-7a CDA (pt_cda/3);
- "has base power and toughness 8/8" sets them in layer 7b (sets_base_pt/4);
- "can't block", "is goaded", "doesn't untap during its controller's untap step" and the like
  beside those are rules for combat and untapping (combat_rule/4, statics_rules.py): no
  characteristic (rule 613), the `characteristics` answer's `rules` of the permanents in scope;
- changeling is every creature type (702.73a, a layer-4 CDA: land_type_effect/3's
  add_all_creature_types on itself);
- "As long as your devotion to ... is less than N, ~ isn't a creature" removes the type in
  layer 4 (loses_type/3, with its condition static_when/2);
- "Until end of turn, target creature gets +N/+N / gains ..." is the lasting effect of a
  resolved spell or ability on its targets (lasting_effect/2: a scenario [[effect]] with
  `targets`), with the same P/T and grant facts on the scope targets.
Conditions ("as long as ...") become static_when(Ab,Cond): the effect exists only while Cond
holds (rule 611.3a).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from pybridge.oracle import statics_conds, statics_counts, statics_zones
from pybridge.oracle.grammars import earley
from pybridge.oracle.static_terms import COLORS, NUMBER_WORDS, Unmodelled, both, number  # noqa: F401
from pybridge.oracle.statics_rules import LOSES, combat_rule_facts, loses_facts


class NotStatic(Exception):
    """Not an ability of the shapes statics.lark reads."""


StaticUnmodelled = Unmodelled          # the name compiler.py imports (it has its own Unmodelled)


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


@lru_cache(maxsize=1)
def parser() -> Lark:
    return earley("statics.lark", "static_ability")


@lru_cache(maxsize=1)
def creature_types() -> frozenset[str]:
    from pybridge.cards.library import asp_dir
    text = (asp_dir() / "cards" / "subtypes.lp").read_text()
    block = re.search(r'creature_type\(("[^)]*)\)\.', text).group(1)
    return frozenset(re.findall(r'"([^"]+)"', block))


STATIC_START = re.compile(
    r"\b(gets? [+-]([0-9]+|X)/[+-]([0-9]+|X)|(have|has) |isn't a creature|power and toughness are "
    r"each equal|power is equal|is every creature type|in addition to its other)|^changeling$", re.I)


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


def _toks(tree: Tree) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token)]


def _trees(tree: Tree, data: str | None = None) -> list[Tree]:
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
    # --- zones and players: "an opponent controls a nonbasic land" (scopes.lp's filter) ---
    if [w.lower() for w in words] in (["nonbasic", "land"], ["nonbasic", "lands"]):
        return Function("nonbasic_land")
    # --- zones and players: "Commander creatures you control" (a player's commander, 903.3) ---
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
    lists = [[str(t) for t in _toks(w)] for w in _trees(tree, "words")]
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


class _Static:
    words_filter = staticmethod(words_filter)      # for statics_conds.py, which imports nothing of this module
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
        # --- conditions and alternatives (statics_conds.py) ---
        if kind in statics_conds.KINDS:
            return statics_conds.read(self, tree)
        if kind == "effects_pair":
            return self.read_pair(tree)
        if kind == "changeling":
            return [Function("land_type_effect", [self.ab, Function("self"),
                                                  Function("add_all_creature_types")])]
        if kind == "you_and":              # --- combat rules: you and permanents have hexproof ---
            return self.read_you_and(tree)
        if kind == "player_keyword":       # zones and players: the controller has it
            return [Function("player_grant", [self.ab, Function("you"),
                                              String(keyword_text(str(_toks(tree)[0])))])]
        if kind == "cda_plus":             # zones and players: Lhurgoyf, Tarmogoyf
            count = self.count(_trees(tree, "count")[0])
            plus = number(str(_toks(tree)[-1]))
            return [Function("pt_cda", [self.ab, Function("power"), Function("count", [count])]),
                    Function("pt_cda", [self.ab, Function("toughness"),
                                        Function("count", [Function("plus", [Number(plus), count])])])]
        if kind in ("cda_both", "cda_power"):
            count = self.count(_trees(tree, "count")[0])
            if count.name == "per_object":     # counts: its own object's value, not in the vocabulary
                raise Unmodelled("a characteristic-defining ability counting its own object's value: not in the vocabulary")
            attrs = ["power", "toughness"] if kind == "cda_both" else ["power"]
            return [Function("pt_cda", [self.ab, Function(a), Function("count", [count])])
                    for a in attrs]
        facts: list[Symbol] = []
        if kind == "until_end_of_turn":
            # The effect of a resolved spell or ability on its targets: a scenario [[effect]]
            # with `targets` (rule 611.2a), made only by resolving (lasting_effect/2).
            facts.append(Function("lasting_effect", [String(self.face), self.ab]))
            for pred in _trees(_trees(tree, "predicates")[0]):
                facts += (self.pt(pred, Function("targets")) if pred.data == "pt"
                          else self.grants(pred, Function("targets")))
            return facts
        self.pt_only = pt_only(tree)
        self.after_layer_six = after_layer_six(tree)        # --- combat rules ---
        for cond in _trees(tree, "prefix") + _trees(tree, "suffix"):
            term = self.condition(cond.children[0])
            if term is not None:
                facts.append(Function("static_when", [self.ab, term]))
        if kind == "not_creature":
            if not all(f.arguments[1].name == "devotion_below" for f in facts) or not facts:
                raise Unmodelled("a type change with a condition other than devotion: not in the vocabulary")
            return facts + [Function("loses_type", [self.ab, Function("self"), String("Creature")])]
        if _trees(tree, "that_one"):       # conditions and alternatives (statics_conds.py)
            self.that_one = statics_conds.that_one_scope(self, tree)
        subject = _trees(tree, "self") + _trees(tree, "enchanted") + _trees(tree, "equipped") + \
            _trees(tree, "fortified") + _trees(tree, "group") + _combat_subjects(tree) + \
            _trees(tree, "that_one") + _trees(tree, "sharing_equipped")      # conds, counts
        scope = union_scope([self.scope(s) for s in subject])
        tree, scope, facts = statics_conds.per_object(tree, scope, facts)   # conditions and alternatives
        _check_combat_pronouns(tree, scope, facts)
        # "As long as enchanted creature is red, it gets ...": "it" is what the source is
        # attached to.
        about = [c.children[0].data for c in _trees(tree, "prefix")]
        if subject[0].data == "self" and not _toks(subject[0]) and about:
            if about[0] in ("enchanted_is", "equipped_is"):
                scope = Function(about[0].split("_")[0])
            elif about[0] in statics_conds.ABOUT_ENCHANTED:     # conditions and alternatives
                scope = Function("enchanted")
        for pred in _trees(_trees(tree, "predicates")[0]):
            if pred.data == "pt":
                facts += self.pt(pred, scope)
            elif pred.data in ("combat_rider", "combat_limit"):      # --- combat rules ---
                facts += combat_rule_facts(self.ab, scope, str(_toks(pred)[0]))
            elif pred.data in LOSES:                                  # --- combat rules ---
                if any(f.name == "static_when" for f in facts):
                    raise Unmodelled("abilities removed under a condition: judged below the grants "
                                     "of layer 6, not in the vocabulary")
                facts.append(loses_facts(self.ab, scope, pred))
            elif pred.data == "add_color_type":                       # --- combat rules ---
                colour = COLORS[str([t for t in _toks(pred) if t.type == "COLOR_ADJ"][0]).lower()]
                facts += [self.add_type(pred, scope, facts),
                          Function("color_effect", [self.ab, scope, Function("add", [Function(colour)])])]
            elif pred.data == "add_legendary":                        # --- combat rules ---
                facts.append(self.add_supertype(scope, facts, "Legendary"))
            elif pred.data in UNREAD_PREDICATES:
                raise Unmodelled(UNREAD_PREDICATES[pred.data])
            elif pred.data == "all_creature_types":
                facts.append(all_creature_types(scope, facts, self.ab))
            elif pred.data == "set_color":
                facts.append(Function("color_effect", [self.ab, scope, Function("set", [
                    Function(COLORS[str(_toks(pred)[0]).lower()])])]))
            elif pred.data == "base_pt":
                if any(f.name == "static_when" for f in facts):
                    raise Unmodelled("base power and toughness under a condition: not in the vocabulary")
                p, t = str(_toks(pred)[-1]).split("/")
                facts.append(Function("sets_base_pt", [self.ab, scope, Number(int(p)), Number(int(t))]))
            elif pred.data == "add_type":
                facts.append(self.add_type(pred, scope, facts))
            else:
                facts += self.grants(pred, scope)
        return statics_counts.merged(facts, Unmodelled)      # counts

    def read_pair(self, tree: Tree) -> list[Symbol]:
        """"~ gets +2/+2 and creatures you control have vigilance": two effects of one ability,
        under the same conditions (combat and status section)."""
        conds = _trees(tree, "prefix") + _trees(tree, "suffix")
        subjects = [c for c in tree.children if isinstance(c, Tree) and c.data in SUBJECT_KINDS]
        facts: list[Symbol] = []
        for subject, preds in zip(subjects, _trees(tree, "predicates")):
            for f in self.read(Tree("effects", conds + [subject, preds])):
                if f not in facts:
                    facts.append(f)
        return facts

    def read_you_and(self, tree: Tree) -> list[Symbol]:
        """"You and Humans you control have hexproof": the controller has the keyword (a
        player's ability, 702.11b, 702.18b) and each subject's permanents have it."""
        preds = _trees(tree, "predicates")[0]
        words = [str(t) for t in preds.scan_values(lambda v: isinstance(v, Token))]
        grants = [p for p in _trees(preds) if p.data == "grants"]
        if len(grants) != len(_trees(preds)) or not all(
                g.data == "keyword" and str(_toks(g)[0]).lower() in ("hexproof", "shroud")
                for p in grants for g in _trees(_trees(p, "grants")[0])):
            raise Unmodelled(f"a player with an ability besides hexproof or shroud: {' '.join(words)!r}")
        facts = [Function("player_grant", [self.ab, Function("you"), String(keyword_text(str(_toks(g)[0])))])
                 for p in grants for g in _trees(_trees(p, "grants")[0])]
        for subject in (c for c in tree.children if isinstance(c, Tree) and c.data in SUBJECT_KINDS):
            facts += [f for f in self.read(Tree("effects", [subject, preds])) if f not in facts]
        return facts

    # --- whom ---
    def scope(self, subject: Tree) -> Symbol:
        kind = subject.data
        if kind == "that_one":             # conditions and alternatives (statics_conds.py)
            return self.that_one
        if kind in ("self", "enchanted", "equipped", "fortified") + COMBAT_SUBJECTS:
            return Function(kind)
        if kind == "sharing_equipped":       # counts: "creatures that share a color with equipped creature"
            shared = " ".join(str(_toks(subject)[-1]).lower().split())
            return Function("sharing_equipped", [Function("color" if shared == "color" else "creature_type")])
        toks = [str(t).lower() for t in _toks(subject)]
        group = _trees(subject, "group")[0]
        return self.group_scope(group, other="other" in toks)

    def group_scope(self, group: Tree, other: bool) -> Symbol:
        filt = list_filter(_trees(group, "word_list")[0])
        for w in _trees(group, "with_any_counter"):
            filt = both([filt, Function("with_any_counter")])
        for w in _trees(group, "that_are"):
            filt = both([filt, Function(str(_toks(w)[-1]).lower())])
        for w in _trees(group, "that_are_either"):      # conditions and alternatives
            a, b = (Function(str(t).lower()) for t in _toks(w))
            filt = both([filt, Function("either", [a, b])])
        for w in _trees(group, "with_counter"):
            filt = both([filt, Function("with_counter", [String(str(_toks(w)[-1]))])])
        filt = thats_one_of(group, filt)
        filt = named_filter(group, filt, self.face)
        if (_trees(group, "without_keyword") or _trees(group, "with_keyword") and not GRANTS_BY_ABILITY) \
                and not (self.pt_only or self.after_layer_six):
            raise Unmodelled("a set of permanents that have an ability (\"creatures with flying\"): "
                             "what has it depends on layer 6 (rule 613.8), not in the vocabulary")
        whose = [t.data for t in _trees(group) if t.data in ("yours", "opponents") + COMBAT_WHOSE + PLAYER_WHOSE]
        if whose[:1] == ["attacking_enchanted"] and "attacking" not in str(filt):   # --- combat rules ---
            raise Unmodelled("\"... enchanted player\" without \"attacking\": not in the vocabulary")
        scope = Function(whose[0] if whose else "each", [filt])
        scope = with_ability_scope(group, scope)
        if _trees(group, "with_no_abilities"):              # --- combat rules ---
            if not self.pt_only:
                raise Unmodelled("a set of permanents with no abilities beside more than a power/"
                                 "toughness change: what has them depends on layer 6 (613.8)")
            scope = Function("without_abilities", [scope])
        for c in _trees(group):
            if c.data in ("chosen_color", "chosen_type", "chosen_quality") + CHOSEN_NAME:
                scope = Function(c.data, [scope])
        if other:
            scope = Function("others", [scope])
        return scope

    # --- what ---
    def pt(self, pred: Tree, scope: Symbol) -> list[Symbol]:
        dp, dt = str(_toks(pred)[0]).split("/")
        per = _trees(pred)
        if not per:
            if "X" in dp + dt:
                raise Unmodelled("+X/+X without saying what X is")
            return [Function("pt_modify", [self.ab, scope, Number(int(dp)), Number(int(dt))])]
        step = per[0]
        if step.data in statics_counts.PER:      # counts: on each object it applies to
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
            count = self.count(_trees(step, "count")[0])
            if count.name == "life":       # zones and players: a negative X is 0 (rule 107.1b)
                count = Function("at_least_zero", [count])
        return [Function("pt_modify_per", [self.ab, scope, Number(amount[0]), Number(amount[1]),
                                           count])]

    def grants(self, pred: Tree, scope: Symbol) -> list[Symbol]:
        facts: list[Symbol] = []
        mana = 0
        for grant in _trees(_trees(pred, "grants")[0]):
            if grant.data == "keyword":
                text = keyword_text(str(_toks(grant)[0]))
                facts.append(self.granted(scope, text))
            elif grant.data == "ward":
                facts.append(self.granted(scope, f"Ward {_toks(grant)[0]}"))
            elif grant.data == "protection":
                qualities = [str(t).lower() for t in _toks(grant)]
                for q in qualities:
                    if q not in COLORS and q != "multicolored":
                        raise Unmodelled(f"protection from {q}: only colours are in the vocabulary")
                text = "Protection from " + " and from ".join(qualities)
                facts.append(self.granted(scope, text))
                facts += [Function("protection_from", [self.grant, Function("color", [Function(COLORS[q])])
                                                        if q in COLORS else Function("multicolored")])
                          for q in qualities]
            else:
                text = str(_toks(grant)[0])[1:-1]
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
                    facts += [_regrant(f, self.ab, self.grant) for f in compiled]
                facts.append(self.granted(scope, text))
        return facts

    # --- ability grants: more than one granted activated ability in one ability ---
    def grant_part(self, compiled: list[Symbol], text: str, facts: list[Symbol]) -> list[Symbol]:
        """The J-th (J >= 2) activated ability one ability grants ('Equipped creature has "{T}:
        ..." and "{T}: ..."'): its own term grant(Face,I,J), its costs keyed on it, and
        ability_grant_part(Ab,J,Text): what has grant(Face,I) has it too (613.1f)."""
        j = 2 + sum(1 for f in facts if f.name == "ability_grant_part")
        part = Function("grant", [*self.grant.arguments, Number(j)])
        return [_regrant(f, self.ab, part) for f in compiled] + \
            [Function("ability_grant_part", [self.ab, Number(j), String(text)])]

    def add_type(self, pred: Tree, scope: Symbol, facts: list[Symbol]) -> Symbol:
        """"is a Giant in addition to its other types": a layer-4 addition (rule 613.1d)."""
        # Layer 4 judges its scope on layer-1 values (rule 613.6: scopes.lp's in_scope_l1).
        layer1 = scope.name in ("enchanted", "self") + LAYER1_ATTACHED or (
            scope.name in ("each", "yours") + LAYER1_SETS and _layer1_filter(scope.arguments[0]))
        if not layer1 or any(f.name == "static_when" for f in facts):
            raise Unmodelled("a type added to a set scopes.lp can't judge on layer-1 values, or under a condition: not in the vocabulary")
        word = str(_toks(pred)[-1])
        if word.lower() in CARD_TYPES:
            return Function("land_type_effect", [self.ab, scope, Function("add_type", [String(CARD_TYPES[word.lower()])])])
        sub = subtype_name(word) if word[:1].isupper() else None
        if sub is None or sub not in creature_types():
            raise Unmodelled(f"type {word!r} added: not in the vocabulary")
        return Function("land_type_effect", [self.ab, scope, Function("add", [String(sub)])])

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
        # --- counts: devotion, highest and total values, counters among permanents ---
        if tree.children[0].data in statics_counts.COUNTS:
            return self.counts().count(tree.children[0])
        # --- zones and players: "your life total", "1 plus the number of ..." ---
        if tree.children[0].data in statics_zones.AMOUNTS:
            return self.zones().amount(tree.children[0])
        return self.counted(tree.children[0])

    def zones(self) -> statics_zones.ZoneReader:
        return statics_zones.ZoneReader(number, words_filter, self.count, self.counted, self.condition,
                                        Unmodelled)

    def counts(self) -> statics_counts.CountReader:
        return statics_counts.CountReader(
            words_filter, lambda cards, place: self.zones().zone_cards(cards, place, None), Unmodelled,
            lambda cards: self.zones().card_filter(cards))

    def counted(self, tree: Tree) -> Symbol:
        kind = tree.data
        if kind in statics_counts.COUNTED:  # counts
            return self.counts().counted(tree, list_filter)
        if kind in ("permanents_with", "battlefield_with"):
            return counted_with(tree, self.face)
        if kind == "counted" and tree.children[0].data in NAMED_CARDS:
            return named_cards(tree.children[0], self.face)
        if kind == "counted":              # zones and players: cards in graveyards and hands
            return self.zones().counted(tree.children[0])
        if kind in PLAYER_COUNTERS:        # ability grants: "experience counters you have"
            return Function("player_counters", [String(str(_toks(tree)[0]))])
        if kind == "counters":
            return Function("counters", [String(str(_toks(tree)[0]))])
        if kind == "attached":
            return Function("attached", [list_filter(_trees(tree, "word_list")[0])])
        words = [str(t) for t in _toks(_trees(tree, "words")[0])]
        other = any(str(t).lower() == "other" for t in _toks(tree))
        if kind == "permanents" and [w.lower() for w in words[:4]] in DOMAIN:    # --- combat rules ---
            # Domain: "basic land types among lands you control" (rule 305.6, 207.2c)
            inner = Tree("permanents", [Tree("words", t.children[4:]) if isinstance(t, Tree) and t.data == "words"
                                        else t for t in tree.children])
            return Function("basic_land_types", [self.counted(inner).arguments[0]])
        singular = [re.sub(r"s$", "", w) if w.lower().rstrip("s") in CARD_TYPES else w for w in words]
        filt = words_filter(singular)
        if kind == "battlefield":
            scope = Function("each", [filt])
        else:
            whose = _trees(tree)[-1].data
            scope = Function(whose, [filt])
        return Function("permanents", [Function("others", [scope]) if other else scope])

    # --- conditions ---
    def condition(self, tree: Tree) -> Symbol:
        kind = tree.data
        if kind in statics_zones.CONDITIONS:       # zones and players
            return self.zones().condition(tree)
        if kind in statics_conds.CONDITIONS:       # conditions and alternatives
            return statics_conds.condition(self, tree)
        if kind in statics_counts.CONDITIONS:      # counts
            return self.counts().condition(tree, number)
        toks = _toks(tree)
        if kind in COMBAT_CONDITIONS:
            return combat_condition(tree, self.pt_only)
        words = lambda: words_filter([str(t) for t in _toks(_trees(tree, "words")[0])])  # noqa: E731
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


LAYER1_FILTERS = {"permanent", "land", "nonland", "creature", "basic_land", "nonbasic_land",
                  "subtype", "type"}


def _layer1_filter(term: Symbol) -> bool:
    return term.name in LAYER1_FILTERS


def keyword_text(word: str) -> str:
    """A keyword as an ability's text: "Flying", "First strike" (capitalised as in Oracle text)."""
    word = " ".join(word.split()).lower()
    return word[0].upper() + word[1:]


def _regrant(sym: Symbol, ab: Symbol, grant: Symbol) -> Symbol:
    """A compiled fact about ab(Face,I) restated about grant(Face,I)."""
    if sym == ab:
        return grant
    if sym.type.name == "Function" and sym.arguments:
        return Function(sym.name, [_regrant(a, ab, grant) for a in sym.arguments], sym.positive)
    return sym


# --- combat and status ---
# Conditions, filters and scopes on combat (rules 506-509), soulbond pairs (702.95), monstrous
# (701.37b), renowned (702.112b), modified (700.9), the city's blessing (702.131c) and completed
# dungeons (309.7): the scenario states them (contract.COMBAT_STATUS_KEYS), asp/rules/
# combat_status.lp reads them.
COMBAT_STATUS_FILTERS = {"attacking": "attacking", "blocking": "blocking", "blocked": "blocked",
                         "unblocked": "unblocked", "modified": "modified", "paired": "paired",
                         "commander": "commander", "commanders": "commander",
                         "nonbasic": "nonbasic"}
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
                   "unless_in_combat": "not_in_combat"}
COMBAT_CONDITIONS = set(SELF_CONDITIONS) | {
    "blocked_by_at_least", "any_player_controls", "its_a_creature", "no_yours", "no_opponents",
    "attached_at_least", "host_attached_at_least", "control_at_least_other", "counters_exactly",
    "there_counters_at_least", "no_counters", "any_has_counter", "its_attached", "its_quality"}
# --- combat rules: an ability of P/T changes and combat rules only, which read the abilities
# after layer 6 ("each creature you control with defender assigns combat damage equal to its
# toughness": no dependency, rule 613.8) ---
def after_layer_six(tree: Tree) -> bool:
    preds = _trees(tree, "predicates")
    return bool(preds) and all(p.data in ("pt", "combat_rider", "combat_limit") for p in _trees(preds[0]))


# --- combat rules: the player a Curse enchants ([[permanent]] enchanting_player) ---
PLAYER_WHOSE = ("enchanted_players", "attacking_enchanted")


# --- combat rules: domain, "for each basic land type among lands you control" ---
DOMAIN = (["basic", "land", "type", "among"], ["basic", "land", "types", "among"])
# Predicates the grammar reads only to say why they stay unmodelled.
UNREAD_PREDICATES = {
}


def pt_only(tree: Tree) -> bool:
    """The ability changes power/toughness and nothing else (layer 7 only)."""
    preds = _trees(tree, "predicates")
    return bool(preds) and all(p.data == "pt" for p in _trees(preds[0]))


def with_ability_scope(group: Tree, scope: Symbol) -> Symbol:
    """"Creatures with flying get -2/-0": a P/T change (layer 7) on the permanents of the scope
    that have the keyword after layer 6 (rule 613.8 orders them: layer 6 first); "creatures
    without flying", those that haven't it."""
    if scope.name == "attacking_you" and "attacking" not in str(scope):
        raise Unmodelled("\"... you\" without \"attacking\": not in the vocabulary")
    for w in _trees(group, "with_keyword") + _trees(group, "without_keyword"):
        kind = "with_ability" if w.data == "with_keyword" else "without_ability"
        scope = Function(kind, [String(keyword_text(str(_toks(w)[0]))), scope])
    return scope


def all_creature_types(scope: Symbol, facts: list[Symbol], ab: Symbol) -> Symbol:
    """"Equipped creature ... is every creature type": a layer-4 addition (rule 613.1d) on what
    layer 1 shows of its scope."""
    if scope.name not in ("self", "enchanted") + LAYER1_ATTACHED or \
            any(f.name == "static_when" for f in facts):
        raise Unmodelled("every creature type added to a set or under a condition: not in the vocabulary")
    return Function("land_type_effect", [ab, scope, Function("add_all_creature_types")])


def _combat_subjects(tree: Tree) -> list[Tree]:
    return [t for kind in COMBAT_SUBJECTS for t in _trees(tree, kind)]


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
        words = [str(t) for t in _toks(_trees(tree, "words")[0])]
        return Function("none", [Function(kind[3:], [words_filter(words)])])
    if kind == "control_at_least_other":
        toks = _toks(tree)
        scope = Function("yours", [words_filter([str(t) for t in _toks(_trees(tree, "words")[0])])])
        if any(str(t).lower() == "other" for t in toks):
            scope = Function("others", [scope])
        return Function("at_least", [Number(number(str(toks[0]))), scope])
    if kind in ("counters_exactly", "there_counters_at_least"):
        toks = [t for t in _toks(tree) if t.type in ("NUMBER", "KIND")]
        name = "counters_exactly" if kind == "counters_exactly" else "counters_at_least"
        return Function(name, [String(str(toks[-1])), Number(number(str(toks[0])))])
    if kind == "no_counters":
        return Function("no_counters", [String(str([t for t in _toks(tree) if t.type == "KIND"][0]))])
    if kind == "any_has_counter":
        words = [str(t) for t in _toks(_trees(tree, "words")[0])]
        kind_tok = [t for t in _toks(tree) if t.type == "KIND"][0]
        return Function("at_least", [Number(1), Function("each", [both([
            words_filter(words), Function("with_counter", [String(str(kind_tok))])])])])
    if kind == "its_attached":
        noun = "Equipment" if str(_toks(tree)[-1]).lower() == "equipped" else "Aura"
        return Function("its_attached", [Function("subtype", [String(noun)])])
    if kind == "its_quality":
        return Function("its", [words_filter([str(t) for t in _toks(tree) if t.type != "ARTICLE"])])
    if kind in ("attached_at_least", "host_attached_at_least"):
        words = [str(t) for t in _toks(_trees(tree, "words")[0])]
        return Function(kind, [Number(number(str(_toks(tree)[0]))), words_filter(words)])
    if kind in SELF_CONDITIONS:
        return Function(SELF_CONDITIONS[kind])
    if kind == "blocked_by_at_least":
        return Function("blocked_by_at_least", [Number(number(str(_toks(tree)[0])))])
    words = [str(t) for t in _toks(_trees(tree, "words")[0])]
    return Function("at_least", [Number(1), Function("each", [words_filter(words)])])


def _check_combat_pronouns(tree: Tree, scope: Symbol, facts: list[Symbol]) -> None:
    """"Each untapped creature you control gets +0/+2 as long as it's not attacking": "it" is
    each of them, not the source, a condition per object the vocabulary lacks.  "Two or more
    Equipment are attached to it": the source itself when the subject is, what the source is
    attached to when that is the subject (Brass Knuckles)."""
    for cond in _trees(tree, "prefix") + _trees(tree, "suffix"):
        inner = cond.children[0]
        if inner.data in SELF_CONDITIONS and not _toks(inner) and scope.name != "self":
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


def thats_one_of(group: Tree, filt: Symbol) -> Symbol:
    """"Each creature you control that's a Wolf or a Werewolf": the group's filter and any of
    the subtypes named."""
    for w in _trees(group, "thats_one_of"):
        names = [str(t) for t in _toks(w) if t.type == "SUBTYPE_WORD"]
        either = words_filter([names[-1]])
        for name in reversed(names[:-1]):
            either = Function("either", [words_filter([name]), either])
        filt = both([filt, either])
    return filt


def counted_with(tree: Tree, face: str) -> Symbol:
    """"for each other creature you control with flying / with a +1/+1 counter on it", "each
    other creature with flying on the battlefield": the count of a layer-7 amount, judged after
    layer 6 (rule 613.8)."""
    words = [str(t) for t in _toks(_trees(tree, "words")[0])]
    singular = [re.sub(r"s$", "", w) if w.lower().rstrip("s") in CARD_TYPES else w for w in words]
    filt = words_filter(singular)
    for w in _trees(tree, "with_counter"):
        filt = both([filt, Function("with_counter", [String(str(_toks(w)[-1]))])])
    for w in _trees(tree, "with_any_counter"):
        filt = both([filt, Function("with_any_counter")])
    filt = named_filter(tree, filt, face)
    whose = [t.data for t in _trees(tree) if t.data in ("yours", "opponents")]
    scope = Function(whose[0] if whose else "each", [filt])
    for w in _trees(tree, "with_keyword") + _trees(tree, "without_keyword"):
        kind = "with_ability" if w.data == "with_keyword" else "without_ability"
        scope = Function(kind, [String(keyword_text(str(_toks(w)[0]))), scope])
    if _trees(tree, "that_are") or _trees(tree, "thats_one_of"):
        raise Unmodelled("a count of permanents \"that are ...\": not in the vocabulary")
    if any(str(t).lower() == "other" for t in _toks(tree)):
        scope = Function("others", [scope])
    return Function("permanents", [scope])


def named_filter(tree: Tree, filt: Symbol, face: str) -> Symbol:
    """"other creature named ~", "land you control named Wastes": the group's filter and the
    name (rule 201.2; "~" is the card's own name)."""
    for w in _trees(tree, "named"):
        tok = _toks(w)[0]
        name = face if tok.type == "SELF" else str(tok)
        filt = both([filt, Function("named", [String(name)])])
    return filt


SUBJECT_KINDS = ("self", "enchanted", "equipped", "fortified", "group") + COMBAT_SUBJECTS


def union_scope(scopes: list[Symbol]) -> Symbol:
    """"Skeletons you control and other Zombies you control get +1/+1": what is in either
    scope, once (a Zombie Skeleton gets +1/+1, not +2/+2)."""
    out = scopes[-1]
    for s in reversed(scopes[:-1]):
        out = Function("union", [s, out])
    return out


# --- ability grants: "as long as ~ is modified" (rule 700.9; asp/combat/combat_status.lp) ---
SELF_CONDITIONS["is_modified"] = "modified"
COMBAT_CONDITIONS.add("is_modified")


# --- ability grants: a type added to the permanents your opponents control (Dismiss into Dream) ---
# scopes.lp's block of the same name judges opponents(F) on layer-1 values (rule 613.6).
LAYER1_SETS = ("opponents",)


# --- ability grants: "creatures you control with the chosen name" (rule 702.106) ---
# The scope chosen_name(S): S of the name the source's hidden agenda chose (statics.lp).
CHOSEN_NAME = ("chosen_name",)


# --- ability grants: "creatures you control with flying have ..." (rule 613.8) ---
# A grant to the permanents with a keyword: layer 6 depends on itself, which layers_types_
# abilities.lp orders by dependency (613.8a) and refuses in a loop (613.8b).  "Without flying"
# stays unmodelled: what lacks an ability can't be settled before the grants it would stop.
GRANTS_BY_ABILITY = True


# --- ability grants: "as long as ~ is enchanted, equipped, and has a counter on it" (Kosei) ---
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


# --- ability grants: "the number of experience counters you have" (rule 122.1; Daxos) ---
# Counters a player has ([game] player_counters), counted for the source's controller.
PLAYER_COUNTERS = ("player_counters",)


# --- ability grants: "for each card named ~ in each graveyard" (Sound the Call's token) ---
NAMED_CARDS = ("named_cards",)


def named_cards(tree: Tree, face: str) -> Symbol:
    place = next(t for t in _trees(tree) if t.data in statics_zones.PLACES)
    zone, whose = statics_zones.PLACES[place.data]
    if zone != "graveyard" or whose is None:
        raise Unmodelled("cards of a name in a hand: the scenario gives each hand's size")
    return Function("cards", [Function(zone), Function(whose), Function("named", [String(face)])])
