"""Reliability under load and faults (issue 17): parallel checks never deadlock, signals stop the
command at once with the conventional status and no survivor, the time-out bounds the whole
question, memory limits are the ones in force, and bad input through the API is one InputError."""
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pybridge import InputError, ask, build_scenario, parse_scenario
from pybridge.answer.answering import MAX_SCENARIO_BYTES, answer_question
from pybridge.run.worker import DEFAULT_TIMEOUT
from pybridge.run.worker import run

from benchmarks.soak import alive, family

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
CLI = [sys.executable, "-m", "pybridge"]

# A Forest under 27 replacement effects, nine distinct ones three times each, beside 20,000
# Grizzly Bears: since issue 11 the effects alone solve in about a second, so the bears make the
# grounding last several seconds (about 0.4 ms a permanent, docs/benchmarks.md), and a command
# asked about the board is still solving whenever a signal is sent.
SLOW_EFFECTS = [("Mana Reflection", "you"), ("Nyxbloom Ancient", "you"),
                ("Virtue of Strength", "you"), ("Contamination", "opponent"),
                ("Infernal Darkness", "opponent"), ("Damping Sphere", "opponent"),
                ("Pulse of Llanowar", "you"), ("Reality Twist", "opponent"),
                ("Naked Singularity", "opponent")] * 3
SLOW_BEARS = 20_000


def slow_board() -> str:
    lines = ['title = "a Forest under 27 replacement effects"',
             "[[permanent]]", 'id = "forest"', 'card = "Forest"']
    for n, (card, controller) in enumerate(SLOW_EFFECTS):
        lines += ["[[permanent]]", f'id = "effect{n}"', f'card = "{card}"',
                  f'controller = "{controller}"']
    for n in range(SLOW_BEARS):
        lines += ["[[permanent]]", f'id = "bear{n}"', 'card = "Grizzly Bears"']
    lines += ["[[ask]]", 'produce = "forest"']
    return "\n".join(lines) + "\n"


# --- processes, read from /proc (no process is ever looked up or killed by name): the soak
# benchmark's readers, so both watch processes the same way ---
def descendants(pid: int) -> set[int]:
    return family(pid) - {pid}


def wait_for(condition, seconds: float) -> bool:
    """Poll condition for up to `seconds`; whether it came true (not a timed assertion: the
    bound only keeps a broken build from hanging the suite)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def start_solving(argv: list[str]) -> tuple[subprocess.Popen, set[int]]:
    """The CLI in a subprocess, once a worker is solving: its worker (`ask`), or the fork server
    and its workers (`check`)."""
    proc = subprocess.Popen([*CLI, *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)

    def started() -> bool:
        # `ask` forks its one worker itself; for `check` the fork server is the CLI's child and
        # the workers are the server's.
        children = descendants(proc.pid)
        return bool(children) if argv[0] == "ask" else any(descendants(c) for c in children)

    assert wait_for(started, 60), "no worker started"
    time.sleep(0.2)    # well inside the solving
    return proc, descendants(proc.pid)


# --- 1. no deadlock: check -j 8, many times, over copies of queries/ ---
def test_parallel_check_answers_what_a_serial_run_answers(tmp_path):
    """Workers never inherit a lock held by another thread of the parent (they are forked by a
    single-threaded fork server), so a parallel check answers every file, run after run.  The
    smallest 80 scenarios of queries/, three times over, two runs; every one of them is answered
    by a serial run (tests/test_scenarios.py).  (benchmarks/soak.py runs it at length.)"""
    files = sorted(QUERIES.rglob("*.toml"), key=lambda p: (p.stat().st_size, str(p)))[:80]
    for copy in ("a", "b", "c"):
        for path in files:
            target = tmp_path / copy / path.relative_to(QUERIES)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    tables = set()
    for _ in range(2):
        done = subprocess.run([*CLI, "check", str(tmp_path), "-j", "8", "--timeout", "30", "-v"],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
        rows = [line for line in done.stdout.splitlines() if "  " in line]
        assert not [row for row in rows if row.startswith(("unknown", "error"))], done.stdout
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        assert re.search(r"\(240 files\)$", done.stdout.strip())
        tables.add(done.stdout)
    assert len(tables) == 1


# --- 2. signals: stop at once, conventional status, one line, no survivor ---
@pytest.mark.parametrize("command", ["ask", "check"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_the_command_and_its_workers(tmp_path, command, signum):
    board = tmp_path / "slow.toml"
    board.write_text(slow_board())
    if command == "check":
        shutil.copyfile(board, tmp_path / "slow2.toml")
        argv = ["check", str(tmp_path), "-j", "2"]
    else:
        argv = ["ask", str(board)]
    proc, family = start_solving(argv)
    proc.send_signal(signum)
    time.sleep(0.05)
    proc.send_signal(signum)          # a second signal must not bring a traceback
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signum
    assert err == f"mtgasp: stopped by {signal.Signals(signum).name}\n"
    assert out == ""
    assert family and wait_for(lambda: not any(alive(pid) for pid in family), 10), \
        [pid for pid in family if alive(pid)]


def test_a_killed_command_leaves_no_worker(tmp_path):
    """SIGKILL can't be handled: the worker dies with its parent (PR_SET_PDEATHSIG, and the pipe
    it watches), so nothing runs on at 100% CPU."""
    board = tmp_path / "slow.toml"
    board.write_text(slow_board())
    proc, family = start_solving(["ask", str(board)])
    proc.kill()
    proc.communicate(timeout=30)
    assert family and wait_for(lambda: not any(alive(pid) for pid in family), 10), \
        [pid for pid in family if alive(pid)]


# --- 3. the time-out bounds the whole question; input size is capped ---
def test_a_file_too_big_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as out:
        out.truncate(50 * 2 ** 20)
    done = subprocess.run([*CLI, "ask", str(path), "--timeout", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == (f"mtgasp: {path}: the file has {50 * 2 ** 20:,} bytes; a scenario may "
                           f"have at most {MAX_SCENARIO_BYTES:,} (16 MiB)\n")


def big_board_text(permanents: int) -> str:
    lines = ['title = "many Forests"']
    for n in range(permanents):
        lines += ["[[permanent]]", f'id = "p{n}"', 'card = "Forest"']
    lines += ["[[ask]]", 'produce = "p0"']
    return "\n".join(lines) + "\n"


def test_the_timeout_covers_reading_the_file(tmp_path):
    """Reading and validating a big file happens in the timed worker: a time-out spent reading
    is unknown (exit 3) and says so."""
    path = tmp_path / "big.toml"
    path.write_text(big_board_text(200_000))      # about 8 MB
    assert path.stat().st_size < MAX_SCENARIO_BYTES
    done = subprocess.run([*CLI, "ask", str(path), "--timeout", "0.5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    assert done.stdout == f"{path}: unknown: no answer within 0.5 s (while reading the scenario)\n"
    done = subprocess.run([*CLI, "check", str(path), "--timeout", "0.5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 3
    assert f"unknown  {path}  no answer within 0.5 s (while reading the scenario)" in done.stdout


def test_the_api_has_a_finite_default_timeout_and_solves_in_a_worker():
    import inspect
    assert inspect.signature(ask).parameters["timeout"].default == DEFAULT_TIMEOUT == 120
    worker_pid = run(os.getpid, (), 60, None)
    assert worker_pid != os.getpid()


def worker_address_space() -> int:
    """The address space of a fresh worker, in bytes (as the worker itself reads it)."""
    status = run(Path.read_text, (Path("/proc/self/status"),), 60, None)
    return int(re.search(r"VmSize:\s+(\d+) kB", status).group(1)) * 1024


def test_running_out_of_memory_reports_the_limit_in_force():
    limit = worker_address_space() + 32 * 2 ** 20
    board = build_scenario({"permanent": [{"id": f"p{n}", "card": "Forest"} for n in range(50_000)],
                            "ask": [{"produce": "p0"}]})
    result, rendered = answer_question(board, timeout=600, memory_limit=limit)
    assert result.timed_out and rendered is None
    assert [r.answer for r in result.results] == ["unknown"]
    assert result.unknown_reason == f"out of memory (limit {limit / 2**30:.2f} GiB)"


LOWER_LIMIT_CHECK = """
import resource, sys
from pybridge import ask
board = {"permanent": [{"id": f"p{n}", "card": "Forest"} for n in range(50_000)],
         "ask": [{"produce": "p0"}]}
soft = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (soft, resource.getrlimit(resource.RLIMIT_AS)[1]))
print(ask(board, timeout=600).unknown_reason)
"""


def test_a_lower_limit_already_in_force_is_kept_and_reported():
    """The API's default memory limit never raises a lower one the caller set (ulimit -v), and
    the message states the one in force, not the machine's budget."""
    soft = worker_address_space() + 32 * 2 ** 20
    done = subprocess.run([sys.executable, "-c", LOWER_LIMIT_CHECK, str(soft)], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == f"out of memory (limit {soft / 2**30:.2f} GiB)\n"


def test_check_divides_the_memory_budget_among_its_workers(monkeypatch):
    from pybridge import cli
    seen = []
    monkeypatch.setattr(cli, "memory_budget", lambda: 8 * 2 ** 30)
    monkeypatch.setattr(cli, "answer_files", lambda paths, timeout, memory_limit, on_done:
                        seen.append(memory_limit) or [InputError("stand-in") for _ in paths])
    cli.main(["check", str(QUERIES / "produce"), "-j", "4"])
    assert seen and set(seen) == {2 * 2 ** 30}


# --- 4. bad input through the API: one InputError, one line ---
FOREST = {"permanent": [{"id": "f", "card": "Forest"}], "ask": [{"produce": "f"}]}


def deep_list(depth: int) -> list:
    top = inner = []
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


@pytest.mark.parametrize("doc, message", [
    ({**FOREST, "permanent": [{"id": "f", "card": "Forest", "noted_name": "\ud800"}]},
     "noted_name contains a lone surrogate"),
    ({**FOREST, "permanent": [{"id": "f", "card": "Forest", "chosen_type": "Elf\u0000x"}]},
     "chosen_type contains a NUL character"),
    ({**FOREST, "permanent": [{"id": "f", "card": "Forest", "counters": {"+1/+1\u0000": 1}}]},
     "a counter kind contains a NUL character"),
    ({**FOREST, "title": "a\u0000b"}, "title contains a NUL character"),
    ({**FOREST, "permanent": deep_list(100_000)}, "nested too deeply"),
    ({**FOREST, "permanent": [{"id": "f", "card": "Forest", "noted_name": deep_list(100_000)}]},
     "nested too deeply"),
])
def test_bad_python_data_is_one_input_error(doc, message):
    with pytest.raises(InputError, match=re.escape(message)) as err:
        ask(doc)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("timeout", [math.nan, -1, 0, "soon", True, None.__class__])
def test_bad_timeouts_are_input_errors(timeout):
    with pytest.raises(InputError, match="timeout must be"):
        ask(FOREST, timeout=timeout)


def test_endless_timeout_still_answers_in_a_worker():
    assert ask(FOREST, timeout=math.inf).answer() == ["{G}"]
    assert ask(FOREST, timeout=None).answer() == ["{G}"]


def test_a_nul_in_a_file_is_bad_input_with_its_line(tmp_path):
    text = 'title = "t"\n[[permanent]]\nid = "e"\ncard = "Llanowar Elves"\n' \
           'chosen_type = "Elf\\u0000x"\n[[ask]]\ncould_produce = "e"\n'
    with pytest.raises(InputError, match=r"t.toml: line 5: chosen_type contains a NUL"):
        parse_scenario(text, "t.toml")
    path = tmp_path / "t.toml"
    path.write_text(text)
    done = subprocess.run([*CLI, "ask", str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "chosen_type contains a NUL character" in done.stderr


# --- 5. a run of jobs in one worker (check's files): each outcome its own ---
def test_a_run_of_jobs_shares_a_worker_and_each_failure_stays_its_own():
    """Jobs run one after another in one worker; a time-out kills that worker and the rest go on
    in a fresh one; a job that ends its worker after other jobs is run again first in a fresh
    worker, so its outcome is its own; an exception is that job's error alone."""
    import operator
    from pybridge.errors import SolverError, SolverTimeout
    from pybridge.run.worker import run_each
    done = []
    outcomes = run_each(operator.call, [(os.getpid,), (os.getpid,), (time.sleep, 60), (os.getpid,),
                                        (os._exit, 7), (int, "seven"), (os.getpid,)],
                        timeout=3, memory_limit=None, on_done=done.append)
    assert done == list(range(7))
    first, second, slept, after_sleep, exited, bad, last = outcomes
    assert first == second != os.getpid()
    assert isinstance(slept, SolverTimeout) and "no answer within 3 s" in str(slept)
    assert isinstance(after_sleep, int) and after_sleep != first
    assert isinstance(exited, SolverError) and "exit 7" in str(exited)
    assert isinstance(bad, SolverError) and "ValueError" in str(bad)
    assert isinstance(last, int) and last not in (first, after_sleep)
