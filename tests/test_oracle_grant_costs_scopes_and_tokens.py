"""Ability grants in detail: tokens, the costs of granted abilities, grants to sets judged after
other grants, and conditions on the board (pybridge/oracle/grants.py, statics/,
the cost grammar of oracle.lark, asp/layers/tokens.lp and activation.lp): for each pattern, a
real pool card's compiled facts and an answer on a board of it."""
from __future__ import annotations

import pytest

from pybridge import ask
from pybridge.errors import InputError
from pybridge.read.facts import scenario_facts
from pybridge.read.scenario import load_scenario
from pybridge.solve.solver import solve_in_process
from pool_cards import board, chars, facts, pt, why


# --- tokens without printed power and toughness (rules 111.4, 604.3) ---
AVATAR = 'token(ab("Ajani Goldmane",3),1)'
ELEPHANT = 'token(ab("Elephant Resurgence",1),1)'


def test_a_token_whose_ability_defines_its_size_is_whole():
    assert facts("Ajani Goldmane", 3) >= {
        f'token_value({AVATAR},type,"Creature")', f'token_value({AVATAR},color,w)',
        f'pt_cda(ab({AVATAR},1),power,count(life(you)))',
        f'pt_cda(ab({AVATAR},1),toughness,count(life(you)))'}
    assert not any("power," in f and "token_value" in f for f in facts("Ajani Goldmane", 3))
    result = ask(board({"id": "avatar", "token": "Ajani Goldmane"}, asks=chars("avatar"),
                       life={"you": 17, "opponent": 20}))
    assert pt(result, "avatar") == (17, 17)


def test_its_controllers_graveyard_is_the_graveyard_of_whoever_controls_the_token():
    assert f'pt_cda(ab({ELEPHANT},1),power,count(cards(graveyard,you,type("Creature"))))' in \
        facts("Elephant Resurgence", 1)
    result = ask(board({"id": "mine", "token": "Elephant Resurgence"},
                       {"id": "theirs", "token": "Elephant Resurgence", "controller": "opponent"},
                       asks=chars("mine", "theirs"),
                       graveyards={"you": ["Grizzly Bears", "Forest", "Llanowar Elves"],
                                   "opponent": ["Grizzly Bears"]}))
    assert (pt(result, "mine"), pt(result, "theirs")) == ((2, 2), (1, 1))


def test_a_token_without_power_and_toughness_nor_an_ability_defining_them_stays_unmodelled():
    # Saproling Burst's token counts fade counters on the card that made it: not the token's own.
    assert why("Saproling Burst", 2) == "a token's static ability that names the card that made it"


# --- costs of granted and token-making activated abilities (rules 118.3, 602.2b, 107.4h) ---
def activate(result, target: str) -> bool:
    return result.answer("can_activate", target)


def test_exiling_creature_cards_from_the_graveyard_needs_them_in_a_listed_graveyard():
    assert 'cost_has(ab("Drudge Spell",1),exile_from_graveyard(2,creature))' in facts("Drudge Spell", 1)
    asks = [{"can_activate": "drudge"}]
    short = ask(board({"id": "drudge", "card": "Drudge Spell"}, asks=asks,
                      graveyards={"you": ["Grizzly Bears", "Forest"], "opponent": []}))
    enough = ask(board({"id": "drudge", "card": "Drudge Spell"}, asks=asks,
                       graveyards={"you": ["Grizzly Bears", "Forest", "Grizzly Bears"], "opponent": []}))
    unknown = ask(board({"id": "drudge", "card": "Drudge Spell"}, asks=asks))
    assert (activate(short, "drudge"), activate(enough, "drudge"), activate(unknown, "drudge")) == \
        (False, True, True)


def test_a_granted_discard_cost_is_judged_against_the_holders_hand_size():
    assert {'activated(grant("Psychic Overload",4))',
            'cost_has(grant("Psychic Overload",4),discard_cards(2))'} <= facts("Psychic Overload", 4)

    def on(hand: int) -> bool:
        result = ask(board({"id": "thopter", "card": "Ornithopter"},
                           {"id": "aura", "card": "Psychic Overload", "controller": "opponent",
                            "attached_to": "thopter"},
                           asks=[{"can_activate": "thopter"}],
                           hand_sizes={"you": hand, "opponent": 0}))
        return activate(result, "thopter")
    assert (on(1), on(2)) == (False, True)


def test_snow_mana_and_removing_all_counters_are_costs_the_grammar_reads():
    assert 'activated(grant("Rime Transfusion",2))' in facts("Rime Transfusion", 2)
    # "Put a card an opponent owns from exile into that player's graveyard": exile is no zone
    # a scenario states, so it adds no fact, but the ability's token is compiled.
    assert 'token_value(token(ab("Void Attendant",2),1),name,"Eldrazi Scion Token")' in \
        facts("Void Attendant", 2)
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "aura", "card": "Rime Transfusion", "attached_to": "bears"},
                       asks=[{"can_activate": "bears"}, *chars("bears")]))
    assert activate(result, "bears") is True and pt(result, "bears") == (4, 3)


# --- two granted activated abilities in one ability: two grant terms (613.1f) ---
def test_two_quoted_activated_abilities_are_two_grant_terms_each_with_its_cost():
    found = facts("Hankyu", 1)
    assert {'activated(grant("Hankyu",1))', 'cost_tap(grant("Hankyu",1))',
            'activated(grant("Hankyu",1,2))', 'cost_tap(grant("Hankyu",1,2))',
            'ability_grant(ab("Hankyu",1),equipped,"{T}: Put an aim counter on Hankyu")'} <= found
    assert any(f.startswith('ability_grant_part(ab("Hankyu",1),2,"{T}, Remove all aim counters')
               for f in found)
    asks = [*chars("bears"), {"can_activate": "bears", "ability": 2},
            {"can_activate": "bears", "ability": 1}]
    untapped = ask(board({"id": "bears", "card": "Grizzly Bears"},
                         {"id": "hankyu", "card": "Hankyu", "attached_to": "bears"}, asks=asks))
    abilities = untapped.answer("characteristics", "bears")["abilities"]
    assert abilities[0] == "{T}: Put an aim counter on Hankyu" and \
        abilities[1].startswith("{T}, Remove all aim counters from Hankyu")
    assert [r.answer for r in untapped.results[1:]] == [True, True]
    tapped = ask(board({"id": "bears", "card": "Grizzly Bears", "tapped": True},
                       {"id": "hankyu", "card": "Hankyu", "attached_to": "bears"}, asks=asks[1:2]))
    assert tapped.answer("can_activate", "bears") is False


def test_wolfhunters_quiver_grants_both_its_abilities():
    found = facts("Wolfhunter's Quiver", 1)
    assert {'activated(grant("Wolfhunter\'s Quiver",1,2))', 'cost_tap(grant("Wolfhunter\'s Quiver",1,2))'} <= found


# --- "as long as ~ is modified, it has ..." (rule 700.9) ---
def test_a_modified_creature_has_its_granted_mana_ability():
    assert {'static_when(ab("Orochi Merge-Keeper",2),modified)',
            'mana_ability(grant("Orochi Merge-Keeper",2))',
            'group_types(grant("Orochi Merge-Keeper",2),1,fixed(g))'} <= facts("Orochi Merge-Keeper", 2)

    def granted(*others: dict, **keeper) -> bool:
        result = ask(board({"id": "keeper", "card": "Orochi Merge-Keeper", **keeper}, *others,
                           asks=chars("keeper")))
        return "{T}: Add {G}{G}." in result.answer("characteristics", "keeper")["abilities"]
    theirs = {"controller": "opponent", "attached_to": "keeper"}
    assert granted(counters={"charge": 1})
    assert granted({"id": "sword", "card": "Bonesplitter", **theirs})
    assert not granted({"id": "aura", "card": "Pacifism", **theirs})
    assert granted({"id": "aura", "card": "Pacifism", "controller": "you", "attached_to": "keeper"})
    assert not granted()


# --- "one mana of any of this creature's colors": the holder's colours (106.5, 613.1f) ---
def test_a_granted_mana_ability_reads_the_colours_of_the_creature_that_has_it():
    assert 'group_types(grant("Katilda, Dawnhart Prime",2),1,own_color)' in \
        facts("Katilda, Dawnhart Prime", 2)
    result = ask(board({"id": "katilda", "card": "Katilda, Dawnhart Prime"},
                       {"id": "vanguard", "card": "Elite Vanguard"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       asks=[{"could_produce": p} for p in ("katilda", "vanguard", "bears")]))
    assert [sorted(result.answer("could_produce", p)) for p in ("katilda", "vanguard", "bears")] == \
        [["G", "W"], ["W"], []]


# --- a type and an ability added to the creatures your opponents control (layers 4, 6) ---
def test_dismiss_into_dream_adds_illusion_to_the_opponents_creatures_only():
    assert {'land_type_effect(ab("Dismiss into Dream",1),opponents(creature),add("Illusion"))',
            'ability_grant(ab("Dismiss into Dream",1),opponents(creature),'
            '"When this creature becomes the target of a spell or ability, sacrifice it.")'} <= \
        facts("Dismiss into Dream", 1)
    result = ask(board({"id": "dream", "card": "Dismiss into Dream"},
                       {"id": "theirs", "card": "Grizzly Bears", "controller": "opponent"},
                       {"id": "mine", "card": "Grizzly Bears"}, asks=chars("theirs", "mine")))
    assert result.answer("characteristics", "theirs")["subtypes"] == ["Bear", "Illusion"]
    assert result.answer("characteristics", "mine")["subtypes"] == ["Bear"]


# --- a static ability that works from its card's graveyard (rule 113.6) ---
def test_riftstone_portal_grants_from_its_owners_graveyard_only():
    assert {'static_when(ab("Riftstone Portal",2),in_graveyard)',
            'ability_grant(ab("Riftstone Portal",2),yours(land),"{T}: Add {G} or {W}.")'} <= \
        facts("Riftstone Portal", 2)

    def wastes(graveyards: dict, *others: dict) -> list[str]:
        result = ask(board({"id": "wastes", "card": "Wastes"}, *others,
                           asks=[{"could_produce": "wastes"}], graveyards=graveyards))
        return sorted(result.answer("could_produce", "wastes"))
    assert wastes({"you": ["Riftstone Portal"], "opponent": []}) == ["C", "G", "W"]
    assert wastes({"you": [], "opponent": ["Riftstone Portal"]}) == ["C"]
    # On the battlefield the ability does nothing (its condition never holds there).
    assert wastes({"you": [], "opponent": []}, {"id": "portal", "card": "Riftstone Portal"}) == ["C"]


# --- "creatures you control with the chosen name": a face-up conspiracy (315.5, 702.106) ---
def test_a_conspiracy_grants_to_the_creatures_you_control_with_its_chosen_name():
    assert 'ability_grant(ab("Secrets of Paradise",2),chosen_name(yours(creature)),' \
           '"{T}: Add one mana of any color.")' in facts("Secrets of Paradise", 2)
    assert 'group_types(grant("Secrets of Paradise",2),1,any_color)' in facts("Secrets of Paradise", 2)
    for card in ("Incendiary Dissent", "Natural Unity", "Assemble the Rank and Vile"):
        assert any(f.startswith(f'ability_grant(ab("{card}",2),chosen_name(yours(creature)),')
                   for f in facts(card, 2))
    result = ask(board({"id": "elves", "card": "Llanowar Elves"},
                       {"id": "fyndhorn", "card": "Fyndhorn Elves"},
                       {"id": "theirs", "card": "Llanowar Elves", "controller": "opponent"},
                       asks=[{"could_produce": p} for p in ("elves", "fyndhorn", "theirs")],
                       conspiracies={"you": {"Secrets of Paradise": "Llanowar Elves"}}))
    assert [len(result.answer("could_produce", p)) for p in ("elves", "fyndhorn", "theirs")] == [5, 1, 1]


def test_conspiracies_bad_input():
    elves = {"id": "elves", "card": "Llanowar Elves"}
    with pytest.raises(InputError, match="no conspiracy"):
        ask(board(elves, asks=[{"could_produce": "elves"}],
                  conspiracies={"you": {"Grizzly Bears": "Llanowar Elves"}}))
    with pytest.raises(InputError, match="unknown card"):
        ask(board(elves, asks=[{"could_produce": "elves"}],
                  conspiracies={"you": {"Secrets of Paradise": "Llanowar Elvez"}}))
    with pytest.raises(InputError, match="unknown player"):
        ask(board(elves, asks=[{"could_produce": "elves"}],
                  conspiracies={"nobody": {"Secrets of Paradise": "Llanowar Elves"}}))


# --- grants to the permanents with a keyword: layer 6 in dependency order (rule 613.8) ---
def test_a_grant_to_creatures_with_flying_applies_after_the_grant_of_flying():
    assert 'ability_grant(ab("Jubilant Skybonder",2),with_ability("Flying",yours(creature)),' \
           '"Spells your opponents cast that target this creature cost {2} more to cast.")' in \
        facts("Jubilant Skybonder", 2)
    assert 'activated(grant("Frondland Felidar",2))' in facts("Frondland Felidar", 2)
    skybonder = {"id": "sky", "card": "Jubilant Skybonder"}
    bears = {"id": "bears", "card": "Grizzly Bears"}
    ward = "Spells your opponents cast that target this creature cost {2} more to cast."
    alone = ask(board(skybonder, bears, asks=chars("bears")))
    assert alone.answer("characteristics", "bears")["abilities"] == []
    # Levitation comes after the Skybonder, yet the Skybonder's effect depends on it (613.8a).
    flying = ask(board(skybonder, bears, {"id": "lev", "card": "Levitation"}, asks=chars("bears")))
    assert flying.answer("characteristics", "bears")["abilities"] == ["Flying", ward]
    # Felidar's granted ability is an activated one on the creatures with vigilance.
    felidar = ask(board({"id": "felidar", "card": "Frondland Felidar"},
                        asks=[{"can_activate": "felidar"}]))
    assert felidar.answer("can_activate", "felidar") is True


def test_grants_that_depend_on_each_other_in_a_loop_are_refused(tmp_path):
    """Rule 613.8b orders a dependency loop by timestamp, which the fixpoint doesn't: refused.
    No two pool cards make such a loop, so an extra program gives Levitation's grant a scope
    that reads the Skybonder's granted ability, closing the loop."""
    path = tmp_path / "loop.toml"
    path.write_text('title = "t"\n[[permanent]]\nid = "sky"\ncard = "Jubilant Skybonder"\n'
                    '[[permanent]]\nid = "lev"\ncard = "Levitation"\n'
                    '[[ask]]\ncharacteristics = "sky"\n')
    loop = tmp_path / "loop.lp"
    loop.write_text('ability_grant(ab("Levitation",1),with_ability("Spells your opponents cast '
                    'that target this creature cost {2} more to cast.",yours(creature)),"Flying").\n')
    facts_ = scenario_facts(load_scenario(path))
    plain = solve_in_process(facts_, shown_only=False)
    looped = solve_in_process(facts_, shown_only=False, extra_programs=[loop])
    problems = lambda r: [s for s in r.symbols if s.name == "scenario_problem"]  # noqa: E731
    assert problems(plain) == []
    assert any("613.8b" in s.arguments[0].string for s in problems(looped))


def test_kwende_gives_double_strike_to_creatures_with_first_strike_granted_or_printed():
    result = ask(board({"id": "kwende", "card": "Kwende, Pride of Femeref"},
                       {"id": "bears", "card": "Grizzly Bears"}, asks=chars("kwende", "bears")))
    assert "Double strike" in result.answer("characteristics", "kwende")["abilities"]
    assert result.answer("characteristics", "bears")["abilities"] == []


# --- "as long as ~ is enchanted, equipped, and has a counter on it" (611.3a) ---
def test_kosei_needs_an_aura_an_equipment_and_a_counter():
    assert 'static_when(ab("Kosei, Penitent Warlord",1),all_of(attached(subtype("Aura")),' \
           'all_of(attached(subtype("Equipment")),any_counter)))' in facts("Kosei, Penitent Warlord", 1)

    def has_trigger(*attached: str, **kosei) -> bool:
        others = [{"id": f"a{i}", "card": c, "attached_to": "kosei"} for i, c in enumerate(attached)]
        result = ask(board({"id": "kosei", "card": "Kosei, Penitent Warlord", **kosei}, *others,
                           asks=chars("kosei")))
        return len(result.answer("characteristics", "kosei")["abilities"]) == 2
    assert has_trigger("Pacifism", "Bonesplitter", counters={"charge": 1})
    assert not has_trigger("Pacifism", "Bonesplitter")
    assert not has_trigger("Bonesplitter", counters={"+1/+1": 2})
    assert not has_trigger("Pacifism", counters={"+1/+1": 2})


def test_a_spells_ability_on_the_stack_says_why_it_is_unmodelled():
    assert "while the spell is on the stack (rule 113.6)" in why("Torrent of Lava", 2)


# --- "as long as the top card of your library is a land card" ([game] library_tops) ---
def test_mul_daya_reads_the_top_card_of_its_controllers_library():
    assert 'static_when(ab("Mul Daya Channelers",3),top_card(type("Land")))' in \
        facts("Mul Daya Channelers", 3)
    channelers = {"id": "mul", "card": "Mul Daya Channelers"}
    asks = [{"could_produce": "mul"}, *chars("mul")]

    def on(top: str) -> tuple:
        result = ask(board(channelers, asks=asks, library_tops={"you": top}))
        return len(result.answer("could_produce", "mul")), pt(result, "mul")
    assert on("Forest") == (5, (2, 2))
    assert on("Grizzly Bears") == (0, (5, 5))
    assert on("Dryad Arbor") == (5, (5, 5))
    with pytest.raises(InputError, match="library_tops"):
        ask(board(channelers, asks=asks))


# --- "the number of experience counters you have" ([game] player_counters, rule 122.1) ---
def test_daxos_spirits_count_their_controllers_experience_counters():
    spirit = 'token(ab("Daxos the Returned",2),1)'
    assert f'pt_cda(ab({spirit},1),power,count(player_counters("experience")))' in \
        facts("Daxos the Returned", 2)
    token = {"id": "spirit", "token": "Daxos the Returned"}
    result = ask(board(token, asks=chars("spirit"), player_counters={"you": {"experience": 4}}))
    assert pt(result, "spirit") == (4, 4)
    none = ask(board(token, asks=chars("spirit"), player_counters={"you": {}}))
    assert pt(none, "spirit") == (0, 0)
    with pytest.raises(InputError, match="player_counters"):
        ask(board(token, asks=chars("spirit")))
    with pytest.raises(InputError, match="non-negative"):
        ask(board(token, asks=chars("spirit"), player_counters={"you": {"experience": -1}}))


# --- a token's ability that names the card that made it: "card named ~" (201.2) ---
def test_sound_the_calls_wolf_counts_cards_of_that_name_in_every_graveyard():
    wolf = 'token(ab("Sound the Call",1),1)'
    assert f'pt_modify_per(ab({wolf},1),self,1,1,cards(graveyard,all,named("Sound the Call")))' in \
        facts("Sound the Call", 1)
    result = ask(board({"id": "wolf", "token": "Sound the Call"}, asks=chars("wolf"),
                       graveyards={"you": ["Sound the Call", "Forest"],
                                   "opponent": ["Sound the Call", "Sound the Call"]}))
    assert pt(result, "wolf") == (4, 4)


def test_a_numbered_mode_creating_a_token_is_unmodelled_with_its_reason_not_a_crash():
    # Pick Your Poison (an Alchemy card) lists modes as "[2] Create ...": no loyalty cost.
    assert "a numbered mode" in why("Pick Your Poison", 3)
