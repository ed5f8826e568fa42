"""Counters put on a permanent as it becomes what it is: a copy entering in an event gets its
copy exception's counters (Spark Double, 707.9e, 614.1c) and keeps them, and "As ~ is turned
face up, put N K counters on it" (Hooded Hydra, 708.11) puts them as it turns face up, compiled
into turned_up_with/3."""
from __future__ import annotations

import textwrap

from pybridge import answer_scenario, parse_scenario
from pybridge.oracle.hook import card_compilation


def answers(text: str):
    return answer_scenario(parse_scenario(textwrap.dedent(text), "t.toml")).results


def test_spark_double_entering_as_a_copy_in_an_event_gets_its_counter():
    results = answers('''
        title = "t"
        [[permanent]]
        id = "bears"
        card = "Grizzly Bears"
        [[card]]
        id = "spark"
        card = "Spark Double"
        zone = "hand"
        [[event]]
        enter = ["spark"]
        copy = { spark = "bears" }
        [[ask]]
        characteristics = "spark_1"
        expect = { name = "Grizzly Bears", power = 3, toughness = 3 }
        ''')
    assert [r.ok for r in results] == [True]


def test_the_copy_keeps_its_counter_after_a_later_event():
    results = answers('''
        title = "t"
        [[permanent]]
        id = "bears"
        card = "Grizzly Bears"
        [[card]]
        id = "spark"
        card = "Spark Double"
        zone = "hand"
        [[event]]
        enter = ["spark"]
        copy = { spark = "bears" }
        [[event]]
        leave = "bears"
        to = "graveyard"
        [[ask]]
        characteristics = "spark_1"
        expect = { name = "Grizzly Bears", power = 3, toughness = 3 }
        ''')
    assert [r.ok for r in results] == [True]


def test_a_clone_entering_in_an_event_gets_no_counter():
    results = answers('''
        title = "t"
        [[permanent]]
        id = "bears"
        card = "Grizzly Bears"
        [[card]]
        id = "clone"
        card = "Clone"
        zone = "hand"
        [[event]]
        enter = ["clone"]
        copy = { clone = "bears" }
        [[ask]]
        characteristics = "clone_1"
        expect = { name = "Grizzly Bears", power = 2, toughness = 2 }
        ''')
    assert [r.ok for r in results] == [True]


def test_hooded_hydra_compiles_its_turned_face_up_counters():
    facts = {str(f) for a in card_compilation("Hooded Hydra").abilities for f in a.facts
             if f.name == "turned_up_with"}
    assert facts == {'turned_up_with(ab("Hooded Hydra",4),"+1/+1",5)'}


HYDRA = '''
    title = "t"
    [[permanent]]
    id = "hydra"
    card = "Hooded Hydra"
    face_down = "morph"
    '''


def test_hooded_hydra_turned_face_up_is_five_five():
    results = answers(HYDRA + '''
        [[event]]
        turn_face_up = "hydra"
        way = "morph"
        [[ask]]
        characteristics = "hydra"
        expect = { name = "Hooded Hydra", face_down = false, power = 5, toughness = 5 }
        [[ask]]
        zone = "hydra"
        expect = "battlefield"
        ''')
    assert [r.ok for r in results] == [True, True]


def test_the_turn_face_up_question_shows_the_counters():
    results = answers(HYDRA + '''
        [[ask]]
        turn_face_up = "hydra"
        expect = { name = "Hooded Hydra", power = 5, toughness = 5 }
        ''')
    assert [r.ok for r in results] == [True]
