"""Check a reduced sweep against the whole one it stands for, board by board.

    python tools/check_sweep_reduction.py SPEC.toml REDUCED.jsonl [--whole WHOLE.jsonl]

For every board of SPEC swept whole (`reduce` off), in order: its class (pybridge/sweep/reduce.py),
the vector of that class in REDUCED.jsonl (the reduced sweep of the spec, possibly cut
short: boards whose class has no vector yet are counted apart), and the independent reference's
answer to the board itself.  The reduction claims that every board of a class has its
representative's answer, renamed by the class's colour permutation; this checks the claim against
the reference on every board, and, with --whole, against the logic programs' own answers on every
board of a whole sweep's output.  Prints the counts; exit 1 on any mismatch.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from pybridge import reference
from pybridge.sweep.reduce import board_class, class_answer
from pybridge.sweep.spec import _board_tables, _chosen_lists, load_spec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/check_sweep_reduction.py")
    parser.add_argument("spec")
    parser.add_argument("reduced")
    parser.add_argument("--whole", help="the output of the same spec swept whole")
    args = parser.parse_args(argv)
    spec = dataclasses.replace(load_spec(args.spec), reduce=False)
    answers: dict[tuple, dict] = {}         # (subject, class key, ask kind) -> representative
    for line in open(args.reduced, encoding="utf-8"):
        v = json.loads(line)
        answers[_board_key(v["scenario"])] = v
    whole = {}
    if args.whole:
        for line in open(args.whole, encoding="utf-8"):
            v = json.loads(line)
            whole[_board_key(v["scenario"])] = v
    by_class: dict[tuple, dict] = {}
    for v in answers.values():
        by_class[_class_of(spec, v["scenario"])] = v
    counts = {"boards": 0, "vectors": 0, "class answered": 0, "reference agrees": 0,
              "whole sweep agrees": 0, "mismatches": 0}
    for subject in spec.subjects:
        cards = [subject.card, *subject.beside]
        for chosen in _chosen_lists(spec, subject):
            counts["boards"] += 1
            doc, target = _board_tables(spec, subject, chosen)
            cls = board_class(cards, "you", chosen)
            for kind in spec.asks:
                counts["vectors"] += 1
                rep = by_class.get((cls.key, kind))
                if rep is None:
                    continue
                counts["class answered"] += 1
                rep_cls = board_class(cards, "you", _chosen_of(rep["scenario"], cards))
                expected = class_answer(rep["answer"], rep_cls.colors)
                ref = class_answer(reference.scenario_answer(doc, {kind: target}), cls.colors)
                ok = ref == expected
                counts["reference agrees"] += ok
                mine = whole.get(_board_key({**doc, "ask": [{kind: target}]}))
                if mine is not None:
                    same = class_answer(mine["answer"], cls.colors) == expected
                    counts["whole sweep agrees"] += same
                    ok = ok and same
                if not ok:
                    counts["mismatches"] += 1
                    print("mismatch:", doc["title"], kind, file=sys.stderr)
    print(json.dumps(counts, indent=1))
    return 1 if counts["mismatches"] else 0


def _board_key(scenario: dict) -> str:
    """A board and its ask, whatever the title (the whole and the reduced spec differ in it)."""
    return json.dumps({k: v for k, v in scenario.items() if k != "title"}, sort_keys=True)


def _chosen_of(scenario: dict, cards: list[str]) -> list[tuple]:
    tables = [*scenario["permanent"][len(cards):], *scenario.get("effect", [])]
    return [(t["card"], t["controller"], t.get("chosen_color")) for t in tables]


def _class_of(spec, scenario: dict) -> tuple:
    subject = next(s for s in spec.subjects if s.card == scenario["permanent"][0]["card"])
    cards = [subject.card, *subject.beside]
    kind = next(iter(scenario["ask"][0]))
    return board_class(cards, "you", _chosen_of(scenario, cards)).key, kind


if __name__ == "__main__":
    sys.exit(main())
