"""Events (issue 16): [[card]] and [[event]] tables, the state after each event, the questions
about it, and bad input naming its line (docs/scenario-format.md, "Cards outside the battlefield
and events")."""
from __future__ import annotations

import json
import logging
from contextlib import contextmanager
from functools import lru_cache
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.contract import HISTORY, input_facts
from pybridge.events import final_states, question_facts
from pybridge.scenario import load_scenario
from pybridge.solver import solve_in_process

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


def test_the_command_line_exits_2_with_the_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BOARD + '\n[[event]]\nturn_face_up = "bears"\n\n[[ask]]\nzone = "bears"\n')
    run = subprocess.run([sys.executable, "-m", "pybridge", "ask", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert f"line 12: event 1 (turn_face_up): turns face up a permanent that is not face down" \
        in run.stderr
    assert "Traceback" not in run.stderr


# --- the states ---
def test_a_zone_change_makes_a_new_object_with_no_memory_of_the_old_one():
    text = '''title = "t"

[[permanent]]
id = "walker"
card = "Hangarback Walker"
x = 3
tapped = true

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


def test_two_outcomes_are_counted_and_every_question_answered_over_both():
    result = answer_scenario(load_scenario(QUERIES / "events" / "two_essences_two_outcomes.toml"))
    assert result.results[0].details["outcomes"] == 2
    assert len(final_states(load_scenario(QUERIES / "events" / "two_essences_two_outcomes.toml"))) == 2


@lru_cache(maxsize=1)
def event_scenarios_stepped() -> tuple:
    """(path, scenario, final states, clingo's messages while stepping) of queries/events/."""
    out = []
    for path in sorted((QUERIES / "events").glob("*.toml")):
        scenario = load_scenario(path)
        with _messages() as said:
            states = final_states(scenario)
            for state in states:
                solve_in_process(question_facts(scenario, state))
        out.append((path, scenario, states, tuple(said)))
    return tuple(out)


@contextmanager
def _messages():
    said: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: said.append(record.getMessage())
    logger = logging.getLogger("pybridge.solver")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield said
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def test_the_history_facts_are_all_carried_by_some_scenario_of_queries():
    carried = set()
    for _, _, states, _ in event_scenarios_stepped():
        for state in states:
            carried |= {f"{s.name}/{len(s.arguments)}" for s in state.facts}
    history = {signature for signature, _, table in input_facts() if table == HISTORY.name}
    assert history <= carried, sorted(history - carried)


def test_without_events_nothing_changes_and_json_has_no_outcomes():
    result = answer_scenario(parse_scenario(BOARD + '\n[[ask]]\nzone = "elves"\nexpect = "hand"\n'))
    assert result.results[0].ok is True and "outcomes" not in result.results[0].details


def test_the_json_answer_of_triggered_lists_source_ability_and_object(tmp_path):
    run = subprocess.run([sys.executable, "-m", "pybridge", "ask", "--json",
                          str(QUERIES / "events" / "leaves_the_battlefield_abilities_look_back.toml")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    answers = json.loads(run.stdout)["answers"]
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


def test_every_step_of_every_event_scenario_grounds_without_a_warning():
    """test_programs grounds each scenario's board; this grounds each step of its events and its
    final states with their questions, and asserts clingo said nothing (an undefined atom)."""
    for path, _, _, said in event_scenarios_stepped():
        assert said == (), path


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


def test_outcomes_with_different_answers_need_an_outcomes_expectation():
    path = QUERIES / "events" / "essence_copies_differ_by_outcome.toml"
    result = answer_scenario(load_scenario(path))
    assert result.results[0].ok is True
    assert [o["colors"] for o in result.results[0].answer["outcomes"]] == [["G"], ["U"]]
    single = path.read_text().replace(
        'expect = { outcomes = [{ name = "Essence of the Wild", colors = ["G"] }, '
        '{ name = "Essence of the Wild", colors = ["U"] }] }', 'expect = { colors = ["G"] }')
    assert answer_scenario(parse_scenario(single, "s.toml")).results[0].ok is False
