"""Mana replacement effects that convert types, follow a target or reach every player (issue 12).

The Oracle compiler reads Quarum Trench Gnomes ("If target Plains is tapped for mana, it
produces colorless mana instead of white mana"), Hall of Gemstone (the colour chosen in the
upkeep), False Dawn ("spells and abilities you control that would add colored mana instead add
that much white mana") and Mana Abundance ("instead all players add that mana") into
replacement.lp's vocabulary (convert(F,T), the conditions `target` and `yours`, all_players); the
rules answer them, the brute-force reference (pybridge/reference/) agrees, a conversion
applies only to mana it converts (rule 106.12b) and keeps the deferred reduction off its
signature.
"""
from __future__ import annotations

import pytest

from pybridge import answer_scenario, parse_scenario
from pybridge import reference as ref
from pybridge.errors import InputError
from pybridge.answer.kinds.mana import produce_normalise
from pybridge.oracle.hook import card_compilation


def facts(card: str) -> set[str]:
    return {str(f) for a in card_compilation(card).abilities if a.modelled for f in a.facts}


def test_the_four_cards_compile_to_the_replacement_vocabulary():
    ab = 'ab("Quarum Trench Gnomes",1)'
    assert facts("Quarum Trench Gnomes") == {
        f"mana_replacement({ab})", f"replaces_when({ab},tapped)", f"replaces_when({ab},target)",
        f"replaces_with({ab},convert(w,c))", f'lasting_effect("Quarum Trench Gnomes",{ab})'}
    ab = 'ab("Hall of Gemstone",1)'
    assert facts("Hall of Gemstone") == {
        f"mana_replacement({ab})", f"replaces_when({ab},tapped)", f"replaces_when({ab},land)",
        f"replaces_with({ab},convert(colored,chosen))", f'lasting_effect("Hall of Gemstone",{ab})'}
    ab = 'ab("False Dawn",1)'
    assert facts("False Dawn") == {
        f"mana_replacement({ab})", f"replaces_when({ab},yours)",
        f"replaces_with({ab},convert(colored,w))", f'lasting_effect("False Dawn",{ab})'}
    dawn = card_compilation("False Dawn").abilities[0]
    assert dawn.riders == ("Until end of turn, you may spend white mana as though it were mana "
                           "of any color.",)
    ab = 'ab("Mana Abundance",1)'
    assert facts("Mana Abundance") == {f"mana_replacement({ab})",
                                       f"replaces_with({ab},all_players)"}


def test_a_conversion_of_another_shape_is_unmodelled():
    from pybridge.oracle.compile import compile_ability
    got = compile_ability("X", "X", 1, "{T}: If target Plains is tapped for mana, it produces "
                                       "twice as much of that mana instead of white mana.")
    assert not got.modelled


def scenario(body: str):
    return parse_scenario('title = "t"\ncites = ["616.1"]\n' + body, "<test>")


def answers(body: str) -> dict:
    result = answer_scenario(scenario(body))
    assert not result.timed_out
    return {(r.ask.kind, r.ask.target): r for r in result.results}


def test_hall_of_gemstone_needs_its_chosen_colour():
    with pytest.raises(InputError, match="chosen_color"):
        answers('[[permanent]]\nid = "f"\ncard = "Forest"\n[[effect]]\ncard = "Hall of Gemstone"\n'
                '[[ask]]\nproduce = "f"\n')


def test_mana_abundance_notes_that_every_player_adds_the_mana():
    got = answers('[[permanent]]\nid = "f"\ncard = "Forest"\n[[permanent]]\nid = "m"\n'
                  'card = "Mana Abundance"\ncontroller = "opponent"\n[[ask]]\nproduce = "f"\n')
    r = got[("produce", "f")]
    assert r.answer == ["{G}"]
    assert r.details["depends_on"] == ["all_players"]
    assert "every player adds" in r.details["note"]


def test_a_conversion_of_a_large_amount():
    # Thirty Mana Reflections make 2^30 mana, past mana_cap: the white base converts to colorless
    # whatever the order.
    body = '[[permanent]]\nid = "p"\ncard = "Plains"\n'
    body += "".join(f'[[permanent]]\nid = "r{i}"\ncard = "Mana Reflection"\n' for i in range(30))
    body += '[[effect]]\ncard = "Quarum Trench Gnomes"\ntargets = ["p"]\n[[ask]]\nproduce = "p"\n'
    assert answers(body)[("produce", "p")].answer == [f"{{C}}x{2 ** 30}"]


def board(cards, effects=()):
    return ref.Board([ref.Permanent(f"p{i}", c, pl) for i, (c, pl) in enumerate(cards)],
                     list(effects))


@pytest.mark.parametrize("cards,effects,expected", [
    # Pale Moon's {C} (a kind that would be deferred) with False Dawn's conversion: {W} is in no
    # order (False Dawn then Pale Moon: {C}; Pale Moon then False Dawn: {C} stays).
    ([("Tundra", "you"), ("Forest", "you")],
     [ref.Effect("False Dawn", "you"), ref.Effect("Pale Moon", "opponent")], {"{C}"}),
    # Pulse of Llanowar's colour (deferred alone) with the Gnomes' conversion: the colour chosen
    # last, or {C} when white was chosen first.
    ([("Plains", "you"), ("Pulse of Llanowar", "you")],
     [ref.Effect("Quarum Trench Gnomes", "opponent", ("p0",))],
     {"{W}", "{U}", "{B}", "{R}", "{G}", "{C}"}),
    # Hall of Gemstone's red then Contamination's {B}, or {B} then red.
    ([("Savannah", "you"), ("Contamination", "opponent")],
     [ref.Effect("Hall of Gemstone", "opponent", (), "R")], {"{B}", "{R}"}),
])
def test_conversions_stay_on_the_graph_and_agree_with_the_reference(cards, effects, expected):
    b = board(cards, effects)
    assert ref.produce(b, "p0") == expected
    toml = ref.board_toml(b, [("produce", "p0"), ("could_produce", "p0")])
    result = answer_scenario(parse_scenario(toml, "<generated>"))
    got = {(r.ask.kind, r.ask.target): r.answer for r in result.results}
    assert set(got[("produce", "p0")]) == set(produce_normalise(list(expected)))
    assert set(got[("could_produce", "p0")]) == ref.could_produce(b, "p0")


def test_false_dawn_reaches_only_triggers_its_controller_controls():
    b = board([("Forest", "you"), ("Wild Growth", "you"), ("Vernal Bloom", "opponent")],
              [ref.Effect("False Dawn", "you")])
    b.permanents[1] = ref.Permanent("p1", "Wild Growth", "you", attached_to="p0")
    assert ref.produce(b, "p0") == {"{W}{W}{G}"}
    result = answer_scenario(parse_scenario(ref.board_toml(b, [("produce", "p0")]), "<generated>"))
    assert result.results[0].answer == ["{W}{W}{G}"]


def test_a_conversion_needs_mana_it_converts():
    # False Dawn leaves Sol Ring's colorless mana alone: it never applies (no step names it).
    body = ('[[permanent]]\nid = "ring"\ncard = "Sol Ring"\n[[effect]]\ncard = "False Dawn"\n'
            '[[ask]]\nproduce = "ring"\n')
    result = answer_scenario(scenario(body), explain=True)
    r = result.results[0]
    assert r.answer == ["{C}{C}"]
    assert "False Dawn" not in str(r.explain)
    b = board([("Sol Ring", "you")], [ref.Effect("False Dawn", "you")])
    assert ref.produce(b, "p0") == {"{C}{C}"}
    assert not ref.applies_now(ref.POOL_EFFECT_REPLACEMENTS["False Dawn"], ref.mana_of("CC"))
    assert not ref.applies_now(ref.POOL_EFFECT_REPLACEMENTS["False Dawn"], ref.mana_of("W"))
    assert ref.applies_now(ref.POOL_EFFECT_REPLACEMENTS["False Dawn"], ref.mana_of("GC"))


def test_snowfall_may_add_and_adds_more_for_a_snow_island():
    ab = 'ab("Snowfall",2)'
    assert facts("Snowfall") == {
        f"mana_trigger({ab})", f"trigger_when({ab},tapped)", f'trigger_when({ab},subtype("Island"))',
        f"trigger_may({ab})", f"trigger_adds_instead({ab},snow,2,fixed(u))",
        f"trigger_adds({ab},1,fixed(u))"}
    got = answers('[[permanent]]\nid = "i"\ncard = "Snow-Covered Island"\n[[permanent]]\n'
                  'id = "s"\ncard = "Snowfall"\n[[ask]]\nproduce = "i"\n')
    assert got[("produce", "i")].answer == ["{U}", "{U}{U}{U}"]
