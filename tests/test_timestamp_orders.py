"""[game] timestamps = "every" (rule 613.7; pybridge/answer/answering.py, asp/game/base.lp's
continuous_source/1): the questions answered under every order of the timestamps of the sources
of continuous effects, the distinct answers as outcomes with how many orders give each, alike
sources counted rather than enumerated; and its refusals."""
from __future__ import annotations

import pytest

from pybridge.answer import answering
from pybridge.answer.answering import answer_here
from pybridge.errors import InputError, SolverTimeout
from pybridge.read.scenario import parse_scenario


def scenario(permanents: list[tuple[str, str]], asks: str, extra: str = "") -> str:
    board = "".join(f'[[permanent]]\nid = "{i}"\ncard = "{c}"\n' for i, c in permanents)
    return f'title = "t"\n[game]\ntimestamps = "every"\n{extra}{board}{asks}'


def answered(text: str):
    return answer_here(parse_scenario(text, "s.toml")).results


def test_humility_and_opalescence_give_two_answers_one_order_each():
    text = scenario([("humility", "Humility"), ("opalescence", "Opalescence"), ("bears", "Grizzly Bears")],
                    '[[ask]]\ncharacteristics = "humility"\n[[ask]]\ncharacteristics = "bears"\n')
    humility, bears = answered(text)
    sizes = sorted((o["answer"]["power"], o["orders"]) for o in humility.details["orders"])
    assert sizes == [(1, 1), (4, 1)]
    assert [(o["answer"]["power"], o["orders"]) for o in bears.details["orders"]] == [(1, 2)]


def test_the_file_order_is_one_order_without_the_key():
    text = scenario([("humility", "Humility"), ("opalescence", "Opalescence")],
                    '[[ask]]\ncharacteristics = "humility"\n').replace('timestamps = "every"\n', "")
    (humility,) = answered(text)
    assert humility.answer["power"] == 4 and "orders" not in humility.details


def test_alike_sources_are_counted_not_enumerated(monkeypatch):
    solved = []
    real = answering.answer_facts
    monkeypatch.setattr(answering, "answer_facts", lambda *a, **k: solved.append(1) or real(*a, **k))
    text = scenario([("anthem1", "Glorious Anthem"), ("anthem2", "Glorious Anthem"),
                     ("anthem3", "Glorious Anthem"), ("bears", "Grizzly Bears")],
                    '[[ask]]\ncharacteristics = "bears"\n')
    (bears,) = answered(text)
    assert bears.answer["power"] == 5
    assert bears.details["orders"] == [{"answer": bears.answer, "orders": 6}]     # 3! orders
    assert len(solved) == 1                                                       # one arrangement


def test_a_source_an_ask_names_is_not_interchangeable():
    text = scenario([("anthem1", "Glorious Anthem"), ("anthem2", "Glorious Anthem")],
                    '[[ask]]\ncharacteristics = "anthem1"\n')
    (anthem,) = answered(text)
    assert anthem.details["orders"] == [{"answer": anthem.answer, "orders": 2}]
    assert anthem.details["outcomes"] == 2                                      # two arrangements


def test_past_the_bound_of_orders_the_answer_is_unknown(monkeypatch):
    monkeypatch.setattr(answering, "MAX_TIMESTAMP_ORDERS", 5)
    text = scenario([("humility", "Humility"), ("opalescence", "Opalescence"), ("anthem", "Glorious Anthem")],
                    '[[ask]]\ncharacteristics = "humility"\n')
    with pytest.raises(SolverTimeout, match=r"6 distinct orders of 3 sources"):
        answered(text)


def test_an_order_that_is_not_file_or_every_is_refused_with_its_line():
    text = scenario([("forest", "Forest")], '[[ask]]\ncould_produce = "forest"\n').replace('"every"', '"some"')
    with pytest.raises(InputError, match=r"s\.toml: line 3: timestamps 'some' is not one of 'file', 'every'"):
        parse_scenario(text, "s.toml")


def test_every_order_with_events_is_refused_with_its_line():
    text = scenario([("forest", "Forest")], '[[card]]\nid = "bears"\ncard = "Grizzly Bears"\nzone = "hand"\n'
                    '[[event]]\nenter = ["bears"]\n[[ask]]\nzone = "bears"\n')
    with pytest.raises(InputError, match=r"s\.toml: line 3: timestamps = \"every\" with \[\[event\]\]s"):
        parse_scenario(text, "s.toml")
