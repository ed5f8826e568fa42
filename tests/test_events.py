"""Events (issue 16): [[card]] and [[event]] tables, the state after each event, the questions
about it, and bad input naming its line (docs/scenario-format.md, "Cards outside the battlefield
and events")."""
from __future__ import annotations

import json
import logging
from contextlib import contextmanager
from dataclasses import dataclass
import textwrap
from pathlib import Path

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.contract.scenario import HISTORY, input_facts
from pybridge.answer.answering import _merge_outcomes, _outcomes_match, answer_facts
from pybridge.cli import main
from pybridge.answer.events import board_of, final_states, question_facts
from pybridge.answer.kinds import KINDS
from pybridge.read.scenario import load_scenario

QUERIES = Path(__file__).resolve().parent.parent / "queries"
BOARD = '''title = "t"

[[permanent]]
id = "bears"
card = "Grizzly Bears"

[[card]]
id = "elves"
card = "Llanowar Elves"
zone = "hand"
'''


def error_of(text: str) -> str:
    with pytest.raises(InputError) as caught:
        answer_scenario(parse_scenario(textwrap.dedent(text), "s.toml"))
    return str(caught.value)


def line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = [n for n, line in enumerate(textwrap.dedent(text).splitlines(), start=1) if needle in line]
    return lines[nth - 1]


# --- bad input: one line, the event's or the key's ---
def test_an_event_on_a_card_that_is_not_on_the_battlefield_names_the_event_line():
    text = BOARD + '''
[[event]]
blink = "elves"

[[ask]]
zone = "elves"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, '[[event]]')}: event 1 (blink): ")
    assert "not on the battlefield" in message


def test_entering_a_permanent_that_is_already_on_the_battlefield_is_bad_input():
    text = BOARD + '''
[[event]]
enter = ["bears"]

[[ask]]
zone = "bears"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, '[[event]]')}: event 1 (enter): ")
    assert "already on the battlefield" in message


def test_a_later_event_naming_an_object_a_zone_change_made_new_names_its_line():
    text = BOARD + '''
[[event]]
blink = "bears"

[[event]]
leave = "bears"

[[ask]]
zone = "bears"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, 'leave = ')}: ")
    assert "'bears_1' (rule 400.7)" in message


def test_a_question_about_the_old_object_of_a_zone_change_is_bad_input():
    text = BOARD + '''
[[event]]
blink = "bears"

[[ask]]
characteristics = "bears"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, 'characteristics = ')}: ")
    assert "'bears_1'" in message


def test_a_question_about_a_permanent_that_ended_off_the_battlefield_is_bad_input():
    text = '''title = "t"

[[permanent]]
id = "bolt"
card = "Lightning Bolt"
face_down = "Magar of the Magic Strings"

[[event]]
blink = "bolt"

[[ask]]
characteristics = "bolt_1"
'''
    assert "not on the battlefield after the events (it is in the exile)" in error_of(text)


def test_copying_a_creature_entering_at_the_same_time_is_bad_input():
    text = '''title = "t"

[[card]]
id = "bears"
card = "Grizzly Bears"
zone = "hand"

[[card]]
id = "clone"
card = "Clone"
zone = "hand"

[[event]]
enter = ["bears", "clone"]
copy = { clone = "bears" }

[[ask]]
zone = "clone"
'''
    message = error_of(text)
    assert "copy" in message and "614.12" in message


def test_a_card_in_the_hand_cant_be_face_down():
    text = '''title = "t"

[[card]]
id = "bears"
card = "Grizzly Bears"
zone = "hand"
face_down = "morph"

[[ask]]
zone = "bears"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, 'face_down = ')}: ")


def test_an_event_names_exactly_one_kind():
    text = BOARD + '''
[[event]]
blink = "bears"
leave = "bears"

[[ask]]
zone = "bears"
'''
    assert "must name exactly one of" in error_of(text)


def test_the_command_line_exits_2_with_the_line(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(BOARD + '\n[[event]]\nturn_face_up = "bears"\n\n[[ask]]\nzone = "bears"\n')
    code = main(["ask", str(path)])        # in this process: the same path as `mtgasp ask`
    err = capsys.readouterr().err
    assert code == 2
    assert f"line 12: event 1 (turn_face_up): turns face up a permanent that is not face down" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


# --- the states ---
def test_a_zone_change_makes_a_new_object_with_no_memory_of_the_old_one():
    text = '''title = "t"

[[permanent]]
id = "walker"
card = "Hangarback Walker"
x = 3
tapped = true

# (Glorious Anthem keeps the new 0/0 Walker from dying, 704.5f)
[[permanent]]
id = "anthem"
card = "Glorious Anthem"

[[event]]
blink = "walker"

[[ask]]
etb_x = "walker_1"
expect = 0

[[ask]]
can_activate = "walker_1"
expect = false

[[ask]]
zone = "walker"
expect = "battlefield"
'''
    result = answer_scenario(parse_scenario(text, "s.toml"))
    assert [r.ok for r in result.results] == [True, True, True]
    assert result.results[2].details["object"] == "walker_1"


@dataclass(frozen=True)
class Stepped:
    scenario: object
    states: tuple           # the final states
    said: tuple             # clingo's messages while stepping and answering
    result: object          # the merged answers, as answer_here gives them


@pytest.fixture(scope="module")
def stepped() -> dict[str, Stepped]:
    """Every scenario of queries/events/ and queries/stack/ stepped and answered once, in this
    process (the answers as answer_here merges them), for the tests of this module to share."""
    out = {}
    for path in sorted([*(QUERIES / "events").glob("*.toml"), *(QUERIES / "stack").glob("*.toml")]):
        scenario = load_scenario(path)
        with _messages() as said:
            states = final_states(scenario)
            each = [answer_facts(scenario, question_facts(scenario, state), board=board_of(state))
                    for state in states]
        out[path.name] = Stepped(scenario, tuple(states), tuple(said),
                                 _merge_outcomes(scenario, each))
    return out


def test_every_event_scenario_gets_its_expected_answers(stepped):
    for name, run in stepped.items():
        assert not run.result.failed, (name, [(r.ask.kind, r.answer) for r in run.result.results
                                               if r.ok is False])


def test_two_outcomes_are_counted_and_every_question_answered_over_both(stepped):
    run = stepped["essence_copies_differ_by_outcome.toml"]
    assert run.result.results[0].details["outcomes"] == 2
    assert len(run.states) == 2


def test_copies_of_either_of_two_essences_are_one_state(stepped):
    """The copy keeps the values it copied, not which Essence (707.2b): either order of the two
    copy effects (616.1c) leaves the same state."""
    assert len(stepped["two_essences_one_outcome.toml"].states) == 1


@contextmanager
def _messages():
    said: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: said.append(record.getMessage())
    logger = logging.getLogger("pybridge.solve.solver")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield said
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def test_the_history_facts_are_all_carried_by_some_scenario_of_queries(stepped):
    carried = set()
    for run in stepped.values():
        for state in run.states:
            carried |= {f"{s.name}/{len(s.arguments)}" for s in state.facts}
    history = {signature for signature, _, table in input_facts() if table == HISTORY.name}
    assert history <= carried, sorted(history - carried)


def test_without_events_nothing_changes_and_json_has_no_outcomes():
    result = answer_scenario(parse_scenario(BOARD + '\n[[ask]]\nzone = "elves"\nexpect = "hand"\n'))
    assert result.results[0].ok is True and "outcomes" not in result.results[0].details


def test_the_json_answer_of_triggered_lists_source_ability_and_object(capsys):
    code = main(["ask", "--json",
                 str(QUERIES / "events" / "leaves_the_battlefield_abilities_look_back.toml")])
    out = capsys.readouterr()
    assert code == 0, out.err
    answers = json.loads(out.out)["answers"]
    assert answers[0]["answer"][0]["source"] == "yedora"
    assert answers[0]["answer"][0]["ability"].startswith("Whenever another nontoken creature")


@pytest.mark.parametrize("card", ["Clone", "Mirror Image", "Phantasmal Image", "Quicksilver Gargantuan",
                                  "Spark Double", "Stunt Double"])
def test_a_copy_card_cant_copy_a_creature_entering_with_it(card):
    """Clone 2012-07-01, Mirror Image 2018-07-13, Phantasmal Image 2017-03-14, Quicksilver
    Gargantuan 2011-01-01, Spark Double 2019-05-03, Stunt Double 2016-08-23: only a creature
    already on the battlefield can be chosen (rule 614.12)."""
    text = f'''title = "t"

[[card]]
id = "bears"
card = "Grizzly Bears"
zone = "hand"

[[card]]
id = "copy"
card = "{card}"
zone = "hand"

[[event]]
enter = ["bears", "copy"]
copy = {{ copy = "bears" }}

[[ask]]
zone = "copy"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, '[[event]]')}: event 1 (enter): ")
    assert "entering at the same time" in message and "614.12" in message


def test_mirrormade_cant_copy_an_artifact_entering_with_it():
    """Mirrormade 2019-10-04: only an artifact or enchantment already on the battlefield."""
    text = '''title = "t"

[[card]]
id = "coat"
card = "Cryptic Coat"
zone = "hand"

[[card]]
id = "copy"
card = "Mirrormade"
zone = "hand"

[[event]]
enter = ["coat", "copy"]
copy = { copy = "coat" }

[[ask]]
zone = "copy"
'''
    assert "614.12" in error_of(text)


def test_every_step_of_every_event_scenario_grounds_without_a_warning(stepped):
    """test_programs grounds each scenario's board; this grounds each step of its events and its
    final states with their questions, and asserts clingo said nothing (an undefined atom)."""
    for name, run in stepped.items():
        assert run.said == (), name


def test_entering_face_down_by_a_card_that_only_turns_permanents_face_down_is_bad_input():
    text = BOARD + '''
[[event]]
enter = ["elves"]
face_down = { elves = "Ixidron" }

[[ask]]
zone = "elves"
'''
    message = error_of(text)
    assert message.startswith(f"s.toml: line {line_of(text, '[[event]]')}: event 1 (enter): ")
    assert "708.2" in message


def test_outcomes_with_different_answers_need_an_outcomes_expectation(stepped):
    result = stepped["essence_copies_differ_by_outcome.toml"].result
    assert result.results[0].ok is True
    # the outcomes come in the order of their states' facts, which says nothing
    assert sorted(o["colors"] for o in result.results[0].answer["outcomes"]) == [["G"], ["U"]]
    kind = KINDS["characteristics"]
    assert _outcomes_match(kind, result.results[0].answer, {"colors": ["G"]}) is False


# --- the final board: copies, entering tapped, Auras, graveyards ---
def test_a_copy_keeps_what_it_copied_when_the_original_is_turned_face_down(stepped):
    """707.2b: the Image copied Ixidron face up; Ixidron is face down after, the Image isn't
    (its copied characteristic-defining ability counts the two face-down creatures)."""
    run = stepped["copy_keeps_values_when_original_turned_face_down.toml"]
    image = run.result.answer("characteristics", "image_1")
    assert (image["name"], image["power"], image["face_down"]) == ("Ixidron", 2, False)
    values = {(f.arguments[1].name, str(f.arguments[2])) for f in run.states[0].facts
              if f.name == "copied_value" and f.arguments[0].string == "image_1"}
    assert ("name", '"Ixidron"') in values and not any(f.name == "copy_of" for f in run.states[0].facts)


def test_a_shock_land_is_tapped_in_the_outcome_where_no_life_is_paid(stepped):
    run = stepped["shock_land_enters_tapped_unless_paid.toml"]
    declined = sorted(any(f.name == "declined" and f.arguments[0].string == "pool_1" for f in s.facts)
                      for s in run.states)
    assert declined == [False, True]
    assert sorted(run.result.answer("can_activate", "pool_1")["outcomes"]) == [False, True]


def test_an_aura_left_unattached_goes_to_its_owners_graveyard_as_a_new_object(stepped):
    run = stepped["aura_goes_to_the_graveyard_when_its_permanent_leaves.toml"]
    assert run.result.results[0].details["object"] == "sprawl_1"
    facts = {str(f) for f in run.states[0].facts}
    assert 'card_zone("sprawl_1",graveyard)' in facts and 'left("sprawl",1,graveyard)' in facts
    assert not any(f.startswith('attached_to("knife"') for f in facts)   # 704.5n: unattached


def test_the_graveyard_gets_the_new_cards_on_top(stepped):
    run = stepped["volrath_shapeshifter_reads_the_creature_that_just_died.toml"]
    graveyard = sorted((f.arguments[1].number, f.arguments[2].string) for f in run.states[0].facts
                       if f.name == "graveyard")
    assert graveyard == [(1, "Obsidian Charmaw"), (2, "Forest"), (3, "Grizzly Bears")]


def test_unmodelled_abilities_are_judged_on_the_board_after_the_events():
    text = BOARD + '''
[[card]]
id = "raiders"
card = "Isleback Spawn"
zone = "hand"

[[event]]
enter = ["raiders"]

[[ask]]
characteristics = "bears"
'''
    details = answer_scenario(parse_scenario(text, "s.toml")).results[0].details
    assert details["unmodelled"] == [
        {"permanent": "raiders_1",
         "ability": "Isleback Spawn gets +4/+8 as long as a library has twenty or fewer cards in it."}]


def test_mtgasp_facts_prints_every_step_of_the_events(capsys):
    path = QUERIES / "events" / "shock_land_enters_tapped_unless_paid.toml"
    assert main(["facts", str(path)]) == 0
    out = capsys.readouterr().out
    titles = [line for line in out.splitlines() if line.startswith("% =====")]
    # the event, then a check of the state-based actions on each of its two outcomes (none applies)
    assert [t.split(":")[0] for t in titles] == ["% ===== step 1"] * 3 + ["% ===== step 2"] * 2
    assert "state-based actions after event 1, round 1" in titles[1]
    step1 = out.split("% ===== step 1")[1].split("% ===== step 2")[0]
    assert "event(1,enter)." in step1 and 'card_object("pool").' in step1
    questions = out.split("% ===== step 2")[1]
    assert 'permanent("pool_1").' in questions and "ask(1,can_activate," in questions


# The facts of a permanent that aren't carried as they are, and why.
NOT_CARRIED_AS_THEY_ARE = {
    "copy_of": "a copy keeps the values it copied, carried as copied_value/3 (707.2b)",
    "copy_of_card": "a copy keeps the values it copied, carried as copied_value/3 (707.2b)",
}


def test_every_fact_a_permanent_may_have_is_carried_to_the_state_after_an_event():
    """A permanent that stays on the battlefield through an event keeps what the scenario said of
    it (a token stays a token, an attacking creature attacking): each fact of the [[permanent]]
    table has a next/1 rule in asp/events/, or a reason here."""
    from pybridge.cards.library import asp_dir
    from pybridge.contract.scenario import PERMANENT
    rules = "".join(p.read_text(encoding="utf-8") for p in (asp_dir() / "events").glob("*.lp"))
    names = {shape.split("(")[0] for key in PERMANENT.keys for shape in key.facts}
    missing = {n for n in names if f"next({n}(" not in rules and n not in NOT_CARRIED_AS_THEY_ARE}
    assert missing == set()


AURA_ENTERING = '''title = "t"

[[permanent]]
id = "land"
card = "LAND"

[[card]]
id = "sprawl"
card = "Utopia Sprawl"
zone = "hand"

[[event]]
enter = ["sprawl"]
ATTACH
[[ask]]
zone = "sprawl"
'''


def _aura(land: str, attach: str = "") -> str:
    return AURA_ENTERING.replace("LAND", land).replace("ATTACH", attach)


def test_an_aura_that_could_enchant_something_needs_attach():
    message = error_of(_aura("Forest"))
    assert "without `attach`" in message and "303.4f" in message and "give the event `attach`" in message


def test_attach_naming_what_the_aura_cant_enchant_is_refused():
    message = error_of(_aura("Island", 'attach = { sprawl = "land" }'))
    assert "can't enchant" in message and "303.4f" in message


def test_attach_for_a_card_that_is_no_aura_is_refused():
    text = _aura("Forest", 'attach = { sprawl = "land" }').replace('card = "Utopia Sprawl"',
                                                                  'card = "Grizzly Bears"')
    assert "not an Aura" in error_of(text)


def test_a_chosen_type_read_by_a_rule_and_not_given_with_the_event_is_refused():
    text = '''title = "t"

[[permanent]]
id = "elf"
card = "Llanowar Elves"

[[card]]
id = "banner"
card = "Vanquisher's Banner"
zone = "hand"

[[event]]
enter = ["banner"]

[[ask]]
characteristics = "elf"
'''
    assert "the event's chosen_type" in error_of(text)
