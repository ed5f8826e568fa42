"""The independent reference for the mana questions `produce` and `could_produce`: a second
implementation, by brute force, shared by the tests, `mtgasp sweep` and the benchmarks.

It shares nothing with the logic programs of asp/: the cards below are a small table written from
their Oracle text (never read from asp/), and replacement effects are ordered the slow, literal
way, by trying every order (itertools.permutations) and following rule 616.1 along each: apply the
first effect of the order that applies now (616.1e), then look again at what applies to the
modified event (616.1f, 616.2), each effect at most once (614.5).  Every legal sequence of choices
is the greedy walk of some order (the chosen effects first, the rest after), and every greedy walk
is a legal sequence, so the union over all orders is exactly what the player can reach.  Rule
106.7 (could_produce) is a least fixpoint computed by plain iteration.  Nothing is memoised.

What it covers (anything else gets no answer: `scenario_answer` returns None and says why):
- Question kinds: `produce` (with or without `ability = N`) and `could_produce`.  No other kind.
- Mana sources (SOURCES): the five basic lands, Snow-Covered Forest, Wastes, Savannah, Tundra,
  Breeding Pool, Ketria Triome, Dryad Arbor, Ancient Tomb, Mishra's Workshop, City of Brass,
  Karplusan Forest, Gaea's Cradle, Exotic Orchard, Reflecting Pool, Sol Ring, Mana Vault, Boros
  Signet, Fellwar Stone, Llanowar Elves, Birds of Paradise, Pili-Pala.
- Beyond that table, any permanent card of the pool whose mana abilities the compiled facts
  state in the shapes pool_sources.py reads (a part of N mana of a fixed type or any colour, one
  per creature, one a land could produce): **the shared input**.  Only a permanent's printed
  mana options come from there (and its types from the pool's type line); the intrinsic
  abilities of basic land types (305.6), the order of replacement effects, the triggers, the
  106.7 fixpoint and the face-down and copy rules stay the reference's own.  A card whose other
  abilities could change a mana answer (replacement or triggered mana, land types, grants,
  lasting, copy or token effects) gets no answer.
- Replacement effects on mana (REPLACEMENTS): Contamination, Infernal Darkness, Mana Reflection,
  Nyxbloom Ancient, Virtue of Strength, Damping Sphere, Pulse of Llanowar, Naked Singularity,
  Reality Twist; as [[effect]] tables (EFFECT_REPLACEMENTS): Deep Water, Pale Moon.  Beyond the
  library (POOL_REPLACEMENTS, POOL_EFFECT_REPLACEMENTS): Mana Abundance; as [[effect]] tables
  Quarum Trench Gnomes (its `targets`), Hall of Gemstone (its `chosen_color`), False Dawn (which
  reaches triggered mana abilities its controller controls too).
- Beyond the library, met in sweeps of the pool's groups (cards.py's POOL_TRIGGERS,
  POOL_EFFECT_TRIGGERS, and Ritual of Subdual, Harvest Mage in the POOL_ replacement tables):
  Crypt Ghast, Nirkana Revenant, Nissa Who Shakes the World, Gauntlet of Might, Nikya of the Old
  Ways, Overabundance, Keeper of Progenitus, Leyline of Abundance, the Auras Fertile Ground,
  Trace of Abundance, Verdant Haven, Glittering Frost, Wolfwillow Haven, Dawn's Reflection and
  Market Festival; as [[effect]] tables Bubbling Muck and A Display of My Dark Power.
- Triggered mana abilities (TRIGGERS): Mana Flare, Heartbeat of Spring, Dictate of Karametra,
  Zhur-Taa Ancient, Mirari's Wake, Zendikar Resurgent, Vorinclex, Kinnan, Vernal Bloom, the
  Auras Wild Growth, Overgrowth and Utopia Sprawl (attached_to), and Gauntlet of Power, Caged Sun
  and Utopia Sprawl with their chosen_color; as an [[effect]] table: High Tide.
- Scenario keys: `id`, `card`, `controller`, `owner`, `timestamp`, `attached_to`, `chosen_color`
  on permanents; `card`, `controller`, `timestamp`, `targets`, `chosen_color` on effects; `title`, `cites`, `source`,
  `game.players` and `game.active_player`.  Any other key (tapped, counters, face_down,
  copy_of, ...) or any card outside the tables above: no answer.
- No layer effects (no type or ability changes, no copies, no face-down permanents), no costs.

Face-down and copied permanents (`characteristics` and `turn_face_up`, section "faces and
copies" below), from the printed card in the card pool (data, not asp/) and rules 708.2, 702.37,
702.168, 701.40, 701.58, 701.62, 707.2 and 707.9b literally:
- a board of the permanent asked about, face up or `face_down` by `morph`, `megamorph`,
  `disguise`, `manifest`, `manifest_dread`, `cloak` or `Ixidron`, and at most one copy of it, a `Clone` or a
  `Phantasmal Image` (`copy_of`); any other card, key or way of turning face down: no answer;
- a printed card whose power or toughness is not a number (a CDA, "*"), or that is not a
  permanent card shown face up: no answer.

Two optional shortcuts, used only for the 11-effect Forest (about 40 million orders), keep the
walk literal: `distinct` generates one order per arrangement of interchangeable effects (two
Mana Reflections, or Infernal Darkness and Reality Twist on a Forest, do the same thing in either
place), and `shared_prefixes` walks orders that begin alike through their common beginning once.
A test checks both against the plain walk.

Mana is a 6-tuple of counts in WUBRGC order.

The package: cards.py holds the cards it knows (by hand, from their Oracle text), pool_sources.py
the pool's mana sources read off the compiled facts, produce.py the brute force over every order, faces.py the faces and copies, scenario.py a board as a scenario
file and the answer to one ask, covered.py what of a scenario it covers.
"""
from pybridge.reference.cards import (AURAS, BASIC_TYPES, CHOOSES_COLOR, COLORS, Card,
                                      EFFECT_CHOOSES_COLOR, EFFECT_REPLACEMENTS,
                                      EFFECT_TARGETS_PLAINS, EFFECT_TRIGGERS, Mana, ManaAbility,
                                      NO_MANA, ONE_MORE_OF_LAND, ONE_MORE_OF_YOUR_LAND, OTHER_TYPES,
                                      POOL_EFFECT_REPLACEMENTS, POOL_REPLACEMENTS, REPLACEMENTS,
                                      Replacement, SOURCES, TAP_ANY_COLOR, TRIGGERS, TYPES, Trigger,
                                      add, mana_of, mana_string, total, types_in)
from pybridge.reference.covered import (DEFAULT_PLAYERS, EFFECT_KEYS, FACE_KINDS, GAME_KEYS,
                                        NotCovered, PERMANENT_KEYS, REFERENCE_KINDS, TOP_KEYS)
from pybridge.reference.produce import (Board, Effect, Event, Permanent, abilities_of, applies_now,
                                        apply, behaviour, card_types, could_ever_apply,
                                        could_produce, could_produce_all, count_orders,
                                        effect_replacement, event_of, is_land, options, orders,
                                        permanent_replacement, produce, replaced_outcomes,
                                        replacements_in_play, trigger_additions,
                                        trigger_mana_replaced, triggers_in_play, with_triggers)
from pybridge.reference.faces import (COPIERS, FACE_DOWN_WAYS, FACE_PERMANENT_KEYS, MANA_COST_WAYS,
                                      PERMANENT_TYPES, SUPERTYPES, TURN_UP_KEYWORDS, face_answer)
from pybridge.reference.scenario import (board_of_scenario, board_toml, known_permanent_card,
                                         produce_of_ability, scenario_answer)

__all__ = ["AURAS", "BASIC_TYPES", "Board", "CHOOSES_COLOR", "COLORS", "COPIERS", "Card",
           "DEFAULT_PLAYERS", "EFFECT_CHOOSES_COLOR", "EFFECT_KEYS", "EFFECT_REPLACEMENTS",
           "EFFECT_TARGETS_PLAINS", "EFFECT_TRIGGERS", "Effect", "Event", "FACE_DOWN_WAYS",
           "FACE_KINDS", "FACE_PERMANENT_KEYS", "GAME_KEYS", "MANA_COST_WAYS", "Mana",
           "ManaAbility", "NO_MANA", "NotCovered", "ONE_MORE_OF_LAND", "ONE_MORE_OF_YOUR_LAND",
           "OTHER_TYPES", "PERMANENT_KEYS", "PERMANENT_TYPES", "POOL_EFFECT_REPLACEMENTS",
           "POOL_REPLACEMENTS", "Permanent", "REFERENCE_KINDS", "REPLACEMENTS", "Replacement",
           "SOURCES", "SUPERTYPES", "TAP_ANY_COLOR", "TOP_KEYS", "TRIGGERS", "TURN_UP_KEYWORDS",
           "TYPES", "Trigger", "abilities_of", "add", "applies_now", "apply", "behaviour",
           "board_of_scenario", "board_toml", "card_types", "could_ever_apply", "could_produce",
           "could_produce_all", "count_orders", "effect_replacement", "event_of", "face_answer",
           "is_land", "known_permanent_card", "mana_of", "mana_string", "options", "orders",
           "permanent_replacement", "produce", "produce_of_ability", "replaced_outcomes",
           "replacements_in_play", "scenario_answer", "total", "trigger_additions",
           "trigger_mana_replaced", "triggers_in_play", "types_in", "with_triggers"]
