"""The stack (asp/stack/): triggered abilities put on it in APNAP order, every order of each
player's a choice (interchangeable ones counted, never enumerated), resolved one at a time with
state-based actions and new triggers between (rules 101.4, 603.3, 603.4, 608, 704.3)."""
from __future__ import annotations

import textwrap
from math import factorial

import pytest

from pybridge import InputError, answer_scenario, parse_scenario
from pybridge.answer.events import final_states


def scenario(text: str):
    return parse_scenario("title = \"t\"\n" + textwrap.dedent(text), "s.toml")


def results(text: str) -> list:
    return answer_scenario(scenario(text)).results


def error_of(text: str) -> str:
    with pytest.raises(InputError) as caught:
        answer_scenario(scenario(text))
    return str(caught.value)


def bears_entering(n: int) -> str:
    return "".join(f'''
    [[card]]
    id = "bears{i}"
    card = "Grizzly Bears"
    zone = "hand"
    ''' for i in range(n)) + f'''
    [[event]]
    enter = [{", ".join(f'"bears{i}"' for i in range(n))}]
    '''


WARDEN = '''
[game]
life = { you = 20, opponent = 20 }
active_player = "you"

[[permanent]]
id = "warden"
card = "Soul Warden"
'''


# --- putting triggered abilities on the stack (603.3b) ---
@pytest.mark.parametrize("n", [2, 3])
def test_interchangeable_triggers_make_one_stack_counted_n_factorial(n):
    text = WARDEN + bears_entering(n) + '''
    [[ask]]
    stack = "you"
    '''
    states = final_states(scenario(text))
    assert len(states) == 1 and states[0].count == factorial(n)
    [stack] = results(text)
    assert [o["source"] for o in stack.answer] == ["warden"] * n
    assert {o["on"] for o in stack.answer} == {""}      # the effect doesn't read the creature
    assert stack.details["orders"] == [{"answer": stack.answer, "orders": factorial(n)}]


def test_resolving_them_all_gains_a_life_each():
    text = WARDEN + bears_entering(3) + '''
    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"

    [[ask]]
    stack = "you"
    '''
    life, stack = results(text)
    assert (life.answer, stack.answer) == (23, [])
    assert life.details["orders"] == [{"answer": 23, "orders": 6}]
    assert life.details["lost_game"] is False


def test_apnap_the_active_players_triggers_go_on_the_stack_first():
    text = '''
    [game]
    life = { you = 20, opponent = 20 }
    active_player = "opponent"

    [[permanent]]
    id = "mine"
    card = "Soul Warden"

    [[permanent]]
    id = "theirs"
    card = "Soul Warden"
    controller = "opponent"
    ''' + bears_entering(1) + '''
    [[ask]]
    stack = "you"
    '''
    [stack] = results(text)
    # the non-active player's ability is put on last: it is on top, and resolves first
    assert [(o["source"], o["controller"]) for o in stack.answer] == [("mine", "you"), ("theirs", "opponent")]


def test_the_active_player_is_the_first_player_unless_stated():
    text = '''
    [game]
    life = { you = 20, opponent = 20 }

    [[permanent]]
    id = "mine"
    card = "Soul Warden"

    [[permanent]]
    id = "theirs"
    card = "Soul Warden"
    controller = "opponent"
    ''' + bears_entering(1) + '''
    [[ask]]
    stack = "you"
    '''
    [stack] = results(text)
    assert [o["source"] for o in stack.answer] == ["theirs", "mine"]


def test_distinct_triggers_of_one_player_are_put_in_every_order():
    text = WARDEN + '''
    [[permanent]]
    id = "second"
    card = "Soul Warden"
    ''' + bears_entering(1) + '''
    [[ask]]
    stack = "you"
    '''
    states = final_states(scenario(text))
    assert len(states) == 2 and [s.count for s in states] == [1, 1]
    [stack] = results(text)
    tops = sorted(tuple(o["source"] for o in s) for s in stack.answer["outcomes"])
    assert tops == [("second", "warden"), ("warden", "second")]


# --- resolving (608.1, 603.4) ---
PELT = '''
[game]
active_player = "you"

[[permanent]]
id = "collector"
card = "Pelt Collector"

[[card]]
id = "bears"
card = "Grizzly Bears"
zone = "hand"

[[card]]
id = "centaur"
card = "Centaur Courser"
zone = "hand"

[[event]]
enter = ["bears", "centaur"]
'''


def test_the_order_decides_the_outcome_of_two_triggers_reading_their_creatures():
    text = PELT + '''
    [[event]]
    resolve = "stack"

    [[ask]]
    characteristics = "collector"
    '''
    states = final_states(scenario(text))
    assert sorted(s.count for s in states) == [1, 1]
    [answer] = results(text)
    assert sorted(o["power"] for o in answer.answer["outcomes"]) == [2, 3]


def test_resolve_n_resolves_the_top_n_and_leaves_the_rest():
    text = PELT + '''
    [[event]]
    resolve = 1

    [[ask]]
    stack = "you"
    '''
    [stack] = results(text)
    left = sorted(s[0]["on"] for s in stack.answer["outcomes"])
    assert left == ["bears_1", "centaur_1"]
    assert sorted(r["orders"] for r in stack.details["orders"]) == [1, 1]


def test_interchangeable_orders_leading_to_one_state_sum():
    text = '''
    [game]
    active_player = "you"

    [[permanent]]
    id = "collector"
    card = "Pelt Collector"

    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"

    [[permanent]]
    id = "cubs"
    card = "Grizzly Bears"

    [[event]]
    leave = ["bears", "cubs"]

    [[event]]
    resolve = "stack"

    [[ask]]
    characteristics = "collector"
    '''
    # two distinct abilities (each reads its creature's last power, 603.10a), two orders, one
    # state: the second fails its intervening if either way (Pelt Collector 2018-10-05)
    states = final_states(scenario(text))
    assert [s.count for s in states] == [2]
    counters = {str(f) for f in states[0].facts if f.name == "counters"}
    assert counters == {'counters("collector","+1/+1",1)'}


def test_each_colour_chosen_as_mana_resolves_is_a_path():
    text = '''
    [game]
    active_player = "you"

    [[permanent]]
    id = "cobra"
    card = "Lotus Cobra"

    [[card]]
    id = "forest"
    card = "Forest"
    zone = "hand"

    [[card]]
    id = "island"
    card = "Island"
    zone = "hand"

    [[event]]
    enter = ["forest", "island"]

    [[event]]
    resolve = "stack"

    [[ask]]
    pool = "you"
    '''
    states = final_states(scenario(text))
    # 2 orders of the two abilities, then 5 colours for each: 50 paths to 15 distinct pools
    assert len(states) == 15 and sum(s.count for s in states) == 50


def test_a_player_at_zero_life_loses_the_game():
    text = '''
    [game]
    life = { you = 10, opponent = 1 }
    active_player = "you"

    [[permanent]]
    id = "cutthroat"
    card = "Zulaport Cutthroat"

    [[event]]
    leave = ["cutthroat"]

    [[event]]
    resolve = "stack"

    [[ask]]
    life = "opponent"

    [[ask]]
    life = "you"
    '''
    theirs, mine = results(text)
    assert (theirs.answer, theirs.details["lost_game"]) == (0, True)
    assert (mine.answer, mine.details["lost_game"]) == (11, False)


def test_an_effect_not_modelled_is_named_never_skipped():
    text = WARDEN + '''
    [[card]]
    id = "omenspeaker"
    card = "Omenspeaker"
    zone = "hand"

    [[event]]
    enter = ["omenspeaker"]

    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"
    '''
    [life] = results(text)
    assert life.answer == 21 and not life.trusted
    assert life.details["unmodelled"] == [
        {"permanent": "omenspeaker_1", "ability": "When Omenspeaker enters the battlefield, scry 2."}]


def test_a_draw_counts_in_the_hand_and_you_may_is_a_choice():
    text = WARDEN.replace("active_player", "hand_sizes = { you = 3 }\nactive_player") + '''
    [[card]]
    id = "visionary"
    card = "Elvish Visionary"
    zone = "hand"

    [[event]]
    enter = ["visionary"]

    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"
    '''
    [state] = final_states(scenario(text))
    # the card entered from the hand (3 - 1), then its ability drew one
    assert {str(f) for f in state.facts if f.name == "hand_size"} == {'hand_size("you",3)'}


def test_a_target_player_is_chosen_for_each_ability_and_counted():
    text = '''
    [game]
    life = { you = 20, opponent = 20 }

    [[permanent]]
    id = "artist"
    card = "Blood Artist"

    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"

    [[event]]
    leave = ["artist", "bears"]

    [[ask]]
    stack = "you"
    '''
    [stack] = results(text)
    targets = sorted(tuple(o["target"] for o in s) for s in stack.answer["outcomes"])
    assert targets == [("opponent", "opponent"), ("opponent", "you"), ("you", "opponent"), ("you", "you")]
    # 2 targets for each of 2 abilities, in 2 orders: 8 ways, 2 to each sequence
    assert [r["orders"] for r in stack.details["orders"]] == [2, 2, 2, 2]
    text = text.replace('[[ask]]\n    stack = "you"', '[[event]]\n    resolve = "stack"\n\n    [[ask]]\n    life = "opponent"')
    [life] = results(text)
    assert life.details["orders"] == [{"answer": a, "orders": n} for a, n in ((18, 2), (19, 4), (20, 2))]


# --- bad input ---
def test_resolving_an_empty_stack_is_bad_input_with_the_line():
    text = WARDEN + '''
    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"
    '''
    message = error_of(text)
    assert "line 11" in message and "stack is empty" in message and "608.1" in message


def test_resolving_more_than_the_stack_holds_is_bad_input():
    text = WARDEN + bears_entering(1) + '''
    [[event]]
    resolve = 2

    [[ask]]
    life = "you"
    '''
    assert "stack is empty" in error_of(text)


@pytest.mark.parametrize("value", ["0", "\"all\"", "true", "-1"])
def test_resolve_takes_stack_or_a_positive_number(value):
    text = WARDEN + f'''
    [[event]]
    resolve = {value}
    '''
    assert "must be \"stack\"" in error_of(text)


def test_a_life_question_needs_the_players_life_total():
    text = '''
    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"

    [[ask]]
    life = "you"
    '''
    assert "[game] life" in error_of(text)


# --- tokens and copies made as abilities resolve (111.1, 707.2) ---
def test_a_dies_ability_counts_counters_as_its_source_last_existed_and_its_tokens_trigger():
    text = '''
    [game]
    life = { you = 20, opponent = 20 }

    [[permanent]]
    id = "walker"
    card = "Hangarback Walker"
    counters = { "+1/+1" = 3 }

    [[permanent]]
    id = "warden"
    card = "Soul Warden"

    [[event]]
    leave = ["walker"]

    [[event]]
    resolve = 1

    [[ask]]
    stack = "you"

    [[ask]]
    life = "you"
    '''
    stack, life = results(text)
    # three Thopters: Soul Warden's three abilities wait on the stack, one stack for 3! orders
    assert [o["source"] for o in stack.answer] == ["warden"] * 3 and life.answer == 20
    assert stack.details["orders"] == [{"answer": stack.answer, "orders": 6}]
    [state] = final_states(scenario(text))
    thopters = {f.arguments[0].string for f in state.facts if f.name == "permanent_token"}
    assert len(thopters) == 3
    text = text.replace("resolve = 1", 'resolve = "stack"')
    assert [r.answer for r in results(text)] == [[], 23]


def test_a_triggered_copy_effect_follows_the_order():
    text = '''
    [[permanent]]
    id = "shapeshifter"
    card = "Unstable Shapeshifter"

    [[card]]
    id = "bears"
    card = "Grizzly Bears"
    zone = "hand"

    [[card]]
    id = "centaur"
    card = "Centaur Courser"
    zone = "hand"

    [[event]]
    enter = ["bears", "centaur"]

    [[event]]
    resolve = 1

    [[ask]]
    characteristics = "shapeshifter"

    [[ask]]
    stack = "you"
    '''
    shape, stack = results(text)
    # the top one resolved: it is a copy of that creature, the other's ability still waits
    pairs = {(c["name"], s[0]["on"]) for c, s in zip(shape.answer["outcomes"], stack.answer["outcomes"])}
    assert pairs == {("Grizzly Bears", "centaur_1"), ("Centaur Courser", "bears_1")}


def test_you_may_is_a_choice_as_it_resolves_each_an_outcome():
    text = '''
    [game]
    life = { you = 20, opponent = 20 }

    [[permanent]]
    id = "attendant"
    card = "Soul's Attendant"
    ''' + bears_entering(2) + '''
    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"
    '''
    [life] = results(text)
    # 2 orders of the two abilities, then yes or no for each: 8 ways to 20, 21 or 22 life
    assert life.details["orders"] == [{"answer": a, "orders": n} for a, n in ((20, 2), (21, 4), (22, 2))]


@pytest.mark.parametrize("whip, life", [(False, 19), (True, 20)])
def test_damage_to_you_is_life_lost_and_lifelink_gains_it_back(whip, life):
    text = '''
    [game]
    life = { you = 20, opponent = 20 }

    [[permanent]]
    id = "reaper"
    card = "Midnight Reaper"

    [[permanent]]
    id = "bears"
    card = "Grizzly Bears"
    ''' + ('''
    [[permanent]]
    id = "whip"
    card = "Whip of Erebos"
    ''' if whip else "") + '''
    [[event]]
    leave = ["bears"]

    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"
    '''
    assert [r.answer for r in results(text)] == [life]      # 120.3a, 120.3f


@pytest.mark.parametrize("gate_leaves, life", [(True, 20), (False, 23)])
def test_an_intervening_if_of_the_source_is_checked_again_on_resolution(gate_leaves, life):
    text = '''
    [game]
    life = { you = 20, opponent = 20 }

    [[permanent]]
    id = "azorius"
    card = "Azorius Guildgate"

    [[permanent]]
    id = "boros"
    card = "Boros Guildgate"

    [[card]]
    id = "plaza"
    card = "Plaza of Harmony"
    zone = "hand"

    [[event]]
    enter = ["plaza"]
    ''' + ('''
    [[event]]
    leave = ["boros"]
    ''' if gate_leaves else "") + '''
    [[event]]
    resolve = "stack"

    [[ask]]
    life = "you"
    '''
    assert [r.answer for r in results(text)] == [life]      # 603.4
