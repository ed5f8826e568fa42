"""Running clingo on the logic programs plus a scenario's facts.

Grounding has no timeout of its own, so a bounded run happens in a worker process that is killed
when time runs out; that turns both a long grounding and a long search into SolverTimeout, never
into an empty answer.
"""
from __future__ import annotations

import multiprocessing as mp
import time
from dataclasses import dataclass, field
from pathlib import Path

import clingo

from pybridge.errors import SolverTimeout
from pybridge.library import program_files


class SolverError(Exception):
    """The logic programs themselves failed (a bug in asp/, not in the scenario)."""


@dataclass
class SolveResult:
    symbols: list[clingo.Symbol]
    stats: dict = field(default_factory=dict)


def solve_in_process(facts: list[clingo.Symbol], files: list[Path] | None = None,
                     shown_only: bool = True) -> SolveResult:
    """Ground and solve here; the programs are deterministic, so there is one answer set."""
    messages: list[str] = []
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg))
    started = time.perf_counter()
    try:
        for path in files or program_files():
            ctl.load(str(path))
        with ctl.backend() as backend:
            for sym in facts:
                backend.add_rule([backend.add_atom(sym)])
        ctl.ground([("base", [])])
    except RuntimeError as err:
        raise SolverError("; ".join(messages) or str(err)) from None
    grounded = time.perf_counter()
    found: list[list[clingo.Symbol]] = []
    result = ctl.solve(on_model=lambda m: found.append(m.symbols(shown=shown_only, atoms=not shown_only)))
    solved = time.perf_counter()
    if not result.satisfiable or not found:
        raise SolverError("the logic programs have no answer set for this scenario")
    summary = ctl.statistics.get("problem", {}).get("lp", {})
    stats = {
        "ground_seconds": grounded - started,
        "solve_seconds": solved - grounded,
        "atoms": int(summary.get("atoms", 0)),
        "rules": int(summary.get("rules", 0)),
    }
    return SolveResult(symbols=found[-1], stats=stats)


def _worker(conn, fact_texts: list[str], shown_only: bool) -> None:
    try:
        facts = [clingo.parse_term(t) for t in fact_texts]
        res = solve_in_process(facts, shown_only=shown_only)
        conn.send(("ok", [str(s) for s in res.symbols], res.stats))
    except SolverError as err:
        conn.send(("error", str(err), {}))
    except BaseException as err:  # report, never hang the parent
        conn.send(("error", f"{type(err).__name__}: {err}", {}))
    finally:
        conn.close()


def solve(facts: list[clingo.Symbol], timeout: float | None = None,
          shown_only: bool = True) -> SolveResult:
    """Solve with a time limit (seconds) covering grounding and solving; None means no limit."""
    if timeout is None:
        return solve_in_process(facts, shown_only=shown_only)
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    # Symbols cross the process boundary as text; they were made by facts.py, so parse_term
    # reads back exactly the same terms.
    proc = ctx.Process(target=_worker, args=(child, [str(f) for f in facts], shown_only),
                       daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(timeout):
            raise SolverTimeout(f"no answer within {timeout:g} s")
        status, payload, stats = parent.recv()
    except EOFError:
        raise SolverError("the solver process ended without an answer (out of memory?)") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
    if status != "ok":
        raise SolverError(payload)
    return SolveResult(symbols=[clingo.parse_term(s) for s in payload], stats=stats)
