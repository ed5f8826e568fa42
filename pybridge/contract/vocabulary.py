"""The card vocabulary: every predicate the Oracle compiler (pybridge/oracle/), a hand encoding
(asp/cards/*.lp) or the card pool's printed facts (pybridge/cards/printed.py) may state facts in,
declared once.

The rules read these predicates and a scenario may have none of their facts, so each is
#defined: `python -m pybridge.contract.generate` writes asp/vocabulary/cards.lp and
docs/card-vocabulary.md from CARD_VOCABULARY, and asp/vocabulary/derived.lp from DERIVED (the few
derived predicates some loading of the programs leaves without a rule).  The bridge reads its
flags: pybridge/oracle/hook.py decides from them which compiled facts a hand encoding replaces.
tests/test_vocabulary_contract.py keeps the declarations, the programs and the compiler in step.
"""
from __future__ import annotations

from dataclasses import dataclass

# What a predicate's facts are about: its first argument, which a hand fact shares with the
# compiler's (pybridge/oracle/hook.py) and by which a selection keeps or drops a card file's
# facts (pybridge/solve/selection.py).
ABILITY = "ability term: ab(Face,I), grant(Face,I), ..."
CARD = "card name"
FACE = "face name"
COST = "mana cost"
TOKEN = "token face"
PROFILE = "face-down profile"
MAKER = "mechanic or card"
MECHANIC = "face-down mechanic"
TABLE = "nothing (a table of the rules)"


@dataclass(frozen=True)
class CardPredicate:
    """A predicate of the card vocabulary: its arguments, key and meaning."""
    name: str
    args: tuple[str, ...]
    keyed_by: str
    doc: str
    group: str                      # the section of the generated files it is listed in
    # A hand fact in it about an ability replaces every fact the compiler states about that
    # ability (a hand encoding wins, and the two never add up).
    replaces_compiled: bool = False
    # Keyed by the card: a card asp/cards/copy.lp encodes by hand gets none of the compiler's
    # facts in it.
    copy_keyed: bool = False
    # Why no rule reads it ("" : some rule body does; tests/test_vocabulary_contract.py checks).
    unread: str = ""

    @property
    def arity(self) -> int:
        return len(self.args)

    @property
    def signature(self) -> str:
        return f"{self.name}/{self.arity}"

    @property
    def shape(self) -> str:
        return f"{self.name}({','.join(self.args)})" if self.args else self.name


@dataclass(frozen=True)
class DerivedPredicate:
    """A predicate rules derive that is #defined all the same: some loading of the programs
    (the explanation programs of asp/explain/ are loaded a kind at a time) has a rule reading it
    and none deriving it, or shows it (asp/show/) when the rules selected for a scenario's facts
    (`shown`) hold none of its rules."""
    name: str
    arity: int
    reason: str
    shown: bool = False

    @property
    def signature(self) -> str:
        return f"{self.name}/{self.arity}"


def _group(group: str, keyed_by: str, *rows: tuple, **flags) -> tuple[CardPredicate, ...]:
    """The declarations of one group, each row (name, "Arg,...", doc[, {flag: value}])."""
    out = []
    for name, args, doc, *extra in rows:
        fields = {"keyed_by": keyed_by, **flags, **(extra[0] if extra else {})}
        out.append(CardPredicate(name, tuple(a for a in args.split(",") if a), doc=doc,
                                 group=group, **fields))
    return tuple(out)


# A hand fact about the ability replaces the compiler's facts about it (see CardPredicate).
_HAND_WINS = {"replaces_compiled": True}
_BY_CARD = {"keyed_by": CARD}

MANA_ABILITIES = _group(
    "mana abilities (asp/mana/mana_abilities.lp)", ABILITY,
    ("mana_ability", "Ab", "Ab is a mana ability (rule 605.1a)"),
    ("cost_tap", "Ab", "{T} is in its cost"),
    ("cost_untap", "Ab", "{Q} is in its cost"),
    ("mana_group", "Ab,G,N", "part G adds N mana, all of one type"),
    ("mana_group_count", "Ab,G,F", "part G adds one mana per permanent you control matching F"),
    ("mana_group_counters", "Ab,G,K", "part G adds one mana per K counter on the source"),
    ("mana_group_devotion", "Ab,G",
     "part G adds as many mana as its controller's devotion to its type"),
    ("mana_group_when", "Ab,G,Cond", "part G counts only while Cond holds"),
    ("mana_group_unless", "Ab,G,Cond", "part G counts only while Cond doesn't hold (rule 614.15)"),
    ("mana_group_amount", "Ab,G,A",
     "part G adds A mana, all of one type (power, domain, a count ...)"),
    ("mana_group_combination", "Ab,G", "part G's amount is in any combination of its types"),
    ("mana_distinct", "Ab", "its parts add mana of different types"),
    ("mana_per_removed_counter", "Ab,K,Spec",
     "X more mana of Spec for the X K counters removed as the cost"),
    ("mana_per_sacrificed", "Ab,F,Spec",
     "X more mana of Spec for the X permanents matching F sacrificed"),
    ("mana_removed_one_type", "Ab", "those X mana are all of one type"),
    ("group_types", "Ab,G,Spec", "the types part G may add, a union over its Specs"),
    ("mana_depends_on", "Ab,What", "what Ab adds rests on state the scenario format can't give",
     {"replaces_compiled": False}),
    ("chooses_creature_type", "Ab", "Ab's source has its controller choose a creature type",
     {"replaces_compiled": False}),
    replaces_compiled=True)

SHORTHANDS = _group(
    "mana shorthands (asp/mana/mana_abilities.lp)", ABILITY,
    ("taps_for", "Ab,G,T,N", "{T}: part G adds N mana of type T"),
    ("adds", "Ab,G,T,N", "part G adds N mana of type T, no {T} in the cost"),
    ("taps_for_any_color", "Ab", "{T}: add one mana of any color"),
    ("taps_for_one_of", "Ab,T", "{T}: add one mana of one of its types T"),
    ("taps_for_reflected", "Ab,Whose,Filter,Kind",
     "{T}: add one mana of any Kind that a Filter Whose controls could produce (rule 106.7)"),
    replaces_compiled=True)

DEVOTION = _group(
    "mana costs, for devotion (pybridge/oracle/hook.py)", COST,
    ("mana_cost_color_symbols", "Cost,T,N", "N symbols of colour T in the mana cost (rule 700.5)"),
    ("mana_cost_devotion", "Cost,Colours,N",
     "N symbols of Cost are of a colour in Colours (rule 700.5a)"))

MANA_EFFECTS = _group(
    "triggered mana and mana replacement (asp/mana/)", ABILITY,
    ("mana_trigger", "Ab", "Ab is a triggered mana ability (rule 605.1b)"),
    ("trigger_when", "Ab,Cond", "it triggers only on mana abilities for which Cond holds"),
    ("trigger_when_any", "Ab,Cond", "at least one of its Conds must hold"),
    ("trigger_adds", "Ab,N,Spec", "it adds N mana of one type Spec allows"),
    ("trigger_adds_count", "Ab,Count,Spec", "it adds one mana of Spec for each one Count counts"),
    ("trigger_adds_combination", "Ab,N,Spec", "it adds N mana in any combination of Spec's types"),
    ("trigger_may", "Ab", "its controller may add the mana or not"),
    ("trigger_adds_instead", "Ab,When,N,Spec", "When (snow) it adds N mana of Spec instead"),
    ("mana_replacement", "Ab", "Ab is a replacement effect on mana production (rule 614)"),
    ("replaces_when", "Ab,Cond", "it applies only to events for which Cond holds"),
    ("replaces_with", "Ab,Op", "what it does to the mana, one Op of a choice"),
    ("replaces_min_total", "Ab,N", "it applies only to N or more mana"),
    replaces_compiled=True)

ACTIVATION = _group(
    "activated abilities (asp/questions/activation.lp)", ABILITY,
    ("activated", "Ab", "Ab is an activated ability (rule 602.1)"),
    ("unread_ability", "Ab,Shape", "a printed ability no rule reads, of the Shape `activated`, "
     "`mana_ability` (605.1a), `trigger` or `spell`, and `lasting` or `face_down` when its words "
     "make a lasting effect or turn cards face down: counted where `ability = N` numbers "
     "abilities as printed (113.2); an ask naming it is answered unknown, an [[effect]] "
     "(`lasting`) or `face_down` (`face_down`) naming its card is refused as not modelled yet"),
    ("cost_has", "Ab,Cost", "Cost is part of its cost (tap, untap, sacrifice(F), ...)", _HAND_WINS),
    ("activate_only", "Ab,When", "it may be activated only When (rule 602.1b, 602.5d)", _HAND_WINS),
    ("cost_symbols", "Ab,T,Q", "T {T} and Q {Q} symbols in its cost, when more than one"),
    ("equip", "Ab", "Ab is an equip ability: sorcery timing, a creature you control as target"),
    ("functions_only_from", "Ab,Zone,Rule",
     "it works only from Zone (rule Rule: cycling, unearth)"),
    ("target", "Ab,N,F,Whose,Other",
     "N different target permanents matching F that Whose controls"),
    ("target_player", "Ab,Who", "it targets a player (Who: opponent)"),
    ("target_card", "Ab,F,Whose", "it targets an F card in Whose graveyard"),
    ("gains_haste", "Ab,Who", "a lasting effect of Ab gives Who (targets) haste"),
    ("reconfigure", "Ab", "Ab is reconfigure (rule 702.151): attached to a creature, its permanent "
     "is no creature (702.151b)"),
    ("as_though_haste", "Ab,Scope,Action", "the permanents of Scope may Action (activate: their "
     "{T} and {Q} abilities) as though they had haste, without having it (rule 702.10c)"),
    ("protection_from", "Ab,Quality", "Ab is protection from Quality (rule 702.16)"),
    ("activated_copy_grant", "Card,I", "the I-th ability Card's copy effect writes is activated",
     _BY_CARD))

STATICS = _group(
    "static abilities and lasting effects (asp/layers/)", ABILITY,
    ("static_when", "Ab,Cond", "its effect exists only as long as Cond holds (rule 611.3a)"),
    ("pt_modify", "Ab,Scope,DP,DT", "layer 7c: the permanents of Scope get +DP/+DT"),
    ("pt_modify_per", "Ab,Scope,DP,DT,C", "layer 7c: +DP/+DT for each C"),
    ("pt_cda", "Ab,A,How", "layer 7a: a characteristic-defining ability setting A of its object"),
    ("sets_base_pt", "Ab,Scope,P,T",
     "layer 7b: the permanents of Scope have base power P, toughness T (mana_value: each its "
     "own; x: the [[effect]]'s `x`, 608.2h)"),
    ("loses_type", "Ab,Whom,T", "layer 4: its object isn't a T"),
    ("land_type_effect", "Ab,Scope,Change", "layer 4: the permanents of Scope change land types"),
    ("land_type_choice", "Ab,L", "L is a land type its effect may choose"),
    ("color_effect", "Ab,Scope,Change", "layer 5: the permanents of Scope change colour"),
    ("ability_grant", "Ab,Scope,Text", "layer 6: the permanents of Scope have the ability Text"),
    ("ability_grant_part", "Ab,J,Text", "Ab grants a J-th ability Text beside its first"),
    ("grant_apart", "Ab,Scope,Text", "as ability_grant/3, each text an ability of its own"),
    ("loses_abilities", "Ab,Scope,What", "layer 6: the permanents of Scope lose What"),
    ("player_grant", "Ab,Who,Text", "the player Who has the ability Text while the source has Ab"),
    ("combat_rule", "Ab,Scope,Kind,Detail",
     "Ab puts the permanents of Scope under the combat rule Kind"),
    ("affects_set", "Ab,Scope", "a resolved Ab's effect is on the set Scope (rule 611.2c)"),
    ("lasting_while_counter", "Ab,Kind",
     "a resolved Ab's effect lasts while the target has a Kind counter"),
    ("lasting_effect", "Card,Ab", "an [[effect]] naming Card is the effect ability Ab of Card made",
     {"replaces_compiled": False, **_BY_CARD}),
    ("colorless_elsewhere", "Ab", "cards in every other zone are colourless too (rule 105.2c)",
     {"replaces_compiled": False}),
    replaces_compiled=True)

_COPY_WINS = {"copy_keyed": True}
_BY_ABILITY = {"keyed_by": ABILITY}

COPIES = _group(
    "copy effects (asp/layers/layer1_copy_face_down.lp)", CARD,
    ("copy_keeps", "Card,A", "the copy keeps its own A (rule 707.9c)", _COPY_WINS),
    ("copy_sets", "Card,A,V", "the copy's A is V (rule 707.9b)", _COPY_WINS),
    ("copy_adds", "Card,A,V",
     "the copy has V in addition to its other A (rule 707.9b)", _COPY_WINS),
    ("copy_removes", "Card,A,V", "the copy isn't V (rule 707.9b)", _COPY_WINS),
    ("copy_grants", "Card,I,Text",
     "the copy has the ability Text, its I-th (rule 707.9a)", _COPY_WINS),
    ("copy_keeps_ability", "Card,Ab", "the copy has the ability Ab too (rule 707.9a)", _COPY_WINS),
    ("copy_grant_if", "Card,I,T", "ability I is granted only if the copy is a T", _COPY_WINS),
    ("copy_enters_with", "Card,T,K,N", "the copy enters with N K counters if it is a T",
     _COPY_WINS),
    ("copy_enters_with_x", "Card,K", "the copy enters with X additional K counters", _COPY_WINS),
    ("copy_enters_with_if_yours", "Card,K,N",
     "the copy enters with N K counters if you control the creature copied", _COPY_WINS),
    ("copy_choice", "Card,Where,F", "Card's copy effect copies an object matching F"),
    ("copy_refusal", "Card,Text", "what a scenario whose copy breaks the words is told"),
    ("copies_card", "Card", "the effect copies a card that isn't on the battlefield"),
    ("enters_as_copy_effect", "Card", "Card's copy effect applies as a permanent enters"),
    ("makes_copy", "Ab", "ability Ab's effect is a copy effect", _BY_ABILITY),
    ("text_of_top_creature_card", "Ab,Kept",
     "layer 3: its object has the text of the top creature card of its graveyard, keeping Kept",
     _BY_ABILITY))

TOKENS = _group(
    "tokens (asp/layers/tokens.lp)", CARD,
    ("token_made", "Card,Ab,K,Tok", "ability Ab of Card creates, as its K-th token, the token Tok"),
    ("token_value", "Tok,A,V",
     "the token's characteristic A is V (rule 111.3)", {"keyed_by": TOKEN}),
    ("token_ability", "Tok,J,Text", "the token's J-th ability is Text (rule 111.4)",
     {"keyed_by": TOKEN}))

FACE_DOWN = _group(
    "face-down permanents (asp/layers/face_down.lp)", MAKER,
    ("face_down_source", "How,Profile,Act", "How makes a permanent Profile face down as it Acts"),
    ("face_down_mechanic", "Card,M", "Card's effect is the face-down mechanic M", _BY_CARD),
    ("profile_value", "Profile,A,V", "a face-down Profile's characteristic A is V",
     {"keyed_by": PROFILE}),
    ("profile_ability", "Profile,I,Text", "a face-down Profile's I-th ability is Text",
     {"keyed_by": PROFILE}),
    ("morph_ability", "Ab,Kind", "Ab is a morph-family ability: morph, megamorph or disguise",
     {"keyed_by": ABILITY, **_HAND_WINS}),
    ("turn_up_for_mana_cost", "M", "mechanic M may turn a creature card up for its mana cost",
     {"keyed_by": MECHANIC}),
    ("turns_face_up_spell", "Card", "the spell Card turns a face-down permanent face up", _BY_CARD),
    ("turns_face_up_ability", "Ab", "ability Ab turns a face-down permanent face up", _BY_ABILITY),
    ("turns_face_up_own", "How", "How may turn its own face-down permanent face up"),
    ("turned_up_with", "Ab,K,N", "as its permanent is turned face up, N K counters are put on it "
     "(rule 708.11; asp/events/events.lp, the turn_face_up question's view)", _BY_ABILITY))

ENTERING = _group(
    "entering and events (asp/questions/etb_x.lp, asp/events/entering.lp, asp/events/events.lp, asp/events/triggers.lp)", ABILITY,
    ("enters_with", "Ab,K,N", "its permanent enters with N (x, fixed(N), if_kicked(N) or "
     "per_kick(N): kicker, the scenario's `kicked`; if_cast_from_hand(N), "
     "unless_cast_from_hand(N): the scenario's `cast_from_hand`; if_spent(Color,Min,N), "
     "per_color_spent(N), per_mana_spent(N): the scenario's `spent`) K counters"),
    ("as_enters_turns_face_down", "Ab",
     "as it enters, all other nontoken creatures turn face down"),
    ("enters_as_copy_of_source", "Ab", "creatures you control enter as a copy of its source"),
    ("leaves_instead", "Ab,Z", "if it would leave the battlefield, it goes to Z instead"),
    ("triggers_on", "Ab,Event,Filter", "it triggers on Event of an object (or player) matching "
     "Filter (rule 603.2; asp/events/triggers.lp lists the terms)"),
    ("trigger_if", "Ab,Cond", "its intervening if: it triggers only if Cond holds (rule 603.4; a "
     "condition of static_when/2)"),
    ("trigger_effect", "Ab,I,E", "the I-th part of its effect as it resolves from the stack "
     "(rule 608.2; asp/stack/resolve.lp lists the terms E: gain_life(N), lose_life(Who,N), "
     "counters(Whom,K,N), add_mana(M), add_any_color(N), create_tokens(N,How), becomes_copy(it), "
     "draw(N), may(E), damage(Who,N))"),
    ("doubles_pool", "Ab", "it doubles each type of mana in its activator's pool"),
    ("enters_tapped", "Ab", "its permanent enters tapped"),
    ("as_enters_choice", "Ab,Kind", "as its permanent enters, its controller chooses a Kind "
     "(color, creature_type, player, opponent, card_name, odd_or_even, ...; rules 614.12, "
     "614.1d): the scenario states the choice (asp/events/as_enters_choices.lp)"),
    ("enters_tapped_unless", "Ab,Cond",
     "its permanent enters tapped unless Cond (any one of its facts): a choice as it enters, "
     "pay_life(N) or reveal(Subtype), or a board as it enters, control_at_least(N,Filter), "
     "control_at_most(N,Filter), opponents_at_least(N)"),
    ("enters_tapped_if", "Ab,Cond",
     "its permanent enters tapped if Cond (any one of its facts), a board condition as for "
     "enters_tapped_unless"),
    ("enchants", "Ab,Filter", "an Aura's \"Enchant ...\": it may be attached only to a permanent "
     "matching Filter (permanent, type(T), subtype(S)), compiled from the Oracle text; "
     "state-based actions read it (704.5m)"))

TABLES = _group(
    "tables of the rules (asp/cards/subtypes.lp)", TABLE,
    ("creature_type", "T", "T is a creature type (rule 205.3m)"),
    ("land_type", "T", "T is a land type (rule 205.3i)"))

PRINTED = _group(
    "printed characteristics (pybridge/cards/printed.py, from the card pool)", FACE,
    ("card", "Card", "Card is a card of the pool the scenario names",
     {**_BY_CARD, "unread": "the rules reach a card through its faces, card_face/3"}),
    ("card_face", "Card,I,Face", "Face is the I-th face of Card", _BY_CARD),
    ("card_layout", "Card,Layout", "Card's layout (a card of several faces only)", _BY_CARD),
    ("printed_name", "Face,Name", "its printed name"),
    ("printed_mana_cost", "Face,Cost", "its printed mana cost"),
    ("printed_mana_value", "Face,N", "its mana value (rule 202.3)"),
    ("printed_color", "Face,C", "a colour of its mana cost"),
    ("printed_color_indicator", "Face,C", "a colour of its colour indicator (rule 204)"),
    ("printed_cost_has_x", "Face", "its mana cost has {X}"),
    ("printed_supertype", "Face,T", "a supertype of its type line"),
    ("printed_type", "Face,T", "a card type of its type line"),
    ("printed_subtype", "Face,T", "a subtype of its type line"),
    ("printed_power", "Face,N", "its printed power"),
    ("printed_toughness", "Face,N", "its printed toughness"),
    ("printed_power_defined_by_ability", "Face", "its power is * (an ability defines it)"),
    ("printed_toughness_defined_by_ability", "Face", "its toughness is * (an ability defines it)",
     {"unread": "stated beside the power's; no count reads the toughness of a card off the "
                "battlefield (statics_counts.lp reads the power's)"}),
    ("printed_oracle", "Face,Text", "its Oracle text",
     {"unread": "the whole text, for a reader of the facts; the rules read each ability's, "
                "printed_ability/3"}),
    ("printed_ability", "Face,I,Text", "its I-th ability's text, the I of ab(Face,I)"),
    ("printed_color_identity", "Face,C", "a colour of its colour identity (rule 903.4)"))

# Every predicate of the card vocabulary, once each (tests/test_vocabulary_contract.py).
CARD_VOCABULARY: tuple[CardPredicate, ...] = (
    *MANA_ABILITIES, *SHORTHANDS, *DEVOTION, *MANA_EFFECTS, *ACTIVATION, *STATICS, *COPIES,
    *TOKENS, *FACE_DOWN, *ENTERING, *TABLES, *PRINTED)

DERIVED: tuple[DerivedPredicate, ...] = (
    DerivedPredicate("replacement_full_graph", 0,
                     "asp/mana/replacement.lp reads it in every run; only asp/explain/common.lp "
                     "derives it, and the explanation programs are loaded on request"),
    DerivedPredicate("explain_path_wanted", 1,
                     "asp/explain/common.lp reads it; only the could_produce and produce "
                     "explanations derive it, and common.lp is loaded with any kind's"),
    # The refusals, bounds and event steps the #show contract always shows: a scenario's
    # program keeps only the rules its facts can fire (pybridge/solve/selection.py), which may
    # be none of theirs.
    *(DerivedPredicate(name, arity, "asp/show/ shows it for every scenario; the rules a "
                       "scenario's facts can fire (pybridge/solve/selection.py) may include "
                       "none of its rules", shown=True)
      for name, arity in (("scenario_problem", 1), ("scenario_problem", 2),
                          ("bound_exceeded", 1), ("event_problem", 2), ("next", 1),
                          ("state_based_action", 3), ("effect_unread", 2),
                          ("face_down_unread", 2), ("event_unread", 2), ("stack_put", 1),
                          ("stack_orders", 3), ("continuous_source", 1))),
)


def signatures(predicates=CARD_VOCABULARY) -> frozenset[str]:
    return frozenset(p.signature for p in predicates)


def names(predicates=CARD_VOCABULARY) -> frozenset[str]:
    return frozenset(p.name for p in predicates)
