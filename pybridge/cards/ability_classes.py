"""The classes of an ability's text (pybridge/contract/kinds.py declares them): what shape of
ability it is (activated, triggered, static, a keyword, a spell's) and, for a static ability,
what it changes.  Reading words, never deciding a ruling: which class bears on which answer is
the question kinds' declaration (pybridge/contract/kinds.py).

A text may fall in several classes (a static ability granting a mana ability and a power
boost); a static ability no pattern names is `static`, which bears on characteristics, so an
unread shape errs toward a note, never toward silence.
"""
from __future__ import annotations

import re

from pybridge.contract.kinds import KEYWORD_CLASSES

TRIGGER_START = ("When ", "Whenever ", "At ")
# An ability word (207.2c) or a chapter number (714.2b) ahead of an ability: "Landfall — ".
_PREFIX = re.compile(r"^(?:[A-Z][\w'’,!.-]*(?: [\w'’,!.-]+){0,4}|[IVX]+(?:, [IVX]+)*) — ")
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — ")
_LOYALTY = re.compile(r"^\[?[+−-]?(?:\d+|X)\]?:")
_ADDS = re.compile(r"\b[Aa]dds?\b[^.]*(?:\{[WUBRGCSX\d]\}|\bmana\b)")
_TARGET = re.compile(r"\btarget\b", re.IGNORECASE)
_TAPPED_FOR_MANA = re.compile(r"\btap(?:s|ped)?\b[^.]*\bfor mana\b|activates? a mana ability", re.IGNORECASE)

_OUTSIDE = re.compile(
    r"^(?:This spell|When you cast|A deck can have|If [^.]* is in your opening hand|"
    r"As an additional cost to cast|Before you shuffle your deck)|\bescapes with\b|"
    r"\bcan be your commander\b|"
    r"\bcards? in (?:your|a|each player's|their) (?:hand|graveyard|library)s?\b[^.]*\bha(?:s|ve)\b|"
    r"as though it had flash|\bspells? you cast\b|\bspells? (?:your opponents cast )?"
    r"costs? \{|You may cast [^.]* from|costs? \{[^}]*\} (?:less|more) to cast|"
    r"^[^.]*\bcan't be countered\b", re.IGNORECASE)
_SPENDING = re.compile(r"\bspend\b[^.]*\bmana\b|\bmana\b[^.]*\bspent\b", re.IGNORECASE)
_POOL = re.compile(r"unspent mana|mana pool|lose (?:this|that) mana|mana empties", re.IGNORECASE)
_MANA = re.compile(r"\bmana\b(?! (?:value|cost))|\bAdd\b|\bproduc", re.IGNORECASE)
_TRIGGER_RULE = re.compile(r"\bcause (?:abilities|an ability) to trigger\b|\btriggers? an additional "
                           r"time\b|\bcan't cause\b[^.]*\btrigger", re.IGNORECASE)
_LAND_NAMES = r"(?:Plains|Islands?|Swamps?|Mountains?|Forests?|basic land types?|land types?)"
_LAND_TYPE = re.compile(rf"\b(?:is|are|becomes?|be)\b[^.]*\b{_LAND_NAMES}\b|\bland types?\b|"
                        r"in addition to its other land types")
_ENTERING = re.compile(r"\benters?(?: the battlefield)?(?: [\w ,]*)? (?:tapped|with|as a copy)\b|"
                       r"\bAs [^.,]* enters\b|\benter as a copy\b|\benters? (?:the battlefield )?"
                       r"under\b|\bX\b[^.]*\benters?\b", re.IGNORECASE)
_FACE_UP = re.compile(r"\bturned face up\b|\bturn [^.]* face up\b", re.IGNORECASE)
_LEAVING = re.compile(r"\bwould (?:die|leave|be put into|be destroyed|be exiled)\b|"
                      r"\binstead\b[^.]*\b(?:graveyard|exile)\b", re.IGNORECASE)
_ACTIVATION = re.compile(r"\bactivat", re.IGNORECASE)
_COMBAT = re.compile(r"\bcan't (?:attack|block|be blocked)|\bcan block\b|\b(?:attacks|blocks) each\b|"
                     r"\bmust be blocked\b|\bdo(?:es)?n't untap\b|\bcombat damage\b|"
                     r"\bassigns?\b[^.]*\bdamage\b|\bcan't be blocked\b|\battacks? (?:each|if able)\b|"
                     r"\bblocks? (?:each|if able)\b|\bcan attack\b|^untap [^.]* during\b", re.IGNORECASE)
_GAME = re.compile(r"^(?:You (?!control)|Each player|Players|Your opponents|Each opponent|Play with|"
                   r"Reveal the first|Look at the top|Prevent all (?:combat )?damage|"
                   r"If (?:damage|[^.]*\bwould (?:deal damage|create|draw|gain|lose)\b)|"
                   r"The \"legend rule\"|Damage (?:that would be dealt )?[^.]*can't be prevented)|"
                   r"\bcan't transform\b|\bcan be attached only\b|\bmaximum hand size\b|"
                   r"\bcan't be (?:the )?targets?\b|\bcan't be (?:countered|sacrificed|enchanted)\b",
                   re.IGNORECASE)
_COPY = re.compile(r"\bcopy of\b|\bcopies of\b", re.IGNORECASE)
_PT = re.compile(r"[+-]\d+/[+-]\d+|[+-]X/[+-]X|\bpower\b|\btoughness\b|\bbase\b|\b\d+/\d+\b",
                 re.IGNORECASE)
_ABILITIES = re.compile(r"\b(?:has|have|gains?|loses?|lose|lost)\b", re.IGNORECASE)
_TYPES = re.compile(r"\b(?:is|are|isn't|aren't|becomes?)\b (?:a |an |all |every |also |still |"
                    r"the chosen |legendary |snow |basic |in addition |no longer |not )?|"
                    r"\bcreature types?\b|\bnoncreature\b|\bsubtypes?\b", re.IGNORECASE)
_COLORS = re.compile(r"\bcolou?r(?:s|less|ed)?\b|\b(?:white|blue|black|red|green)\b", re.IGNORECASE)
_NAME_COST = re.compile(r"\bnamed\b|\bname is\b|\bmana value\b|\bmana cost\b", re.IGNORECASE)


def about_self(text: str) -> bool:
    """The ability's subject is its own object: "~ can't block", "~'s activated abilities"."""
    return strip_prefix(text).startswith(("~ ", "~'s ", "~’s "))


def about_host(text: str) -> bool:
    """The ability's subject is what its object is attached to: "Enchanted creature can't
    block", "Equipped creature ..." (303.4, 301.5)."""
    return bool(re.match(r"(?:Enchanted|Equipped|Fortified) ", strip_prefix(text)))


def strip_prefix(text: str) -> str:
    """The ability without its ability word or chapter numbers (207.2c: they have no rules
    meaning)."""
    match = _PREFIX.match(text)
    return text[match.end():] if match else text


def is_activated(text: str) -> bool:
    """COST: EFFECT, the colon ahead of any quotation (a granted ability's own colon)."""
    quote, colon = text.find('"'), text.find(":")
    return colon >= 0 and (quote < 0 or colon < quote)


# What may follow a keyword's name: nothing, a cost, a number, "with"/"from" and a quality; a
# card named for a keyword ("Changeling Outcast can't block") is no keyword ability.
_KEYWORD_REST = re.compile(r"$|[—:]|-|\s(?:\{|\d|x\b|n\b|with\b|from\b|an?\b|non-?\w|—|-|"
                           r"(?:legendary |snow )?(?:creature|land|artifact|enchantment|planeswalker|"
                           r"permanent|player)\b)")


def keyword_class(text: str) -> str | None:
    """The class a keyword's name gives (KEYWORD_CLASSES), the longest name first; landwalk."""
    low = text.lower()
    best = None
    for name, cls in KEYWORD_CLASSES.items():
        if low.startswith(name) and _KEYWORD_REST.match(low[len(name):]):
            if best is None or len(name) > len(best[0]):
                best = (name, cls)
    if best is not None:
        return best[1]
    first = low.split(" ", 1)[0].rstrip(",")
    if first.endswith("cycling") and _KEYWORD_REST.match(low[len(first):]):   # landcycling
        return KEYWORD_CLASSES["cycling"]
    if first.endswith("walk") and " " not in low.strip():
        return KEYWORD_CLASSES["landwalk"]
    return None


_LASTING = re.compile(r"\buntil end of (?:turn|combat)\b|\bbecomes?\b|\bfor as long as\b|"
                      r"\bgets? [+-]|\bgains?\b|\bloses?\b|\bcop(?:y|ies) of\b", re.IGNORECASE)
_FACE_DOWN = re.compile(r"\bface down\b|\bmanifests?\b|\bcloaks?\b", re.IGNORECASE)


def makes_lasting_effect(text: str) -> bool:
    """Words of an effect that lasts after it resolves (611.2): "until end of turn", "becomes",
    "gets +N/+N", "gains", "loses", "a copy of"."""
    return bool(_LASTING.search(text))


def turns_face_down(text: str) -> bool:
    """Words of an effect that turns or puts cards face down (708, 701.40, 701.58)."""
    return bool(_FACE_DOWN.search(text))


def is_mana_ability(text: str) -> bool:
    """Rule 605.1a: an activated ability with no target that could add mana, not a loyalty
    ability; 605.1b: a triggered ability triggered by a mana ability that adds mana."""
    text = strip_prefix(text)
    if text.startswith(TRIGGER_START):
        return bool(_TAPPED_FOR_MANA.search(text)) and bool(_ADDS.search(text))
    if not is_activated(text) or _LOYALTY.match(text):
        return False
    cost, _, effect = text.partition(":")
    effect = re.sub(r'"[^"]*"', '""', effect)      # a quoted ability is the token's or grant's
    return bool(_ADDS.search(effect)) and not _TARGET.search(effect)


def classes_of(text: str, on_permanent: bool = True) -> frozenset[str]:
    """The classes of one ability's text; on_permanent False: the card has no permanent face
    (an instant's or sorcery's ability is its spell's, 113.3a)."""
    found = _classes(text, on_permanent)
    if found & {"entering", "trigger"} and re.search(r"\bX\b", text) and (
            "entering" in found or _ENTERS_TRIGGER.search(text)):
        found = found | {"enters_x"}
    return found


_ENTERS_TRIGGER = re.compile(r"^(?:[^—]* — )?When(?:ever)? [^,]*\benters?\b")


def _classes(text: str, on_permanent: bool) -> frozenset[str]:
    if not on_permanent:
        return frozenset({"outside"})
    if text.startswith("•"):
        return frozenset({"mode"})
    body = strip_prefix(text)
    if _OUTSIDE.search(body):
        return frozenset({"outside"})
    if _CHAPTER.match(text):
        return frozenset({"trigger"})
    if body.startswith("At "):
        return frozenset({"phase_trigger"})
    if body.startswith(TRIGGER_START):
        return frozenset({"trigger", "mana_ability"} if is_mana_ability(body) else {"trigger"})
    if is_activated(body):
        return frozenset({"mana_ability"} if is_mana_ability(body) else {"activated"})
    keyword = keyword_class(body)
    if keyword is not None:
        return frozenset({keyword})
    return _static_classes(body)


def _static_classes(text: str) -> frozenset[str]:
    if _SPENDING.search(text) and not re.search(r"\bAdd\b|\bproduc", text):
        return frozenset({"spending"})
    if _POOL.search(text):
        return frozenset({"pool_rule"})
    found = {cls for pattern, cls in ((_TRIGGER_RULE, "trigger_rule"), (_FACE_UP, "face_up"),
                                      (_ENTERING, "entering"), (_LEAVING, "leaving"),
                                      (_ACTIVATION, "activation_rule"), (_COMBAT, "combat_rule"))
             if pattern.search(text)}
    if found:        # a rule about one event or action changes no characteristic by itself
        return frozenset(found | ({"mana_effect"} if _MANA.search(text) else set()))
    if _GAME.search(text):
        return frozenset({"game_rule"})
    if _MANA.search(text):
        found.add("mana_effect")
    if _LAND_TYPE.search(text):
        found.add("land_type")
    if re.search(r"\blos(?:e|es|t)\b[^.]*\babilit(?:y|ies)\b", text, re.IGNORECASE):
        found.add("ability_loss")
    for pattern, cls in ((_COPY, "copy"), (_PT, "pt_change"), (_ABILITIES, "ability_change"),
                         (_TYPES, "type_change"), (_COLORS, "color_change"),
                         (_NAME_COST, "name_cost")):
        if pattern.search(text):
            found.add(cls)
    return frozenset(found or {"static"})
