"""The relevance rule (issue 30): which unmodelled ability text can bear on an answer is declared
with each question kind (pybridge/contract/kinds.py `bears`) and each event kind
(pybridge/contract/kinds.py `EVENT_BEARS`) by class of ability; the note names exactly the
unread abilities of those classes, on every path (plain asks, face-down and copied objects,
events)."""
import pytest

from pybridge import answer_scenario, build_scenario
from pybridge.cards.ability_classes import classes_of, is_mana_ability
from pybridge.contract.kinds import KIND_DECLS
from pybridge.contract.kinds import CLASS_NAMES, EVENT_BEARS, KEYWORD_CLASSES, SELF_ONLY
from pybridge.contract.scenario.checks import EVENT_KINDS


@pytest.mark.parametrize("text, classes", [
    ("Equip {2}", {"activated"}),
    ("Equip—Pay {3} or remove a counter from ~.", {"activated"}),
    ("Soulbond", {"trigger"}),
    ("Renown 1", {"trigger"}),
    ("Delve", {"outside"}),
    ("Kicker {2}", {"outside"}),
    ("Haste", {"activation_rule"}),
    ("Changeling", {"type_change"}),
    ("Devoid", {"color_change"}),
    ("Morph {3}{G}{G}", {"face_up"}),
    ("Flying", {"keyword"}),
    ("{T}: Add {G}.", {"mana_ability"}),
    ("Parley — {T}: Each player reveals the top card of their library. For each nonland card "
     "revealed this way, you add {G} and you gain 2 life.", {"mana_ability"}),
    ("+1: Add {R}{R}.", {"activated"}),                        # a loyalty ability (605.1a)
    ("{T}: Target player adds {G}.", {"activated"}),            # a target (605.1a)
    ("Whenever a land is tapped for mana, its controller adds an additional one mana of any type "
     "that land produced.", {"trigger", "mana_ability"}),       # 605.1b
    ("At the beginning of your upkeep, sacrifice ~.", {"phase_trigger"}),
    ("III — Search your library for an artifact card.", {"trigger"}),
    ("Nonbasic lands are Mountains.", {"land_type", "type_change"}),
    ("Creatures you control get +1/+1.", {"pt_change"}),
    ("Artifacts and creatures your opponents control enter the battlefield tapped.", {"entering"}),
    ("As ~ is turned face up, put five +1/+1 counters on it.", {"face_up"}),
    ("~ can't block.", {"combat_rule"}),
    ("Untap ~ during each other player's untap step.", {"combat_rule"}),
    ("You may spend white mana as though it were mana of any color.", {"spending"}),
    ("If you would lose unspent mana, that mana becomes colorless instead.", {"pool_rule"}),
    ("You have no maximum hand size.", {"game_rule"}),
    ("A deck can have any number of cards named ~.", {"outside"}),
    ("Domain — This spell costs {2} less to cast for each basic land type among lands you control.",
     {"outside"}),
    ("Creatures entering the battlefield don't cause abilities to trigger.", {"trigger_rule"}),
    ("All creatures lose all abilities and have base power and toughness 1/1.",
     {"ability_change", "ability_loss", "pt_change"}),
    ("Whenever you tap a land for mana, add one mana of any type that land produced.",
     {"trigger", "mana_ability"}),
    ("• Khans — At the beginning of your upkeep, exile the top card of your library.", {"mode"}),
    ("Plainscycling {2}", {"activated"}),
    ("~ enters the battlefield with X +1/+1 counters on it.", {"entering", "enters_x"}),
    ("When ~ dies, you gain X life.", {"trigger"}),
])

def test_an_ability_text_is_read_into_its_classes(text, classes):
    assert classes_of(text) == classes


def test_a_mana_value_is_no_word_about_mana():
    assert "mana_effect" not in classes_of(
        "Each other non-Aura enchantment is a creature in addition to its other types and has base "
        "power and toughness each equal to its mana value.")


def test_a_card_named_for_a_keyword_is_no_keyword():
    assert classes_of("Changeling Outcast can't block and can't be blocked.") == {"combat_rule"}


def test_an_instants_text_is_its_spells():
    assert classes_of("~ deals 3 damage to any target.", on_permanent=False) == {"outside"}


def test_mana_abilities_by_605_1a():
    assert is_mana_ability("{T}: Add {C}{C}.")
    assert not is_mana_ability("−2: Add {B}{B}{B}.")
    assert not is_mana_ability("{T}: Put a charge counter on ~.")


def test_every_class_a_kind_or_event_names_is_declared():
    named = {c for k in KIND_DECLS for c in k.bears.classes()}
    named |= {c for classes in EVENT_BEARS.values() for c in classes}
    assert named <= set(CLASS_NAMES)
    assert set(KEYWORD_CLASSES.values()) <= set(CLASS_NAMES) and set(SELF_ONLY) <= set(CLASS_NAMES)
    assert set(EVENT_BEARS) == set(EVENT_KINDS)
    # what no question reads is named by none
    assert not named & {"spending", "outside", "game_rule", "activated", "keyword", "phase_trigger"}


def _notes(doc: dict) -> list[list[str]]:
    result = answer_scenario(build_scenario({"title": "relevance", **doc}))
    return [[row["ability"] for row in (r.details or {}).get("unmodelled", [])] for r in result.results]


def test_keywords_that_cant_bear_are_not_noted():
    """Soulbond (a trigger), Equip (activated), Kicker (casting) on a mana question and on
    characteristics: no note; a mana ability nothing reads on a mana question: a note."""
    notes = _notes({"permanent": [
        {"id": "wolfir", "card": "Wolfir Silverheart"},
        {"id": "bonesplitter", "card": "Bonesplitter"},
        {"id": "forest", "card": "Forest"},
        {"id": "chimes", "card": "Victory Chimes"}],
        "ask": [{"characteristics": "wolfir"}, {"characteristics": "bonesplitter"},
                {"could_produce": "forest"}]})
    everything = [text for answer in notes for text in answer]
    assert not [t for t in everything if t.startswith(("Soulbond", "Equip"))]
    assert "{T}: A player of your choice adds {C}." in notes[2]
    assert "{T}: A player of your choice adds {C}." not in notes[0]


def test_a_rule_about_its_own_object_bears_on_that_object_alone():
    notes = _notes({"permanent": [{"id": "watchdog", "card": "Watchdog"},
                                  {"id": "bears", "card": "Grizzly Bears"}],
                    "ask": [{"characteristics": "watchdog"}, {"characteristics": "bears"}]})
    assert "Watchdog blocks each combat if able." in notes[0]
    assert notes[1] == []


def test_a_face_down_permanents_hidden_text_bears_on_turning_it_face_up():
    """A manifested Tide Drifter: Devoid, unread, changes what it turns up as (issue 30)."""
    notes = _notes({"permanent": [{"id": "drifter", "card": "Tide Drifter", "face_down": "manifest"}],
                    "ask": [{"turn_face_up": "drifter", "way": "mana_cost"},
                            {"characteristics": "drifter"}]})
    assert "Devoid" in notes[0]
    assert notes[1] == []               # face down it has no abilities (708.2)


def test_an_event_bears_through_the_replacement_effects_of_what_it_moves():
    """Infinite Reflection's "enter as a copy" is read by no rule: a creature entering under it
    is answered with the note."""
    notes = _notes({"permanent": [{"id": "bears", "card": "Grizzly Bears"},
                                  {"id": "reflection", "card": "Infinite Reflection",
                                   "attached_to": "bears"}],
                    "card": [{"id": "elf", "card": "Llanowar Elves", "zone": "hand"}],
                    "event": [{"enter": ["elf"]}],
                    "ask": [{"characteristics": "elf_1"}]})
    assert any(text.startswith("Nontoken creatures you control enter") for text in notes[0])


# --- `ability = N` counts the abilities as printed (rule 113.2), read or not ---
GEMSTONE = {"permanent": [{"id": "array", "card": "Gemstone Array", "counters": {"charge": 1}}]}


def test_an_unread_ability_is_numbered_and_answered_unknown_with_its_text():
    """Gemstone Array: ability 1 ("{2}: Put a charge counter ...") no rule reads; ability 2 is
    its mana ability.  Asking for 1 is unknown with the note, never ability 2's answer."""
    result = answer_scenario(build_scenario({"title": "Gemstone Array", **GEMSTONE, "ask": [
        {"can_activate": "array", "ability": 1, "expect": True},
        {"can_activate": "array", "ability": 2, "expect": True},
        {"produce": "array", "ability": 1}]}))
    first, second, produce = result.results
    assert first.answer == "unknown" and first.ok is None and not first.known
    assert first.details["unmodelled"] == [
        {"permanent": "array", "ability": "{2}: Put a charge counter on Gemstone Array."}]
    assert second.answer is True and second.ok
    # its first mana ability is its second printed ability, the only mana one
    assert produce.answer == ["{W}", "{U}", "{B}", "{R}", "{G}"]


def test_a_number_past_the_printed_abilities_is_refused_with_the_count_of_them():
    with pytest.raises(Exception, match=r"ability = 3, but the permanent has 2 activated abilities"):
        answer_scenario(build_scenario({"title": "Gemstone Array", **GEMSTONE,
                                        "ask": [{"can_activate": "array", "ability": 3}]}))


def test_an_unread_mana_ability_asked_by_number_is_unknown():
    """Victory Chimes' "{T}: A player of your choice adds {C}." is a mana ability (605.1a) no
    rule reads: `produce` of it is unknown, with its text."""
    result = answer_scenario(build_scenario({"title": "Victory Chimes", "permanent": [
        {"id": "chimes", "card": "Victory Chimes"}], "ask": [{"produce": "chimes", "ability": 1}]}))
    (answer,) = result.results
    assert answer.answer == "unknown"
    assert answer.details["unmodelled"][0]["ability"] == "{T}: A player of your choice adds {C}."
