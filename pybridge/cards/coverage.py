"""Which abilities of which cards are modelled, and coverage of the pool by group.

## The registry (where the Oracle compiler plugs in)

`compiled_abilities(card)` answers, for every ability of every face of a card (in the order of
model.split_abilities, so `index` is the I of ab(Face,I)), an AbilityResult:

    AbilityResult(face, index, text, status, source, facts, why)
        status  MODELLED or NOT_MODELLED
        source  who says so: "compiler", "hand" (asp/cards/*.lp), "rules" (asp/'s rules read the
                text itself, or the ability is intrinsic, rule 305.6), or "" when nobody does
        facts   what it compiled to: fact text, one string per fact (hand: the fact lines)
        why     for NOT_MODELLED, the reason in a few words ("no encoding" by default)

The answer merges *sources*, each a function `source(card) -> {(face, index): AbilityResult}`
reporting on the abilities it knows about.  A modelled result from any source wins, in the order
the sources were registered; otherwise the first source's reason (a compiler's "can't parse ...")
beats the default.  Two sources ship here: the rules (texts asp/'s rules read, such as "Haste", and
the intrinsic mana abilities of basic land types) and the hand facts (an ab(Face,I) named in
asp/cards/*.lp).  The compiler registers its own, ahead of them:

    from pybridge.cards.coverage import register_source
    register_source("compiler", compile_results, first=True)

in a module that `load_sources()` imports on first use: `pybridge.oracle.coverage_source`, when
it exists (not on importing `pybridge.oracle`, so that answering a question doesn't load this).

## Groups

`coverage()` classifies every ability of every card of the pool into GROUPS by its Oracle text
(regular expressions: classification only, never compilation) and counts, per group, the cards
with such an ability and those whose abilities of that group are all modelled.
`mtgasp cards --coverage [--json]` prints it, and `--write` regenerates docs/coverage.md.
"""
from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from pybridge.cards.model import Card, Face

MODELLED, NOT_MODELLED = "modelled", "not modelled"
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
INTRINSIC_INDEX = 0   # the pseudo-ability of basic land types: index 0, before the printed ones


@dataclass(frozen=True)
class AbilityResult:
    face: str
    index: int                 # 1.. printed abilities; 0 the intrinsic mana abilities (305.6)
    text: str
    status: str = NOT_MODELLED
    source: str = ""
    facts: tuple[str, ...] = ()
    why: str = "no encoding"
    # a triggered ability's trigger condition, apart from its effect: "" (not reported),
    # MODELLED (read: trigger_facts) or NOT_MODELLED (trigger_why)
    trigger: str = ""
    trigger_facts: tuple[str, ...] = ()
    trigger_why: str = ""

    @property
    def modelled(self) -> bool:
        return self.status == MODELLED


Source = Callable[[Card], dict[tuple[str, int], AbilityResult]]
_SOURCES: list[tuple[str, Source]] = []
_PLUGINS = ("pybridge.oracle.coverage_source",)
_plugins_loaded = False


def register_source(name: str, source: Source, first: bool = False) -> None:
    """Add a source of ability results (replacing one of the same name); first=True puts it
    ahead of the others."""
    global _SOURCES
    _SOURCES = [(n, s) for n, s in _SOURCES if n != name]
    if first:
        _SOURCES.insert(0, (name, source))
    else:
        _SOURCES.append((name, source))


def load_sources() -> list[tuple[str, Source]]:
    """The registered sources, after importing the plug-in packages that exist."""
    global _plugins_loaded
    if not _plugins_loaded:
        _plugins_loaded = True
        for module in _PLUGINS:
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)
    return list(_SOURCES)


def intrinsic_types(face: Face) -> list[str]:
    """The basic land types on a land's type line: each gives an intrinsic mana ability."""
    left, _, right = face.type_line.partition("—")
    if "Land" not in left.split():
        return []
    return [t for t in BASIC_LAND_TYPES if t in right.split()]


def abilities_of(card: Card) -> list[tuple[str, int, str]]:
    """(face, index, text) of every ability: a face's intrinsic mana abilities (index 0, as one
    pseudo-ability) and its printed ones."""
    out = []
    for face in card.faces:
        types = intrinsic_types(face)
        if types:
            out.append((face.name, INTRINSIC_INDEX,
                        " and ".join(types) + ": intrinsic mana abilities (rule 305.6)"))
        out += [(face.name, i, text) for i, text in enumerate(face.abilities, start=1)]
    return out


def compiled_abilities(card: Card) -> list[AbilityResult]:
    """What each ability of the card compiled to, or why not (see the module docstring)."""
    reports = [(name, source(card)) for name, source in load_sources()]
    out = []
    for face, index, text in abilities_of(card):
        key = (face, index)
        found = [r for _, report in reports if (r := report.get(key)) is not None]
        best = next((r for r in found if r.modelled), None) or (found[0] if found else None)
        if best is not None:
            best = _with_trigger(best, found)
        out.append(best or AbilityResult(face, index, text))
    return out


def _with_trigger(best: AbilityResult, found: list[AbilityResult]) -> AbilityResult:
    """The result with its trigger condition: read by a source (the compiler), or stated by a
    hand triggers_on line, or else why not."""
    hand = [line for r in found if r.source == "hand" for line in r.facts if "triggers_on(" in line]
    read = next((r for r in found if r.trigger == MODELLED), None)
    if read is not None:
        return replace(best, trigger=MODELLED, trigger_facts=read.trigger_facts, trigger_why="")
    if hand:
        return replace(best, trigger=MODELLED, trigger_facts=tuple(hand), trigger_why="")
    said = next((r for r in found if r.trigger), None)
    return best if said is None else replace(best, trigger=said.trigger, trigger_why=said.trigger_why)


# --- the shipped sources ----------------------------------------------------------------------
@lru_cache(maxsize=1)
def rules_texts() -> frozenset[str]:
    """Ability texts the rules programs read themselves: ability_text(Ab,"Haste") and the like."""
    from pybridge.cards.library import rule_files
    found = set()
    for path in rule_files():
        found.update(re.findall(r'ability_text\(\w+,"([^"]+)"\)', path.read_text()))
    return frozenset(found)


# Abilities the scenario format itself states, which the rules then apply: a plain "enter as a
# copy" is the permanent's copy_of (rule 707.2), with no exception to encode.
SCENARIO_STATED = (
    (re.compile(r"^You may have (\S.*?) enter the battlefield as a copy of (any|an?) "
                r"(creature|artifact|enchantment|land|artifact or creature) on the battlefield\.$"),
     "the scenario's copy_of (rule 707.2; asp/layers/layer1_copy_face_down.lp)"),
    # A manifested or cloaked card is a permanent the scenario states face down (face_down =
    # "manifest", "manifest_dread", "cloak"; rules 701.40, 701.62, 701.58), with the counters
    # put on it and what it is attached to.
    (re.compile(r"^((When|Whenever|At) [^,.]+, (you )?(may )?|[^:\".]+: )?(you )?"
                r"(manifest|cloak) (the top (two )?cards? of (your|that player's) library|a card from "
                r"your hand|dread)(, then (put (a|two|X) \+1/\+1 counters? on it|attach \S.*? to it))?\.$",
                re.I),
     "the scenario's face_down = manifest, manifest_dread or cloak (rules 701.40, 701.58, 701.62)"),
    (re.compile(r"^As (\S.*?) enters the battlefield, choose an? (nonbasic land )?card name\.$"),
     "the scenario's noted_name (asp/layers/layers_types_abilities.lp)"),
    (re.compile(r"^Imprint — When (\S.*?) enters the battlefield, you may exile an? [^.]*card "
                r"from your hand\.$"),
     "the scenario's exiled_card (rule 607.2a; asp/mana/mana_abilities.lp)"),
    (re.compile(r"^Bestow (\{[^}]+\})+(—.*)?$"),
     "the scenario's bestowed (rule 702.103b; asp/layers/statics.lp)"),
)


def rules_source(card: Card) -> dict[tuple[str, int], AbilityResult]:
    texts = rules_texts()
    out = {}
    for face, index, text in abilities_of(card):
        said = None
        if index == INTRINSIC_INDEX:
            said = "asp/game/base.lp: basic_land_type/3"
        elif text in texts:
            said = f'asp/: ability_text(Ab,"{text}")'
        else:
            said = next((how for pattern, how in SCENARIO_STATED if pattern.match(text)), None)
        if said:
            out[(face, index)] = AbilityResult(face, index, text, MODELLED, "rules", (said,), "")
    return out


# Hand facts keyed by the card rather than by one ability (copy_adds("Phantasmal Image",...),
# face_down_source("Ixidron",...)) model the face's abilities of the group their file serves.
CARD_LEVEL_FILES = {"copy.lp": "copy_effects", "face_down.lp": "face_down_keywords"}


def hand_source(card: Card) -> dict[tuple[str, int], AbilityResult]:
    from pybridge.cards.encoded import hand_facts
    facts = hand_facts()
    out = {}
    for face, index, text in abilities_of(card):
        term = f'ab("{face}",{index})'
        lines = ()
        if (face, index) in facts.abilities:
            lines = tuple(f"{file}:{number}: {line}" for file, number, line in facts.lines
                          if term in line or _in_pool_pattern(line, face, index))
        else:
            lead = f'("{face}",'
            lines = tuple(f"{file}:{number}: {line}" for file, number, line in facts.lines
                          if file in CARD_LEVEL_FILES and lead in line
                          and CARD_LEVEL_FILES[file] in ability_groups(text, index))
        if lines:
            out[(face, index)] = AbilityResult(face, index, text, MODELLED, "hand", lines, "")
    return out


def _in_pool_pattern(line: str, face: str, index: int) -> bool:
    """A fact line naming several faces at once: ab(("A";"B"),1)."""
    return f'"{face}"' in line and f"),{index})" in line and "ab((" in line


register_source("rules", rules_source)
register_source("hand", hand_source)


# --- groups -----------------------------------------------------------------------------------
# An activated ability's cost, not a loyalty ability's ("[−1]:", "+2:"; rule 605.1a).
_COST = r'^(?!\[?[+−-]?(\d+|X)\]?:)[^"]*?:'
_ADD_MANA = r"\badds?\b[^.]*?(\{[WUBRGCSX0-9]|\bmana\b|\bone\b|\btwo\b|\bthree\b|\bX\b)"
GROUPS: dict[str, tuple[str, re.Pattern]] = {
    "mana_abilities": ("activated mana abilities (rule 605.1a) and intrinsic ones (305.6)",
                       re.compile(_COST + r"[^\"]*?" + _ADD_MANA, re.I)),
    "mana_replacement_effects": ("replacement effects on mana (rules 106.12b, 614)",
                                 re.compile(r"(for mana, (it|that \w+) produces|would (add|produce)"
                                            r" [^.]*mana|produces? [^.]*instead|produce[s]? twice)",
                                            re.I)),
    "triggered_mana_abilities": ("triggered mana abilities (rule 605.1b)",
                                 re.compile(r"^(whenever|when)\b[^.]*\b(tapped|taps? [^.]*)"
                                            r" for mana\b[^.]*\badds?\b", re.I)),
    "land_type_changes": ("effects that change land types (rules 305.7, 613.1d)",
                          re.compile(r"^(?!(when|whenever|at)\b)[^\"]*\b(is|are|becomes?|be)"
                                     r"( (a|an|the))? ((basic )?land type|(Plains|Island|Swamp|Mountain|Forest)"
                                     r"(s|es)?\b(?! card))|in addition to its other land types",
                                     re.I)),
    "ability_grants": ("effects that grant quoted abilities (rule 613.1f)",
                       re.compile(r'\b(have|has|gain|gains)\s+"', re.I)),
    "static_pt_and_keywords": ("static power/toughness and keyword effects (rules 613.4, 604.3)",
                               re.compile(r"^(?!(when|whenever|at)\b)(?!.*until end of turn)"
                                          r"(?![^\"]*:)(.*\bgets? [+-]"
                                          r"(\d+|X)/[+-](\d+|X)\b|.*\b(have|has)\s+(flying|haste|"
                                          r"trample|vigilance|deathtouch|lifelink|indestructible|"
                                          r"hexproof|reach|menace|first strike|double strike|"
                                          r"defender|shroud|ward)\b|.*\bpower (and toughness are "
                                          r"each|is) equal to|^changeling$|.*\blose[s]? all abilities\b|"
                                          r".*\bbase power and (base )?toughness\b|.*\b(is|are) (an? )?"
                                          r"[^.]*\bcreatures? in addition to (its|their) other types)",
                               re.I)),
    # an activated ability or a spell that makes a permanent a creature for a while (rules 611.2a,
    # 613.1d; a Vehicle's Crew, 702.122a)
    "animations": ("activated and resolved \"becomes a creature\" effects and Crew (rules 611.2a, "
                   "613.1d, 702.122a)",
                   re.compile(r"\bbecomes? an? (?!copy\b)[^.\"]*\bcreature\b[^.\"]*until end of turn|"
                              r"^Crew \d+$", re.I)),
    "face_down_keywords": ("face-down keywords and actions (rules 702.37, 702.168, 701.40, 708)",
                           re.compile(r"^(morph|megamorph|disguise)\b|\b(manifest|cloak)\b|"
                                      r"\bturn [^.]*face down\b", re.I)),
    "enters_tapped": ("permanents that enter the battlefield tapped, always, unless or if "
                      "(rules 614.1c, 614.12)",
                      re.compile(r"^(?!(?i:when|whenever|at)\b)(?![^\"]*:)[^\"]*\benters( the "
                                 r"battlefield)? tapped\b")),
    "enters_with_counters": ("permanents that enter the battlefield with counters on them "
                             "(rules 614.1c, 107.3m)",
                             re.compile(r"^(?!(?i:when|whenever|at)\b)(?![^\"]*:)(?![^\"]*\b(additional|"
                                        r"as a copy)\b)[^\"]*\benters( the battlefield)?( tapped)?"
                                        r"( and)? with\b[^.]*\bcounters?\b")),
    "as_enters_choices": ("choices made as a permanent enters, \"As ~ enters, choose a color, "
                          "a creature type, ...\" (rules 614.12, 614.1d)",
                          re.compile(r"^As [^.]*? enters( the battlefield)?[^,.]*, (you may )?"
                                     r"choose\b")),
    # the trigger condition only (event, filter, intervening if), whatever the effect; triggered
    # mana abilities are a group of their own
    "triggered_abilities": ("trigger conditions of \"When/Whenever\" triggered abilities (rules "
                            "603.2, 603.4)",
                            re.compile(r"^(when|whenever)\b(?![^.]*\b(tapped|taps? [^.]*) for "
                                       r"mana\b[^.]*\badds?\b)", re.I)),
    # the effect as it resolves from the stack (asp/stack/resolve.lp), read whole
    "triggered_effects": ("effects of \"When/Whenever\" triggered abilities resolving from the "
                          "stack (rule 608.2: life, counters, mana, tokens, draws, copies)",
                          re.compile(r"^(when|whenever)\b(?![^.]*\b(tapped|taps? [^.]*) for "
                                     r"mana\b[^.]*\badds?\b)", re.I)),
    "copy_effects": ("copy effects (rule 707)",
                     re.compile(r"\b(as a copy of|becomes? a copy of|enter[s]? [^.]*as a copy)\b",
                                re.I)),
}


ABILITY_WORD = re.compile(r"^[A-Z][\w' ]* — ")   # "Landfall — ", "Domain — " (rule 207.2c)


def ability_groups(text: str, index: int) -> list[str]:
    if index == INTRINSIC_INDEX:
        return ["mana_abilities"]
    text = ABILITY_WORD.sub("", text)
    found = [name for name, (_, pattern) in GROUPS.items()
             if name != "mana_abilities" and pattern.search(text)]
    # a mana ability by rule 605.1a exactly: activated, no target, could add mana, no loyalty
    # ability (pybridge/cards/ability_classes.py, which the relevance rule reads too)
    return (["mana_abilities"] if is_activated_mana_ability(text) else []) + found


def is_activated_mana_ability(text: str) -> bool:
    from pybridge.cards.ability_classes import is_activated, is_mana_ability, strip_prefix
    return is_activated(strip_prefix(text)) and is_mana_ability(text)


# Cards no scenario can state: they are never on the battlefield nor in a zone the format has
# (vanguards 902, planes and phenomena 901, schemes 904): counted apart, in no group.
UNSTATED = "cannot_be_stated"
UNSTATED_TYPES = ("Vanguard", "Plane", "Phenomenon", "Scheme")


def cannot_be_stated(card: Card) -> bool:
    return any(t in face.card_types for face in card.faces for t in UNSTATED_TYPES)


@dataclass
class GroupCoverage:
    name: str
    title: str
    cards: int = 0
    modelled: int = 0
    unmodelled: list[dict] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"title": self.title, "cards": self.cards, "modelled": self.modelled,
                "unmodelled": [{"card": u["card"], "why": u["why"]} for u in self.unmodelled]}


def coverage(cards) -> dict[str, GroupCoverage]:
    """Coverage per group over the cards (an iterable of Card)."""
    groups = {name: GroupCoverage(name, title) for name, (title, _) in GROUPS.items()}
    groups[UNSTATED] = GroupCoverage(UNSTATED, "cards no scenario can state (vanguards, planes, "
                                     "phenomena, schemes: rules 901, 902, 904), counted in no group")
    for card in cards:
        if cannot_be_stated(card):
            groups[UNSTATED].cards += 1
            continue
        members: dict[str, list[tuple[str, int, str]]] = {}
        for face, index, text in abilities_of(card):
            for group in ability_groups(text, index):
                members.setdefault(group, []).append((face, index, text))
        if not members:
            continue
        results = {(r.face, r.index): r for r in compiled_abilities(card)}
        for group, abilities in members.items():
            entry = groups[group]
            entry.cards += 1
            missing = [results[(face, index)] for face, index, _ in abilities
                       if not modelled_in(group, results[(face, index)])]
            if not missing:
                entry.modelled += 1
            else:
                entry.unmodelled.append({"card": card.name, "why": "; ".join(
                    f"ability {r.index} ({_short(r.text)}): {why_in(group, r)}" for r in missing),
                    "abilities": [(r.index, why_in(group, r)) for r in missing]})
    return groups


def modelled_in(group: str, result: AbilityResult) -> bool:
    """Whether the ability counts as modelled in the group: for triggered_abilities its trigger
    condition (compiled, or a hand triggers_on line), for triggered_effects its trigger and its
    effect read whole (trigger_effect/3), for the others the whole ability."""
    if group == "triggered_effects":
        return result.trigger == MODELLED and any(f.startswith("trigger_effect(")
                                                  for f in result.facts)
    if group != "triggered_abilities":
        return result.modelled
    return result.trigger == MODELLED


_EFFECT = re.compile(r"^(?:[^—]* — )?(?:when|whenever)[^,]*, (?:if [^,]*, )?(?P<words>.*)$", re.I)
_FIRST_WORDS = re.compile(r"[A-Za-z~']+")


def effect_unread(text: str) -> str:
    """Why a triggered ability's effect is unread, by the first words of its effect ("create a",
    "target creature", "draw a"): the shapes left, counted in docs/coverage.md."""
    found = _EFFECT.match(text)
    words = _FIRST_WORDS.findall(found.group("words") if found else text)[:2]
    return f"an effect starting \"{' '.join(words).lower()}\" (not read by pybridge/oracle/trigger_effects.py)"


def why_in(group: str, result: AbilityResult) -> str:
    if group == "triggered_abilities":
        return result.trigger_why or result.why
    if group == "triggered_effects":
        if result.trigger != MODELLED and result.trigger_why:
            return result.trigger_why
        return effect_unread(result.text)
    return result.why


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."


def _brief(abilities: list[tuple[int, str]]) -> str:
    """"abilities 1, 2: no encoding" for the markdown list (the JSON has each text)."""
    by_why: dict[str, list[str]] = {}
    for index, why in abilities:
        by_why.setdefault(why, []).append("intrinsic" if index == INTRINSIC_INDEX else str(index))
    return "; ".join(f"{'abilities' if len(ix) > 1 else 'ability'} {', '.join(ix)}: {why}"
                     for why, ix in by_why.items())


def _stated(groups: dict[str, GroupCoverage]) -> list[GroupCoverage]:
    return [g for name, g in groups.items() if name != UNSTATED]


def coverage_json(groups: dict[str, GroupCoverage]) -> dict:
    out: dict = {"groups": {g.name: g.as_json() for g in _stated(groups)}}
    if UNSTATED in groups:
        out[UNSTATED] = {"title": groups[UNSTATED].title, "cards": groups[UNSTATED].cards}
    return out


def coverage_text(groups: dict[str, GroupCoverage], listed: int = 0) -> str:
    """A table of the groups; `listed` unmodelled cards per group after it (0: none)."""
    lines = [f"{'group':<26} {'cards':>6} {'modelled':>9} {'share':>7}"]
    for g in _stated(groups):
        share = f"{100 * g.modelled / g.cards:.1f}%" if g.cards else "-"
        lines.append(f"{g.name:<26} {g.cards:>6} {g.modelled:>9} {share:>7}")
    if UNSTATED in groups:
        lines.append(f"{UNSTATED:<26} {groups[UNSTATED].cards:>6}  (can't be stated; in no group)")
    if listed:
        for g in _stated(groups):
            if g.unmodelled:
                lines.append(f"\n{g.name}: {len(g.unmodelled)} not fully modelled"
                             + (f" (first {listed})" if len(g.unmodelled) > listed else ""))
                lines += [f"  {u['card']}: {u['why']}" for u in g.unmodelled[:listed]]
    return "\n".join(lines)


def coverage_markdown(groups: dict[str, GroupCoverage], pool_size: int) -> str:
    """docs/coverage.md: generated by `mtgasp cards --coverage --write`; never edit by hand."""
    out = ["# Coverage of the card pool", "",
           "Generated by `mtgasp cards --coverage --write` (a test keeps it current); do not edit.",
           f"The embedded pool holds {pool_size:,} cards.  Each ability's Oracle text is sorted into",
           "the groups below by what it says; a card counts as modelled in a group when every one",
           "of its abilities in that group is modelled (hand facts in `asp/cards/`, the rules",
           "themselves, or the Oracle compiler once it lands; see `pybridge/cards/coverage.py`).",
           "", "| group | what | cards | modelled | share |", "| --- | --- | ---: | ---: | ---: |"]
    for g in _stated(groups):
        share = f"{100 * g.modelled / g.cards:.1f}%" if g.cards else "-"
        out.append(f"| `{g.name}` | {g.title} | {g.cards:,} | {g.modelled:,} | {share} |")
    if UNSTATED in groups:
        out += ["", f"{groups[UNSTATED].cards:,} {groups[UNSTATED].title}: they are counted "
                "apart, as neither modelled nor unmodelled."]
    for g in _stated(groups):
        out += ["", f"## {g.name}: not fully modelled ({len(g.unmodelled):,})", ""]
        if len(g.unmodelled) > LISTED_CARDS:
            out += _by_reason(g)
            continue
        out += [f"- {u['card']}: {_brief(u['abilities'])}" for u in g.unmodelled]
    return "\n".join(out) + "\n"


# A group with more cards unmodelled than this is listed by reason, with counts (every card is in
# `mtgasp cards --coverage --json`): a list of thousands of cards names nothing a reader can use.
LISTED_CARDS = 1000
REASONS_LISTED = 60


def _by_reason(g: GroupCoverage) -> list[str]:
    counts: dict[str, int] = {}
    for u in g.unmodelled:
        for _, why in u["abilities"]:
            counts[why] = counts.get(why, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    out = [f"By reason, the {min(REASONS_LISTED, len(ranked))} most frequent of {len(ranked):,} "
           "(abilities; every card: `mtgasp cards --coverage --json`):", ""]
    return out + [f"- {n:,}: {why}" for why, n in ranked[:REASONS_LISTED]]
