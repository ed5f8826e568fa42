"""The three benchmark series: build each case, time it in fresh processes, check its answers."""
from __future__ import annotations

import statistics
from dataclasses import asdict
from pathlib import Path
from typing import Callable

from benchmarks.boards import REPLACEMENT_SEQUENCE, Board, copy_board, mana_board, replacement_board
from benchmarks.measure import (PROCESS_LIMIT_SECONDS, CaseTiming, profile_atoms, run_reference,
                                state_graph_counts, time_case)

BOARD_SIZES = (100, 500, 1000, 2000, 5000)
EFFECT_COUNTS = tuple(range(1, len(REPLACEMENT_SEQUENCE) + 1))
COPY_SIZES = (500, 1000, 2000)
REFERENCE_LIMIT_SECONDS = 60.0
# A reference run shorter than this is repeated like the solver runs and its median kept; a
# longer one is run once (it is deterministic and its time is far from the solver's).
REFERENCE_REPEAT_BELOW_SECONDS = 1.0

Progress = Callable[[str], None]


def _quiet(_: str) -> None:
    pass


def _write_case(board: Board, cases: Path, name: str) -> Path:
    cases.mkdir(parents=True, exist_ok=True)
    path = cases / f"{name}.toml"
    path.write_text(board.to_toml(), encoding="utf-8")
    return path


def _timing_row(timing: CaseTiming) -> dict:
    row = asdict(timing)
    row.pop("last_output")
    return row


def board_size_series(sizes: tuple[int, ...], repeats: int, cases: Path,
                      progress: Progress = _quiet,
                      cli_limit: float = PROCESS_LIMIT_SECONDS) -> list[dict]:
    """Series 1: could_produce of every permanent on boards of n permanents."""
    rows = []
    for n in sizes:
        progress(f"series 1: n = {n}")
        timing = time_case(_write_case(mana_board(n), cases, f"mana_board_{n}"), repeats, cli_limit)
        answers = timing.last_output["answers"]
        rows.append({
            "n": n,
            "permanents": timing.last_output["permanents"],
            "asks": timing.last_output["asks"],
            "answered": sum(1 for _, _, answer in answers if isinstance(answer, list)),
            "producing": sum(1 for _, _, answer in answers if answer),
            **_timing_row(timing),
        })
    return rows


# One brute-force reference, the one the tests use too.
REFERENCE_FILES = {"reference": "pybridge/reference/"}


def reference_names() -> list[str]:
    return list(REFERENCE_FILES)


def replacement_series(counts: tuple[int, ...], repeats: int, cases: Path,
                       reference_limit: float = REFERENCE_LIMIT_SECONDS,
                       progress: Progress = _quiet,
                       cli_limit: float = PROCESS_LIMIT_SECONDS) -> list[dict]:
    """Series 2: produce of a Forest under k replacement effects, solver against brute force."""
    rows = []
    names = reference_names()
    gave_up_at: dict[str, int] = {}
    for k in counts:
        progress(f"series 2: k = {k}")
        case = _write_case(replacement_board(k), cases, f"replacement_{k}")
        timing = time_case(case, repeats, cli_limit)
        solver_answer = sorted(timing.last_output["answers"][0][2])
        row = {"k": k, "effects": [s.card for s in REPLACEMENT_SEQUENCE[:k]],
               "results": len(solver_answer), "solver_answer": solver_answer,
               **_timing_row(timing), "state_graph": state_graph_counts(case), "references": {}}
        for name in names:
            if name in gave_up_at:
                # About k! orders: if k-1 effects ran out of time, k effects will too.
                row["references"][name] = {
                    "file": REFERENCE_FILES[name], "finished": False, "seconds": None,
                    "orders": None, "answer": None,
                    "note": f"not run: k = {gave_up_at[name]} already took over {reference_limit:g} s"}
                continue
            progress(f"series 2: k = {k}, reference {REFERENCE_FILES[name]}")
            result = _reference(name, k, repeats, reference_limit)
            row["references"][name] = result
            if not result["finished"]:
                gave_up_at[name] = k
        rows.append(row)
    return rows


def _reference(name: str, k: int, repeats: int, limit: float) -> dict:
    first = run_reference(k, limit)
    if first is None:
        return {"file": REFERENCE_FILES[name], "finished": False, "seconds": None, "orders": None,
                "answer": None, "note": f"stopped at {limit:g} s"}
    seconds = [first["seconds"]]
    if first["seconds"] < REFERENCE_REPEAT_BELOW_SECONDS:
        for _ in range(repeats - 1):
            again = run_reference(k, limit)
            if again is not None:
                seconds.append(again["seconds"])
    return {"file": REFERENCE_FILES[name], "finished": True, "seconds": statistics.median(seconds),
            "runs": len(seconds), "orders": first["orders"], "answer": first["answer"],
            "peak_mb": first["peak_mb"], "note": ""}


def finish_replacement_rows(rows: list[dict]) -> None:
    """Agreement and speed-up against each reference, where it finished."""
    for row in rows:
        for ref in row["references"].values():
            if ref["finished"]:
                ref["agree"] = sorted(ref["answer"]) == sorted(row["solver_answer"])
                ref["speedup"] = ref["seconds"] / row["ground_solve_seconds"]
            else:
                ref["agree"] = None
                ref["speedup"] = None


def copy_series(sizes: tuple[int, ...], kind: str, repeats: int, cases: Path,
                progress: Progress = _quiet,
                cli_limit: float = PROCESS_LIMIT_SECONDS) -> list[dict]:
    """Series 3: copies of copies and face-down permanents, `kind` asked of every permanent."""
    rows = []
    for n in sizes:
        progress(f"series 3: n = {n} ({kind})")
        timing = time_case(_write_case(copy_board(n, kind), cases, f"copy_board_{n}"), repeats,
                           cli_limit)
        answers = timing.last_output["answers"]
        rows.append({"n": n, "kind": kind, "permanents": timing.last_output["permanents"],
                     "asks": timing.last_output["asks"],
                     "answered": sum(1 for _, _, answer in answers if answer is not None),
                     **_timing_row(timing)})
    return rows


def grounding_profile(sizes: tuple[int, ...], cases: Path, top: int = 15,
                      family: str = "mana_board") -> dict:
    """Ground atoms per predicate on boards of the given sizes: which predicates grow how.
    `family` is mana_board (sizes are N) or replacement (sizes are k)."""
    build = {"mana_board": mana_board, "replacement": replacement_board}[family]
    per_size = {n: profile_atoms(_write_case(build(n), cases, f"{family}_{n}")) for n in sizes}
    largest = per_size[max(sizes)]
    names = sorted(largest, key=largest.get, reverse=True)[:top]
    return {"sizes": list(sizes),
            "predicates": [{"predicate": name, **{str(n): per_size[n].get(name, 0) for n in sizes}}
                           for name in names],
            "totals": {str(n): sum(per_size[n].values()) for n in sizes}}
