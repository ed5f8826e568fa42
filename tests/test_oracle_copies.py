"""The copy-effect compiler (pybridge/oracle/copies.py, asp/layers/layer1_copy_face_down.lp): for
each pattern, a real pool card's compiled facts and an answer on a board of it; and the hand
encodings it replaced (tests/data/hand_copy_encodings.lp) answer as the compiled facts do."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import clingo
import pytest

from pybridge import ask, parse_scenario
from pybridge.errors import InputError
from pybridge.read.facts import scenario_facts
from pybridge.oracle.hook import compiled_facts, hand_copy_cards
from pybridge.solve.solver import solve_in_process
from pool_cards import facts, why

HAND = Path(__file__).resolve().parent / "data" / "hand_copy_encodings.lp"


def board(*permanents: dict, asks: list[dict], effects: tuple[dict, ...] = (), **game) -> dict:
    out = {"title": "t", "permanent": [{"controller": "you", **p} for p in permanents],
           "ask": asks, **({"game": game} if game else {})}
    if effects:
        out["effect"] = list(effects)
    return out


def chars(result, target: str) -> dict:
    return result.answer("characteristics", target)


def asks(*ids: str) -> list[dict]:
    return [{"characteristics": i} for i in ids]


BEARS = {"id": "bears", "card": "Grizzly Bears"}


# --- "enter as a copy of": what it may copy and its exceptions ---
def test_phyrexian_metamorph_copies_an_artifact_or_creature_and_is_an_artifact():
    assert facts("Phyrexian Metamorph", 1) == {
        'enters_as_copy_effect("Phyrexian Metamorph")',
        'copy_choice("Phyrexian Metamorph",battlefield,either(type("Artifact"),creature))',
        'copy_refusal("Phyrexian Metamorph","copy_of names what this copy effect can\'t copy: '
        'Phyrexian Metamorph copies an artifact or creature on the battlefield (rule 707.2)")',
        'copy_adds("Phyrexian Metamorph",type,"Artifact")'}
    result = ask(board(BEARS, {"id": "rock", "card": "Mind Stone"},
                       {"id": "m1", "card": "Phyrexian Metamorph", "copy_of": "bears"},
                       {"id": "m2", "card": "Phyrexian Metamorph", "copy_of": "rock"},
                       asks=asks("m1", "m2")))
    assert chars(result, "m1")["types"] == ["Artifact", "Creature"]
    assert chars(result, "m1")["name"] == "Grizzly Bears"
    assert chars(result, "m2")["types"] == ["Artifact"]


def test_a_copy_of_what_the_card_cant_copy_is_refused_with_its_words():
    with pytest.raises(InputError, match=r"permanent 'm': copy_of names what this copy effect "
                       r"can't copy: Phyrexian Metamorph copies an artifact or creature on the "
                       r"battlefield"):
        ask(board({"id": "land", "card": "Forest"},
                  {"id": "m", "card": "Phyrexian Metamorph", "copy_of": "land"}, asks=asks("m")))
    with pytest.raises(InputError, match="Mirror Image copies a creature you control"):
        ask(board({**BEARS, "controller": "opponent"},
                  {"id": "m", "card": "Mirror Image", "copy_of": "bears"}, asks=asks("m")))


def test_body_double_copies_a_creature_card_in_a_graveyard_not_a_permanent():
    assert 'copy_choice("Body Double",graveyard,creature)' in facts("Body Double", 1)
    result = ask(board({"id": "double", "card": "Body Double", "copy_of_card": "Grizzly Bears"},
                       asks=asks("double")))
    assert chars(result, "double")["name"] == "Grizzly Bears"
    with pytest.raises(InputError, match="Body Double copies a creature card in a graveyard"):
        ask(board(BEARS, {"id": "double", "card": "Body Double", "copy_of": "bears"},
                  asks=asks("double")))


def test_gigantoplasm_and_evil_twin_grant_their_quoted_abilities():
    assert 'copy_grants("Gigantoplasm",1,"{X}: This creature has base power and toughness X/X.")' \
        in facts("Gigantoplasm", 1)
    result = ask(board(BEARS, {"id": "g", "card": "Gigantoplasm", "copy_of": "bears"},
                       {"id": "t", "card": "Evil Twin", "copy_of": "bears"}, asks=asks("g", "t")))
    assert chars(result, "g")["abilities"] == ["{X}: This creature has base power and toughness X/X."]
    assert chars(result, "t")["abilities"] == [
        "{U}{B}, {T}: Destroy target creature with the same name as this creature."]


def test_sakashimas_student_and_glasspool_mimic_add_creature_types():
    assert 'copy_adds("Sakashima\'s Student",subtype,"Ninja")' in facts("Sakashima's Student", 2)
    result = ask(board(BEARS, {"id": "s", "card": "Sakashima's Student", "copy_of": "bears"},
                       {"id": "g", "card": "Glasspool Mimic // Glasspool Shore", "copy_of": "bears"},
                       asks=asks("s", "g")))
    assert chars(result, "s")["subtypes"] == ["Bear", "Ninja"]
    assert chars(result, "g")["subtypes"] == ["Bear", "Rogue", "Shapeshifter"]


def test_keywords_counters_and_conditional_exceptions():
    assert {'copy_grants("Dack\'s Duplicate",1,"Haste")',
            'copy_grants("Dack\'s Duplicate",2,"Dethrone")'} <= facts("Dack's Duplicate", 1)
    assert 'copy_enters_with_x("Altered Ego","+1/+1")' in facts("Altered Ego", 2)
    assert 'copy_grant_if("Moritte of the Frost",11,"Creature")' in facts("Moritte of the Frost", 2)
    result = ask(board(BEARS, {"id": "rock", "card": "Mind Stone"},
                       {"id": "ego", "card": "Altered Ego", "copy_of": "bears", "x": 3},
                       {"id": "m1", "card": "Moritte of the Frost", "copy_of": "bears"},
                       {"id": "m2", "card": "Moritte of the Frost", "copy_of": "rock"},
                       {"id": "dack", "card": "Dack's Duplicate", "copy_of": "bears"},
                       asks=asks("ego", "m1", "m2", "dack")))
    assert (chars(result, "ego")["power"], chars(result, "ego")["toughness"]) == (5, 5)
    m1, m2 = chars(result, "m1"), chars(result, "m2")
    assert m1["supertypes"] == ["Legendary", "Snow"] and "Elf" in m1["subtypes"]
    assert (m1["power"], m1["toughness"]) == (4, 4)
    assert m2["supertypes"] == ["Legendary", "Snow"] and "Changeling" not in m2["abilities"]
    assert chars(result, "dack")["abilities"] == ["Haste", "Dethrone"]


def test_vesuva_copies_a_land():
    assert 'copy_choice("Vesuva",battlefield,land)' in facts("Vesuva", 1)
    result = ask(board({"id": "tomb", "card": "Ancient Tomb"},
                       {"id": "v", "card": "Vesuva", "copy_of": "tomb", "tapped": True},
                       asks=[{"could_produce": "v"}]))
    assert result.answer("could_produce", "v") == ["C"]


# --- "becomes a copy of": [[effect]]s with a timestamp ---
def test_cytoshape_is_a_lasting_copy_effect_whose_timestamp_beats_a_clones():
    assert facts("Cytoshape", 1) == {
        'lasting_effect("Cytoshape",ab("Cytoshape",1))', 'makes_copy(ab("Cytoshape",1))',
        'copy_choice("Cytoshape",battlefield,both(non(supertype("Legendary")),creature))',
        'copy_refusal("Cytoshape","copy_of names what this copy effect can\'t copy: Cytoshape '
        'copies a nonlegendary creature on the battlefield (rule 707.2)")'}
    permanents = (BEARS, {"id": "goblin", "card": "Raging Goblin"},
                  {"id": "image", "card": "Phantasmal Image", "copy_of": "bears"})
    later = ask(board(*permanents, asks=asks("image"),
                      effects=({"card": "Cytoshape", "targets": ["image"], "copy_of": "goblin"},)))
    assert chars(later, "image")["name"] == "Raging Goblin"
    assert chars(later, "image")["subtypes"] == ["Berserker", "Goblin"]     # no Illusion now
    earlier = ask(board(*permanents, asks=asks("image"), effects=(
        {"card": "Cytoshape", "targets": ["image"], "copy_of": "goblin", "timestamp": 0},)))
    assert chars(earlier, "image")["subtypes"] == ["Bear", "Illusion"]


def test_a_creature_becoming_a_copy_of_itself_stays_what_it_was():
    result = ask(board(BEARS, {"id": "image", "card": "Phantasmal Image", "copy_of": "bears"},
                       asks=asks("image"),
                       effects=({"card": "Cytoshape", "targets": ["image"], "copy_of": "image"},)))
    assert chars(result, "image")["subtypes"] == ["Bear", "Illusion"]


def test_an_effect_copying_a_copy_takes_its_copiable_values():
    result = ask(board(BEARS, {"id": "image", "card": "Phantasmal Image", "copy_of": "bears"},
                       {"id": "stage", "card": "Thespian's Stage"}, {"id": "goblin", "card": "Raging Goblin"},
                       asks=asks("goblin"),
                       effects=({"card": "Polymorphous Rush", "targets": ["goblin"], "copy_of": "image"},)))
    assert chars(result, "goblin")["subtypes"] == ["Bear", "Illusion"]


def test_volrath_the_shapestealer_is_7_5_and_copies_only_a_creature_with_a_counter():
    assert {'copy_sets("Volrath, the Shapestealer",power,7)',
            'copy_choice("Volrath, the Shapestealer",battlefield,both(creature,with_any_counter))'} \
        <= facts("Volrath, the Shapestealer", 2)
    volrath = {"id": "volrath", "card": "Volrath, the Shapestealer"}
    effect = {"card": "Volrath, the Shapestealer", "targets": ["volrath"], "copy_of": "bears"}
    result = ask(board({**BEARS, "counters": {"+1/+1": 1}}, volrath, asks=asks("volrath"),
                       effects=(effect,)))
    assert (chars(result, "volrath")["power"], chars(result, "volrath")["toughness"]) == (7, 5)
    assert chars(result, "volrath")["name"] == "Grizzly Bears"
    with pytest.raises(InputError, match=r"effect 1: copy_of names what this copy effect can't copy"):
        ask(board(BEARS, volrath, asks=asks("volrath"), effects=(effect,)))


def test_mirror_of_the_forebears_copies_a_creature_of_its_chosen_type():
    mirror = {"id": "mirror", "card": "Mirror of the Forebears", "chosen_type": "Bear"}
    effect = {"card": "Mirror of the Forebears", "targets": ["mirror"], "copy_of": "bears"}
    result = ask(board(BEARS, mirror, asks=asks("mirror"), effects=(effect,)))
    assert chars(result, "mirror")["types"] == ["Artifact", "Creature"]
    with pytest.raises(InputError, match="Mirror of the Forebears copies"):
        ask(board(BEARS, {**mirror, "chosen_type": "Elf"}, asks=asks("mirror"), effects=(effect,)))


def test_a_copy_effect_needs_what_it_copies_and_only_a_copy_effect_takes_copy_of():
    with pytest.raises(InputError, match="give the \\[\\[effect\\]\\] copy_of or copy_of_card"):
        ask(board(BEARS, asks=asks("bears"), effects=({"card": "Cytoshape", "targets": ["bears"]},)))
    with pytest.raises(InputError, match="whose card makes no copy effect"):
        ask(board(BEARS, {"id": "goblin", "card": "Raging Goblin"}, asks=asks("bears"),
                  effects=({"card": "Giant Growth", "targets": ["bears"], "copy_of": "goblin"},)))


def test_what_stays_unmodelled_says_why():
    assert "tokens" in why("Brudiclad, Telchor Engineer", 2)
    assert "a copy of a spell" in why("Transcantation", 1)
    assert "two copy abilities" in why("Mizzium Transreliquat", 1)
    assert "grammar doesn't read" in why("Imposter Mech", 1)


# --- the hand encodings the compiler replaced ---
@lru_cache(maxsize=1)
def hand_facts() -> dict[str, list[clingo.Symbol]]:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(HAND))
    ctl.ground([("base", [])])
    out: dict[str, list[clingo.Symbol]] = {}
    for atom in ctl.symbolic_atoms:
        out.setdefault(atom.symbol.arguments[0].string, []).append(atom.symbol)
    return out


COPY_FACTS = {"copy_keeps", "copy_sets", "copy_adds", "copy_removes", "copy_grants",
              "copy_keeps_ability", "copy_enters_with", "copies_card", "enters_as_copy_effect",
              "copy_grant_if", "copy_enters_with_x", "copy_enters_with_if_yours"}


def test_the_hand_file_names_only_cards_the_compiler_reaches_and_asp_cards_no_longer_does():
    for card, facts_ in hand_facts().items():
        assert card not in hand_copy_cards(), card
        compiled = {f for f in compiled_facts(card) if f.name in COPY_FACTS}
        assert compiled, card


def copy_board(card: str) -> str:
    return f'''title = "t"
[[permanent]]
id = "bears"
card = "Grizzly Bears"
counters = {{ "+1/+1" = 1 }}
[[permanent]]
id = "x"
card = "{card}"
copy_of = "bears"
[[ask]]
characteristics = "x"
[[ask]]
etb_x = "x"
'''


@pytest.mark.parametrize("card", sorted(hand_facts()))
def test_compiled_copy_facts_answer_as_the_hand_facts_did(card):
    scenario = parse_scenario(copy_board(card), "t.toml")
    facts_ = scenario_facts(scenario)
    mine = {f for f in compiled_facts(card) if f.name in COPY_FACTS}
    by_hand = [f for f in facts_ if f not in mine] + hand_facts()[card]
    compiled = unordered(solve_in_process(facts_).symbols)
    hand = unordered(solve_in_process(by_hand).symbols)
    assert compiled == hand, sorted(map(str, compiled ^ hand))
    assert any(s.name == "ch_type" for s in compiled), card


def unordered(symbols) -> set:
    """The answer, but for the place of each ability in the list: Lazav's "it has hexproof"
    compiles to a granted Hexproof, which lists after the printed abilities, where the hand
    fact named its printed Hexproof."""
    return {clingo.Function("ch_ability", [s.arguments[0], s.arguments[2]])
            if s.name == "ch_ability" else s for s in symbols}


REFUSED = Path(__file__).resolve().parent / "data" / "refused" / "clever_impersonator_copies_no_land.toml"


def test_a_scenario_copying_what_the_card_cant_copy_is_bad_input_naming_its_line(capsys):
    from pybridge.cli import main
    assert main(["ask", str(REFUSED)]) == 2
    err = capsys.readouterr().err
    assert "line 11: permanent 'impersonator': copy_of names what this copy effect can't copy: " \
           "Clever Impersonator copies a nonland permanent on the battlefield (rule 707.2)" in err
