"""Run one brute-force reference on the series-2 board with k effects; print its answer and time.

    python -m benchmarks.reference_worker tests K   # tests/reference.py (the tests' reference)
    python -m benchmarks.reference_worker own K     # benchmarks/reference_orders.py

Each run is its own process so that the parent can kill it at the time limit: tests/reference.py
has no deadline of its own.  The time printed is the enumeration only, not the interpreter start.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType

from benchmarks.boards import REPLACEMENT_SEQUENCE
from benchmarks.reference_orders import forest_produce, mana_string

REPO = Path(__file__).resolve().parent.parent
TESTS_REFERENCE = REPO / "pybridge" / "reference.py"
# tests/reference.py keys its table by full card names.
FULL_NAMES = {"Virtue of Strength": "Virtue of Strength // Garenbrig Growth"}


def has_tests_reference() -> bool:
    return TESTS_REFERENCE.is_file()


def load_tests_reference() -> ModuleType:
    """tests/ is not a package: import the file by its path."""
    spec = importlib.util.spec_from_file_location("mtgasp_tests_reference", TESTS_REFERENCE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up while being created
    spec.loader.exec_module(module)
    return module


def run_tests_reference(k: int) -> dict:
    ref = load_tests_reference()
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
    orders = 1
    for n in range(2, k + 1):
        orders *= n
    return {"seconds": seconds, "answer": sorted(answer), "orders": orders}


def run_own_reference(k: int, limit: float) -> dict:
    effects = [(s.card, s.controller) for s in REPLACEMENT_SEQUENCE[:k]]
    result = forest_produce(effects, limit)
    return {"seconds": result.seconds, "orders": result.orders, "finished": result.finished,
            "answer": sorted(mana_string(m) for m in result.results) if result.finished else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.reference_worker")
    parser.add_argument("which", choices=["tests", "own"])
    parser.add_argument("k", type=int)
    parser.add_argument("--limit", type=float, default=60.0)
    args = parser.parse_args(argv)
    out = run_tests_reference(args.k) if args.which == "tests" else run_own_reference(args.k, args.limit)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
