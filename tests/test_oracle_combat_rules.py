"""Rules for combat and untapping that static abilities make, and abilities removed in layer 6
(pybridge/oracle/statics/rules.py, asp/combat/combat_rules.lp, layers_types_abilities.lp's
section "abilities removed"): for each pattern a real pool card's facts and an answer on a board."""
from __future__ import annotations


from pybridge import ask
from pool_cards import board, chars, facts, pt


def rules(result, target: str) -> list[str]:
    return result.answer("characteristics", target)["rules"]


def abilities(result, target: str) -> list[str]:
    return result.answer("characteristics", target)["abilities"]


# --- combat rules (508.1c-d, 509.1b-c, 701.15, 502.3, 510.1a) ---
def test_an_aura_goads_and_an_equipment_keeps_from_untapping():
    assert facts("Psychic Impetus", 2) == {
        'pt_modify(ab("Psychic Impetus",2),enchanted,2,2)',
        'combat_rule(ab("Psychic Impetus",2),enchanted,goaded,"")'}
    assert 'combat_rule(ab("Vulshok Gauntlets",1),equipped,doesnt_untap,"")' in facts("Vulshok Gauntlets", 1)
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "impetus", "card": "Psychic Impetus", "attached_to": "bears"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       {"id": "gauntlets", "card": "Vulshok Gauntlets", "attached_to": "elves"},
                       {"id": "other", "card": "Grizzly Bears"},
                       asks=chars("bears", "elves", "other", "impetus"), ), explain=True)
    assert rules(result, "bears") == ["goaded"] and pt(result, "bears") == (4, 4)
    assert rules(result, "elves") == ["doesn't untap during its controller's untap step"]
    assert rules(result, "other") == [] == rules(result, "impetus")
    steps = [s for g in result.results[0].explain for s in g.steps]
    assert any(s.rule == "701.15" and "impetus" in s.text for s in steps)


def test_riders_beside_a_bonus_are_rules_now():
    # Vow of Flight: "can't attack you or planeswalkers you control"; Cryptic Coat "can't be
    # blocked"; Gauntlets of Light: damage by toughness (510.1a); Dust Corona a "by" detail
    assert 'combat_rule(ab("Vow of Flight",2),enchanted,cant_attack_you,"")' in facts("Vow of Flight", 2)
    assert 'combat_rule(ab("Dust Corona",2),enchanted,cant_be_blocked_by,"creatures with flying")' \
        in facts("Dust Corona", 2)
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "vow", "card": "Vow of Flight", "attached_to": "bears"},
                       {"id": "corona", "card": "Dust Corona", "attached_to": "bears"},
                       {"id": "gauntlets", "card": "Gauntlets of Light", "attached_to": "bears"},
                       asks=chars("bears")))
    assert rules(result, "bears") == [
        "assigns combat damage equal to its toughness rather than its power",
        "can't attack its source's controller or planeswalkers they control",
        "can't be blocked by creatures with flying"]
    assert pt(result, "bears") == (6, 6)


def test_a_group_rule_covers_only_its_scope_and_a_condition_turns_it_on():
    assert facts("Ogre Jailbreaker", 2) == {
        'static_when(ab("Ogre Jailbreaker",2),at_least(1,yours(subtype("Gate"))))',
        'combat_rule(ab("Ogre Jailbreaker",2),self,attacks_despite_defender,"")'}
    defender = "can attack as though it didn't have defender"
    result = ask(board({"id": "alert", "card": "High Alert"},
                       {"id": "wall", "card": "Wall of Stone"},
                       {"id": "theirs", "card": "Wall of Stone", "controller": "opponent"},
                       {"id": "ogre", "card": "Ogre Jailbreaker", "controller": "opponent"},
                       asks=chars("wall", "theirs", "ogre")))
    assert rules(result, "wall") == [defender] and rules(result, "theirs") == []
    assert rules(result, "ogre") == [] and "Defender" in abilities(result, "wall")
    gated = ask(board({"id": "ogre", "card": "Ogre Jailbreaker"},
                      {"id": "gate", "card": "Azorius Guildgate"}, asks=chars("ogre")))
    assert rules(gated, "ogre") == [defender]


def test_more_rule_shapes_of_the_pool():
    assert 'combat_rule(ab("Errantry",2),enchanted,attacks_only_alone,"")' in facts("Errantry", 2)
    assert 'combat_rule(ab("Hellraiser Goblin",1),yours(creature),attacks_each_combat,"")' \
        in facts("Hellraiser Goblin", 1)
    assert 'combat_rule(ab("Indrik Umbra",2),enchanted,must_be_blocked_by_all,"")' in facts("Indrik Umbra", 2)
    assert 'combat_rule(ab("Street Savvy",2),enchanted,blocks_as_though,"creatures with landwalk abilities")' \
        in facts("Street Savvy", 2)


# --- layer 6: abilities removed (613.1f) against grants by timestamp (613.7) ---
def test_loses_flying_and_loses_all_abilities():
    assert facts("Colossus Hammer", 1) == {
        'pt_modify(ab("Colossus Hammer",1),equipped,10,10)',
        'loses_abilities(ab("Colossus Hammer",1),equipped,keyword("Flying"))'}
    assert 'loses_abilities(ab("Mystic Subdual",3),enchanted,all)' in facts("Mystic Subdual", 3)
    result = ask(board({"id": "angel", "card": "Serra Angel"},
                       {"id": "hammer", "card": "Colossus Hammer", "attached_to": "angel"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       {"id": "subdual", "card": "Mystic Subdual", "attached_to": "elves"},
                       asks=chars("angel", "elves") + [{"could_produce": "elves"}]))
    assert abilities(result, "angel") == ["Vigilance"] and pt(result, "angel") == (14, 14)
    assert abilities(result, "elves") == [] and pt(result, "elves") == (-1, 1)
    assert result.answer("could_produce", "elves") == []


def test_a_grant_later_than_the_removal_survives_it_and_an_earlier_one_does_not():
    # Warhammer (timestamp 2) before Mystic Subdual (3): its lifelink and trample go, its +3/+0
    # stays (layer 7c); Whip of Erebos (4) is later: lifelink stays (613.7).
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "hammer", "card": "Loxodon Warhammer", "attached_to": "bears"},
                       {"id": "subdual", "card": "Mystic Subdual", "attached_to": "bears"},
                       {"id": "whip", "card": "Whip of Erebos"},
                       asks=chars("bears")))
    assert abilities(result, "bears") == ["Lifelink"] and pt(result, "bears") == (3, 2)
    early = ask(board({"id": "bears", "card": "Grizzly Bears"},
                      {"id": "subdual", "card": "Mystic Subdual", "attached_to": "bears"},
                      {"id": "hammer", "card": "Loxodon Warhammer", "attached_to": "bears"},
                      asks=chars("bears")))
    assert abilities(early, "bears") == ["Lifelink", "Trample"]


def test_a_creature_that_lost_its_abilities_loses_the_rules_they_made_and_its_anthem():
    # Ogre Jailbreaker's own "can attack as though it didn't have defender" goes with its
    # abilities; an Aura's goad stays (the Aura keeps its ability); a lord that lost its
    # abilities no longer pumps.
    result = ask(board({"id": "ogre", "card": "Ogre Jailbreaker"},
                       {"id": "gate", "card": "Azorius Guildgate"},
                       {"id": "impetus", "card": "Psychic Impetus", "attached_to": "ogre"},
                       {"id": "subdual", "card": "Mystic Subdual", "attached_to": "ogre"},
                       {"id": "lord", "card": "Elvish Archdruid"},
                       {"id": "subdual2", "card": "Mystic Subdual", "attached_to": "lord"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       asks=chars("ogre", "elves")))
    assert rules(result, "ogre") == ["goaded"]
    assert pt(result, "elves") == (1, 1)


# --- layers 4 and 5: types, a supertype and colours added by statics (613.1d-e) ---
def test_an_aura_adds_a_colour_and_a_creature_type_and_another_makes_it_legendary():
    assert facts("Ghoulflesh", 2) == {
        'pt_modify(ab("Ghoulflesh",2),enchanted,-1,-1)',
        'land_type_effect(ab("Ghoulflesh",2),enchanted,add("Zombie"))',
        'color_effect(ab("Ghoulflesh",2),enchanted,add(b))'}
    assert 'land_type_effect(ab("On Serra\'s Wings",2),enchanted,add_supertype("Legendary"))' \
        in facts("On Serra's Wings", 2)
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "flesh", "card": "Ghoulflesh", "attached_to": "bears"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       {"id": "wings", "card": "On Serra's Wings", "attached_to": "elves"},
                       asks=chars("bears", "elves")))
    bears = result.answer("characteristics", "bears")
    assert (bears["colors"], bears["subtypes"], pt(result, "bears")) == (["B", "G"], ["Bear", "Zombie"], (1, 1))
    assert result.answer("characteristics", "elves")["supertypes"] == ["Legendary"]


def test_a_colour_added_gives_way_to_a_later_setting_and_not_to_an_earlier_one():
    def colours(*cards: str) -> list[str]:
        result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                           *({"id": f"a{i}", "card": c, "attached_to": "bears"} for i, c in enumerate(cards)),
                           asks=chars("bears")))
        return result.answer("characteristics", "bears")["colors"]
    assert colours("Angelic Armaments", "Sinister Strength") == ["B"]
    assert colours("Sinister Strength", "Angelic Armaments") == ["W", "B"]


def test_deep_freeze_sets_base_pt_grants_defender_and_removes_the_other_abilities():
    result = ask(board({"id": "angel", "card": "Serra Angel"},
                       {"id": "freeze", "card": "Deep Freeze", "attached_to": "angel"},
                       asks=chars("angel")))
    angel = result.answer("characteristics", "angel")
    assert (angel["abilities"], angel["colors"], angel["subtypes"], pt(result, "angel")) == (
        ["Defender"], ["W", "U"], ["Angel", "Wall"], (0, 4))


# --- keywords with a parameter, players' hexproof beside permanents', "with no abilities" ---
def test_keywords_with_a_parameter_are_granted_as_abilities():
    assert 'ability_grant(ab("Eldrazi Conscription",2),enchanted,"Annihilator 2")' in facts("Eldrazi Conscription", 2)
    assert 'ability_grant(ab("Vectis Gloves",1),equipped,"Artifact landwalk")' in facts("Vectis Gloves", 1)
    result = ask(board({"id": "bears", "card": "Grizzly Bears"},
                       {"id": "dagger", "card": "Dagger of the Worthy", "attached_to": "bears"},
                       asks=chars("bears")))
    assert abilities(result, "bears") == ["Afflict 1"] and pt(result, "bears") == (4, 2)


def test_you_and_your_humans_have_hexproof():
    assert facts("Sigarda, Heron's Grace", 2) == {
        'player_grant(ab("Sigarda, Heron\'s Grace",2),you,"Hexproof")',
        'ability_grant(ab("Sigarda, Heron\'s Grace",2),yours(subtype("Human")),"Hexproof")'}
    assert 'ability_grant(ab("Shalai, Voice of Plenty",2),others(yours(creature)),"Hexproof")' \
        in facts("Shalai, Voice of Plenty", 2)
    result = ask(board({"id": "sigarda", "card": "Sigarda, Heron's Grace"},
                       {"id": "human", "card": "Elite Vanguard"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       asks=chars("human", "bears")))
    assert "Hexproof" in abilities(result, "human") and abilities(result, "bears") == []


def test_creatures_with_no_abilities_after_layer_six():
    assert facts("Muraganda Petroglyphs", 1) == {
        'pt_modify(ab("Muraganda Petroglyphs",1),without_abilities(each(creature)),2,2)'}
    result = ask(board({"id": "petroglyphs", "card": "Muraganda Petroglyphs"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "elves", "card": "Llanowar Elves"},
                       {"id": "angel", "card": "Serra Angel"},
                       {"id": "subdual", "card": "Mystic Subdual", "attached_to": "angel"},
                       asks=chars("bears", "elves", "angel")))
    assert pt(result, "bears") == (4, 4) and pt(result, "elves") == (1, 1)
    assert pt(result, "angel") == (4, 6)          # 4/4, lost its abilities: -2/-0 and +2/+2


# --- domain: basic land types among lands you control (305.6) ---
def test_domain_counts_basic_land_types_among_your_lands():
    assert facts("Exotic Curse", 2) == {
        'pt_modify_per(ab("Exotic Curse",2),enchanted,-1,-1,basic_land_types(yours(land)))'}
    assert 'pt_cda(ab("Matca Rioters",1),power,count(basic_land_types(yours(land))))' in facts("Matca Rioters", 1)
    result = ask(board({"id": "rioters", "card": "Matca Rioters"},
                       {"id": "giant", "card": "Wayfaring Giant"},
                       {"id": "forest", "card": "Forest"}, {"id": "forest_2", "card": "Forest"},
                       {"id": "ground", "card": "Stomping Ground"},
                       {"id": "island", "card": "Island", "controller": "opponent"},
                       asks=chars("rioters", "giant")))
    assert pt(result, "rioters") == (2, 2) and pt(result, "giant") == (3, 5)


def test_a_rule_for_creatures_with_defender_reads_the_abilities_after_layer_six():
    result = ask(board({"id": "arcades", "card": "Arcades, the Strategist"},
                       {"id": "wall", "card": "Wall of Stone"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       {"id": "tether", "card": "Sky Tether", "attached_to": "bears"},
                       {"id": "theirs", "card": "Wall of Stone", "controller": "opponent"},
                       asks=chars("wall", "bears", "theirs", "arcades")))
    both = ["assigns combat damage equal to its toughness rather than its power",
            "can attack as though it didn't have defender"]
    assert rules(result, "wall") == both == rules(result, "bears")     # Sky Tether's defender
    assert rules(result, "theirs") == [] == rules(result, "arcades")


def test_a_grant_to_creatures_with_a_keyword_reads_the_removals_first():
    # Kwende's grant (the ability grants' section) reads what has first strike after this layer's
    # removals: White Knight under Mystic Subdual has none, so no double strike either.
    result = ask(board({"id": "kwende", "card": "Kwende, Pride of Femeref"},
                       {"id": "knight", "card": "White Knight"},
                       {"id": "knight_2", "card": "White Knight"},
                       {"id": "subdual", "card": "Mystic Subdual", "attached_to": "knight_2"},
                       asks=chars("knight", "knight_2")))
    assert abilities(result, "knight") == ["First strike", "Protection from black", "Double strike"]
    assert abilities(result, "knight_2") == []


def test_two_sets_the_second_other():
    result = ask(board({"id": "verdeloth", "card": "Verdeloth the Ancient"},
                       {"id": "treefolk", "card": "Ironroot Treefolk"},
                       {"id": "bears", "card": "Grizzly Bears"},
                       asks=chars("verdeloth", "treefolk", "bears")))
    assert (pt(result, "verdeloth"), pt(result, "treefolk"), pt(result, "bears")) == ((4, 7), (4, 6), (2, 2))
