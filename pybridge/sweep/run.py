"""Running a sweep: the output file (ordered, resumable), the workers (a local process pool or a
Dask cluster), the progress bar and the summary (docs/sweep-format.md).

Vectors are written in index order whatever order the workers finish in (results that arrive
early wait in a buffer), so two runs of a spec write the same file.  A rerun with the same output
keeps the vectors already written (each checked against the spec) and does the rest.
"""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

import tqdm as tqdm_module
from tqdm import tqdm

from pybridge.errors import InputError
from pybridge.sweep.provenance import provenance
from pybridge.sweep.resume import plan_resume, verify_differs, verify_sample
from pybridge.sweep.spec import Board, SweepSpec, boards, unreduced_vector_count, vector_count
from pybridge.sweep.vectors import SCHEMA, answer_board, answer_boards, minimal_disagreement
from pybridge.sweep.toml_out import scenario_toml

BOARDS_PER_TASK = 4
NOTES_SHOWN = 5          # the commonest reasons the reference had no answer, in the summary
REQUIRED_FIELDS = ("schema", "index", "scenario", "ask", "answer", "reference", "agree", "cites")


@dataclass
class Summary:
    vectors: int = 0
    resumed: int = 0
    agree: int = 0
    disagree: int = 0
    no_reference: int = 0
    errors: int = 0
    seconds: float = 0.0
    unreduced: int | None = None    # a reduced sweep: the vectors of the sweep it stands for
    stale: int = 0                  # kept vectors of another provenance, answered again
    stale_fields: dict[str, int] = field(default_factory=dict)
    verified: int = 0               # kept vectors answered again by --verify
    verify_failed: list[tuple[int, list[str]]] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict)   # reference_note -> vectors
    disagreements: list[dict] = field(default_factory=list)
    minimal_files: list[str] = field(default_factory=list)

    def count(self, vector: dict) -> None:
        self.vectors += 1
        if "error" in vector:
            self.errors += 1
        if vector["agree"] is True:
            self.agree += 1
        elif vector["agree"] is False:
            self.disagree += 1
            self.disagreements.append(vector)
        elif "reference_note" in vector:
            self.no_reference += 1
            note = vector["reference_note"]
            self.notes[note] = self.notes.get(note, 0) + 1

    def text(self) -> str:
        done = self.vectors - self.resumed
        rate = f", {done / self.seconds:.1f} vectors/s" if self.seconds > 0 and done else ""
        of = f" (standing for {self.unreduced} of the unreduced sweep)" if self.unreduced else ""
        lines = [f"{self.vectors} vectors{of} ({self.resumed} already written, {done} new in "
                 f"{self.seconds:.1f} s{rate}): {self.agree} agree, {self.disagree} disagree, "
                 f"{self.no_reference} without a reference answer, {self.errors} errors"]
        common = sorted(self.notes.items(), key=lambda item: (-item[1], item[0]))
        lines += [f"  without a reference answer: {n} {note}" for note, n in common[:NOTES_SHOWN]]
        if len(common) > NOTES_SHOWN:
            lines.append(f"  without a reference answer: {len(common) - NOTES_SHOWN} other reasons")
        if self.stale:
            fields = ", ".join(f"{k} {n}" for k, n in sorted(self.stale_fields.items()))
            lines.append(f"  {self.stale} kept vectors had another provenance ({fields}): "
                         f"answered again, not kept")
        if self.verified:
            lines.append(f"  --verify: {self.verified} kept vectors answered again, "
                         f"{len(self.verify_failed)} differ")
        lines += [f"  kept vector {i} differs from a fresh answer in {', '.join(fields)}: the "
                  f"output can't be trusted; remove it and run again"
                  for i, fields in self.verify_failed]
        lines += [f"  disagreement: {name}" for name in self.minimal_files]
        return "\n".join(lines)


# --- the output file ---------------------------------------------------------------------------
def expected_vectors(board_list: list[Board]) -> Iterator[tuple[int, dict, dict]]:
    for board in board_list:
        for n, ask in enumerate(board.asks):
            yield board.first_vector + n, {**board.scenario, "ask": [ask]}, ask


def read_done(out: Path, board_list: list[Board]) -> tuple[list[dict], list[int]]:
    """The vectors already in `out` that belong to this sweep, and the byte offset after each
    (a truncated last line is dropped and done again; any other mismatch is bad input)."""
    if not out.exists():
        return [], []
    try:
        data = out.read_bytes()
    except OSError as err:
        raise InputError(f"{out}: cannot read: {err.strerror or err}") from None
    expected = expected_vectors(board_list)
    done: list[dict] = []
    ends: list[int] = []
    offset = 0
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, start=1):
        last = number == len(lines) or (number == len(lines) - 1 and lines[-1] == b"")
        if raw == b"" and number == len(lines):
            break
        try:
            vector = json.loads(raw)
            ok = isinstance(vector, dict) and all(k in vector for k in REQUIRED_FIELDS)
        except (ValueError, UnicodeDecodeError):
            ok = False
        complete = number < len(lines)          # a newline ends it
        if not ok or not complete:
            if last:
                break                          # the run was cut short while writing: redo it
            raise InputError(f"{out}: line {number}: not a vector of schema {SCHEMA}; "
                             f"remove the file or choose another --out")
        if vector["schema"] != SCHEMA:
            raise InputError(f"{out}: line {number}: schema {vector['schema']!r}, this mtgasp "
                             f"writes schema {SCHEMA}")
        want = next(expected, None)
        if want is None:
            raise InputError(f"{out}: line {number}: more vectors than the spec has")
        index, scenario, ask = want
        if vector["index"] != index or vector["scenario"] != scenario or vector["ask"] != ask:
            raise InputError(f"{out}: line {number}: not vector {index} of this spec (another "
                             f"spec or card library?); remove the file or choose another --out")
        done.append(vector)
        offset += len(raw) + 1
        ends.append(offset)
    return done, ends


class OrderedWriter:
    """Writes vectors in index order; results of later boards wait until the earlier ones came."""

    def __init__(self, handle, next_index: int, on_vector: Callable[[dict], None]):
        self.handle, self.next, self.on_vector = handle, next_index, on_vector
        self.waiting: dict[int, dict] = {}

    def add(self, vectors: Iterable[dict]) -> None:
        for v in vectors:
            if v["index"] >= self.next:
                self.waiting[v["index"]] = v
        while self.next in self.waiting:
            vector = self.waiting.pop(self.next)
            self.handle.write(json.dumps(vector, ensure_ascii=False, sort_keys=False) + "\n")
            self.on_vector(vector)
            self.next += 1
        self.handle.flush()


# --- the workers ---------------------------------------------------------------------------------
def _tasks(todo: list[Board]) -> list[list[tuple[int, dict, list[dict]]]]:
    batch = [(b.index, b.scenario, list(b.asks)) for b in todo]
    return [batch[i:i + BOARDS_PER_TASK] for i in range(0, len(batch), BOARDS_PER_TASK)]


def _start_worker(memory_limit: int | None, sweep: int | None = None) -> None:
    """A local worker's start: the card library and the parsed programs loaded once (as the fork
    server preloads them), and a memory cap, since the worker solves in its own process
    (answer_board's in_process).  The worker ignores SIGINT (the sweep stops it: a Ctrl-C raised
    inside clingo aborts the process with a PANIC), and ends when the sweep's process `sweep` does,
    however it ends (SIGKILL, the out-of-memory killer): multiprocessing's fork server is its
    parent, and outlives the sweep."""
    import signal
    from pybridge.cards.library import load_library, program_files
    from pybridge.solve.solver import parse_programs
    from pybridge.run.worker import limit_memory, exit_with
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sweep is not None:
        exit_with(sweep)
    load_library()
    parse_programs(program_files())
    limit_memory(memory_limit)


def _worker_ready() -> int:
    time.sleep(0.05)          # long enough that the pool hands the next one to another worker
    return os.getpid()


def local_pool(jobs: int) -> ProcessPoolExecutor:
    """The local worker processes, each started once (a caller may keep the pool for several
    sweeps, as the speed benchmark does).  Never fork a process that may have threads (tqdm's
    monitor, clingo's): fresh interpreters from a fork server."""
    from pybridge.run.worker import memory_budget
    context = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    budget = memory_budget()
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker,
                               initargs=(budget // jobs if budget else None, os.getpid()))


def warm_up(pool: ProcessPoolExecutor, jobs: int) -> None:
    """Start every worker of the pool now (a pool starts them as tasks come), so that a timed
    sweep on it measures answering, not start-up."""
    pids: set[int] = set()
    while len(pids) < jobs:
        pids |= {f.result() for f in [pool.submit(_worker_ready) for _ in range(4 * jobs)]}


def _local_results(tasks, jobs: int, pool: ProcessPoolExecutor | None = None):
    own = pool is None
    pool = local_pool(jobs) if own else pool
    try:
        futures = [pool.submit(answer_boards, task, True) for task in tasks]
        for future in as_completed(futures):
            yield future.result()
    except BaseException:
        # Stopping (a signal, a full disk): the boards running now are not waited for.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


# Seconds to reach the scheduler, and to go on with no worker at it, before saying so.
DASK_CONNECT_SECONDS = 5
DASK_NO_WORKER_SECONDS = 10


# Boards one worker answers in turn (worker.run_each), each within the sweep's --timeout.
BOARDS_PER_RUN = 16


def _failed_board(index: int, scenario: dict, asks: list[dict], why: Exception) -> tuple:
    """The vectors of a board that got no answer (time or memory ran out, its worker died)."""
    from pybridge.sweep.vectors import SCHEMA
    cites = sorted(set(scenario.get("cites", [])))
    return index, [{"schema": SCHEMA, "scenario": {**scenario, "ask": [ask]}, "ask": ask,
                    "answer": None, "reference": None, "agree": None, "cites": cites,
                    "error": str(why)} for ask in asks]


def _bounded_results(tasks, jobs: int, timeout: float):
    """The boards answered (solver and reference) in the workers `check` uses: each board
    within timeout seconds, the workers sharing the memory budget; a board that runs out of
    either gets vectors with an error, and the sweep goes on."""
    from concurrent.futures import ThreadPoolExecutor
    from pybridge.run import worker
    boards_list = [board for task in tasks for board in task]
    budget = worker.memory_budget()
    memory_limit = budget // jobs if budget else None
    size = max(1, min(BOARDS_PER_RUN, -(-len(boards_list) // jobs)))
    runs = [boards_list[i:i + size] for i in range(0, len(boards_list), size)]
    worker.start()
    threads = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {threads.submit(worker.run_each, answer_boards, [([board], True) for board in run],
                                  timeout, memory_limit): run for run in runs}
        for future in as_completed(futures):
            yield [value[0] if not isinstance(value, Exception) else _failed_board(*board, value)
                   for board, value in zip(futures[future], future.result())]
    finally:
        threads.shutdown(wait=False, cancel_futures=True)


def _dask_results(tasks, address: str):
    """The tasks' results from a Dask cluster, as they finish; a scheduler that can't be reached
    or dies, or a cluster with no worker for DASK_NO_WORKER_SECONDS, is a one-line error."""
    try:
        from distributed import Client, wait
    except ImportError:
        raise InputError("--scheduler needs Dask distributed: pip install 'mtgasp[sweep]'") from None
    _quiet_distributed()
    try:
        client = Client(address, timeout=DASK_CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as err:
        raise InputError(f"--scheduler {address}: cannot connect: {err}") from None
    with client:
        try:
            yield from _dask_loop(client, tasks, wait)
        except InputError:
            raise
        except Exception as err:   # the scheduler went away: distributed's errors, as one line
            why = str(err).split(". Futures:")[0][:200]
            raise InputError(f"--scheduler {address}: the sweep stopped: "
                             f"{type(err).__name__}: {why}") from None


def _quiet_distributed() -> None:
    """distributed logs every lost connection with its traceback (its own handlers, set up as it
    is imported): the sweep says what happened in one line instead."""
    import logging
    for name in list(logging.root.manager.loggerDict):
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).disabled = True
    for handler in logging.getLogger("distributed").handlers:
        handler.setLevel(logging.CRITICAL + 1)


def _dask_loop(client, tasks, wait):
    futures = set(client.map(answer_boards, tasks, pure=False))
    idle_since = None
    while futures:
        try:
            done, futures = wait(futures, timeout=1, return_when="FIRST_COMPLETED")
        except TimeoutError:         # (distributed's, a TimeoutError): nothing finished yet
            done = set()
        for future in done:
            yield future.result()
            future.release()
        if done:
            idle_since = None
            continue
        if client.status != "running":
            raise InputError(f"the Dask scheduler went away ({client.status})")
        if client.scheduler_info().get("workers"):
            idle_since = None
        elif idle_since is None:
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > DASK_NO_WORKER_SECONDS:
            raise InputError(f"the Dask scheduler has had no worker for "
                             f"{DASK_NO_WORKER_SECONDS} s: start one (dask worker ADDRESS)")


def run_sweep(spec: SweepSpec, out: Path, jobs: int = 1, scheduler: str | None = None,
              progress: bool | None = None, pool: ProcessPoolExecutor | None = None,
              timeout: float | None = None, verify: int = 0, seed: int = 0) -> Summary:
    """Answer every vector of the spec not yet in `out` (or kept there with another provenance),
    and answer again a sample of `verify` kept ones (seeded by `seed`) to compare.  Local boards
    are answered in bounded workers, each within timeout seconds (None: DEFAULT_TIMEOUT).
    `pool`: local worker processes to use (and leave running) instead, answering unbounded in
    time (the speed benchmark's)."""
    board_list = boards(spec)
    total = vector_count(board_list)
    done, ends = read_done(out, board_list)
    plan = plan_resume(done, board_list, provenance())
    offset = ends[plan.prefix - 1] if plan.prefix else 0
    summary = Summary(unreduced=unreduced_vector_count(board_list) if spec.reduce else None,
                      stale=plan.stale_count, stale_fields=dict(plan.stale))
    for vector in done[:plan.prefix]:
        summary.count(vector)
    summary.resumed = plan.prefix + len(plan.later)
    first = plan.prefix
    # A board is done again if any of its vectors is missing; only the missing ones are written.
    todo = plan.todo
    checks, sampled = verify_sample(done, plan, board_list, verify, seed) if verify else ([], set())
    checked = {b.index for b in checks}
    tqdm_module.tqdm.monitor_interval = 0
    started = time.perf_counter()
    try:
        if out.exists():
            os.truncate(out, offset)           # drop a line cut short, if any
        handle = open(out, "a", encoding="utf-8")
    except OSError as err:
        raise InputError(f"--out {out}: cannot write: {err.strerror or err}") from None
    with handle, tqdm(total=total, initial=first, desc="vectors", unit="vector", file=sys.stderr,
                      disable=(not progress) if progress is not None else None,
                      smoothing=0.1) as bar:
        def on_vector(vector):
            summary.count(vector)
            bar.update(1)

        writer = OrderedWriter(handle, first, on_vector)
        writer.waiting.update(plan.later)
        writer.add([])                         # kept vectors right after the cut, if any
        tasks = _tasks(todo) + _tasks(checks)
        if scheduler:
            results = _dask_results(tasks, scheduler)
        elif pool is not None:
            results = _local_results(tasks, jobs, pool)
        else:
            from pybridge.run.worker import DEFAULT_TIMEOUT
            results = _bounded_results(tasks, jobs, DEFAULT_TIMEOUT if timeout is None else timeout)
        for batch in results:
            for index, vectors in batch:
                board = board_list[index]
                if index in checked:
                    _compare(summary, done, board, vectors, sampled)
                    continue
                # the schema's field order: schema, index (stands_for, reduced), then the rest
                reduced = {"stands_for": board.stands_for} if spec.reduce else {}
                writer.add({"schema": v["schema"], "index": board.first_vector + n, **reduced, **v}
                           for n, v in enumerate(vectors))
    summary.seconds = time.perf_counter() - started
    if summary.vectors != total:
        raise RuntimeError(f"{summary.vectors} of {total} vectors written")
    write_minimal(out, summary)
    return summary


def _compare(summary: Summary, done: list[dict], board: Board, fresh: list[dict],
             sampled: set[int]) -> None:
    """--verify: a sampled kept vector against a fresh answer to its board; one that differs is
    reported and no longer counted as an agreement (or a disagreement)."""
    for n, vector in enumerate(fresh):
        index = board.first_vector + n
        if index not in sampled:
            continue
        summary.verified += 1
        kept = done[index]
        fields = verify_differs(kept, vector)
        if fields:
            summary.verify_failed.append((index, fields))
            if kept["agree"] is True:
                summary.agree -= 1
            elif kept["agree"] is False:
                summary.disagree -= 1
                summary.disagreements = [v for v in summary.disagreements if v["index"] != index]


def minimal_path(out: Path, index: int) -> Path:
    return out.with_name(f"{out.stem}.disagreement-{index:06d}.toml")


def write_minimal(out: Path, summary: Summary) -> None:
    """A minimal scenario for each disagreement, beside the output."""
    for vector in summary.disagreements:
        path = minimal_path(out, vector["index"])
        scenario = dict(vector["scenario"])
        ask = vector["ask"]
        base = {k: v for k, v in scenario.items() if k != "ask"}
        minimal = minimal_disagreement(base, ask) or base
        again = answer_board(minimal, [ask])[0]
        comment = [f"vector {vector['index']} of {out.name}, effects dropped while it still disagrees",
                   f"mtgasp:    {json.dumps(again['answer'])}",
                   f"reference: {json.dumps(again['reference'])}"]
        path.write_text(scenario_toml({**minimal, "ask": [ask]}, comment), encoding="utf-8")
        summary.minimal_files.append(str(path))
