"""Abilities that are not static whose effect, once resolved, is a continuous effect on power and
toughness, keywords, abilities or types (rules 611.2, 611.2c, 613) -> the facts of a resolved
spell (grants.py's resolved grants: lasting_effect/2, pt_modify/4, ability_grant/3 on the scope
`targets` or `affected`, land_type_effect/3 for "becomes an artifact in addition to its other
types"), keyed by the card and ability number, so that a scenario [[effect]] naming the card and
`ability` states that the ability resolved.

compile_resolved(card, face, index, source, text, quoted) reads an activated, triggered or
loyalty ability or a Saga's chapter whose wording grants.py doesn't read as it stands, rewrites
the parts that make no lasting change into riders, and hands the rest to grants.py; it returns
(facts, riders, pattern), None when the ability is of none of these shapes, or raises
GrantUnmodelled.  What it puts aside, and why no fact is missing for it:
- a loyalty cost "[+1]:" (rule 606.4): the loyalty counters the scenario states;
- a cost that moves the card out of the hand ("{2}, Exile ~ from your hand:"): the ability works
  only there (rule 113.6m), so the permanent has no such activated ability to judge;
- durations other than "until end of turn" ("until end of combat", "until ~ is cast from
  exile"): an [[effect]] is an effect that still lasts (rule 611.2a);
- "You may cast ~ for as long as it remains exiled.": about the card in exile, no permanent;
- one-shot parts beside the grant ("Put a ghostform counter on up to one target nontoken
  creature", "Prevent all damage ...", "Destroy it at the beginning of the next end step"): the
  scenario states their results (counters as counters; rule 608.2);
- "For as long as that land has a blaze counter on it, it has ...": a duration worded "for as
  long as" (rule 611.2b) on the target's counters: lasting_while_counter/2, which
  asp/layers/tokens.lp checks against the target's counters;
- "Return target creature card ... to the battlefield. It gains ...", "put a counter on that
  creature. It gains ...": the grant is on the permanent the earlier words name (a new object,
  rule 400.7), the [[effect]]'s `affected` (affects_set(Ab,that_object));
- "target creature becomes an artifact in addition to its other types and gains ...", "~ becomes
  a Monk Avatar creature in addition to its other types and gains ...": layer-4 additions
  (land_type_effect/3 on the effect's scope, judged on layer-1 values); a granted "This
  creature's power and toughness are each equal to ..." is pt_cda/3 of the grant (604.3).
why_unmodelled(source) gives the reason for such an ability that none of the readers took.
"""
from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from pybridge.oracle.grants import CompileQuoted, GrantUnmodelled, compile_resolved_grant
from pybridge.oracle.statics.reader import NotStatic, compile_static
from pybridge.oracle.statics.terms import Unmodelled

LOYALTY = re.compile(r"^\[([+-]?(?:\d+|X))\]: ")
FROM_HAND = re.compile(r"^(?P<cost>[^:\"]*\b(?:Exile|Discard|Reveal) ~ from your hand[^:\"]*): ")
OTHER_DURATION = re.compile(r" (until end of combat|until ~ is cast from exile)(?=[.,]| and)")
CAST_FROM_EXILE = re.compile(r"(^|(?<=\. ))You may cast ~ for as long as it remains exiled\.")
# "Put a matrix counter on target creature and that creature gains ..."
AND_THAT = re.compile(r" and (that creature|it) (gains?) ")
FOR_AS_LONG = re.compile(r"\bFor as long as that (creature|land|permanent) has an? ([\w-]+) counter on "
                         r"it, it has ")
# "target creature becomes an artifact in addition to its other types and gains ..."
BECOMES_TYPE = re.compile(r"\b(?P<who>[Tt]arget creature) becomes (?P<what>an? \w+) in addition to its "
                          r"other types and (?P<verb>gains?) ")
# "{W}: Until end of turn, ~ becomes a Monk Avatar creature in addition to its other types and
# gains ...": layer-4 additions on the source itself (the [[effect]]'s `affected`)
SELF_BECOMES = re.compile(r"(?<![\w~])~ becomes an? (?P<subtypes>(?:[A-Z][\w'-]+ )*)(?P<type>creature|artifact) "
                          r"in addition to its other types and (?P<verb>gains?) ")
# A granted characteristic-defining ability ("This creature's power and toughness are each equal
# to the number of lore counters on it."): compiled as the holder's own (layer 7a, 604.3)
GRANTED_CDA = re.compile(r"^This creature's power and toughness are each equal to (?P<rest>.+)$")
TARGET_IN_COMBAT = re.compile(r"\b([Tt]arget) (attacking|blocking) (?P<rest>[A-Z]\w+|creature)"
                              r"(?: you control)?\b")
YOU_DONT_CONTROL = re.compile(r"\b([Cc]reatures) you don't control\b")
# "Return target creature card from your graveyard to the battlefield. It gains ...": "it" is the
# new permanent (rule 400.7), which the [[effect]] names as `affected`; "put a counter on that
# creature. It gains ...": the creature the words before name.
PUT_ONTO = re.compile(r"(?:^|(?<=\. )|(?<=, ))(?P<put>(?:[Yy]ou may )?(?:[Rr]eturn|[Pp]ut) [^.\"]*?\b(?:on)?to "
                      r"the battlefield\b[^.\"]*\.) It gains ")
THAT_ONE = re.compile(r"\bthat creature\. It gains ")


# What only a resolving spell or ability says (a static ability has none of these): a cost, a
# loyalty cost, a trigger, a chapter number, a duration, a target (rule 115.1).
RESOLVING = re.compile(r"^\[|^[^\"]*?:|^(When|Whenever|At)\b|^[IVX]+(, [IVX]+)* — |\buntil\b|"
                       r"^(Up to (one|two|three) )?[Tt]arget\b")


def compile_resolved(card: str, face: str, index: int, source: str, text: str,
                     quoted: CompileQuoted) -> tuple[list[Symbol], list[str], str] | None:
    body = re.sub(r"^• ", "", source)
    if not RESOLVING.search(body) and not PUT_ONTO.search(body):   # putting onto the battlefield
        return None                                                 # is a one-shot effect too
    riders: list[str] = []
    extra: list[Symbol] = []
    pattern = "resolved_grant"
    loyalty = LOYALTY.match(body)
    if loyalty:
        riders.append(f"[{loyalty[1]}]: a loyalty cost (rule 606.4)")
        body = body[loyalty.end():]
        pattern = "loyalty_grant"
    hand = FROM_HAND.match(body)
    if hand:
        riders.append(f"{hand['cost']}: activated from the hand only (rule 113.6m)")
        body = body[hand.end():]
        pattern = "hand_grant"
    for duration in OTHER_DURATION.finditer(body):
        riders.append(f"{duration[1]}: the [[effect]] is one that still lasts (rule 611.2a)")
    body = OTHER_DURATION.sub("", body)
    if CAST_FROM_EXILE.search(body):
        riders.append("You may cast ~ for as long as it remains exiled.")
        body = CAST_FROM_EXILE.sub("", body).strip()
    body = AND_THAT.sub(lambda m: ". " + m[1][0].upper() + m[1][1:] + " " + m[2] + " ", body)
    ab = Function("ab", [String(face), Number(index)])
    counter = FOR_AS_LONG.search(body)
    if counter:
        extra.append(Function("lasting_while_counter", [ab, String(counter[2])]))
        body = body[:counter.start()] + "That creature gains " + body[counter.end():]
    combat = TARGET_IN_COMBAT.search(body)
    if combat:
        riders.append(f"{combat[0]}: the [[effect]]'s targets (rule 115.1)")
        body = body[:combat.start()] + f"{combat[1]} creature" + body[combat.end():]
    body = YOU_DONT_CONTROL.sub(r"\1 your opponents control", body)   # every other player (102.3)
    referred = False
    put = PUT_ONTO.search(body)
    if put:
        riders.append(f"{put['put'].rstrip('.')}: the [[effect]]'s `affected` is the permanent it put there, a new "
                      "object (rule 400.7)")
        body = body[:put.start()] + "~ gains " + body[put.end():]
        referred = True
    elif THAT_ONE.search(body):
        body = THAT_ONE.sub("that creature. ~ gains ", body)
        referred = True
    itself = SELF_BECOMES.search(body)
    if itself:
        extra += _self_types(itself, ab)
        body = body[:itself.start()] + f"~ {itself['verb']} " + body[itself.end():]
    becomes = BECOMES_TYPE.search(body)
    if becomes:
        extra += _added_type(becomes, face, index, quoted)
        body = body[:becomes.start()] + f"{becomes['who']} {becomes['verb']} " + body[becomes.end():]
    if body == re.sub(r"^• ", "", source):
        return None                                     # nothing of these shapes
    found = compile_resolved_grant(card, face, index, body, text, quoted)
    if found is None:
        return None
    facts, more, inner = found
    if inner == "grant_trigger" and pattern == "resolved_grant":
        pattern = inner
    targets = Function("targets")
    scope = targets if any(f.name in ("ability_grant", "pt_modify") and f.arguments[1] == targets
                           for f in facts) else Function("affected")
    if counter and scope != targets:
        raise GrantUnmodelled("\"for as long as that creature has a counter\" of an effect on no target")
    extra = [_scoped(f, ab, scope) for f in extra] + _granted_cdas(facts, ab, face, index, quoted)
    if referred:               # the set is what the earlier words name, not the source itself
        facts = [Function("affects_set", [ab, Function("that_object")])
                 if f.name == "affects_set" and f.arguments[0] == ab else f for f in facts]
    return facts + extra, riders + more, pattern


def _self_types(itself: re.Match, ab: Symbol) -> list[Symbol]:
    """"~ becomes a Monk Avatar creature in addition to its other types": the card type and each
    creature type added to the source (layer 4, 613.1d), on the scope `affected` (rescoped)."""
    from pybridge.oracle.statics.words import creature_types, subtype_name
    facts = [Function("land_type_effect", [ab, Function("self"), Function("add_type", [
        String(itself["type"].capitalize())])])]
    for word in itself["subtypes"].split():
        sub = subtype_name(word)
        if sub is None or sub not in creature_types():
            raise GrantUnmodelled(f"type {word!r} added: not a creature type (rule 205.3m)")
        facts.append(Function("land_type_effect", [ab, Function("self"), Function("add", [String(sub)])]))
    return facts


def _granted_cdas(facts: list[Symbol], ab: Symbol, face: str, index: int,
                  quoted: CompileQuoted) -> list[Symbol]:
    """The granted "This creature's power and toughness are each equal to ..." as pt_cda/3 of
    the granted ability grant(Face,I) (rule 604.3: the holder's power and toughness)."""
    grant = Function("grant", [String(face), Number(index)])
    out: list[Symbol] = []
    for f in facts:
        if f.name == "ability_grant" and f.arguments[0] == ab and \
                (cda := GRANTED_CDA.match(f.arguments[2].string)):
            try:
                compiled = compile_static(f"~'s power and toughness are each equal to {cda['rest']}",
                                          face, index, quoted, [])
            except (NotStatic, Unmodelled) as err:
                raise GrantUnmodelled(f"a granted characteristic-defining ability: {err}") from None
            out += [Function(c.name, [grant] + list(c.arguments[1:])) for c in compiled
                    if c.name == "pt_cda" and c.arguments[0] == ab]
    return out


def _added_type(becomes: re.Match, face: str, index: int, quoted: CompileQuoted) -> list[Symbol]:
    """"becomes an artifact in addition to its other types": layer 4 (rule 613.1d), read by
    statics.lark as "~ is an artifact in addition to its other types"."""
    try:
        facts = compile_static(f"~ is {becomes['what']} in addition to its other types.", face, index,
                               quoted, [])
    except (NotStatic, Unmodelled) as err:
        raise GrantUnmodelled(f"a type added by a resolved effect: {err}") from None
    return facts


def _scoped(sym: Symbol, ab: Symbol, scope: Symbol) -> Symbol:
    if sym.name == "land_type_effect" and sym.arguments[0] == ab:
        return Function(sym.name, [ab, scope, sym.arguments[2]])
    return sym


# --- why a resolved ability of these kinds stays unmodelled ---
ELSEWHERE = re.compile(r"\b(exiled?|graveyard|(?<!this )spells?|library)\b[^\"]*\b(gains?|has|have)\s+\"")
LOSES = re.compile(r"\bloses?\s+\"|\"[^\"]*\bloses?\b[^\"]*\"")
TO_BATTLEFIELD = re.compile(r"\b([Rr]eturn|[Pp]ut)s?\b[^.\"]*\b(on)?to the battlefield\b")
CONTROL = re.compile(r"^[^\"]*\bgain control of\b")


def why_unmodelled(source: str) -> str | None:
    """The reason for an ability of the shapes above that none of the readers took, or None."""
    if CONTROL.search(source):
        return ("a control change (layer 2, rule 613.1b; the scenario states controllers) beside "
                "more than one grant: not in the vocabulary")
    if PUT_ONTO.search(source) or TO_BATTLEFIELD.search(source):
        if LOSES.search(source):
            return ("a permanent put onto the battlefield that loses an ability and gains another "
                    "(layer 6, rule 613.1f): removing an ability is not in the vocabulary")
        return ("a permanent put onto the battlefield with a lasting effect beside its granted "
                "ability (a replacement effect, a condition): not in the vocabulary")
    if LOSES.search(source):
        return "an ability removed in layer 6 (\"loses ...\", rule 613.1f): not in the vocabulary"
    if ELSEWHERE.search(source):
        return ("a grant to a card or spell that isn't on the battlefield (rules 113.6, 611.3d): "
                "the scenario states no abilities of such objects")
    if RESOLVING.search(source) and re.search(r"^[^\"]*\bbecomes? (an? )?(black|white|blue|red|green|[A-Z])",
                                              source):
        return ("a resolved effect that sets colours or creature types, or adds types to its own "
                "source, beside its grant (layers 4 and 5): not in the vocabulary")
    if RESOLVING.search(source) and re.search(r"\b(gains?|gets?|has|have)\b", source):
        return ("an activated, triggered or loyalty ability or a chapter whose lasting effect is of "
                "a shape pybridge/oracle/resolved.py doesn't read (a condition or rider beside it)")
    return None
