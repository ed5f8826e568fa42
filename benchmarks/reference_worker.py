"""Run the brute-force reference (pybridge.reference) on the series-2 board with k effects; print
its answer and the time of the enumeration alone, as one JSON object.

    python -m benchmarks.reference_worker K

Each run is its own process so that the parent can kill it at the time limit: the reference has
no deadline of its own.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time

from benchmarks.boards import REPLACEMENT_SEQUENCE
from pybridge import reference as ref

# The reference keys its table by full card names.
FULL_NAMES = {"Virtue of Strength": "Virtue of Strength // Garenbrig Growth"}


def run_reference(k: int) -> dict:
    permanents = [ref.Permanent("forest", "Forest", "you")]
    effects = []
    for index, source in enumerate(REPLACEMENT_SEQUENCE[:k]):
        card = FULL_NAMES.get(source.card, source.card)
        if source.lasting:
            effects.append(ref.Effect(card, source.controller))
        else:
            permanents.append(ref.Permanent(f"effect{index}", card, source.controller))
    board = ref.Board(permanents=permanents, effects=effects)
    # Nothing on this board reflects other permanents' mana, so the could_produce fixpoint is not
    # needed: passing it empty times the enumeration of orders alone.
    nothing_yet = {p.id: set() for p in permanents}
    started = time.perf_counter()
    answer = ref.produce(board, "forest", distinct=False, could=nothing_yet)
    seconds = time.perf_counter() - started
    # Every permutation of the k effects is walked (itertools.permutations).
    return {"seconds": seconds, "answer": sorted(answer), "orders": math.factorial(k)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.reference_worker")
    parser.add_argument("k", type=int)
    args = parser.parse_args(argv)
    json.dump(run_reference(args.k), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
