"""The question kinds, declared once: what each one is called, what it names, its options, what
it answers and the asp/show file that holds its #show contract.

Pure data, below the reader and the facts assembler (pybridge/read/), the CLI help, the docs'
question table (pybridge/contract/generate.py) and the page (GET /api/kinds): none of them needs
the answer layer to know which kinds exist.  How an answer is read, checked and explained lives
in pybridge/answer/kinds/, keyed by these names (tests/test_answers_contract.py keeps both sides
the same).  Each kind declares too which classes of ability text can bear on its answer
(`bears`), among the classes of ability declared here too (`ABILITY_CLASSES`, read off a text by
pybridge/cards/ability_classes.py), as each event kind does (`EVENT_BEARS`): an unmodelled
ability of such a class is named in the answer's `unmodelled` list, any other is irrelevant to
it (pybridge/answer/unmodelled.py applies it; pybridge/contract/generate.py writes the docs'
table).  A leaf module: it imports nothing of the project.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# What an ask of a kind names: a permanent on the battlefield (after the events), any object (a
# permanent or a card, or an id an event moved), or a player.
TARGETS = ("permanent", "object", "player")
# The values an option takes, each read by pybridge/read/ask_options.py.
OPTION_VALUES = ("positive_int", "player", "way")


# --- which ability text can bear on an answer (issue 30) ---
@dataclass(frozen=True)
class AbilityClass:
    """A class of ability text, and what falls in it."""
    name: str
    doc: str        # what text falls in it, with the rules that make it so


ABILITY_CLASSES: tuple[AbilityClass, ...] = (
    AbilityClass("mana_ability", "a mana ability (605.1a: activated, no target, could add mana, not a "
                 "loyalty ability; 605.1b: triggered by a mana ability and adding mana)"),
    AbilityClass("mana_effect", "a static ability or replacement effect on the mana abilities "
                 "produce, or granting mana abilities (106.7, 614, 616)"),
    AbilityClass("land_type", "a change of land types (305.7, layer 4)"),
    AbilityClass("copy", "a copy effect (707, layer 1)"),
    AbilityClass("type_change", "a change of card types, subtypes or supertypes (layer 4; Changeling)"),
    AbilityClass("color_change", "a change of colours (layer 5; Devoid)"),
    AbilityClass("ability_change", "abilities granted or removed (layer 6)"),
    AbilityClass("ability_loss", "abilities removed (\"loses all abilities\", layer 6): what "
                 "bears on mana of layer 6 besides grants of mana abilities (`mana_effect`)"),
    AbilityClass("pt_change", "power or toughness set or changed (layer 7)"),
    AbilityClass("name_cost", "a name, mana cost or mana value set"),
    AbilityClass("static", "another static ability of a permanent, read no closer (counted as "
                 "bearing on characteristics, so nothing is missed)"),
    AbilityClass("combat_rule", "a rule on attacking, blocking, combat damage or untapping "
                 "(what `characteristics` shows as `rules`)"),
    AbilityClass("activation_rule", "a rule on activating abilities (602.5) or a keyword that "
                 "lifts one (Haste, 302.6)"),
    AbilityClass("entering", "a replacement effect on entering: tapped, with counters, as a "
                 "copy, a choice as it enters (614.1c-e, 614.12)"),
    AbilityClass("face_up", "what happens as it is turned face up, and the ways to turn it face "
                 "up (Morph, Megamorph, Disguise; 702.37, 708.8)"),
    AbilityClass("leaving", "a replacement effect on leaving the battlefield or going to a zone "
                 "(614.6, 614.1a)"),
    AbilityClass("trigger", "a triggered ability (603): When, Whenever, a chapter "
                 "ability, a triggered keyword (Soulbond, Renown, Evolve ...)"),
    AbilityClass("enters_x", "an entering replacement or an enters-the-battlefield trigger that "
                 "reads X (107.3m)"),
    AbilityClass("mode", "a mode of a modal spell or ability (700.2, a line opening with •): an "
                 "effect on resolution"),
    AbilityClass("trigger_rule", "a rule on what triggers (603.2): \"don't cause abilities to "
                 "trigger\", \"triggers an additional time\""),
    AbilityClass("phase_trigger", "a triggered ability on a step or phase (\"At the beginning of "
                 "...\", 603.2b): no event here makes one begin"),
    AbilityClass("activated", "an activated ability that is no mana ability (602), an activated "
                 "keyword (Equip, Cycling, Reconfigure ...)"),
    AbilityClass("keyword", "a keyword `characteristics` shows by name in `abilities` whatever "
                 "models it (Flying, Trample, Protection ...; 702)"),
    AbilityClass("pool_rule", "what happens to mana in a pool (500.4, 106.4)"),
    AbilityClass("spending", "how mana may be spent (609.4b): no question here reads it"),
    AbilityClass("outside", "an ability that works only off the battlefield or while casting "
                 "(113.6): the spell's own ability, Kicker, Flash, Suspend, cost changes of "
                 "spells, deck building, the opening hand"),
    AbilityClass("game_rule", "a rule about players or actions no question here reads: hand "
                 "size, the legend rule, revealing, transforming, attaching, damage prevention"),
)
CLASS_NAMES: tuple[str, ...] = tuple(c.name for c in ABILITY_CLASSES)

# The characteristics a permanent has after the layers (613.1) rest on these.
LAYERS = ("copy", "type_change", "color_change", "ability_change", "ability_loss", "pt_change", "land_type",
          "name_cost", "static")

# Keywords whose name says their class (702); a keyword not here is read by its text.
KEYWORD_CLASSES: dict[str, str] = {
    **{k: "activated" for k in ("equip", "reconfigure", "fortify", "cycling", "level up", "outlast",
                                 "ninjutsu", "transmute", "unearth", "scavenge", "embalm", "eternalize",
                                 "channel", "crew", "boast", "forecast", "transfigure", "encore",
                                 "adapt", "monstrosity", "reinforce", "bloodrush", "craft",
                                 "exhaust", "station", "saddle", "mobilize")},
    **{k: "trigger" for k in ("soulbond", "renown", "evolve", "exploit", "prowess", "afterlife",
                               "persist", "undying", "annihilator", "bushido", "rampage",
                               "flanking", "exalted", "training", "mentor", "dethrone",
                               "myriad", "melee", "battle cry", "backup", "ward", "decayed",
                               "cumulative upkeep", "echo",
                               "extort", "living weapon", "fabricate",
                               "afflict", "enlist", "squad", "champion", "hideaway",
                               "partner with", "for mirrodin!", "job select", "toxic",
                               "poisonous", "haunt", "soulshift", "recover", "dredge")},
    **{k: "outside" for k in ("kicker", "multikicker", "flash", "emerge", "suspend", "delve",
                               "convoke", "improvise", "affinity", "evoke", "dash", "blitz",
                               "prowl", "spectacle", "surge", "madness", "flashback", "escape",
                               "jump-start", "retrace", "aftermath", "overload", "buyback",
                               "entwine", "splice", "offering", "bestow", "mutate",
                               "partner", "companion", "split second", "rebound", "cipher",
                               "fuse", "miracle", "foretell", "plot", "disturb",
                               "assist", "undaunted", "demonstrate", "conspire", "awaken",
                               "spree", "freerunning", "gift", "specialize", "warp", "sneak",
                               "harmonize", "prototype", "more than meets the eye", "read ahead",
                               "cleave", "bargain", "discover", "storm", "cascade",
                               "replicate", "casualty", "gravestorm", "ripple")},
    **{k: "keyword" for k in ("flying", "reach", "trample", "vigilance", "deathtouch", "lifelink",
                               "hexproof", "indestructible", "menace", "first strike",
                               "double strike", "protection", "shroud", "wither", "fear",
                               "intimidate", "infect", "skulk")},
    **{k: "entering" for k in ("bloodthirst", "riot", "ravenous", "modular", "graft", "sunburst",
                                "amplify", "devour", "tribute", "unleash", "fading", "vanishing")},
    **{k: "face_up" for k in ("morph", "megamorph", "disguise", "cloak")},
    "changeling": "type_change", "devoid": "color_change", "haste": "activation_rule",
    "phasing": "game_rule", "ascend": "game_rule", "enchant": "game_rule", "banding": "keyword",
    "defender": "keyword", "horsemanship": "keyword", "shadow": "keyword", "landwalk": "keyword",
}


@dataclass(frozen=True)
class Bearing:
    """The classes of ability that bear on an answer, and whose abilities: `board` every
    permanent's (and, for `triggered`, every card's the events may move), `asked` the asked
    permanent's own besides (a copy's: its own card's, whose copy effect it is), `hidden` a
    face-down asked permanent's card's (what it turns up as; face down it has none, 708.2)."""
    board: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()

    def classes(self) -> frozenset[str]:
        return frozenset(self.board) | frozenset(self.asked) | frozenset(self.hidden)


# A rule of these classes whose subject is its own object ("~ can't block") bears only on answers
# about that object, and one whose subject is what its object is attached to ("Enchanted
# creature can't block") only on answers about that host: no count or reflection reads it of
# another.
SELF_ONLY: tuple[str, ...] = ("combat_rule", "activation_rule", "face_up", "entering")

# Layer 6 bears on mana through "loses all abilities" (`ability_loss`) and grants of mana
# abilities (a quoted "Add": `mana_effect`), not through a grant of flying.
MANA = ("mana_ability", "mana_effect", "land_type", "copy", "ability_loss")

# What can change an event's outcome besides the rules (asp/events/): the replacement effects
# of the objects it moves and of the board, and for `activate` the mana abilities; for
# `resolve`, the triggered abilities that resolve (asp/stack/resolve.lp).
EVENT_BEARS: dict[str, tuple[str, ...]] = {
    "enter": ("entering", "copy"),
    "blink": ("entering", "leaving", "copy"),
    "leave": ("leaving",),
    "turn_face_up": ("face_up",),
    "turn_face_down": (),
    "activate": MANA + ("pt_change", "pool_rule"),
    "resolve": ("trigger", "trigger_rule"),
}


# --- the question kinds ---
@dataclass(frozen=True)
class OptionDecl:
    """An option of a question kind."""
    key: str            # the ask table's key, `ability`
    value: str          # one of OPTION_VALUES
    doc: str            # its cell in the docs' question table
    placeholder: str = ""   # the page's hint in an empty field

    def json(self) -> dict[str, Any]:
        return {"key": self.key, "value": self.value, "placeholder": self.placeholder}


@dataclass(frozen=True)
class Offer:
    """When the page offers a kind on an object (issue 31): only where the question makes
    sense.  `classes`: the object's own abilities (its card's, none while face down, 708.2)
    include one of these classes, or (`board`) some permanent's or lasting effect's abilities
    include every class of one of these groups (a grant of a mana ability: a change of abilities
    that is a mana effect); none given: any object of the kind's target.  `face_down`: True, only a face-down permanent;
    False, only a face-up one; None, either.  `events`: only when the scenario has events."""
    classes: tuple[str, ...] = ()
    board: tuple[tuple[str, ...], ...] = ()
    face_down: bool | None = None
    events: bool = False

    def json(self) -> dict[str, Any]:
        return {"classes": list(self.classes), "board": [list(group) for group in self.board],
                "face_down": self.face_down, "events": self.events}


@dataclass(frozen=True)
class KindDecl:
    """A question kind as declared: its name, target, options, docs and show file."""
    name: str           # the ask table's key naming the kind, `produce`
    target: str         # one of TARGETS
    doc: str            # one line, for `mtgasp ask --help` and the page
    answer_doc: str     # the answer and `expect` syntax, its cell in the docs' question table
    show: str           # asp/show/<show>.lp: the #show contract it reads
    options: tuple[OptionDecl, ...] = ()
    # The distinct answers of several outcomes of the events merge into one answer of the same
    # form (pool); otherwise they are {"outcomes": [...]} (docs/scenario-format.md).
    merges_outcomes: bool = False
    # The classes of ability text that can bear on its answer (below).
    bears: Bearing = Bearing()
    # When the page offers it on an object (Offer).
    offer: Offer = Offer()
    # Its name on the page's buttons, in words (default: the name, spaced).
    label: str = ""

    @property
    def option_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def json(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "doc": self.doc, "show": self.show,
                "options": [o.json() for o in self.options], "offer": self.offer.json(),
                "label": self.label or self.name.replace("_", " "),
                "merges_outcomes": self.merges_outcomes}


# What can give a permanent a mana ability it doesn't print: a grant of one (a change of
# abilities that is a mana effect: Cryptolith Rite) or a basic land type (Urborg, 305.6).
MANA_GRANTS = (("ability_change", "mana_effect"), ("land_type",))

_ABILITY_MANA = OptionDecl(
    "ability", "positive_int",
    "`ability = N` (its Nth mana ability; basic land types' abilities first in WUBRG order, then "
    "printed abilities in Oracle order, then granted ones; a printed one no rule reads is "
    "counted all the same, rule 113.2, and asking for it is `unknown` with its text)")
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
             "`expect = [\"B\", \"G\"]`; `[]` for none", show="could_produce",
             bears=Bearing(board=MANA),
             offer=Offer(classes=("mana_ability",), board=MANA_GRANTS)),
    KindDecl("produce", "permanent", "every distinct total one activation of a mana ability can add",
             "every distinct total one activation can add, across every choice and every order of "
             "replacement effects (rules 614, 616), with the triggered mana abilities it sets off "
             "(605.1b, 106.12a): `expect = [\"{B}\", \"{B}{B}\"]`; `\"\"` is an activation that "
             "adds no mana", show="produce", options=(_ABILITY_MANA,),
             bears=Bearing(board=MANA + ("pt_change",)),
             offer=Offer(classes=("mana_ability",), board=MANA_GRANTS)),
    KindDecl("characteristics", "permanent", "a permanent's characteristics after the layers (rule 613)",
             "a table `{name, mana_cost, mana_value, colors, supertypes, types, subtypes, power, "
             "toughness, abilities, rules, face_down}` (`rules`: the rules for attacking, blocking, "
             "combat damage and untapping it is under, e.g. `[\"can't block\", \"goaded\"]`, "
             "asp/combat/combat_rules.lp); `expect = { types = [\"Creature\"], power = 2 }` checks "
             "only the keys given; `power = \"null\"` for none; a face-down permanent's name and "
             "mana cost are `\"\"` (it has none, 708.2), never `\"null\"`",
             show="characteristics", options=(_VIEWER,),
             bears=Bearing(board=LAYERS + ("combat_rule",), asked=("copy",))),
    KindDecl("turn_face_up", "permanent", "a face-down permanent's characteristics once turned face up",
             "its characteristics once turned face up, or `\"null\"` where it can't be (rules "
             "702.37, 701.40, 708, 712)", show="turn_face_up", options=(_WAY,),
             bears=Bearing(board=LAYERS + ("combat_rule",), asked=("copy",),
                           hidden=LAYERS + ("face_up", "combat_rule")),
             offer=Offer(face_down=True)),
    KindDecl("can_activate", "permanent", "whether an activated ability of a permanent can be activated now",
             "`true` or `false`; JSON adds `\"reason\"`, `\"RULE: text\"` when false (107.5, "
             "107.6, 302.6, 602.1b, 602.5)", show="can_activate", options=(_ABILITY_ACTIVATED,),
             bears=Bearing(board=("activation_rule", "ability_change", "type_change"),
                           asked=("activation_rule",)),
             offer=Offer(classes=("activated", "mana_ability"),
                         board=(("ability_change",), ("land_type",)))),
    KindDecl("etb_x", "permanent", "the X a permanent's enters-the-battlefield abilities see (rule 107.3m)",
             "the X its enters-the-battlefield abilities and replacement effects see (rule 107.3m): "
             "an integer", show="etb_x",
             bears=Bearing(asked=("enters_x", "copy")), offer=Offer(classes=("enters_x",)),
             label="X as it enters"),
    KindDecl("zone", "object", "where an object is after the events (rule 400.7)",
             "where the object (or the new object it became, rule 400.7) is after the events: "
             "`\"battlefield\"`, `\"hand\"`, `\"library\"`, `\"graveyard\"`, `\"exile\"`, "
             "`\"stack\"`, or `\"nowhere\"` for a token that ceased to exist (111.7, 704.5d); "
             "JSON adds `\"object\"`, the id it has now", show="zone",
             bears=Bearing(board=("leaving",)), offer=Offer(events=True)),
    KindDecl("revealed", "object", "the players the events revealed an object to (708.9, 701.40g)",
             "the players the events revealed it to (708.9, 701.40g): "
             "`expect = [\"opponent\", \"you\"]`", show="revealed",
             bears=Bearing(board=("leaving", "face_up")), offer=Offer(events=True),
             label="revealed to"),
    KindDecl("triggered", "object", "the triggered abilities that triggered on or from an object",
             "each triggered ability that triggered whose source is ID or that triggered on ID: a "
             "list of `{event, source, ability, on}` (the ability's text); `expect` lists tables "
             "with any of those keys, one per trigger", show="triggered",
             bears=Bearing(board=("trigger", "trigger_rule")), offer=Offer(events=True)),
    KindDecl("pool", "player", "every mana pool a player can have after the events",
             "every distinct mana pool the player can have after the events, across every order and "
             "choice: `expect = [\"{G}{G}{G}{G}\"]`; `\"\"` is an empty pool", show="pool",
             merges_outcomes=True,
             bears=Bearing(board=MANA + ("pt_change", "pool_rule")), offer=Offer(events=True),
             label="mana pool"),
    KindDecl("stack", "player", "the stack after the events, top first (rules 405, 603.3)",
             "the objects on the stack after the events, top first (every object on it is public: "
             "any player sees all of it): a list of `{source, ability, controller, on, target}` (`on` "
             "the object it triggered on when the ability reads it, `target` its target, else "
             "`\"\"`); `expect` lists "
             "tables with any of those keys, in order; JSON adds `\"orders\"`: each distinct "
             "answer with the number of orders of triggered abilities (and choices) leading to it",
             show="stack", bears=Bearing(board=("trigger", "trigger_rule")), offer=Offer(events=True),
             label="the stack"),
    KindDecl("life", "player", "a player's life total after the events (rule 119)",
             "the player's life total after the events, with what resolved from the stack: an "
             "integer; JSON adds `\"lost_game\"` (704.5a) and `\"orders\"` as for `stack`", show="life",
             bears=Bearing(board=("trigger",)), offer=Offer(events=True), label="life total"),
)

KIND_NAMES: tuple[str, ...] = tuple(k.name for k in KIND_DECLS)
KIND_BY_NAME: dict[str, KindDecl] = {k.name: k for k in KIND_DECLS}
# Every option key some kind takes (an ask table's other keys are the kind's name and `expect`).
OPTION_KEYS: frozenset[str] = frozenset(o.key for k in KIND_DECLS for o in k.options)

# The kind the page asks of every object to draw the board after an event (where each object is).
BOARD_VIEW_KIND = "zone"
