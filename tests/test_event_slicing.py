"""An event step, and the questions after the events, leave out the permanents
asp/slicing/slice.lp says nothing in the step can change or look at (pybridge/answer/slicing.py):
the states and answers are those of grounding the whole board, and it leaves out only what it
may."""
from __future__ import annotations

from pathlib import Path

import pytest

import pybridge.answer.events as events
from pybridge.answer.answering import answer_here
from pybridge.answer import slicing
from pybridge.answer.slicing import NOTHING_CARRIED, Slice
from pybridge.api import ask
from pybridge.errors import InputError
from pybridge.read.facts import static_facts
from pybridge.read.scenario import load_scenario, parse_scenario

QUERIES = Path(__file__).resolve().parent.parent / "queries"


@pytest.fixture(autouse=True)
def slice_every_board(monkeypatch):
    """Slicing pays only from some candidates on; here it is tried on every board."""
    monkeypatch.setattr(slicing, "SLICE_FROM", 1)
# Plain permanents added to every event scenario: basic lands, one of them tapped.
PLAIN = "".join(f'\n[[permanent]]\nid = "plain_{card.lower()}"\ncard = "{card}"\n{extra}'
                for card, extra in (("Forest", ""), ("Island", "tapped = true\n"), ("Plains", "")))


def _whole_board(static, live, carried, step_facts):
    return Slice(sorted(live | carried.facts), NOTHING_CARRIED, [])


def _with_plain_lands(path: Path):
    text = path.read_text(encoding="utf-8")
    head, ask, rest = text.partition("\n[[ask]]")
    return parse_scenario(head + "\n" + PLAIN + ask + rest, str(path))


@pytest.mark.parametrize("path", sorted([*(QUERIES / "events").glob("*.toml"), *(QUERIES / "stack").glob("*.toml")]),
                         ids=lambda p: p.stem)
def test_leaving_permanents_out_reaches_the_states_of_the_whole_board(path, monkeypatch):
    """The same states, or the same refusal where the lands make the events impossible (an Aura
    that must now be given what it enchants)."""
    scenario = _with_plain_lands(path)
    sliced = _states_or_refusal(scenario)
    monkeypatch.setattr(events, "slice_state", _whole_board)
    assert sliced == _states_or_refusal(scenario)


@pytest.mark.parametrize("path", sorted([*(QUERIES / "events").glob("*.toml"), *(QUERIES / "stack").glob("*.toml")]),
                         ids=lambda p: p.stem)
def test_the_questions_after_the_events_answer_as_on_the_whole_board(path, monkeypatch):
    """A question's step leaves out what the slicing program says it may (events.question_facts):
    every answer is the whole board's."""
    scenario = _with_plain_lands(path)
    sliced = _answers_or_refusal(scenario)
    monkeypatch.setattr(events, "slice_state", _whole_board)
    assert sliced == _answers_or_refusal(scenario)


def _answers_or_refusal(scenario):
    try:
        return [(r.ask.number, repr(r.answer), r.details.get("unmodelled")) for r in answer_here(scenario).results]
    except InputError as err:
        return str(err)


def _states_or_refusal(scenario):
    try:
        return [state.facts for state in events.final_states(scenario)]
    except InputError as err:
        return str(err)


def _board(extra: str = "") -> str:
    lands = "".join(f'[[permanent]]\nid = "forest{i}"\ncard = "Forest"\n' for i in range(6))
    return ('title = "t"\n' + lands + extra
            + '[[card]]\nid = "bears"\ncard = "Grizzly Bears"\nzone = "hand"\n'
            + '[[event]]\nenter = ["bears"]\n[[ask]]\nzone = "bears"\n')


def _carried_by_the_event(text: str) -> set[str]:
    scenario = parse_scenario(text, "board.toml")
    state = events.initial_state(scenario)
    facts, carried = events.step_facts(static_facts(scenario), state, scenario.events[0])
    return set(carried.by_id)


def test_plain_lands_are_carried_past_a_creature_entering():
    assert _carried_by_the_event(_board()) == {f"forest{i}" for i in range(6)}


def test_an_anthem_looks_at_the_board_so_nothing_is_carried():
    assert _carried_by_the_event(_board('[[permanent]]\nid = "anthem"\ncard = "Glorious Anthem"\n')) == set()


def test_a_land_with_counters_or_named_by_the_event_stays_in_the_step():
    text = _board().replace('id = "forest0"\ncard = "Forest"\n',
                            'id = "forest0"\ncard = "Forest"\ncounters = { "+1/+1" = 1 }\n')
    assert "forest0" not in _carried_by_the_event(text)
    text = _board().replace('enter = ["bears"]', 'leave = ["forest1"]')
    assert _carried_by_the_event(text) == {f"forest{i}" for i in (0, 2, 3, 4, 5)}


def test_a_land_type_changer_looks_at_every_land_so_nothing_is_carried():
    text = _board('[[permanent]]\nid = "yawg"\ncard = "Urborg, Tomb of Yawgmoth"\n')
    assert _carried_by_the_event(text) == set()


def test_an_entering_land_after_carried_ones_gets_the_latest_timestamp():
    text = _board().replace('card = "Grizzly Bears"', 'card = "Forest"')
    scenario = parse_scenario(text, "board.toml")
    (state,) = events.final_states(scenario)
    stamps = {f.arguments[0].string: f.arguments[1].number for f in state.facts
              if f.name == "timestamp"}
    assert stamps["bears_1"] > max(stamps[f"forest{i}"] for i in range(6))


@pytest.mark.parametrize("forests, untapped", [(1, False), (2, True)])
def test_a_land_entering_counts_the_plain_lands_it_needs(forests, untapped):
    """Dreamroot Cascade enters tapped unless you control two or more other lands (614.1c): its
    ability looks at the board, so the Forests stay in the step and are counted."""
    lands = "".join(f'[[permanent]]\nid = "forest{i}"\ncard = "Forest"\n' for i in range(forests))
    text = ('title = "t"\n' + lands + '[[card]]\nid = "cascade"\ncard = "Dreamroot Cascade"\n'
            'zone = "hand"\n[[event]]\nenter = ["cascade"]\n[[ask]]\ncan_activate = "cascade_1"\n')
    (result,) = ask(parse_scenario(text, "board.toml")).results
    assert result.answer is untapped
