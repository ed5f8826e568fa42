"""The scenario's tables, one literal per section: every key with its type, default, check, the
facts it becomes and what it means."""
from __future__ import annotations

import re

from clingo import Function, Number, String

from pybridge.contract.scenario.checks import (TURN_COUNTS, mana_text, mana_texts, active_player, affected, attacking, blocking,
                                               boolean, card, card_face_down, colour, commanders,
                                               conspiracies, copy_by, copy_of_card, counters, designation,
                                               effect_copy_card, effect_copy_ref, face_down,
                                               graveyards_listed, integer, library_tops, parity,
                                               per_player_count, permanent_ref, player, player_counters,
                                               players, string, strings, targets, this_turn, timestamp_order, zone)
from pybridge.contract.scenario.facts import (always_facts, attacking_facts, blocked_facts, card_facts,
                                              copy_by_facts, counters_facts, face_down_symbol,
                                              token_facts, binary, const, designation_facts, each, fact,
                                              unary, event_face_down_facts, event_kind_facts,
                                              event_objects, event_optional, event_pairs,
                                              event_resolve_facts, event_to_facts, event_way_facts)
from pybridge.contract.scenario.model import Key, Table
from pybridge.solve.symbols import number


def _mana_term(text: str) -> "Function":
    """m(W,U,B,R,G,C) of a mana string (checked by mana_text)."""
    from pybridge.read.mana_strings import parse_mana_string
    return Function("m", [Number(n) for n in parse_mana_string(text)])

TOP = Table("", (
    Key("title", "string", "required", "what the scenario shows, as a sentence", string),
    Key("cites", "list of strings", "`[]`",
        "rule numbers of the Comprehensive Rules (`\"616.1e\"`); each must exist", strings, value=()),
    Key("source", "list of strings", "`[]`",
        "where the expected answers come from: an official ruling as `\"Card Name YYYY-MM-DD\"`, "
        "or free text", strings, value=()),
    Key("game", "table", "see below", "players and other game-wide facts"),
    Key("permanent", "tables", "none", "the permanents on the battlefield"),
    Key("effect", "tables", "none", "lasting effects of spells and abilities that already resolved"),
    Key("card", "tables", "none", "cards outside the battlefield"),
    Key("event", "tables", "none", "events applied in order to the board before the questions"),
    Key("ask", "tables", "at least one", "the questions"),
))

GAME = Table("game", (
    Key("players", "list of names", "`[\"you\", \"opponent\"]`",
        "the players in turn order; any number; every other player is an opponent (rule 102.3)",
        players, value=("you", "opponent"), facts=("player(Pl)", "player_index(Pl,N)"),
        emit=lambda _, s: [f for n, pl in enumerate(s.players, start=1)
                           for f in (fact("player", String(pl)),
                                     fact("player_index", String(pl), Number(n)))]),
    Key("active_player", "name", "the first player",
        "whose turn it is (sorcery-speed abilities, \"during your turn\")", active_player,
        value=lambda ctx: ctx.values["players"][0], facts=("active_player(Pl)",),
        emit=lambda _, s: [fact("active_player", String(s.active_player))]),
    Key("commanders", "`{ PLAYER = \"Card\" }` or `{ PLAYER = [\"Card\", ...] }`", "none",
        "each player's commanders, for colour identity (rule 903.4: Command Tower, Arcane Signet)",
        commanders, value=(), facts=("commander(Pl,Card)",),
        emit=lambda _, s: [fact("commander", String(pl), String(c)) for pl, c in s.commanders]),
    Key("graveyards", "`{ PLAYER = [\"Card\", ...] }`", "none",
        "each graveyard, top card first (Volrath's Shapeshifter, abilities that target cards there)",
        graveyards_listed, value=(), facts=("graveyard(Pl,Position,Card)", "graveyard_listed(Pl)"),
        emit=lambda _, s: [fact("graveyard", String(pl), Number(n), String(c))
                           for pl, n, c in s.graveyards]
        + [fact("graveyard_listed", String(pl)) for pl in s.graveyards_listed]),
    # --- zones and players ---
    Key("hand_sizes", "`{ PLAYER = N }`", "none",
        "how many cards are in each player's hand (rule 402; hellbent, \"for each card in your "
        "hand\"); a player it doesn't name has a hand of unknown size, which such an ability can't "
        "read (bad input); `[[card]]` tables in a hand are some of these cards",
        per_player_count(0), value=(), facts=("hand_size(Pl,N)",),
        emit=lambda _, s: [fact("hand_size", String(pl), Number(n)) for pl, n in s.hand_sizes]),
    Key("timestamps", "`\"file\"` `\"every\"`", "`\"file\"`",
        "the timestamps of the continuous effects (rule 613.7): as the file gives them, or "
        "`\"every\"`: each question answered under every order of the timestamps of the objects "
        "whose abilities make continuous effects (the sources the rules name), the distinct answers "
        "as outcomes, JSON's `\"orders\"` counting the orders that give each (interchangeable "
        "sources, the same card with the same state and not asked about, counted, not enumerated); "
        "not with `[[event]]`s",
        timestamp_order, value="file", facts=("timestamps(every)",),
        emit=lambda _, s: [fact("timestamps", Function("every"))] if s.timestamps == "every" else []),
    Key("starting_life", "integer", "none",
        "each player's starting life total (rule 119.1: 20, 40 in Commander, 903.7); what \"your "
        "starting life total\" reads (Righteous Valkyrie); without it such an ability is bad input",
        integer(minimum=0), facts=("starting_life(N)",), emit=lambda _, s: (
            [] if s.starting_life is None else [fact("starting_life", Number(s.starting_life))])),
    Key("city_blessing", "list of players", "none",
        "the players who have the city's blessing (rule 702.131c; ascend also gives it to a player "
        "who controls ten or more permanents and one with ascend); without this key whether a "
        "player got it earlier can't be read (bad input where an ability reads it)",
        designation("city_blessing"), value=(), given="city_blessing_given",
        facts=("player_designation(Pl,city_blessing)", "designation_stated(city_blessing)"),
        emit=designation_facts("city_blessing")),
    Key("completed_dungeon", "list of players", "none",
        "the players who have completed a dungeon (rule 309.7); as `city_blessing`",
        designation("completed_dungeon"), value=(), given="completed_dungeon_given",
        facts=("player_designation(Pl,completed_dungeon)", "designation_stated(completed_dungeon)"),
        emit=designation_facts("completed_dungeon")),
    # --- counts ---
    Key("commander_casts", "`{ PLAYER = N }`", "none",
        "how many times each player has cast a commander from the command zone this game (rule "
        "903.8: the commander tax; Commander's Insignia); an ability that reads it for a player the "
        "key doesn't name is bad input",
        per_player_count(0), value=(), facts=("commander_casts(Pl,N)",),
        emit=lambda _, s: [fact("commander_casts", String(pl), Number(n)) for pl, n in s.commander_casts]),
    Key("exile_listed", "list of players", "none",
        "the players all of whose cards in exile the `[[card]]` tables with `zone = \"exile\"` list "
        "(rule 406; \"cards you own in exile\": Crackling Drake, Umbris); an ability counting the "
        "exiled cards of a player it doesn't name is bad input",
        designation("exile_listed"), value=(), facts=("exile_listed(Pl)",),
        emit=lambda _, s: [fact("exile_listed", String(pl)) for pl in s.exile_listed]),
    Key("life", "`{ PLAYER = N }`", "none",
        "each player's life total (rule 119; \"as long as you have 30 or more life\"); a player it "
        "doesn't name has a life total an ability can't read (bad input)",
        per_player_count(None), value=(), facts=("life_total(Pl,N)",),
        emit=lambda _, s: [fact("life_total", String(pl), Number(n)) for pl, n in s.life]),
    # --- counters players have ---
    Key("player_counters", "`{ PLAYER = { KIND = N } }`", "none",
        "the counters each player has (rule 122.1: experience, poison, energy ...); a player it "
        "doesn't name has counters an ability can't read (bad input)", player_counters,
        value=(), facts=("player_counter(Pl,Kind,N)", "player_counters_stated(Pl)"),
        emit=lambda _, s: [f for pl, kinds in s.player_counters
                           for f in [fact("player_counters_stated", String(pl))]
                           + [fact("player_counter", String(pl), String(k), Number(n))
                              for k, n in kinds]]),
    # --- the top card of a library ---
    Key("library_tops", "`{ PLAYER = \"Card\" }`", "none",
        "the top card of each player's library (rule 401.1), where the game shows it (\"play "
        "with the top card of your library revealed\", \"as long as the top card of your "
        "library is\"); an ability that reads a top card the scenario doesn't give is bad input", library_tops, value=(), facts=("library_top(Pl,Card)",),
        emit=lambda _, s: [fact("library_top", String(pl), String(c)) for pl, c in s.library_tops]),
    # --- face-up conspiracies in the command zone ---
    Key("conspiracies", "`{ PLAYER = { \"Card\" = \"chosen name\" } }`", "none",
        "each player's face-up conspiracy cards in the command zone, each with the card name its "
        "hidden agenda chose (rules 315.5, 702.106: \"creatures you control with the chosen "
        "name\")", conspiracies, value=(), facts=("conspiracy(Pl,Card,Name)",),
        emit=lambda _, s: [fact("conspiracy", String(pl), String(c), String(n))
                           for pl, c, n in s.conspiracies]),
    # --- what happened this turn ---
    Key("this_turn", "`{ PLAYER = { KIND = N } }`", "none",
        "what each player did this turn, as counts (\"as long as you've drawn two or more cards this "
        "turn\", \"the amount of life you've lost this turn\"): " + ", ".join(f"`{k}`" for k in TURN_COUNTS)
        + " (`creatures_entered`: creatures that entered the battlefield under their control; "
        "`plus_one_counters_put`: +1/+1 counters they put on creatures; `creatures_died`: creatures "
        "put into a graveyard from the battlefield under their control; `creatures_attacked`: "
        "creatures they attacked with; `permanents_left`: permanents that left the battlefield "
        "under their control); a count "
        "it doesn't give is unknown, and an ability that reads it is bad input",
        this_turn, value=(), facts=("turn_count(Pl,Kind,N)",),
        emit=lambda _, s: [fact("turn_count", String(pl), Function(k), Number(n))
                           for pl, k, n in s.this_turn]),
))

PERMANENT = Table("permanent", (
    Key("id", "name", "required", "unique among permanents", facts=("permanent(P)",),
        emit=always_facts("permanent")),
    Key("card", "card name", "required (but for a token)", "the card (or the card that is face down)",
        card, value="", facts=("permanent_card(P,Card)",), emit=card_facts),
    Key("controller", "player", "the first player", "who controls it", player,
        value=lambda ctx: ctx.players[0], facts=("controller(P,Pl)",),
        emit=binary("controller", "controller")),
    Key("owner", "player", "the controller", "who owns it", player,
        value=lambda ctx: ctx.values["controller"], facts=("owner(P,Pl)",),
        emit=binary("owner", "owner")),
    Key("timestamp", "integer", "file order", "its timestamp (rule 613.7)", integer(),
        value=lambda ctx: ctx.number, facts=("timestamp(P,N)",),
        emit=binary("timestamp", "timestamp", number)),
    Key("tapped", "bool", "`false`", "tapped (rule 701.26)", boolean, value=False,
        facts=("tapped(P)",), emit=unary("tapped", "tapped")),
    # --- what happened this turn ---
    Key("entered_this_turn", "bool", "`false`",
        "it entered the battlefield this turn (\"as long as it entered the battlefield this turn\"); "
        "it then can't have been under its controller's control since their turn began",
        boolean, value=False, facts=("entered_this_turn(P)",),
        emit=unary("entered_this_turn", "entered_this_turn")),
    Key("controlled_since_turn_start", "bool", "`true`",
        "under this controller continuously since their most recent turn began; `false` is "
        "\"summoning sick\" if it is a creature (rule 302.6)", boolean, value=True,
        facts=("controlled_since_turn_start(P)",),
        emit=unary("controlled_since_turn_start", "controlled_since_turn_start")),
    Key("counters", "`{ KIND = N }`", "none",
        "counters on it, e.g. `{ \"+1/+1\" = 2, charge = 1 }`; given counters replace the ones it "
        "would have entered with", counters, value=(), given="counters_given",
        facts=("counters_given(P)", "counters(P,Kind,N)"), emit=counters_facts),
    Key("attached_to", "permanent id", "none",
        "the permanent an Aura or Equipment is attached to", permanent_ref,
        facts=("attached_to(P,Q)",), emit=binary("attached_to", "attached_to")),
    Key("chosen_color", "`W U B R G`", "none",
        "a colour chosen as it entered (\"as this enters, choose a color\")", colour,
        facts=("chosen_color(P,w|u|b|r|g)",), emit=binary("chosen_color", "chosen_color", const)),
    Key("chosen_type", "string", "none", "a creature type chosen as it entered (Cavern of Souls)",
        string, facts=("chosen_type(P,Type)",), emit=binary("chosen_type", "chosen_type")),
    # --- zones and players ---
    Key("chosen_player", "player", "none",
        "a player chosen as it entered (\"as this enters, choose a player\": Nyxathid, Sewer "
        "Nemesis); an ability that reads the chosen player without one is bad input", player,
        facts=("chosen_player(P,Pl)",), emit=binary("chosen_player", "chosen_player")),
    # --- conditions and alternatives ---
    Key("chosen_quality", "`odd` `even`", "none",
        "odd or even, chosen as it entered (Ashling's Prerogative: \"mana value of the chosen "
        "quality\", zero is even); an ability that reads it without one is bad input", parity,
        facts=("chosen_quality(P,odd|even)",), emit=binary("chosen_quality", "chosen_quality", const)),
    Key("x", "integer", "none",
        "it resolved from a spell cast with this X (rule 107.3m); absent means it was not cast "
        "with a value for X", integer(minimum=0), facts=("x_value(P,N)",),
        emit=binary("x_value", "x", Number)),
    Key("kicked", "integer", "none",
        "it resolved from a spell kicked this many times (rules 702.33, 702.33d: multikicker); "
        "absent means it wasn't kicked", integer(minimum=0), facts=("kicked(P,N)",),
        emit=binary("kicked", "kicked", Number)),
    Key("kicker", "list of mana", "none",
        "which of its spell's kicker costs were paid, as printed, such as `[\"{1}{U}\"]`, for a card with two "
        "kickers (\"if it was kicked with its {1}{U} kicker\"; rule 702.33d); a card whose "
        "abilities read which kicker, kicked and without it, is bad input", mana_texts, value=(),
        facts=("kicked_with(P,M)",), emit=each("kicked_with", "kicker", String)),
    Key("spent", "mana", "none",
        "the mana spent to cast the spell that became it, such as \"{W}{W}{U}\" (\"if at least three "
        "white mana was spent to cast this spell\", converge: \"for each color of mana spent\"; "
        "rule 601.2h)", mana_text, facts=("spent(P,M)",),
        emit=binary("spent", "spent", _mana_term)),
    Key("cast_from_hand", "bool", "`false`",
        "it resolved from a spell cast from its owner's hand (\"if you cast it from your hand\"; "
        "rule 601.2a)", boolean, value=False, facts=("cast_from_hand(P)",),
        emit=unary("cast_from_hand", "cast_from_hand")),
    # --- counts ---
    Key("paid_as_entered", "integer", "none",
        "the amount paid as it entered (\"as this enters, pay any amount of life\": Minion of the "
        "Wastes; the Forests Wood Elemental sacrificed; rule 614.12); an ability that reads it "
        "without one is bad input", integer(minimum=0), facts=("paid_as_entered(P,N)",),
        emit=binary("paid_as_entered", "paid_as_entered", Number)),
    Key("face_down", "mechanic or card name", "none",
        "how it became face down: `morph`, `megamorph`, `disguise`, `manifest`, `manifest_dread`, "
        "`cloak`, or the exact name of the card whose effect turned it face down or put it onto "
        "the battlefield face down (`\"Ixidron\"`, `\"Cyber Conversion\"`, `\"Magar of the Magic "
        "Strings\"`, `\"Yedora, Grave Gardener\"`); `card` is then the face-down card (rule 708)",
        face_down, facts=("face_down(P,Mechanic|Card)",),
        emit=binary("face_down", "face_down", face_down_symbol)),
    Key("noted_name", "string", "none",
        "a name an effect noted for it (Magar), or the card name it chose as it entered (Alpine Moon)", string,
        facts=("noted_name(P,Name)",), emit=binary("noted_name", "noted_name")),
    Key("exiled_card", "card name", "none",
        "the card exiled with it by a linked ability (Chrome Mox's imprint): \"the exiled card\" "
        "of its other abilities (rule 607.2a)", card, facts=("exiled_card(P,Card)",),
        emit=binary("exiled_card", "exiled_card")),
    Key("copy_of", "permanent id", "none",
        "it is a copy of that permanent (rule 707); copies of copies follow the chain; a cycle is "
        "bad input", permanent_ref, facts=("copy_of(P,Q)",), emit=binary("copy_of", "copy_of")),
    Key("copy_of_card", "card name", "none",
        "it is a copy of a card that is not on the battlefield (Lazav, Dimir Doppelganger)",
        copy_of_card, facts=("copy_of_card(P,Card)",),
        emit=binary("copy_of_card", "copy_of_card")),
    Key("copy_by", "card name", "its own `card`",
        "the card whose effect made the copy (Cytoshape on a creature: `copy_by = \"Cytoshape\"`); "
        "the copy's exceptions come from it (rule 707.9)", copy_by, facts=("copy_by(P,Card)",),
        emit=copy_by_facts),
    # --- tokens (rule 111) ---
    Key("token", "card name", "none",
        "it is a token (rule 111), not a card: the one this card's spell or ability creates, with "
        "the characteristics that effect gives it (111.3, 111.4; \"a Treasure token\" is the "
        "predefined one, 111.10); leave out `card`", card,
        facts=("token(P)", "permanent_token(P,Card,N)"), emit=token_facts),
    Key("token_number", "integer", "`1`",
        "which of the card's tokens it is, counting the tokens its text creates in order",
        integer(minimum=1), value=1),
    Key("phased_out", "bool", "`false`",
        "phased out: treated as though it does not exist (rule 702.26b): nothing counts or sees "
        "it (Gaea's Cradle, Reflecting Pool) and it has no abilities, so its effects, replacement "
        "effects and triggers do nothing; what is attached to it phased out with it (702.26g); "
        "asking about it is bad input", boolean,
        value=False, facts=("phased_out(P)",), emit=unary("phased_out", "phased_out")),
    # --- combat and status (rules 506-509, 700.9, 701.37, 702.95, 702.112, 702.131, 309.7) ---
    # The state "as long as ~ is attacking", "attacking creatures you control", soulbond, monstrous,
    # renowned, the city's blessing and completed dungeons read.  asp/combat/combat_status.lp checks
    # what one table can't (an attacker is a creature of the active player, a blocker blocks an
    # attacking creature, a pair is two creatures of one controller).
    Key("attacking", "bool, player or permanent id", "`false`",
        "an attacking creature (rule 508.1): `true`, or whom it attacks, a player or a "
        "planeswalker's or battle's id (508.1b); only a creature of the active player attacks",
        attacking, value=False,
        facts=("attacking(P)", "attacking_player(P,Pl)", "attacking_permanent(P,Q)"),
        emit=attacking_facts),
    Key("blocking", "list of permanent ids", "`[]`",
        "a blocking creature and the attacking creatures it blocks (rule 509.1a)", blocking,
        value=(), facts=("blocking(P,Q)",), emit=each("blocking", "blocking")),
    Key("blocked", "bool", "none",
        "an attacking creature after blockers were declared: `true` blocked (it stays blocked if "
        "its blockers leave), `false` unblocked (rule 509.1h); absent: blockers not declared yet, "
        "or blocked by the creatures whose `blocking` names it", boolean,
        facts=("blocked(P)", "unblocked(P)"), emit=blocked_facts),
    Key("paired_with", "permanent id", "none",
        "the creature it is paired with by soulbond (rule 702.95): one creature, yours; say it "
        "on either or both", permanent_ref, facts=("paired_with(P,Q)",),
        emit=binary("paired_with", "paired_with")),
    # --- double-faced permanents with their back face up (rule 712) ---
    Key("transformed", "bool", "`false`",
        "a transforming double-faced card with its back face up (rules 701.28, 712.8e): the back "
        "face's characteristics, the front face's mana value", boolean, value=False,
        facts=("back_face_up(P)",), emit=unary("back_face_up", "transformed")),
    Key("back_face", "bool", "`false`",
        "a modal double-faced card played or put onto the battlefield with its back face up "
        "(rules 712.12, 712.8f): that face's characteristics", boolean, value=False,
        facts=("back_face_up(P)",), emit=unary("back_face_up", "back_face")),
    Key("bestowed", "bool", "`false`",
        "cast bestowed and attached (rule 702.103b): an Aura enchantment with enchant creature, "
        "not a creature; needs attached_to", boolean, value=False,
        facts=("bestowed(P)",), emit=unary("bestowed", "bestowed")),
    Key("monstrous", "bool", "`false`", "it became monstrous (rule 701.37b)", boolean,
        value=False, facts=("monstrous(P)",), emit=unary("monstrous", "monstrous")),
    Key("renowned", "bool", "`false`", "it became renowned (rule 702.112b)", boolean,
        value=False, facts=("renowned(P)",), emit=unary("renowned", "renowned")),
    # --- an Aura attached to a player (a Curse, "Enchant player", rule 303.4) ---
    Key("enchanting_player", "player", "none",
        "the player an Aura with enchant player (a Curse) is attached to (rule 303.4, 702.5d); "
        "not beside attached_to", player, facts=("enchanting_player(P,Pl)",),
        emit=binary("enchanting_player", "enchanting_player")),
))

EFFECT = Table("effect", (
    Key("card", "card name", "required", "the card whose spell or ability created the effect",
        card, facts=("effect(E)", "effect_card(E,Card)"),
        emit=lambda subject, item: [fact("effect", subject),
                                    fact("effect_card", subject, String(item.card))]),
    Key("controller", "player", "the first player", "who controlled that spell or ability",
        player, value=lambda ctx: ctx.players[0], facts=("effect_controller(E,Pl)",),
        emit=binary("effect_controller", "controller")),
    Key("timestamp", "integer", "after every permanent, in file order",
        "its timestamp (rule 613.7)", integer(), value=lambda ctx: ctx.offset + ctx.number,
        facts=("timestamp(E,N)",), emit=binary("timestamp", "timestamp", Number)),
    Key("targets", "list of permanent ids", "`[]`", "what it targeted", targets, value=(),
        facts=("effect_target(E,P)",), emit=each("effect_target", "targets")),
    Key("chosen_color", "`W U B R G`", "none", "a colour chosen on resolution", colour,
        facts=("effect_chosen_color(E,w|u|b|r|g)",),
        emit=binary("effect_chosen_color", "chosen_color", const)),
    # --- what a resolved effect affected (rule 611.2c) ---
    Key("affected", "list of permanent ids", "`[]`",
        "the permanents an effect on a set (\"creatures you control gain ...\") or on its own "
        "source affected: the set is fixed when the effect began (rule 611.2c); required for such "
        "an effect; a copy effect on a set (\"each other creature becomes a copy of ...\") names "
        "the permanents that become copies with `targets` instead", affected, value=(),
        facts=("effect_affected(E,P)",),
        emit=each("effect_affected", "affected")),
    Key("ability", "integer", "none",
        "which ability of the card resolved (its number, as `mtgasp cards NAME` lists them), when "
        "several of its abilities make lasting effects", integer(minimum=1),
        facts=("effect_ability(E,N)",), emit=binary("effect_ability", "ability", Number)),
    Key("chosen_type", "string", "none",
        "a land type chosen on resolution (\"becomes the basic land type of your choice\")", string,
        facts=("effect_chosen_type(E,Type)",), emit=binary("effect_chosen_type", "chosen_type")),
    Key("x", "integer", "none",
        "the value of X of an effect that reads it (\"becomes an X/X ... creature\"): the X paid, or "
        "the value a \"where X is ...\" had as the effect applied, determined once (rule 608.2h); "
        "required for such an effect", integer(minimum=0),
        facts=("effect_x(E,N)",), emit=binary("effect_x", "x", Number)),
    # --- copy effects of resolved spells and abilities ---
    Key("copy_of", "permanent id", "none",
        "a copy effect (\"becomes a copy of\", rule 707.2): its `targets` become copies of that "
        "permanent, from the effect's timestamp on (rule 613.7)", effect_copy_ref,
        facts=("effect_copy_of(E,Q)",), emit=binary("effect_copy_of", "copy_of")),
    Key("copy_of_card", "card name", "none",
        "a copy effect of a card that isn't on the battlefield (\"becomes a copy of that card\")",
        effect_copy_card, facts=("effect_copy_of_card(E,Card)",),
        emit=binary("effect_copy_of_card", "copy_of_card")),
))

CARD = Table("card", (
    Key("id", "name", "required", "unique among permanents and cards", facts=("card_object(O)",),
        emit=lambda subject, item: [fact("card_object", subject)]),
    Key("card", "card name", "required", "the card", card, facts=("card_object_card(O,Card)",),
        emit=binary("card_object_card", "card")),
    Key("zone", "`hand` `library` `graveyard` `exile` `stack`", "required", "where it is", zone,
        facts=("card_zone(O,Zone)",), emit=binary("card_zone", "zone", const)),
    Key("owner", "player", "the first player", "who owns it", player,
        value=lambda ctx: ctx.players[0], facts=("card_owner(O,Pl)",),
        emit=binary("card_owner", "owner")),
    Key("face_down", "mechanic or card name", "none",
        "in exile or on the stack only: face down, as `face_down` of a permanent says (Magar's "
        "exiled cards, a morph spell); it enters the battlefield face down", card_face_down,
        facts=("card_face_down(O,Mechanic|Card)",),
        emit=binary("card_face_down", "face_down", face_down_symbol)),
))

# One event per table, applied in file order; exactly one of the EVENT_KINDS keys names what
# happens.  The facts are those of the event being applied (pybridge/answer/events.py applies them one
# at a time, each to the state the previous one left).
EVENT = Table("event", (
    Key("enter", "list of card ids", "none",
        "these cards enter the battlefield together from their zones (rule 603.6a)",
        facts=("event(N,enter)", "event_object(N,O,I)", "event_new_id(N,O,New)"), emit=event_kind_facts("enter")),
    Key("blink", "permanent id", "none", "it is exiled and returned to the battlefield: a new "
        "object (rule 400.7)", facts=("event(N,blink)",), emit=event_kind_facts("blink")),
    Key("leave", "permanent id or list", "none", "they leave the battlefield together",
        facts=("event(N,leave)",), emit=event_kind_facts("leave")),
    Key("to", "zone", "`graveyard`", "where `leave` puts them", zone, value="graveyard",
        facts=("event_to(N,Zone)",), emit=event_to_facts),
    Key("turn_face_up", "permanent id", "none", "it is turned face up (rule 708.8)",
        facts=("event(N,turn_face_up)",), emit=event_kind_facts("turn_face_up")),
    Key("way", "`morph` `mana_cost` or card name", "its default way",
        "how `turn_face_up` turns it up (as the `turn_face_up` question's `way`)",
        facts=("event_way(N,Way)",), emit=event_way_facts),
    Key("turn_face_down", "permanent id", "none", "it is turned face down", 
        facts=("event(N,turn_face_down)",), emit=event_kind_facts("turn_face_down")),
    Key("by", "card name", "none", "the card whose effect turns it face down (required with "
        "`turn_face_down`)", facts=("event_by(N,Card)",), emit=event_optional("event_by", "by", String)),
    Key("resolve", "`\"stack\"` or integer", "none",
        "the stack resolves: `\"stack\"` until it is empty, N its top N objects, one at a time, "
        "state-based actions checked and new triggered abilities put on it before each (rules "
        "608.1, 704.3, 603.3); an empty stack is bad input",
        facts=("event(N,resolve)", "event_resolve(N,all|K)"), emit=event_resolve_facts),
    Key("activate", "permanent id", "none", "a mana ability of it is activated and resolves",
        facts=("event(N,activate)",), emit=event_kind_facts("activate")),
    Key("ability", "integer", "its first mana ability", "which mana ability `activate` "
        "activates", facts=("event_ability(N,I)",), emit=event_optional("event_ability", "ability", Number)),
    Key("pool", "`{ PLAYER = \"{G}{G}\" }`", "none",
        "mana already in players' pools before the event (Doubling Cube)",
        facts=("event_pool(N,Pl,M)",), emit=event_pairs("event_pool", "pool", _mana_term)),
    Key("face_down", "`{ ID = mechanic or card }`", "none", "`enter`: these enter face down",
        facts=("event_face_down(N,O,How)",), emit=event_face_down_facts),
    Key("copy", "`{ ID = permanent id }`", "none",
        "`enter`, `blink`: the creature an \"enter as a copy\" card (Clone) chooses to copy",
        facts=("event_copy(N,O,Q)",), emit=event_pairs("event_copy", "copy", String)),
    Key("x", "`{ ID = N }`", "none", "`enter`: the X its spell was cast with (rule 107.3m)",
        facts=("event_x(N,O,X)",), emit=event_pairs("event_x", "x", Number)),
    Key("kicked", "`{ ID = N }`", "none", "`enter`: how many times its spell was kicked "
        "(rule 702.33)", facts=("event_kicked(N,O,K)",), emit=event_pairs("event_kicked", "kicked", Number)),
    Key("spent", "`{ ID = MANA }`", "none", "`enter`: the mana spent to cast its spell "
        "(rule 601.2h)", facts=("event_spent(N,O,M)",), emit=event_pairs("event_spent", "spent", _mana_term)),
    Key("kicker", "`{ ID = [mana, ...] }`", "none", "`enter`: which kicker costs its spell was "
        "kicked with (two kickers, rule 702.33d)", facts=("event_kicker(N,O,M)",),
        emit=lambda n, event: [fact("event_kicker", n, String(o), String(c))
                               for o, costs in event.kicker for c in costs]),
    Key("cast", "list of card ids", "none", "`enter`: these were cast from the zone they enter "
        "from (a spell resolving; \"if you cast it from your hand\")", facts=("event_cast(N,O)",), emit=event_objects("event_cast", "cast")),
    Key("controller", "player", "each card's owner", "`enter`: who controls them",
        facts=("event_controller(N,Pl)",), emit=event_optional("event_controller", "controller", String)),
    Key("tapped", "list of card ids", "none", "`enter`: the effect puts these onto the "
        "battlefield tapped", facts=("event_tapped(N,O)",), emit=event_objects("event_tapped", "tapped")),
    Key("attach", "`{ ID = permanent id }`", "none (required for an Aura that could enchant one)",
        "`enter`: the permanent an Aura put onto the battlefield (not cast) enchants, chosen as it "
        "enters (rule 303.4f); with none it could enchant it stays where it is (303.4g)",
        facts=("event_attach(N,O,Q)",), emit=event_pairs("event_attach", "attach", String)),
    Key("chosen_color", "`{ ID = \"G\" }`", "none",
        "`enter`: the colour chosen as it enters (\"as this enters, choose a color\"; the "
        "permanent's chosen_color)", facts=("event_chosen_color(N,O,w|u|b|r|g)",),
        emit=event_pairs("event_chosen_color", "chosen_color", const)),
    Key("chosen_type", "`{ ID = \"Elf\" }`", "none",
        "`enter`: the creature type chosen as it enters (the permanent's chosen_type)",
        facts=("event_chosen_type(N,O,Type)",), emit=event_pairs("event_chosen_type", "chosen_type", String)),
    Key("chosen_player", "`{ ID = PLAYER }`", "none",
        "`enter`: the player chosen as it enters (the permanent's chosen_player)",
        facts=("event_chosen_player(N,O,Pl)",), emit=event_pairs("event_chosen_player", "chosen_player", String)),
    Key("chosen_quality", "`{ ID = \"odd\" }`", "none",
        "`enter`: odd or even, chosen as it enters (the permanent's chosen_quality)",
        facts=("event_chosen_quality(N,O,odd|even)",),
        emit=event_pairs("event_chosen_quality", "chosen_quality", const)),
))
# What every state carries besides the board (asp/events/zones.lp derives them, pybridge/answer/events.py
# carries them from one state to the next): declared here so inputs.lp #defines them.
HISTORY = Table("history", (
    Key("state", "", "", "the events applied so far", facts=("state_after(N)",)),
    Key("moved", "", "", "O moved to another zone in event N and is now the new object New "
        "(rule 400.7)", facts=("moved(O,New,N)",)),
    Key("entered", "", "", "O entered the battlefield in event N", facts=("entered(O,N)",)),
    Key("left", "", "", "O left the battlefield in event N for Zone", facts=("left(O,N,Zone)",)),
    Key("turned", "", "", "O was turned face up in event N", facts=("turned_face_up(O,N)",)),
    Key("revealed", "", "", "O was revealed to Pl (rule 708.9)", facts=("revealed(O,Pl)",)),
    Key("triggered", "", "", "ability Ab of Src triggered in event N on O",
        facts=("triggered(N,Src,Ab,O)",)),
    Key("text", "", "", "the text of a triggered ability whose source left",
        facts=("triggered_text(Ab,Text)",)),
    Key("pool", "", "", "Pl's mana pool is M in one outcome", facts=("pool(Pl,M)",)),
    Key("declined", "", "", "P's controller didn't pay the cost of P's ability Ab as it entered "
        "(\"If you don't, it enters tapped\")", facts=("declined(P,Ab)",)),
    Key("chosen_counter", "", "", "P's controller chose counters of kind K for P's ability Ab as "
        "it entered (\"your choice of a deathtouch counter or a lifelink counter\")",
        facts=("chosen_counter(P,Ab,K)",)),
    Key("cast", "", "", "P resolved from a spell cast from the zone it entered from (an `enter` "
        "event's `cast`)", facts=("entered_from_a_spell(P)",)),
    Key("tribute", "", "", "an opponent paid P's tribute as it entered (rule 702.104a)",
        facts=("tribute_paid(P)",)),
    Key("rolled", "", "", "the dice rolled as P entered for its ability Ab totalled T (\"As ~ "
        "enters, roll a six-sided die\")", facts=("rolled_as_entered(P,Ab,T)",)),
    Key("copied", "", "", "copy P's copy effect copied value V of attribute A when it began "
        "(rule 707.2b: it no longer follows the original)", facts=("copied_value(P,A,V)",)),
    Key("removed", "", "", "a state-based action of Rule removed O after event N (rule 704.5)",
        facts=("removed_by_rule(O,N,Rule)",)),
    Key("stack", "", "", "the I-th object from the bottom of the stack is X, a triggered "
        "ability so(Src,Ab,Pl,O) (rules 405.2, 603.3)", facts=("stack(I,X)",)),
    Key("stacked", "", "", "ability Ab of Src that triggered in event N on O was put on the "
        "stack (rule 603.3)", facts=("stacked(N,Src,Ab,O)",)),
    Key("trigger_controller", "", "", "Pl controlled Src as its ability triggered: the "
        "ability's controller (rule 603.3a)", facts=("trigger_controller(Src,Pl)",)),
    Key("trigger_power", "", "", "O's power as it last existed on the battlefield, read by a "
        "triggered ability about it (rule 603.10a)", facts=("trigger_power(O,V)",)),
    Key("trigger_counters", "", "", "the K counters on Src as it last existed on the battlefield, "
        "read by its triggered ability (\"for each +1/+1 counter on ~\", 603.10a)",
        facts=("trigger_counters(Src,K,V)",)),
    Key("trigger_keyword", "", "", "Src had keyword K (Lifelink, Infect) as it last existed "
        "on the battlefield, read by its damage as its triggered ability resolves (120.3, 603.10a)",
        facts=("trigger_keyword(Src,K)",)),
    Key("resolved_unmodelled", "", "", "ability Ab of Src resolved with an effect the rules "
        "don't model (the answer says so)", facts=("resolved_unmodelled(Src,Ab)",)),
    Key("lost_game", "", "", "Pl lost the game by a state-based action (rule 704.5a)",
        facts=("lost_game(Pl)",)),
))

# What a step of state-based actions after an event is given besides the state (asp/events/
# state_based.lp; pybridge/answer/events.py), and what lasts only until that step: declared here
# so inputs.lp #defines them.
STEP = Table("step", (
    Key("check", "", "", "state-based actions are checked on this state, after event N (rule "
        "704.3): a step of its own", facts=("state_based_check(N)",)),
    Key("token_object", "", "", "O is a token that left the battlefield: it ceases to exist when "
        "state-based actions are next checked (rules 111.7, 704.5d)", facts=("token_object(O)",)),
    Key("slice_candidate_card", "", "", "a permanent of card C has no facts but its card, "
        "controller, owner, timestamp and being tapped, and the step doesn't name it: "
        "asp/slicing/slice.lp says whether the step may leave such permanents out "
        "(pybridge/answer/slicing.py)", facts=("slice_candidate_card(C)",)),
    Key("stack_followed", "", "", "the scenario follows the stack (a `resolve` event or a "
        "`stack` question: Why is resolve or asked): triggered abilities are put on it "
        "(asp/stack/stack.lp)",
        facts=("stack_followed(Why)",)),
    Key("resolve_round", "", "", "the R-th object a `resolve` event N resolves (rule 608.1)",
        facts=("resolve_round(N,R)",)),
    Key("token_new_id", "", "", "the name the J-th token the R-th object event N resolves "
        "creates would get (asp/stack/resolve.lp decides whether one is made)",
        facts=("token_new_id(N,R,J,Id)",)),
    Key("carried_latest", "", "", "the latest timestamp of the permanents the step leaves out, "
        "carried to the next state unchanged (rule 613.7d: what enters is later still)",
        facts=("carried_latest(T)",)),
))

# The keys every [[ask]] may hold beside its question kind's; the kinds (pybridge/answer/kinds) check
# their own options, declared here for their facts.
ASK = Table("ask", (
    Key("KIND", "permanent id", "required",
        "the question, named by its kind: `could_produce = ID`, `produce = ID`, ...",
        facts=("ask(K,Kind,P)",)),
    Key("expect", "depends on the kind", "none", "the expected answer; a mismatch exits 1"),
    Key("ability", "integer", "none", "its Nth (mana or activated) ability", facts=("ask_ability(K,N)",)),
    Key("viewer", "player", "none", "answer as that player sees it (rule 708.5)",
        facts=("ask_viewer(K,Pl)",)),
    Key("way", "string", "none", "how it is turned face up", facts=("ask_way(K,Way)",)),
))
ASK_COMMON_KEYS = {"expect"}
ASK_OPTION_KEYS = ASK.names - ASK_COMMON_KEYS - {"KIND"}

TABLES = (TOP, GAME, PERMANENT, EFFECT, CARD, EVENT, HISTORY, STEP, ASK)


def input_facts() -> list[tuple[str, str, str]]:
    """(predicate/arity, shape, table) of every fact a scenario can become, in declaration order."""
    out = []
    for table in TABLES:
        for key in table.keys:
            for shape in key.facts:
                name, args = re.fullmatch(r"(\w+)\((.*)\)", shape).groups()
                out.append((f"{name}/{len(args.split(','))}", shape, table.name or "top level"))
    return out
