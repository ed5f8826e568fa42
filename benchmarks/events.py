"""Events on a board: what an event costs as the board grows, and as events pile up (the goals of
the moving parts: an event on 1,000 permanents at most 2x one on 10; 30 events on 1,000 at most
3x one).

    python -m benchmarks.events              # measure, print the table (benchmarks/out/)
    python -m benchmarks.events --publish    # also write its section of docs/benchmarks.md
    python -m benchmarks.events --quick      # one run each: a look only

Each board is N Forests on the battlefield and E Grizzly Bears in hand, then E events, each
putting one Bears onto the battlefield, and one `zone` question.  Each run is a whole `mtgasp
ask` process (python -m pybridge ask FILE): reading, every step's grounding and solving (the
event, then the state-based actions it may cause, 704.3), the question; the table gives the
median wall and CPU time of the runs (the process and the workers it waited for) and the highest
one-minute load average they ran under.
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from benchmarks.measure import REPO, run_process
from benchmarks.publish import load_average, write_section

OUT = REPO / "benchmarks" / "out"
SIZES = ((10, 1), (1000, 1), (10, 30), (1000, 30))      # (permanents, events)
RUNS = 5


def board(permanents: int, events: int) -> str:
    lines = ['title = "Bears entering a board of Forests"', "[game]", 'players = ["you", "opponent"]']
    for i in range(permanents):
        lines += ["[[permanent]]", f'id = "forest{i}"', 'card = "Forest"']
    for e in range(events):
        lines += ["[[card]]", f'id = "bears{e}"', 'card = "Grizzly Bears"', 'zone = "hand"']
    for e in range(events):
        lines += ["[[event]]", f'enter = ["bears{e}"]']
    lines += ["[[ask]]", 'zone = "bears0"', 'expect = "battlefield"']
    return "\n".join(lines) + "\n"


def measure(runs: int) -> list[dict]:
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for permanents, events in SIZES:
            path = Path(folder) / f"board_{permanents}_{events}.toml"
            path.write_text(board(permanents, events), encoding="utf-8")
            walls, cpus, loads = [], [], []
            for _ in range(runs):
                loads.append(load_average())
                done = run_process(["-m", "pybridge", "ask", str(path)])
                if done.exit_code != 0:
                    raise SystemExit(f"{path.name}: exit {done.exit_code}: {done.stderr or done.stdout}")
                walls.append(done.wall_seconds)
                cpus.append(done.cpu_seconds)
            results.append({"permanents": permanents, "events": events, "runs": runs,
                            "wall_median": statistics.median(walls),
                            "cpu_median": statistics.median(cpus), "load": max(loads)})
    return results


def table(results: list[dict]) -> str:
    by = {(r["permanents"], r["events"]): r["wall_median"] for r in results}
    rows = ["| permanents | events | wall s (median) | CPU s (median) | load (1 min, highest) |",
            "| ---: | ---: | ---: | ---: | ---: |"]
    rows += [f"| {r['permanents']:,} | {r['events']} | {r['wall_median']:.2f} | {r['cpu_median']:.2f} "
             f"| {r['load']:.2f} |" for r in results]
    size_ratio = by[(1000, 1)] / by[(10, 1)]
    pile_ratio = by[(1000, 30)] / by[(1000, 1)]
    rows += ["", f"One event on 1,000 permanents against one on 10: {size_ratio:.1f}x (goal: at most 2x).",
             f"30 events on 1,000 permanents against one: {pile_ratio:.1f}x (goal: at most 3x)."]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.events", description=__doc__.split("\n")[0])
    parser.add_argument("--publish", action="store_true", help="also write docs/benchmarks.md's section")
    parser.add_argument("--quick", action="store_true", help="one run each: a look, not a measurement")
    args = parser.parse_args(argv)
    results = measure(1 if args.quick else RUNS)
    text = table(results)
    print(text)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "events.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    if args.publish:
        write_section("events", "## Events on a board: `python -m benchmarks.events`\n\n" + text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
