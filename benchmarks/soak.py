"""Reliability under load and faults (issue 17), measured: run by hand, not by the test suite.

    python -m benchmarks.soak check      # 1,000 mixed questions through `mtgasp check -j 2`
    python -m benchmarks.soak api        # 1,000 mixed questions through pybridge.ask in a loop
    python -m benchmarks.soak deadlock   # 20 runs of `check -j 8` over 3 copies of queries/
    python -m benchmarks.soak signals    # time from SIGINT/SIGTERM/SIGHUP to exit, survivors
    python -m benchmarks.soak big        # a 50 MB file and a 15 MB one under --timeout 1
    python -m benchmarks.soak forest     # one Forest: `mtgasp ask` and pybridge.ask, timed

Each prints one JSON object per measurement.  RSS is the sum over the command's whole process
tree (the command, its fork server, its workers), read from /proc (Linux).  A survivor is a
process of that tree still alive after the command has exited.  "unknown" rows are counted
against a serial run: every scenario of queries/ is answered by `mtgasp check` (the test suite
checks it), so any unknown under load is a failure of the machinery, never of the question.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
CLI = [sys.executable, "-m", "pybridge"]
PAGE = os.sysconf("SC_PAGE_SIZE")


# --- processes, from /proc ---
def _tree() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z":
                kids.setdefault(int(fields[1]), []).append(int(entry.name))
    return kids


def family(pid: int) -> set[int]:
    """pid and every process below it."""
    kids, found, todo = _tree(), {pid}, [pid]
    while todo:
        for child in kids.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def rss(pids) -> int:
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            pass
    return total


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def emit(**fields) -> None:
    print(json.dumps(fields), flush=True)


def copies_of_queries(folder: Path, total: int | None = None, copies: int | None = None) -> int:
    files = sorted(QUERIES.rglob("*.toml"))
    count, n = 0, 0
    while (total is None or count < total) and (copies is None or n < copies):
        for path in files:
            if total is not None and count >= total:
                break
            target = folder / f"copy{n}" / path.relative_to(QUERIES)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            count += 1
        n += 1
    return count


def run_watched(argv: list[str], every: float = 0.25) -> dict:
    """Run a command, sampling its tree's RSS; its output, status, samples and survivors."""
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    samples, seen = [], set()
    out_parts: list[str] = []
    import threading
    reader = threading.Thread(target=lambda: out_parts.append(proc.stdout.read()), daemon=True)
    reader.start()
    while proc.poll() is None:
        pids = family(proc.pid)
        seen |= pids
        samples.append(rss(pids))
        time.sleep(every)
    reader.join()
    err = proc.stderr.read()
    seconds = time.monotonic() - started
    time.sleep(1.0)
    survivors = sorted(pid for pid in seen - {proc.pid} if alive(pid))
    return {"status": proc.returncode, "stdout": "".join(out_parts), "stderr": err,
            "seconds": seconds, "rss": samples, "survivors": survivors}


def _rows(stdout: str, status: str) -> int:
    return sum(1 for line in stdout.splitlines() if line.startswith(status + " "))


# --- the measurements ---
def soak_check(total: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        files = copies_of_queries(Path(tmp), total=total)
        run = run_watched([*CLI, "check", tmp, "-j", str(jobs), "--timeout", "60"])
    quarter = max(len(run["rss"]) // 4, 1)
    emit(measure="soak check", files=files, jobs=jobs, status=run["status"],
         seconds=round(run["seconds"], 1), unknown=_rows(run["stdout"], "unknown"),
         error=_rows(run["stdout"], "error"), summary=run["stdout"].strip().splitlines()[-1],
         rss_mb_first_quarter=round(statistics.mean(run["rss"][:quarter]) / 2**20, 1),
         rss_mb_last_quarter=round(statistics.mean(run["rss"][-quarter:]) / 2**20, 1),
         rss_mb_peak=round(max(run["rss"]) / 2**20, 1), survivors=run["survivors"])


def soak_api(total: int) -> None:
    from pybridge import ask
    files = sorted(QUERIES.rglob("*.toml"))
    answers: dict[Path, list] = {}
    unknown = differ = 0
    samples = []
    started = time.monotonic()
    for n in range(total):
        path = files[n % len(files)]
        result = ask(path)
        got = [r.answer for r in result.results]
        if result.timed_out:
            unknown += 1
        elif answers.setdefault(path, got) != got:
            differ += 1
        if n % 50 == 49:
            samples.append(rss(family(os.getpid())))
    seconds = time.monotonic() - started
    time.sleep(0.5)
    emit(measure="soak api", questions=total, seconds=round(seconds, 1), unknown=unknown,
         answers_that_changed=differ,
         rss_mb_samples=[round(s / 2**20, 1) for s in samples],
         processes_left=sorted(family(os.getpid()) - {os.getpid()}))


def deadlocks(runs: int, copies: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        files = copies_of_queries(Path(tmp), copies=copies)
        bad_runs = 0
        for n in range(runs):
            run = run_watched([*CLI, "check", tmp, "-j", str(jobs), "--timeout", "30"], every=1.0)
            unknown = _rows(run["stdout"], "unknown")
            bad_runs += unknown > 0
            emit(measure="check -j", run=n + 1, files=files, jobs=jobs, status=run["status"],
                 seconds=round(run["seconds"], 1), unknown=unknown, survivors=run["survivors"],
                 unknown_rows=[line for line in run["stdout"].splitlines()
                               if line.startswith("unknown ")][:5])
    emit(measure="deadlocks", runs=runs, runs_with_unknown=bad_runs)


SLOW = ["Mana Reflection", "Nyxbloom Ancient", "Virtue of Strength", "Pulse of Llanowar"] * 4


def _slow_board(folder: Path) -> Path:
    lines = ['title = "slow"', "[[permanent]]", 'id = "forest"', 'card = "Forest"']
    for n, card in enumerate(SLOW):
        lines += ["[[permanent]]", f'id = "e{n}"', f'card = "{card}"']
    lines += ["[[ask]]", 'produce = "forest"']
    path = folder / "slow.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def signals() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        board = _slow_board(Path(tmp))
        shutil.copyfile(board, Path(tmp) / "slow2.toml")
        for command in ("ask", "check"):
            argv = [*CLI, "ask", str(board)] if command == "ask" else [*CLI, "check", tmp, "-j", "2"]
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
                while len(family(proc.pid)) < 3:        # the command, its fork server, a worker
                    time.sleep(0.02)
                time.sleep(1.0)
                pids = family(proc.pid)
                sent = time.monotonic()
                proc.send_signal(signum)
                proc.send_signal(signum)
                out, err = proc.communicate()
                stopped = time.monotonic() - sent
                gone = None
                while gone is None or (any(alive(p) for p in pids - {proc.pid}) and gone < 5):
                    gone = time.monotonic() - sent
                    time.sleep(0.01)
                emit(measure="signal", command=command, signal=signal.Signals(signum).name,
                     status=proc.returncode, seconds_to_exit=round(stopped, 3),
                     seconds_until_no_process_left=round(gone, 3),
                     survivors=sorted(p for p in pids - {proc.pid} if alive(p)), stderr=err)


def big() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for megabytes in (50, 15):
            path = Path(tmp) / f"board{megabytes}.toml"
            lines, size, n = ['title = "many Forests"'], 0, 0
            while size < megabytes * 10 ** 6:
                line = f'[[permanent]]\nid = "p{n}"\ncard = "Forest"'
                lines.append(line)
                size += len(line) + 1
                n += 1
            lines += ["[[ask]]", 'produce = "p0"']
            path.write_text("\n".join(lines) + "\n")
            run = run_watched([*CLI, "ask", str(path), "--timeout", "1"], every=0.05)
            emit(measure="big file", megabytes=round(path.stat().st_size / 1e6, 1),
                 status=run["status"], seconds=round(run["seconds"], 2),
                 rss_mb_peak=round(max(run["rss"], default=0) / 2**20, 1),
                 stdout=run["stdout"].strip(), stderr=run["stderr"].strip(),
                 survivors=run["survivors"])


def forest(repeats: int) -> None:
    """One Forest: wall time, and CPU time of the whole process tree (the command, its fork
    server, its workers: each reaped by its parent, so os.wait4 counts them all), which a busy
    machine disturbs less."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "forest.toml"
        path.write_text('title = "one Forest"\n[[permanent]]\nid = "forest"\ncard = "Forest"\n'
                        '[[ask]]\nproduce = "forest"\n')
        times, cpu = [], []
        for _ in range(repeats):
            started = time.monotonic()
            proc = subprocess.Popen([*CLI, "ask", str(path)], cwd=ROOT, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            times.append(time.monotonic() - started)
            cpu.append(usage.ru_utime + usage.ru_stime)
        from pybridge import ask
        ask(path)      # the first question starts the fork server
        api = []
        for _ in range(repeats):
            started = time.monotonic()
            ask(path, timeout=60)
            api.append(time.monotonic() - started)
    emit(measure="one Forest", cli_wall_median_s=round(statistics.median(times), 3),
         cli_wall_min_s=round(min(times), 3), cli_cpu_median_s=round(statistics.median(cpu), 3),
         api_wall_median_s=round(statistics.median(api), 4), api_wall_min_s=round(min(api), 4),
         repeats=repeats, load=os.getloadavg()[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak")
    parser.add_argument("what", choices=["check", "api", "deadlock", "signals", "big", "forest"])
    parser.add_argument("-n", type=int, default=1000, help="questions (check, api)")
    parser.add_argument("--runs", type=int, default=20, help="runs (deadlock)")
    parser.add_argument("-j", type=int, default=None, help="jobs (check: 2, deadlock: 8)")
    args = parser.parse_args(argv)
    if args.what == "check":
        soak_check(args.n, args.j or 2)
    elif args.what == "api":
        soak_api(args.n)
    elif args.what == "deadlock":
        deadlocks(args.runs, 3, args.j or 8)
    elif args.what == "signals":
        signals()
    elif args.what == "big":
        big()
    else:
        forest(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
