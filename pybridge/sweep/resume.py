"""Resuming a sweep without trusting it blindly (docs/sweep-format.md, "Resuming"): which kept
vectors stay (their provenance is this run's), which are answered again (another mtgasp, other
logic programs, card data or rules), and the seeded sample `--verify N` answers again to compare.

The output stays in index order: the file is cut before the first kept vector whose provenance
differs; the kept vectors after the cut whose boards need nothing new wait in the ordered writer
and are written again as they were; every other board after the cut is answered again.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pybridge.sweep.provenance import differences
from pybridge.sweep.spec import Board

# what a fresh answer must repeat for a kept vector to pass --verify
VERIFIED_FIELDS = ("answer", "reference", "agree", "cites", "reference_note", "error")


@dataclass
class ResumePlan:
    prefix: int                                  # kept vectors left in place at the file's start
    later: dict[int, dict]                       # kept vectors after the cut, by index
    todo: list[Board]                            # boards to answer (again)
    stale: Counter = field(default_factory=Counter)   # provenance field -> kept vectors dropped
    stale_count: int = 0


def plan_resume(done: list[dict], board_list: list[Board], current: dict[str, str]) -> ResumePlan:
    """`done`: the vectors of the output file, in index order from 0 (read_done checked each
    against the spec)."""
    stale = Counter()
    stale_indices: set[int] = set()
    for vector in done:
        diff = differences(vector.get("provenance"), current)
        if diff:
            stale_indices.add(vector["index"])
            stale.update(diff)
    prefix = min(stale_indices, default=len(done))
    kept = {v["index"] for v in done} - stale_indices
    todo, later = [], {}
    for board in board_list:
        indices = range(board.first_vector, board.first_vector + len(board.asks))
        if board.first_vector + len(board.asks) <= prefix:
            continue
        if all(i in kept for i in indices) and board.first_vector >= prefix:
            later.update({i: done[i] for i in indices})
        else:
            todo.append(board)
    return ResumePlan(prefix, later, todo, stale, len(stale_indices))


def verify_sample(done: list[dict], plan: ResumePlan, board_list: list[Board], n: int,
                  seed: int) -> tuple[list[Board], set[int]]:
    """A seeded sample of `n` kept vectors (all of them if fewer), and the boards that answer
    them again (none of which is being answered anyway)."""
    redone = {b.index for b in plan.todo}
    owner = {i: b for b in board_list
             for i in range(b.first_vector, b.first_vector + len(b.asks))}
    keepers = sorted(i for i in [*range(plan.prefix), *plan.later] if owner[i].index not in redone)
    chosen = set(random.Random(seed).sample(keepers, min(n, len(keepers))))
    return sorted({owner[i].index: owner[i] for i in chosen}.values(), key=lambda b: b.index), chosen


def verify_differs(kept: dict, fresh: dict) -> list[str]:
    """The fields a fresh answer to a kept vector's board gives otherwise."""
    return [f for f in VERIFIED_FIELDS if kept.get(f) != fresh.get(f)]
