"""An answer in plain words (pybridge/answer/words.py) and a refusal in the page's words
(pybridge/web/says.py): every declared kind has its wording, the sentences say what the answer's
JSON says and never show JSON, None or null; and the real answers of a few scenarios, through
the command line's text and JSON alike."""
import json
import re
from pathlib import Path

from pybridge.answer.words import SAY, Names, verdict, words
from pybridge.cli import main
from pybridge.contract.kinds import KIND_NAMES
from pybridge.web.says import page_sentence

ROOT = Path(__file__).resolve().parent.parent
NAMES = Names({"forest": "Forest", "elves": "Llanowar Elves", "spawn": "Awakening Zone"})


def test_every_declared_kind_has_its_wording():
    assert set(SAY) == set(KIND_NAMES)


def test_verdicts_say_the_answer_and_name_objects_by_their_cards():
    produce = {"kind": "produce", "target": "forest", "answer": ["{B}", "{C}"],
               "explain": [{"result": "{B}", "orders": 2}, {"result": "{C}", "orders": 1}]}
    assert verdict(produce, NAMES) == (
        "One activation of Forest (forest)'s mana ability adds {B} or {C}, by the order the "
        "replacement effects apply: 2 orders give {B}, 1 order gives {C}.")
    tapped = {"kind": "produce", "target": "forest", "answer": ["{G}"], "ability": 1,
              "activatable": False, "reason": "107.5: a permanent that's already tapped can't pay {T}"}
    assert verdict(tapped, NAMES) == (
        "One activation of Forest (forest)'s 1st mana ability adds {G}. It can't be activated "
        "now: 107.5: a permanent that's already tapped can't pay {T}.")
    assert verdict({"kind": "could_produce", "target": "forest", "answer": []}, NAMES) == \
        "Forest (forest) could produce no mana (rule 106.7)."
    assert verdict({"kind": "zone", "target": "elves", "answer": "battlefield", "object": "elves_1"},
                   NAMES) == ("After the events, Llanowar Elves (elves) is on the battlefield, as "
                              "a new object elves_1 (rule 400.7).")
    assert verdict({"kind": "pool", "target": "you", "answer": [""]}, NAMES) == \
        "After the events, your mana pool holds nothing."
    assert verdict({"kind": "turn_face_up", "target": "forest", "answer": "null", "way": "morph"},
                   NAMES) == "Forest (forest) can't be turned face up for its morph."
    assert verdict({"kind": "revealed", "target": "elves_1", "answer": []}, NAMES) == \
        "The events revealed Llanowar Elves (elves_1) to no player."
    assert verdict({"kind": "etb_x", "target": "forest", "answer": "unknown"}, NAMES, "no answer "
                   "within 2 s") == "The answer about Forest (forest) is unknown: no answer within 2 s."


def test_outcomes_and_the_note_are_sentences():
    face_down = {"name": "", "mana_cost": "", "colors": [], "supertypes": [], "types": ["Creature"],
                 "subtypes": [], "power": 2, "toughness": 2, "abilities": [], "face_down": True,
                 "hidden": {"card": None, "may_look": ["opponent"]}}
    two = {"kind": "characteristics", "target": "elves_1", "answer": {"outcomes": [
        face_down, {**face_down, "face_down": False, "name": "Llanowar Elves", "colors": ["G"],
                    "power": 1, "toughness": 1}]}, "expect": {"power": 2}, "ok": False,
        "unmodelled": [{"permanent": "elves_1", "ability": "{T}: Add {G}."}]}
    said = words(two, NAMES)
    assert said["verdict"].startswith("2 outcomes, by the choices and orders of the events: (1) "
                                      "elves_1 is face down: a 2/2 colorless "
                                      "Creature with no name; no abilities. (2) ")
    assert said["expect"] == "The scenario expects power 2."
    assert said["unmodelled"] == ["This answer does not read Llanowar Elves's ability “{T}: Add "
                                  "{G}.”, which may bear on it."]
    for sentence in [said["verdict"], said["expect"], *said["unmodelled"]]:
        assert not re.search(r"\b(None|null)\b|[{\[]\"", sentence), sentence


def test_the_command_line_prints_the_verdict_its_json_carries(capsys):
    path = ROOT / "queries" / "events" / "ixidron_and_a_creature_entering_together.toml"
    assert main(["ask", str(path), "--json"]) == 0
    answers = json.loads(capsys.readouterr().out)["answers"]
    assert main(["ask", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    for answer in answers:
        assert f"    = {answer['words']['verdict']}" in out
    zone = next(a for a in answers if a["kind"] == "zone")
    assert zone["words"] == {
        "verdict": "After the events, Llanowar Elves (elves) is on the battlefield, as a new "
                   "object elves_1 (rule 400.7).", "expect": "As the scenario expects."}


def test_a_refusal_in_the_pages_words_names_no_file_and_no_table():
    assert page_sentence("scenario.json: permanent 'x': 'Lightning Bolt' (Instant) can't be a "
                         "permanent (rules 110.4, 304.4); face down it can (face_down = ...)") == (
        "The permanent x: 'Lightning Bolt' (Instant) can't be a permanent (rules 110.4, 304.4); "
        "face down it can (set “face down”).")
    assert page_sentence("scenario.json: tapped must be true or false, not 3") == \
        "The field “tapped” must be true or false, not 3."
    assert page_sentence("scenario.json: the scenario asks nothing: add an [[ask]] table") == \
        "The scenario asks nothing: add a question."
    assert page_sentence("scenario.toml: line 4: event 2: blink names unknown permanent 'y'") == \
        "Event 2: blink names unknown permanent 'y'."
