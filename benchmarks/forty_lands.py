"""Forty lands and rocks (issue 12, "Done when"): 40 from outside the old library, whose mana
abilities only the Oracle compiler models, cost at most 1.5x 40 from inside it.

    python -m benchmarks.forty_lands              # measure, print the table (benchmarks/out/)
    python -m benchmarks.forty_lands --publish    # also write its section of docs/benchmarks.md
    python -m benchmarks.forty_lands --quick      # one run each: a look only

The cards are chosen from the card pool, never named here: "inside" is every land or artifact of
the library (pybridge/cards/encoded.py's library_cards: the old 209-card list and the hand
encodings) with a mana ability, all of its abilities of that group modelled, the first 40 by
name; "outside" is a seeded sample of 40 pool lands and artifacts outside it whose mana abilities
the compiler models.  Each board puts the 40 on the battlefield (alternating controllers) and
asks could_produce and produce of every one.

The measure is CPU time, not wall time (the machine is shared): a fresh process each run,
`python -m benchmarks.forty_lands --one FILE`, does in one process what `mtgasp ask FILE` does
(load the scenario, build its facts: the cards' printed facts and their compiled text, ground,
solve, read the answers) and times each step in CPU time; the parent takes the median of the
runs, and also of the whole process's user + system time (imports included).  Ground atoms are
deterministic and reported too.  The one-Forest question, timed the same way, is the floor.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from benchmarks.measure import REPO, run_process
from benchmarks.publish import write_section

OUT = REPO / "benchmarks" / "out"
COUNT = 40
SEED = 12
GOAL = 1.5
MANA_GROUP = "mana_abilities"


def _candidate(card) -> bool:
    first = card.faces[0].type_line.split("—")[0].split()
    return ("Land" in first or "Artifact" in first) and "Creature" not in first


def _mana_modelled(card, by_compiler: bool) -> bool:
    """Every mana ability of the card modelled: by the compiler alone, or by it or hand facts."""
    from pybridge.cards.coverage import ability_groups
    from pybridge.oracle.hook import card_compilation, hand_named, is_modelled
    mana = [a for a in card_compilation(card.name).abilities
            if MANA_GROUP in ability_groups(a.text, a.index)]
    if by_compiler:
        return bool(mana) and all(a.modelled and a.term not in hand_named() for a in mana)
    return bool(mana) and all(is_modelled(a) for a in mana)


def choose_cards() -> dict[str, list[str]]:
    from pybridge.cards.encoded import library_cards
    from pybridge.cards.pool import load_pool
    pool = load_pool()
    library = set(library_cards(pool))
    inside = [name for name in sorted(library)
              if (card := pool.card(name)) is not None and _candidate(card)
              and _mana_modelled(card, by_compiler=False)][:COUNT]
    outside_all = sorted(card.name for card in pool.cards()
                         if card.name not in library and _candidate(card)
                         and len(card.faces) == 1 and _mana_modelled(card, by_compiler=True))
    outside = sorted(random.Random(SEED).sample(outside_all, COUNT))
    return {"inside": inside, "outside": outside}


def board_toml(title: str, cards: list[str]) -> str:
    lines = [f"title = {json.dumps(title)}"]
    for i, card in enumerate(cards):
        lines += ["", "[[permanent]]", f'id = "p{i}"', f"card = {json.dumps(card)}",
                  f'controller = "{"you" if i % 2 == 0 else "opponent"}"']
    for i in range(len(cards)):
        lines += ["", "[[ask]]", f'could_produce = "p{i}"', "", "[[ask]]", f'produce = "p{i}"']
    return "\n".join(lines) + "\n"


def one(path: str) -> dict:
    """The steps of `mtgasp ask FILE`, in this process, each in CPU seconds."""
    started = time.process_time()
    from pybridge.read.facts import scenario_facts
    from pybridge.answer.kinds import KINDS as QUESTION_KINDS, ModelAtoms
    from pybridge.read.scenario import load_scenario
    from pybridge.solve.solver import solve_in_process
    imported = time.process_time()
    scenario = load_scenario(path)
    facts = scenario_facts(scenario)
    built = time.process_time()
    solved = solve_in_process(facts)
    atoms = ModelAtoms(solved.symbols)
    answers = [QUESTION_KINDS[a.kind].answer(atoms, a) for a in scenario.asks]
    done = time.process_time()
    return {"import_cpu_s": imported - started, "facts_cpu_s": built - imported,
            "solve_cpu_s": done - built, "answer_cpu_s": done - imported,
            "atoms": solved.stats["atoms"], "answers": len(answers)}


def measure(path: Path, repeats: int) -> dict:
    runs = []
    for _ in range(repeats):
        run_ = run_process(["-m", "benchmarks.forty_lands", "--one", str(path)])
        if run_.exit_code != 0:
            raise RuntimeError(f"{path}: {run_.stderr.strip()[-2000:]}")
        runs.append((run_, json.loads(run_.stdout)))
    med = lambda key: statistics.median(j[key] for _, j in runs)  # noqa: E731
    return {"process_cpu_s": statistics.median(r.cpu_seconds for r, _ in runs),
            "answer_cpu_s": med("answer_cpu_s"), "facts_cpu_s": med("facts_cpu_s"),
            "solve_cpu_s": med("solve_cpu_s"),
            "wall_s": statistics.median(r.wall_seconds for r, _ in runs),
            "ground_atoms": runs[0][1]["atoms"], "runs": repeats}


def run(repeats: int) -> dict:
    cards = choose_cards()
    cases = OUT / "forty_lands"
    cases.mkdir(parents=True, exist_ok=True)
    boards = {"inside": board_toml("40 lands and rocks from the library", cards["inside"]),
              "outside": board_toml("40 lands and rocks from outside the library", cards["outside"]),
              "forest": board_toml("One Forest", ["Forest"])}
    result: dict = {"cards": cards}
    for name, text in boards.items():
        path = cases / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        result[name] = measure(path, repeats)
    for key in ("process_cpu_s", "answer_cpu_s"):
        result[f"ratio_{key}"] = result["outside"][key] / result["inside"][key]
    return result


def markdown(result: dict) -> str:
    rows = [("one Forest", result["forest"]), ("40 from the library", result["inside"]),
            ("40 from outside it (compiled)", result["outside"])]
    lines = ["## Forty lands and rocks (issue 12): `python -m benchmarks.forty_lands`", "",
             "40 lands and rocks from outside the old library, whose mana abilities only the Oracle",
             "compiler models, against 40 from inside it; `could_produce` and `produce` of each, in a",
             f"fresh process each run (median of {result['inside']['runs']}).  CPU time, because the",
             "machine is shared: the process's user + system time, and the worker's own time answering",
             "(reading the cards, compiling their text, grounding, solving).  Goal: outside at most",
             f"{GOAL}x inside.", "",
             "| board | process CPU s | answering CPU s | of it: facts (compiling) | ground + solve + answers | wall s | ground atoms |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for label, m in rows:
        lines.append(f"| {label} | {m['process_cpu_s']:.2f} | {m['answer_cpu_s']:.3f} | "
                     f"{m['facts_cpu_s']:.3f} | {m['solve_cpu_s']:.3f} | {m['wall_s']:.2f} | "
                     f"{m['ground_atoms']:,} |")
    met = max(result["ratio_process_cpu_s"], result["ratio_answer_cpu_s"]) <= GOAL
    lines += ["", f"Outside : inside = {result['ratio_process_cpu_s']:.2f}x in process CPU time and "
                  f"{result['ratio_answer_cpu_s']:.2f}x in answering CPU time: goal "
                  f"{'met' if met else 'not met'}.", "",
              "Inside: " + ", ".join(result["cards"]["inside"]) + ".", "",
              "Outside: " + ", ".join(result["cards"]["outside"]) + "."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.forty_lands",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--publish", action="store_true", help="write its section of docs/benchmarks.md")
    parser.add_argument("--quick", action="store_true", help="one run each")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--one", metavar="FILE", help="time the steps of one file in this process")
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one)))
        return 0
    result = run(1 if args.quick else args.repeats)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "forty_lands.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    section = markdown(result)
    print(section)
    if args.publish:
        write_section("forty_lands", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
