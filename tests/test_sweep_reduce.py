"""The sweep's reduction (pybridge/sweep/reduce.py): a small spec swept whole and reduced gives the
same set of (class, answer), by the logic programs and by the reference; the classes it forms
(inert effects, controllers that don't matter, cards that behave alike, chosen colours up to the
colours the board names); and a spec whose premise fails is refused."""
import dataclasses
import json
from pathlib import Path


from pybridge.cli import main
from pybridge.sweep.reduce import board_class, class_answer
from pybridge.sweep.run import run_sweep
from pybridge.sweep.spec import _chosen_lists, boards, parse_spec, vector_count

SMALL = """
title = "the reduction's test"
permanents = ["Island"]
effects = ["Mana Reflection", "Contamination", "Kinnan, Bonder Prodigy", "Mana Flare",
           "Heartbeat of Spring", "Gauntlet of Power"]
sizes = [1, 2]
controllers = ["you", "opponent"]
chosen_colors = ["U", "B", "G"]
asks = ["produce", "could_produce"]
"""


def classes_and_answers(spec, out: Path) -> tuple[set, list[dict]]:
    """{(class, ask kind, answer, reference)} of a sweep, answers renamed into their class."""
    vectors = [json.loads(line) for line in out.read_text().splitlines()]
    subject = spec.subjects[0]
    chosen_of = {tuple(map(tuple, chosen)): chosen for chosen in _chosen_lists(spec, subject)}
    found = set()
    for v in vectors:
        tables = [*v["scenario"]["permanent"][1:], *v["scenario"].get("effect", [])]
        chosen = [(t["card"], t["controller"], t.get("chosen_color")) for t in tables]
        assert tuple(chosen) in chosen_of
        cls = board_class([subject.card], "you", chosen)
        kind = next(iter(v["ask"]))
        found.add((cls.key, kind, class_answer(v["answer"], cls.colors),
                   class_answer(v["reference"], cls.colors)))
    return found, vectors


def test_the_reduced_sweep_gives_the_same_classes_and_answers_as_the_whole(tmp_path):
    whole = parse_spec(SMALL)
    reduced = dataclasses.replace(whole, reduce=True)
    assert vector_count(boards(whole)) == 232
    reduced_boards = boards(reduced)
    assert len(reduced_boards) == 17 and sum(b.stands_for for b in reduced_boards) == 116
    run_sweep(whole, tmp_path / "whole.jsonl", jobs=2, progress=False)
    summary = run_sweep(reduced, tmp_path / "reduced.jsonl", jobs=2, progress=False)
    assert summary.vectors == 34 and summary.unreduced == 232 and summary.agree == 34
    whole_set, whole_vectors = classes_and_answers(whole, tmp_path / "whole.jsonl")
    reduced_set, reduced_vectors = classes_and_answers(reduced, tmp_path / "reduced.jsonl")
    assert whole_set == reduced_set
    # one answer per class and ask: every board of a class was answered alike
    assert len(whole_set) == 34
    assert all(v["agree"] is True for v in whole_vectors)
    # each reduced vector is a board of the whole sweep, with the size of its class
    whole_by_scenario = {json.dumps(v["scenario"]): v for v in whole_vectors}
    for v in reduced_vectors:
        assert whole_by_scenario[json.dumps(v["scenario"])]["answer"] == v["answer"]
    assert sum(v["stands_for"] for v in reduced_vectors) == 232


def key(chosen, subject=("Island",)):
    return board_class(list(subject), "you", chosen)


def test_the_classes_the_rules_justify():
    alone = key([]).key
    # Kinnan's trigger is for nonland permanents; Mana Reflection under the opponent is for the
    # opponent's: neither can touch your Island.
    assert key([("Kinnan, Bonder Prodigy", "you", None)]).key == alone
    assert key([("Mana Reflection", "opponent", None)]).key == alone
    assert key([("Mana Reflection", "you", None)]).key != alone
    # High Tide's trigger is for Islands; on a Forest it is inert, on an Island it is not.
    assert key([("High Tide", "you", None)], ("Forest",)).key == key([], ("Forest",)).key
    assert key([("High Tide", "you", None)]).key != alone
    # Reflecting Pool beside a Forest: an effect on Forests is kept (it may reach the Pool's
    # mana through the Forest).
    pool = ("Reflecting Pool", "Forest")
    assert key([("Vernal Bloom", "you", None)], pool).key != key([], pool).key
    # Contamination's controller doesn't matter; Mana Flare and Heartbeat of Spring are alike.
    assert key([("Contamination", "you", None)]).key == key([("Contamination", "opponent", None)]).key
    assert key([("Mana Flare", "you", None)]).key == key([("Heartbeat of Spring", "opponent", None)]).key
    # Gauntlet of Power on an Island: blue is named by the Island; black and green are alike.
    blue, black, green = (key([("Gauntlet of Power", "you", c)]) for c in "UBG")
    assert black.key == green.key != blue.key
    assert class_answer(["{G}", "{U}{G}"], green.colors) == class_answer(["{B}", "{U}{B}"], black.colors)


def test_reduce_is_refused_for_an_effect_the_reduction_does_not_cover(tmp_path, capsys):
    spec = tmp_path / "moon.toml"
    spec.write_text('title = "t"\npermanents = ["Forest"]\neffects = ["Blood Moon"]\nsizes = [1]\n'
                    'controllers = ["you"]\nasks = ["produce"]\nreduce = true\n')
    assert main(["sweep", str(spec), "--out", str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "line 7: `reduce`: 'Blood Moon'" in err and err.count("\n") == 1
