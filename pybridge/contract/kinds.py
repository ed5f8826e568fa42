"""The question kinds, declared once: what each one is called, what it names, its options, what
it answers and the asp/show file that holds its #show contract.

Pure data, below the reader and the facts assembler (pybridge/read/), the CLI help, the docs'
question table (pybridge/contract/generate.py) and the page (GET /api/kinds): none of them needs
the answer layer to know which kinds exist.  How an answer is read, checked and explained lives
in pybridge/answer/kinds/, keyed by these names (tests/test_answers_contract.py keeps both sides
the same).  A leaf module: it imports nothing of the project.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# What an ask of a kind names: a permanent on the battlefield (after the events), any object (a
# permanent or a card, or an id an event moved), or a player.
TARGETS = ("permanent", "object", "player")
# The values an option takes, each read by pybridge/read/ask_options.py.
OPTION_VALUES = ("positive_int", "player", "way")


@dataclass(frozen=True)
class OptionDecl:
    key: str            # the ask table's key, `ability`
    value: str          # one of OPTION_VALUES
    doc: str            # its cell in the docs' question table
    placeholder: str = ""   # the page's hint in an empty field

    def json(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "placeholder": self.placeholder}


@dataclass(frozen=True)
class KindDecl:
    name: str           # the ask table's key naming the kind, `produce`
    target: str         # one of TARGETS
    doc: str            # one line, for `mtgasp ask --help` and the page
    answer_doc: str     # the answer and `expect` syntax, its cell in the docs' question table
    show: str           # asp/show/<show>.lp: the #show contract it reads
    options: tuple[OptionDecl, ...] = ()
    # The distinct answers of several outcomes of the events merge into one answer of the same
    # form (pool); otherwise they are {"outcomes": [...]} (docs/scenario-format.md).
    merges_outcomes: bool = False

    @property
    def option_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def json(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "doc": self.doc, "show": self.show,
                "options": [o.json() for o in self.options]}


_ABILITY_MANA = OptionDecl(
    "ability", "positive_int",
    "`ability = N` (its Nth mana ability; basic land types' abilities first in WUBRG order, then "
    "printed abilities in Oracle order, then granted ones)")
_ABILITY_ACTIVATED = OptionDecl(
    "ability", "positive_int", "`ability = N` (its Nth activated ability, counted as for `produce`)")
_VIEWER = OptionDecl(
    "viewer", "player", "`viewer = PLAYER` (answer as that player sees it; rule 708.5)")
_WAY = OptionDecl(
    "way", "way",
    "`way = \"morph\"` (its morph, megamorph or disguise cost), `\"mana_cost\"` (a manifested "
    "creature card) or the name of a card whose effect turns it face up", placeholder="morph")

# In the docs' order: the mana kinds, what a permanent is, activation, then the state after events.
KIND_DECLS: tuple[KindDecl, ...] = (
    KindDecl("could_produce", "permanent", "the mana types a permanent could produce (rule 106.7)",
             "the mana types it could produce (rule 106.7), letters in `W U B R G C` order: "
             "`expect = [\"B\", \"G\"]`; `[]` for none", show="could_produce"),
    KindDecl("produce", "permanent", "every distinct total one activation of a mana ability can add",
             "every distinct total one activation can add, across every choice and every order of "
             "replacement effects (rules 614, 616), with the triggered mana abilities it sets off "
             "(605.1b, 106.12a): `expect = [\"{B}\", \"{B}{B}\"]`; `\"\"` is an activation that "
             "adds no mana", show="produce", options=(_ABILITY_MANA,)),
    KindDecl("characteristics", "permanent", "a permanent's characteristics after the layers (rule 613)",
             "a table `{name, mana_cost, mana_value, colors, supertypes, types, subtypes, power, "
             "toughness, abilities, rules, face_down}` (`rules`: the rules for attacking, blocking, "
             "combat damage and untapping it is under, e.g. `[\"can't block\", \"goaded\"]`, "
             "asp/combat/combat_rules.lp); `expect = { types = [\"Creature\"], power = 2 }` checks "
             "only the keys given; `power = \"null\"` for none",
             show="characteristics", options=(_VIEWER,)),
    KindDecl("turn_face_up", "permanent", "a face-down permanent's characteristics once turned face up",
             "its characteristics once turned face up, or `\"null\"` where it can't be (rules "
             "702.37, 701.40, 708, 712)", show="turn_face_up", options=(_WAY,)),
    KindDecl("can_activate", "permanent", "whether an activated ability of a permanent can be activated now",
             "`true` or `false`; JSON adds `\"reason\"`, `\"RULE: text\"` when false (107.5, "
             "107.6, 302.6, 602.1b, 602.5)", show="can_activate", options=(_ABILITY_ACTIVATED,)),
    KindDecl("etb_x", "permanent", "the X a permanent's enters-the-battlefield abilities see (rule 107.3m)",
             "the X its enters-the-battlefield abilities and replacement effects see (rule 107.3m): "
             "an integer", show="etb_x"),
    KindDecl("zone", "object", "where an object is after the events (rule 400.7)",
             "where the object (or the new object it became, rule 400.7) is after the events: "
             "`\"battlefield\"`, `\"hand\"`, `\"library\"`, `\"graveyard\"`, `\"exile\"`, "
             "`\"stack\"`, or `\"nowhere\"` for a token that ceased to exist (111.7, 704.5d); "
             "JSON adds `\"object\"`, the id it has now", show="zone"),
    KindDecl("revealed", "object", "the players the events revealed an object to (708.9, 701.40g)",
             "the players the events revealed it to (708.9, 701.40g): "
             "`expect = [\"opponent\", \"you\"]`", show="revealed"),
    KindDecl("triggered", "object", "the triggered abilities that triggered on or from an object",
             "each triggered ability that triggered whose source is ID or that triggered on ID: a "
             "list of `{event, source, ability, on}` (the ability's text); `expect` lists tables "
             "with any of those keys, one per trigger", show="triggered"),
    KindDecl("pool", "player", "every mana pool a player can have after the events",
             "every distinct mana pool the player can have after the events, across every order and "
             "choice: `expect = [\"{G}{G}{G}{G}\"]`; `\"\"` is an empty pool", show="pool",
             merges_outcomes=True),
)

KIND_NAMES: tuple[str, ...] = tuple(k.name for k in KIND_DECLS)
KIND_BY_NAME: dict[str, KindDecl] = {k.name: k for k in KIND_DECLS}
# Every option key some kind takes (an ask table's other keys are the kind's name and `expect`).
OPTION_KEYS: frozenset[str] = frozenset(o.key for k in KIND_DECLS for o in k.options)
