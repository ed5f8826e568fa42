"""Triggered abilities' trigger conditions (rules 603.2, 603.4, 603.6, 603.10a, 700.4): the
"When/Whenever EVENT, [if COND,] EFFECT" of an ability, as the card vocabulary's
triggers_on(Ab,Event,Filter) and trigger_if(Ab,Cond) (asp/events/triggers.lp reads them).

The trigger part is read whatever the effect is: an ability whose effect no floor reads still
triggers (its effect is unmodelled, its trigger is not).  triggers.lark splits the condition into
its subject and its events ("~ enters the battlefield or attacks": two events of one subject);
the subject's words are a filter of the shared filter language (statics/words.py), the intervening
"if" a condition of the static vocabulary (statics.lark's conditions: cond_true/2 judges it).

Events the scenario format follows: enters, dies, leaves (the battlefield, to any zone),
to_graveyard (put into a graveyard from anywhere), turned_face_up.  Events recorded though the
format can't follow them yet (no scenario event makes them): attacks, blocks, becomes_blocked,
deals_combat_damage, deals_damage, dealt_damage, becomes_target, becomes_tapped, becomes_untapped,
tapped_for_mana, counter_put(Kind), cast, cycled, draws, discards, gains_life, sacrificed,
first_each_turn(Event) ("for the first time each turn", of an event the rules don't follow),
step_begins(Step) ("When ~ enters or at the beginning of your upkeep"), blocks_what(F),
blocks_or_blocked_by(F), and the player and object events triggers.lark names (asp/events/
triggers.lp lists them).  Beside the intervening "if", "... during your turn" and "~ enters
untapped" are conditions judged as it triggers (trigger_if your_turn, not_your_turn,
entered_untapped).
"""
from __future__ import annotations

import re
from functools import lru_cache

from clingo import Function, Number, String, Symbol
from lark import Lark, Tree
from lark.exceptions import LarkError

from pybridge.oracle.compilation import ability_term


class TriggerUnmodelled(Exception):
    """A triggered ability whose trigger condition the vocabulary can't state."""


TRIGGER_START = re.compile(r"^(When|Whenever) ")
# A flavour word or ability word before it ("Bewitching Whispers — When ..."), not a chapter's
# numerals (rule 207.2c: no rules meaning).
NAMED = re.compile(r"^(?![IVX]+(, [IVX]+)* — )[A-Z][\w' ,]* — (?=When)")
# "When ~ enters the battlefield, if you control two or more Gates, ...": the condition ends at the
# first comma outside a number ("1,000") and a quote.
_HEAD = re.compile(r"^(When|Whenever) (?P<cond>[^,\"]+), (?:if (?P<if>[^,\"]+), )?")


DURING = re.compile(r" during (your|an opponent's|each opponent's) turn$")
# "a spell or ability an opponent controls causes you to discard ~" (madness-like punishers), "a
# time counter is removed from ~ while it's exiled" (suspend, 702.62)
SPECIAL = (
    (re.compile(r"a spell or ability an opponent controls causes you to discard (~|this card)"),
     Function("discarded_by_opponent")),
    (re.compile(r"a time counter is removed from ~ while it's exiled"),
     Function("counter_removed_in_exile", [String("time")])),
    (re.compile(r"the last time counter is removed from ~ while it's exiled"),
     Function("last_counter_removed_in_exile", [String("time")])),
)
UNTAPPED = re.compile(r"^~ enters( the battlefield)? untapped$")
FIRST_TIME = " for the first time each turn"
STEP_BEGINS = re.compile(r" (?:or|and) at the beginning of (your|each) (upkeep|precombat main phase|end step)$")
STEPS = {"upkeep": "upkeep", "precombat main phase": "precombat_main", "end step": "end_step"}
# the events asp/events/triggers.lp follows (followed_event/1)
FOLLOWED = ("enters", "dies", "to_graveyard", "leaves", "exiled", "turned_face_up")


@lru_cache(maxsize=1)
def parser() -> Lark:
    from pybridge.oracle.grammars import earley
    return earley("triggers.lark", "trigger")


CHAPTER = re.compile(r"^[IVX]+(, [IVX]+)* — (When|Whenever) ")


def is_triggered(source: str) -> bool:
    """A "When/Whenever" ability (and a Saga's chapter ability that makes one, reported so)."""
    source = NAMED.sub("", source)
    return bool(TRIGGER_START.match(source) or CHAPTER.match(source))


def compile_trigger(face: str, index: int, source: str) -> list[Symbol]:
    """The trigger facts of a "When/Whenever ..." ability (source normalised: its card's names
    are "~"), or TriggerUnmodelled with the reason."""
    source = NAMED.sub("", source)
    if CHAPTER.match(source):
        raise TriggerUnmodelled("a delayed triggered ability a chapter ability makes (rules 603.7, 714.2b)")
    head = _HEAD.match(source)
    if head is None:
        raise TriggerUnmodelled("a trigger condition without a comma after it")
    cond = head.group("cond").strip()
    for pattern, event in SPECIAL:                      # whole conditions of their own shape
        if pattern.fullmatch(cond):
            ab = ability_term(face, index)
            return [Function("triggers_on", [ab, event, Function("self")])]
    # "... during your turn": the event happens in its controller's turn (or not), a condition
    # judged as it triggers, as statics.lp judges your_turn
    during = DURING.search(cond)
    if during:
        cond = cond[:during.start()]
    untapped = UNTAPPED.match(cond)         # "When ~ enters untapped": the permanent as it is then
    if untapped:
        cond = cond[:-len(" untapped")]
    first = cond.endswith(FIRST_TIME)       # recorded as first_each_turn(Event)
    if first:
        cond = cond[:-len(FIRST_TIME)]
    step = STEP_BEGINS.search(cond)         # "... or at the beginning of your upkeep"
    if step:
        cond = cond[:step.start()]
    try:
        tree = parser().parse(cond)
    except LarkError as err:
        column = getattr(err, "column", None)
        near = (f"at {cond[column - 1:column + 29]!r}" if isinstance(column, int) and column > 0
                else repr(cond[:40]))
        raise TriggerUnmodelled(f"trigger condition of a shape the grammar doesn't read: {near}") from None
    ab = ability_term(face, index)
    pairs = _read(tree)
    if first:
        if any(event.name in FOLLOWED for event, _ in pairs):
            raise TriggerUnmodelled("the first time each turn of an event the scenario follows: not modelled")
        pairs = [(Function("first_each_turn", [event]), filt) for event, filt in pairs]
    if step:
        pairs.append((Function("step_begins", [Function(STEPS[step.group(2)])]),
                      Function("you" if step.group(1) == "your" else "any_player")))
    facts = [Function("triggers_on", [ab, event, filt]) for event, filt in pairs]
    if untapped:
        facts.append(Function("trigger_if", [ab, Function("entered_untapped")]))
    if during:
        facts.append(Function("trigger_if", [ab, Function(
            "your_turn" if during.group(1) == "your" else "not_your_turn")]))
    if head.group("if"):
        about_self = all(str(filt) == "self" for _, filt in pairs)
        facts.append(Function("trigger_if", [ab, intervening_if(head.group("if"), face, index,
                                                                about_self)]))
    return sorted(set(facts))


def trigger_effect_text(source: str) -> str | None:
    """The effect of a "When/Whenever ..." ability (source normalised): what follows its
    condition and intervening if, or None where the head isn't read."""
    source = NAMED.sub("", source)
    head = _HEAD.match(source)
    return source[head.end():] if head else None


# --- the parse tree: events of a subject ---
def _read(tree: Tree) -> list[tuple[Symbol, Symbol]]:
    if tree.data == "counters_on":
        kind, subject = [t for t in tree.children if isinstance(t, Tree)]
        return [(Function("counter_put", [String(_kind(kind))]), _subject(subject, None))]
    if tree.data == "player_trigger":
        who, *events = tree.children
        return [pair for ev in events if isinstance(ev, Tree) for pair in _player_event(who, ev)]
    if tree.data == "control_none":                      # a state trigger (rule 603.8)
        words = [str(t) for t in tree.children[0].children]
        return [(Function("state"), Function("none", [Function("yours", [object_filter(words)])]))]
    if tree.data == "none_on_battlefield":               # a state trigger (603.8)
        words = [str(t) for t in tree.children[0].children]
        return [(Function("state"), Function("none", [object_filter(words)]))]
    if tree.data == "day_night_changes":                 # rule 726.2
        return [(Function("day_night_changes"), Function("game"))]
    if tree.data == "attacks_with_others":               # "~ and at least two other creatures attack"
        count = NUMBERS.get(str(tree.children[-1]).lower()) or int(str(tree.children[-1]))
        return [(Function("attacks_with_others", [Number(count)]), Function("self"))]
    subject, *events = tree.children
    out = []
    for ev in [e for e in events if isinstance(e, Tree)]:
        if ev.data == "put_into_graveyard":              # "enchanted artifact is put into a graveyard"
            if subject.data != "host":                   # a permanent's: from the battlefield
                raise TriggerUnmodelled("put into a graveyard, from where not said, of a subject not on the battlefield")
            ev = Tree("dies", [])
        name, control = _event(ev)
        out.append((name, _subject(subject, control)))
    return out


NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "second": 2, "third": 3, "fourth": 4}


def _count(token) -> int:
    word = str(token).lower()
    return NUMBERS.get(word) or int(word)


def _kind(tree: Tree) -> str:
    return "".join(str(t) for t in tree.children)


def _event(tree: Tree) -> tuple[Symbol, str | None]:
    """An event phrase: its term, and "under X's control" for an entering (the controller the
    filter then reads)."""
    kind = tree.data
    if kind in ("enters", "dies", "to_graveyard"):
        control = next((t.data for t in tree.children if isinstance(t, Tree)), None)
        if kind != "enters" and control is not None:       # a graveyard: its owner's (404.2)
            control = {"your_control": "your_owned", "opponent_control": "opponent_owned"}.get(control)
        return Function(kind), control
    if kind == "leaves_your_graveyard":                  # cards its controller owns
        return Function("leaves_graveyard"), "your_owned"
    if kind == "class_level":                            # rule 716.2a
        word = str(tree.children[-1]).lower()
        return Function(kind, [Number(NUMBERS.get(word) or int(word))]), None
    if kind in ("blocks_what", "blocks_or_blocked_by"):   # what it blocks or is blocked by
        words = next(t for t in tree.children if isinstance(t, Tree) and t.data == "words")
        filt = object_filter([str(t) for t in words.children])
        withs = [_with(t) for t in tree.children if isinstance(t, Tree) and t.data.startswith("with_")]
        if withs:
            filt = Function("both", [filt, withs[0]])
        return Function(kind, [filt]), None
    if kind in ("deals_combat_damage", "deals_damage", "becomes_target"):
        to = next((t.data for t in tree.children if isinstance(t, Tree)), "any")
        return Function(kind, [Function(to)]), None
    return Function(str(kind)), None


def _player_event(who: Tree, event: Tree) -> list[tuple[Symbol, Symbol]]:
    """"you cast a noncreature spell", "an opponent draws a card": the event of a player, the
    filter the player (you, opponent, any_player), for a spell spell(Player,F), for what the
    player sacrifices or turns face up the object's filter (yours(F) when it is you)."""
    player = Function(who.data)
    kind = event.data
    trees = [t for t in event.children if isinstance(t, Tree)]
    if kind == "cast_type":                         # "you cast an instant"
        word = str(event.children[-1]).lower()
        return [(Function("cast"), Function("spell", [player, Function("type", [String(SPELL_TYPES[word])])]))]
    if kind == "casts_first":                       # "you cast your first spell each turn"
        return [(Function("casts_nth", [Number(1)]), player)]
    if kind == "casts_first_instant":               # "... your first instant or sorcery spell ..."
        return [(Function("casts_nth_of", [Number(1), spell_filter(["instant", "or", "sorcery"])]),
                 player)]
    if kind == "rolls_at_least":
        return [(Function("rolls_at_least", [Number(_count(event.children[-1]))]), player)]
    if kind == "attacks_with_at_least":
        return [(Function("attacks_with_at_least", [Number(_count(event.children[-1]))]), player)]
    if kind == "puts_counters":                     # "you put one or more -1/-1 counters on a creature"
        kind_tree = next(t for t in trees if t.data == "kind")
        filt = object_filter([str(t) for t in next(t for t in trees if t.data == "words").children])
        return [(Function("puts_counters", [String(_kind(kind_tree))]), Function("by", [player, filt]))]
    if kind == "cycles_or_dies":                    # "you cycle ~ or it dies"
        return [(Function("cycled"), Function("self")), (Function("dies"), Function("self"))]
    if kind in ("cast", "casts_or_copies", "cast_targeting_self"):
        if any(t.data == "this_spell" for t in trees):
            return [(Function("cast"), Function("self"))]
        words = [str(t) for t in trees[0].children if str(t).lower() not in ("spell", "spells")]
        filt = spell_filter(words)
        withs = [_with(t) for t in trees if t.data.startswith("with_")]
        if withs:                                   # "a creature spell with mana value 4 or greater"
            filt = Function("both", [filt, withs[0]])
        chosen = [t for t in trees if t.data == "of_chosen"]
        if chosen:                                  # "a spell of the chosen color"
            what = str(chosen[0].children[-1]).lower()
            filt = Function("both", [filt, Function("chosen_color" if what == "color" else "chosen_type")])
        zones = [t for t in trees if t.data in ("from_zone", "from_exile", "not_from_hand")]
        if zones:                                   # "a spell from your graveyard" (its zone)
            z = zones[0]
            zone = ("exile" if z.data == "from_exile" else "not_hand" if z.data == "not_from_hand"
                    else str(z.children[-1]).lower())
            filt = Function("both", [filt, Function("cast_from", [Function(zone)])])
        if kind == "cast_targeting_self":
            filt = Function("both", [filt, Function("targets", [Function("self")])])
        names = ("cast", "copies") if kind == "casts_or_copies" else ("cast",)
        return [(Function(n), Function("spell", [player, filt])) for n in names]
    if kind == "cycles_or_discards":
        return [(Function("cycled"), player), (Function("discards"), player)]
    if kind == "sacrifices_another":
        filt = object_filter([str(t) for t in trees[0].children])
        return [(Function("sacrificed"), Function("another", [Function("yours", [filt])]))]
    if kind == "exerts":
        filt = object_filter([str(t) for t in trees[0].children])
        return [(Function("exerts"), Function("yours", [filt]))]
    if kind == "discards_card":
        filt = object_filter([str(t) for t in trees[0].children])
        return [(Function("discards"), Function("by", [player, filt]))]
    if kind in ("draws_nth", "casts_nth"):
        nth = NUMBERS[str(event.children[-1]).lower()]
        return [(Function(kind, [Number(nth)]), player)]
    if any(not isinstance(t, Tree) and str(t) == "~" for t in event.children):
        return [(Function(kind), Function("self"))]
    words = next((t for t in trees if t.data == "words"), None)
    if words is not None:
        filt = object_filter([str(t) for t in words.children])
        name = "turned_face_up" if kind == "turns_up" else kind
        return [(Function(name), Function("yours", [filt]) if who.data == "you" else
                 Function("by", [player, filt]))]
    return [(Function(kind), player)]


def _subject(tree: Tree, control: str | None) -> Symbol:
    """The subject's filter: self, host (what the source is attached to), another(F),
    self_or_another(F), and under them yours(F), opponents(F) or the bare filter."""
    kind = tree.data
    if kind == "self":
        if control not in (None, "your_control", "your_owned"):
            raise TriggerUnmodelled("~ entering under or going to an opponent")
        return Function("self")
    if kind == "host":
        return Function("host")
    if kind == "self_or_host":                           # "~ or equipped creature"
        return Function("self_or_host")
    words = [str(t) for w in tree.children if isinstance(w, Tree) and w.data == "words"
             for t in w.children]
    whose = next((t.data for t in tree.children if isinstance(t, Tree)
                  and t.data in ("yours", "opponents")), None)
    withs = [_with(t) for t in tree.children if isinstance(t, Tree) and t.data.startswith("with_")]
    whose = whose or {"your_control": "yours", "opponent_control": "opponents",
                      "your_owned": "owned", "opponent_owned": "opponent_owned"}.get(control or "")
    filt = object_filter(words)
    if withs:
        filt = Function("both", [filt, withs[0]])
    if whose in ("yours", "opponents", "owned", "opponent_owned"):
        filt = Function(whose, [filt])
    if kind == "another":
        return Function("another", [filt])
    if kind == "self_or_another":
        return Function("self_or_another", [filt])
    return filt


def _with(tree: Tree) -> Symbol:
    """"with a +1/+1 counter on it": with_counter(Kind); "with flying": keyword(Text); "with
    power 4 or greater": value(power|toughness|mana_value, at_least|at_most, N)."""
    if tree.data == "with_counter":
        return Function("with_counter", [String(_kind(next(t for t in tree.children
                                                             if isinstance(t, Tree))))])
    if tree.data == "with_value":                       # "with power 4 or greater"
        attr, n, cmp = [str(t) for t in tree.children]
        return Function("value", [Function(attr.lower().replace(" ", "_")),
                                  Function("at_least" if cmp.lower() in ("greater", "more")
                                           else "at_most"), Number(int(n))])
    word = str(tree.children[-1])
    return Function("keyword", [String(word[:1].upper() + word[1:].lower())])


# --- the words of a filter ---
SPELL_TYPES = {"instant": "Instant", "sorcery": "Sorcery"}


def object_filter(words: list[str]) -> Symbol:
    """The filter of a subject's words ("nontoken creature", "Elves", "face-down creature"): the
    shared filter language (statics/words.py); a card ("creature card") is the same filter."""
    from pybridge.oracle.statics.terms import Unmodelled
    from pybridge.oracle.statics.words import words_filter
    words = [w for w in words if w.lower() not in ("card", "cards")]
    if not words:
        return Function("permanent")
    if [w.lower() for w in words] == ["source"]:           # a source of damage (rule 120.1)
        return Function("source")
    try:
        return words_filter(words)
    except Unmodelled as err:
        raise TriggerUnmodelled(f"the subject {' '.join(words)!r}: {err}") from None


def spell_filter(words: list[str]) -> Symbol:
    """A spell's words ("instant or sorcery", "noncreature", "Spirit or Arcane", "historic"):
    the filter its card matches; a capitalised word is a subtype (an Arcane spell: 205.3k)."""
    from pybridge.oracle.statics.terms import both
    from pybridge.oracle.statics.words import subtype_name
    words = [w for w in words if w.lower() not in ("a", "an", "spell", "spells")]
    if not words:
        return Function("any")
    if "or" in [w.lower() for w in words]:
        at = [w.lower() for w in words].index("or")
        return Function("either", [spell_filter(words[:at]), spell_filter(words[at + 1:])])
    parts = []
    for word in words:
        low = word.lower()
        if low in ("instant", "sorcery"):
            parts.append(Function("type", [String(SPELL_TYPES[low])]))
        elif low in ("noncreature", "nonland", "nonartifact", "nonenchantment"):
            parts.append(Function("non", [object_filter([low[3:]])]))
        elif low in ("historic", "kicked"):        # 700.6; kicked (702.33)
            parts.append(Function(low))
        elif word[:1].isupper():
            parts.append(Function("subtype", [String(subtype_name(word) or word)]))
        else:
            parts.append(object_filter([word]))
    return both(parts)


# --- the intervening "if" (rule 603.4) ---
# "it" of an intervening if about its own source (a trigger whose subject is itself: "When ~
# dies, if it had counters on it"); of another subject "it" is the event's object, not read.
OF_ITSELF = re.compile(r"\b(it|it's|its)\b")
HAD_COUNTERS = re.compile(r"(?:it|~) (?:had|has) (?P<n>a|an|one|two|three|one or more|two or more|three or more|no)? ?"
                          r"(?P<k>[+-]?\S+ )?counters? on it")
KICKED_WITH_COST = re.compile(r"it was kicked with its (?P<cost>[{}\w]+) kicker")
SPENT_COLOR = re.compile(r"\{(?P<c>[WUBRG])\} was spent to cast it")
SELF_WAS = re.compile(r"(?:it's|it was|~ is|~ was) (?P<non>not )?(?:an? )?(?P<what>[\w -]+)")


def _about_itself(text: str) -> Symbol | None:
    """The conditions of a source about itself: counters it had, which kicker, the colours spent,
    what it is or was (self_is), that it is on the battlefield."""
    if m := HAD_COUNTERS.fullmatch(text):
        n, kind = m["n"] or "one or more", (m["k"] or "").strip()
        if n == "no":
            return Function("no_counters", [String(kind)]) if kind else None
        least = NUMBERS.get(n.split()[0], 1)
        if not kind:
            return Function("amount_at_least", [Function("all_counters"), Number(least)])
        return Function("counters_at_least", [String(kind), Number(least)])
    if m := KICKED_WITH_COST.fullmatch(text):
        return Function("kicked_with", [String(m["cost"])])
    if m := SPENT_COLOR.fullmatch(text):
        return Function("spent_color", [Function(m["c"].lower())])
    if text in ("it's on the battlefield", "~ is on the battlefield"):
        return Function("self_is", [Function("permanent")])
    if (m := SELF_WAS.fullmatch(text)) and m["what"].split()[-1] not in (
            "tapped", "untapped", "suspended", "attacking", "blocking", "battlefield"):
        try:
            filt = object_filter(m["what"].split())
        except TriggerUnmodelled:
            return None
        return Function("self_is", [Function("non", [filt]) if m["non"] else filt])
    return None


def intervening_if(text: str, face: str, index: int, about_self: bool = True) -> Symbol:
    """"if you control two or more Gates": the condition as the static vocabulary states it
    (statics.lark's conditions, judged by cond_true/2), read through a static ability of that
    condition."""
    from pybridge.oracle.statics.reader import NotStatic, compile_static
    from pybridge.oracle.statics.terms import Unmodelled
    from pybridge.oracle.entering import TURN_CONDITIONS, turn_sum
    text = text.strip()
    # what happened this turn ([game] this_turn; asp/events/triggers.lp judges it only in the
    # first event, where this_turn is the turn so far): amount_at_least(turn_sum(Whose,Kind),1)
    if text in TURN_CONDITIONS or text == "you gained life this turn":
        whose, kind = TURN_CONDITIONS.get(text, ("you", "life_gained"))
        return Function("amount_at_least", [turn_sum(whose, kind), Number(1)])
    unread = TriggerUnmodelled(f"intervening if (rule 603.4) the condition vocabulary doesn't read: {text!r}")
    if OF_ITSELF.search(text) and not about_self and not text.startswith("it's your"):
        if not re.fullmatch(r"(that creature's power is|it had power) greater than ~'s( power)?", text):
            # of the event's object: of_object(C), C its counters or what it is (triggers.lp)
            found = _about_itself(text)
            if found is None or found.name not in ("counters_at_least", "amount_at_least", "self_is"):
                raise unread
            if found.name == "amount_at_least":
                return Function("of_object", [Function("any_counters")])
            return Function("of_object", [found if found.name == "counters_at_least" else
                                          Function("is", found.arguments)])
    if text == "tribute wasn't paid":               # 702.104b: the tribute chosen as it entered
        return Function("tribute_not_paid")
    if about_self and (found := _about_itself(text)) is not None:
        return found
    # of the object of the event, not of the source (asp/events/triggers.lp judges it)
    if re.fullmatch(r"(that creature's power is|it had power) greater than ~'s( power)?", text):
        return Function("subject_power_greater")
    what = re.fullmatch(r"~ is (an? )?([\w -]+)", text)       # "if ~ is an enchantment": self_is(F)
    if what and what.group(2).split()[-1] not in ("tapped", "untapped", "suspended", "attacking"):
        try:
            return Function("self_is", [object_filter(what.group(2).split())])
        except TriggerUnmodelled:
            pass
    try:
        facts = compile_static(f"As long as {text}, ~ has flying.", face, index,
                               lambda _t: ([], False), [])
    except (NotStatic, Unmodelled):
        facts = []
    found = [f.arguments[1] for f in facts if f.name == "static_when"]
    if len(found) != 1:
        raise unread
    return found[0]
