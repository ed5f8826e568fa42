"""Copy effects (rule 707) -> the copy vocabulary of asp/layers/layer1_copy_face_down.lp.

compile_copy(card, face, index, source) reads one ability (normalised: reminder text gone, the
card's names as "~") with the grammar copies.lark and returns its facts and riders, or raises
NotCopy (no copy effect of these shapes) or Unmodelled (it parsed, but says something the
vocabulary lacks, with the reason).

Two shapes, keyed by the card, as the hand facts of asp/cards/copy.lp are:
- "You may have ~ enter the battlefield as a copy of <what>, except <exceptions>" (the Clone
  family; also "As ~ enters, you may have it become a copy of ..."): the permanent's own copy
  effect, which a scenario states with copy_of / copy_of_card on the permanent;
- "~ becomes a copy of target <what> [until end of turn], except ..." in a spell, an activated
  or a triggered ability: an effect only resolving makes (lasting_effect/2, makes_copy/1), which
  a scenario states as an [[effect]] with `targets` (what becomes a copy) and copy_of or
  copy_of_card (what it copies), with its own timestamp (rule 613.7).
What it may copy becomes copy_choice(Card,Where,Filter) and the sentence a scenario breaking it
is told, copy_refusal(Card,Text); the exceptions (707.9) become copy_keeps/2, copy_sets/3,
copy_adds/3, copy_removes/3, copy_grants/3 (quoted abilities and keywords), copy_keeps_ability/2
("it has this ability") and copy_enters_with/4 (counters it enters with, 707.9e).
Sentences beside the copy sentence that say how the object is found (exile it, mill, reveal)
are riders: the scenario states what was copied.
"""
from __future__ import annotations

import re
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from pybridge.oracle.grammars import earley

COPY_TEXT = re.compile(r"\ba copy of\b", re.I)
# What leads the copy sentence: a cost ("{2}: ", "[0]: "), a trigger ("At the beginning of
# your upkeep, "), a duration or a condition; cut off before parsing.
LEAD = re.compile(r"^(?P<cost>[^\"]*?: )?(?P<trigger>(At|When|Whenever|As) [^,]*, )?(If you do, )?"
                  r"(?P<duration>[Uu]ntil (end of turn|your next turn), )?"
                  r"(?P<condition>If you attacked this turn, )?")
ENTERING_LEAD = re.compile(r"^As ~ enters the battlefield, ", re.I)
CARD_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "creature": "Creature",
              "land": "Land", "planeswalker": "Planeswalker"}
SUPERTYPES = {"legendary": "Legendary", "snow": "Snow"}
NUMBERS = {"a": 1, "an": 1, "two": 2, "three": 3}
# Sentences of the ability that find the object the copy effect copies, or say when it ends:
# the scenario states the result.
FINDING = re.compile(r"^(Exile|Search|Return|Then|Each player mills|You may exile|Target opponent "
                     r"reveals|Its controller|Put|Prevent all damage)\b|^(That|The) player\b", re.I)
UNSTATED = {"token": "tokens (the scenario states cards only)", "spell": "a copy of a spell"}
# Restrictions on what it may copy that the scenario format can't state: the copy is modelled,
# the restriction is a rider the check of copy_choice/3 leaves out.
UNCHECKED = {"attacking": "whether the copied creature is attacking",
             "crewed": "which creatures crewed it"}


class NotCopy(Exception):
    """Not a copy effect of the shapes this module reads."""


class Unmodelled(Exception):
    """A copy effect, parsed, saying something the vocabulary lacks."""


@lru_cache(maxsize=1)
def parser() -> Lark:
    return earley("copies.lark", "copy_sentence")


def looks_like_copy(source: str) -> bool:
    """A copy effect of the ability itself, not one inside a quoted ability it grants."""
    return bool(COPY_TEXT.search(re.sub(r'"[^"]*"', '""', source)))


def _sentences(text: str) -> list[str]:
    """The sentences of an ability, a quoted ability kept whole."""
    out, current, quoted = [], "", False
    for ch in text:
        current += ch
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted:
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    return out


def compile_copy(card: str, face: str, index: int, source: str) -> tuple[list[Symbol], list[str]]:
    if not looks_like_copy(source):
        raise NotCopy
    sentences = [re.sub(r"^• ", "", s) for s in _sentences(source)]
    at = next(i for i, s in enumerate(sentences) if COPY_TEXT.search(s))
    sentence = sentences[at]
    lead = LEAD.match(sentence)
    body = sentence[lead.end():]
    said = re.sub(r'"[^"]*"', '""', body)
    for word, why in UNSTATED.items():
        if re.search(rf"\b{word}s?\b", said, re.I) and not re.search(r"the token has", said):
            raise Unmodelled(f"a copy effect on {why}: not in the scenario format")
    body = body[0].lower() + body[1:] if body else body
    riders = []
    finding = re.match(r"^(.*?) and (?=~ becomes a copy)", body)
    if finding and not finding.group(1).startswith(("you may", "~")):
        riders.append(finding.group(1))            # "the player puts the card into their graveyard"
        body = body[finding.end():]
    try:
        tree = parser().parse(body)
    except LarkError as err:
        raise Unmodelled(f"copy effect of a shape the grammar doesn't read: {_near(err, body)}") from None
    for word, why in UNCHECKED.items():
        if re.search(rf"\b{word}\b", said, re.I):
            riders.append(f"not checked: {why} (the scenario format doesn't state it)")
    chosen = None
    lost = False             # "that creature" of a trigger that exiled it or saw it die
    for number, other in enumerate(sentences):
        if number == at:
            continue
        m = re.match(r"^Choose ((an?|target) .+?)( on the battlefield)?\.$", other)
        plain = other[LEAD.match(other).end():] if number < at else other
        if m and number == at - 1 and "card" not in m.group(1):
            chosen = [w for w in m.group(1).split() if w.lower() != "target"]
        elif (FINDING.match(plain) or other.startswith("When you do") or number < at and (
                LEAD.match(other).end() > 0 or plain.startswith(("Choose a", "You may")))):
            riders.append(other)
            lost = lost or bool(re.search(r"\b(dies|exile)\b", other, re.I))
        else:
            raise Unmodelled(f"a sentence beside the copy effect the vocabulary lacks: {other!r}")
    lost = lost or bool(re.search(r"\bdies\b", lead.group(0) or "", re.I))
    key = String(card)
    ab = Function("ab", [String(face), Number(index)])
    facts: list[Symbol] = []
    entering = tree.data == "enters" or bool(ENTERING_LEAD.match(sentence))
    if tree.data == "enters" and not isinstance(next(tree.find_data("self"), None), Tree):
        raise Unmodelled("other permanents entering as a copy")
    if not entering:
        facts += [Function("lasting_effect", [key, ab]), Function("makes_copy", [ab])]
    else:
        facts.append(Function("enters_as_copy_effect", [key]))
    if tree.data == "enters" and any(True for _ in tree.scan_values(
            lambda v: isinstance(v, Token) and v.type == "TAPPED")):
        riders.append("enters tapped: the scenario's tapped")
    choice = next(tree.find_data("any"), None) or next(tree.find_data("that"), None) or \
        next(tree.find_data("source"), None)
    found = any(re.search(r"\bcreature cards?\b", t, re.I) for t in riders + [lead.group(0)])
    where, filt, words = _choice(choice, chosen, lost, found)
    if where == "card" and choice.data == "that" and choice.children and \
            str(choice.children[0]).lower() == "card":
        facts.append(Function("copies_card", [key]))      # a card: its printed values
    if filt is not None:
        facts.append(Function("copy_choice", [key, Function(where), filt]))
        facts.append(Function("copy_refusal", [key, String(
            f"copy_of names what this copy effect can't copy: {card} copies {words} (rule 707.2)")]))
    for exc in tree.find_data("exceptions"):
        facts += _exceptions(exc, key, face, ab, riders)
    if lead.group("condition"):
        riders.insert(0, lead.group("condition").rstrip(", "))
    return facts, riders


def _near(err: LarkError, text: str) -> str:
    pos = getattr(err, "column", None) or getattr(err, "pos_in_stream", None)
    if isinstance(pos, int) and pos > 0:
        return f"at {text[pos - 1:pos + 29]!r}"
    return f"{text[:40]!r}"


def _words(tree: Tree) -> list[str]:
    return [str(t) for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _filter(words: list[str]) -> Symbol:
    from pybridge.oracle.statics.terms import Unmodelled as StaticUnmodelled
    from pybridge.oracle.statics.words import words_filter
    words = [w for w in words if w != "," and w.lower() not in UNCHECKED]
    nonlegendary = [w for w in words if w.lower() == "nonlegendary"]
    rest = [w for w in words if w.lower() != "nonlegendary"]
    if "or" in [w.lower() for w in rest]:
        # "artifact, creature, enchantment, or land": any of them
        parts = [w for w in rest if w.lower() != "or"]
        try:
            if len(parts) > 2:
                filters = [words_filter([w]) for w in parts]
                out = filters[-1]
                for f in reversed(filters[:-1]):
                    out = Function("either", [f, out])
            else:
                out = words_filter(rest)
        except StaticUnmodelled as err:
            raise Unmodelled(str(err)) from None
    else:
        try:
            out = words_filter(rest)
        except StaticUnmodelled as err:
            raise Unmodelled(str(err)) from None
    if nonlegendary:
        out = Function("both", [Function("non", [Function("supertype", [String("Legendary")])]), out])
    return out


def _choice(choice: Tree | None, chosen: list[str] | None,
            lost: bool = False, found_creature_card: bool = True) -> tuple[str, Symbol | None, str]:
    """(Where, Filter, the words) of what the copy effect copies."""
    if choice is None:
        raise Unmodelled("a copy effect without what it copies")
    if choice.data == "source":
        return "battlefield", None, ""       # "becomes a copy of ~": the scenario names it
    if choice.data == "that":
        noun = str(choice.children[0]).lower() if choice.children else "it"
        if chosen is not None:
            where = "battlefield"
            if chosen[-2:] == ["you", "control"]:
                where, chosen = "yours", chosen[:-2]
            return where, _filter(chosen), " ".join(chosen) + \
                (" you control" if where == "yours" else " on the battlefield")
        if noun == "card":
            if found_creature_card:
                return "card", Function("creature"), "that card (a creature card)"
            return "card", Function("permanent"), "that card (a permanent card)"
        if lost:
            # it left the battlefield: its last known values, of its card (rule 608.2h)
            return "card", _filter([noun]), f"that {noun} (its card)"
        return "battlefield", _filter([noun]), f"that {noun}"
    fwords = next(choice.find_data("fwords"))
    words = _words(fwords)
    place = next((c for c in choice.children if isinstance(c, Tree) and
                  c.data in ("battlefield", "yours", "opponents", "graveyard")), None)
    qualifier = next((c for c in choice.children if isinstance(c, Tree) and
                      c.data in ("with_any_counter", "any_mana_value", "of_chosen_type",
                                 "crewed")), None)
    where = place.data if place is not None else "battlefield"
    if words and words[-1].lower() == "card":
        words = words[:-1]
        where = "graveyard" if where == "graveyard" else "card"
    elif where == "graveyard":
        raise Unmodelled("a permanent in a graveyard")
    filt = _filter(words)
    if qualifier is not None and qualifier.data == "with_any_counter":
        filt = Function("both", [filt, Function("with_any_counter")])
    if qualifier is not None and qualifier.data == "of_chosen_type":
        if where != "yours":
            raise Unmodelled("'of the chosen type' beside a permanent you don't control")
        where = "yours_of_chosen_type"
    phrase = {"battlefield": "on the battlefield", "yours": "you control",
              "yours_of_chosen_type": "you control of its chosen type",
              "opponents": "an opponent controls", "graveyard": "in a graveyard",
              "card": ""}[where]
    text = " ".join(words).replace(" ,", ",")
    noun = "card " if where in ("graveyard", "card") else ""
    article = "an" if text[:1].lower() in "aeiou" else "a"
    return where, filt, f"{article} {text} {noun}{phrase}".strip()


def _exceptions(tree: Tree, key: Symbol, face: str, ab: Symbol, riders: list[str],
                if_type: str | None = None, grant: int = 0) -> list[Symbol]:
    """The exceptions' facts; if_type: "if it's a creature, ..." (the grants apply only to a
    copy of that type: copy_grant_if/3, the counters copy_enters_with/4 say so themselves)."""
    facts: list[Symbol] = []
    for exc in tree.children:
        if not isinstance(exc, Tree):
            continue
        kind = exc.data
        if kind == "if_type":
            noun = next(str(t) for t in _words(exc) if t.lower() in ("creature", "planeswalker"))
            facts += _exceptions(Tree("exceptions", exc.children), key, face, ab, riders,
                                 noun.capitalize(), grant + 10)
            continue
        if kind == "adds":
            for word in _words(exc):
                low = word.lower()
                if low in ("and", "a", "an", "it", "'s", "its", "is"):
                    continue
                if low in CARD_TYPES:
                    facts.append(Function("copy_adds", [key, Function("type"), String(CARD_TYPES[low])]))
                elif low in SUPERTYPES:
                    facts.append(Function("copy_adds", [key, Function("supertype"), String(SUPERTYPES[low])]))
                else:
                    from pybridge.oracle.statics.words import subtype_name
                    sub = subtype_name(word)
                    if sub is None or sub != word:
                        raise Unmodelled(f"'{word}' in addition to its other types: no subtype")
                    facts.append(Function("copy_adds", [key, Function("subtype"), String(sub)]))
        elif kind == "sets_pt":
            power, toughness = next(t for t in _words(exc) if "/" in t).split("/")
            facts += [Function("copy_sets", [key, Function("power"), Number(int(power))]),
                      Function("copy_sets", [key, Function("toughness"), Number(int(toughness))])]
        elif kind == "sets_name":
            facts.append(Function("copy_sets", [key, Function("name"), String(face)]))
        elif kind == "grants":
            for g in exc.find_data("quoted"):
                grant += 1
                facts.append(Function("copy_grants", [key, Number(grant), String(str(g.children[0])[1:-1])]))
            for g in exc.find_data("keyword"):
                grant += 1
                word = str(g.children[0]).lower()
                facts.append(Function("copy_grants", [key, Number(grant), String(word[0].upper() + word[1:])]))
            if if_type is not None:
                facts += [Function("copy_grant_if", [key, f.arguments[1], String(if_type)])
                          for f in list(facts) if f.name == "copy_grants"]
                if any(True for _ in exc.find_data("this_ability")):
                    raise Unmodelled("'this ability' only if it's of a type: not in the vocabulary")
            if any(True for _ in exc.find_data("this_ability")):
                facts.append(Function("copy_keeps_ability", [key, ab]))
        elif kind == "keeps_color":
            facts.append(Function("copy_keeps", [key, Function("color")]))
        elif kind == "not_legendary":
            facts.append(Function("copy_removes", [key, Function("supertype"), String("Legendary")]))
        elif kind == "enters_with":
            words = _words(exc)
            noun = next((w for w in words if w.lower() in ("creature", "planeswalker")), if_type)
            counter = next(w for w in words if "/" in w or w.lower() in ("loyalty", "shield"))
            counter = counter if "/" in counter else counter.lower()
            if noun is None and "X" in [w.upper() for w in words]:
                facts.append(Function("copy_enters_with_x", [key, String(counter)]))
                continue
            if noun is None:
                raise Unmodelled("additional counters whatever it copies: not in the vocabulary")
            amount = next(w for w in words if w.lower() in NUMBERS or w.isdigit())
            counter = next(w for w in words if "/" in w or w.lower() in ("loyalty", "shield"))
            facts.append(Function("copy_enters_with", [key, String(noun.capitalize()), String(counter.lower() if "/" not in counter else counter),
                                                       Number(int(amount) if amount.isdigit() else NUMBERS[amount.lower()])]))
        elif kind == "enters_with_if_yours":
            words = _words(exc)
            amount = next(w for w in words if w.lower() in NUMBERS or w.isdigit())
            counter = next(w for w in words if "/" in w or w.lower() in ("loyalty", "shield"))
            facts.append(Function("copy_enters_with_if_yours", [key, String(counter.lower()), Number(
                int(amount) if amount.isdigit() else NUMBERS[amount.lower()])]))
        elif kind == "token_only":
            riders.append("an exception only a token has: every permanent a scenario states is a card")
        else:
            raise Unmodelled(f"copy exception {kind} is not in the vocabulary")
    return facts
