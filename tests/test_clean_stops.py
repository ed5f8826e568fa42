"""Every command stops clean, run as a real process: Ctrl-C (SIGINT to the process group, as a
terminal sends it) on `ask`, `check -j 2` and `sweep -j 2` is one line and exit 130, no traceback
or PANIC, no process left; SIGKILL of the command leaves no process behind; a reader that leaves
(`| head`) is exit 141, quiet; a full disk under the output is one line, exit 2; a Dask scheduler
that is unreachable, has no worker or dies is a clear error within seconds; a scenario that is a
device or a FIFO is refused with the reason; cgroup v1 and v2 memory limits are both seen."""
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pybridge.run.memory import cgroup_limit

ROOT = Path(__file__).resolve().parent.parent
PYTHON = [sys.executable, "-m", "pybridge"]
SWEEP = ROOT / "docs" / "sweeps" / "mana_pairs.toml"
FOREST = 'title = "one Forest"\n[[permanent]]\nid = "f"\ncard = "Forest"\n[[ask]]\nproduce = "f"\n'


def slow_board(path: Path) -> Path:
    cards = ["Reflecting Pool", "Exotic Orchard", "Mana Reflection", "Forest", "Contamination"]
    tables = [f'[[permanent]]\nid = "p{i}"\ncard = "{cards[i % 5]}"' for i in range(20000)]
    path.write_text("\n".join(['title = "slow"', *tables, '[[ask]]\ncould_produce = "p0"']) + "\n")
    return path


def group_members(pgid: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.add(int(entry))
    return found


def wait_until(condition, seconds: float = 60) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def started(words: list[str], cwd: Path = ROOT) -> subprocess.Popen:
    """The command in a session of its own (its process group is its pid, as a shell's job)."""
    return subprocess.Popen([*PYTHON, *words], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def busy(proc: subprocess.Popen, helpers: int) -> bool:
    """Whether the command has its helper processes (workers, servers) running."""
    return len(group_members(proc.pid)) > helpers


def commands(tmp_path: Path) -> dict[str, list[str]]:
    slow = slow_board(tmp_path / "slow.toml")
    return {"ask": ["ask", str(slow), "--timeout", "300"],
            "check": ["check", "-j", "2", str(slow), str(slow_board(tmp_path / "slow2.toml")),
                      "--timeout", "300"],
            "sweep": ["sweep", str(SWEEP), "--out", str(tmp_path / "out.jsonl"), "-j", "2"]}


@pytest.mark.parametrize("name", ["ask", "check", "sweep"])
def test_ctrl_c_is_one_line_and_leaves_nothing(tmp_path, name):
    proc = started(commands(tmp_path)[name])
    # ask: its forked worker; check: the fork server and a worker; sweep: pool workers
    assert wait_until(lambda: busy(proc, 1 if name == "ask" else 2)), proc.stderr.read()
    time.sleep(1)       # into the solving
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err == "mtgasp: stopped by SIGINT\n"
    assert wait_until(lambda: not group_members(proc.pid), 10), group_members(proc.pid)


@pytest.mark.parametrize("name", ["check", "sweep"])
def test_sigkill_of_the_command_leaves_no_process(tmp_path, name):
    proc = started(commands(tmp_path)[name])
    assert wait_until(lambda: busy(proc, 2))
    time.sleep(1)
    proc.kill()
    proc.communicate(timeout=30)
    assert wait_until(lambda: not group_members(proc.pid), 20), group_members(proc.pid)


def test_a_reader_that_leaves_is_exit_141_quietly(tmp_path):
    files = sorted((ROOT / "queries" / "produce").glob("*.toml"))[:6]
    proc = subprocess.Popen([*PYTHON, "check", *map(str, files)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()          # `| head` that has already read its lines
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) in (0, 141)
    assert err == ""


def test_a_full_disk_under_the_output_is_one_line(tmp_path):
    scenario = tmp_path / "forest.toml"
    scenario.write_text(FOREST)
    with open("/dev/full", "w") as full:
        done = subprocess.run([*PYTHON, "check", str(scenario)], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "mtgasp: cannot write: No space left on device\n"


def test_a_sweep_on_a_full_disk_is_one_line(tmp_path):
    import resource

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    done = subprocess.run([*PYTHON, "sweep", str(ROOT / "docs" / "sweeps" / "basic_pairs.toml"),
                           "--out", str(tmp_path / "out.jsonl")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, preexec_fn=small_files)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1] == "mtgasp: cannot write: File too large"
    assert "Traceback" not in done.stderr


# --- Dask: a scheduler unreachable, without workers, or dying ---
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path):
    pytest.importorskip("distributed")
    start = time.monotonic()
    done = subprocess.run([*PYTHON, "sweep", str(SWEEP), "--out", str(tmp_path / "o.jsonl"),
                           "--scheduler", f"tcp://127.0.0.1:{free_port()}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "cannot connect" in done.stderr, done.stderr
    assert time.monotonic() - start < 60          # (5 s to connect, not for ever)


def test_a_scheduler_without_workers_or_that_dies_is_a_clear_error(tmp_path):
    pytest.importorskip("distributed")
    port = free_port()
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                                  "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        address = f"tcp://127.0.0.1:{port}"
        assert wait_until(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, 60)
        done = subprocess.run([*PYTHON, "sweep", str(SWEEP), "--out", str(tmp_path / "o.jsonl"),
                               "--scheduler", address], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 2 and "no worker" in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1
        # Now the scheduler dies while the sweep waits on it.
        proc = started(["sweep", str(SWEEP), "--out", str(tmp_path / "p.jsonl"),
                        "--scheduler", address])
        time.sleep(3)
        scheduler.kill()
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 2 and "Traceback" not in err, err
        assert err.strip().splitlines()[-1].startswith("mtgasp: ")
    finally:
        scheduler.kill()
        scheduler.wait()


# --- scenario files: regular files only ---
@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_scenario_that_is_a_device_or_a_fifo_is_refused(tmp_path, kind):
    path = tmp_path / "scenario.toml"
    if kind == "device":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)
    for words in (["ask", str(path)], ["check", str(path)], ["facts", str(path)]):
        done = subprocess.run([*PYTHON, *words], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        what = "a character device" if kind == "device" else "a FIFO"
        assert done.returncode == 2 and f"not a regular file ({what})" in (done.stderr + done.stdout), \
            (words, done.stderr)


# --- the memory limit of a cgroup, v1 and v2 ---
def test_cgroup_v2_and_v1_memory_limits_are_seen(tmp_path):
    proc = tmp_path / "cgroup"
    root = tmp_path / "sys"
    (root / "mine").mkdir(parents=True)
    (root / "mine" / "memory.max").write_text("1073741824\n")
    proc.write_text("0::/mine\n")
    assert cgroup_limit(str(proc), str(root)) == 2 ** 30
    (root / "mine" / "memory.max").write_text("max\n")
    assert cgroup_limit(str(proc), str(root)) is None
    # v1 (a hybrid host: the memory controller on its own hierarchy, the unified one empty)
    (root / "memory" / "box").mkdir(parents=True)
    (root / "memory" / "box" / "memory.limit_in_bytes").write_text("536870912\n")
    proc.write_text("9:name=systemd:/\n4:memory:/box\n0::/\n")
    assert cgroup_limit(str(proc), str(root)) == 2 ** 29
    (root / "memory" / "box" / "memory.limit_in_bytes").write_text("9223372036854771712\n")
    assert cgroup_limit(str(proc), str(root)) is None
    # v1 inside a container: its cgroup's path isn't mounted, its own limit is at the root
    proc.write_text("4:memory:/elsewhere\n")
    (root / "memory" / "memory.limit_in_bytes").write_text("268435456\n")
    assert cgroup_limit(str(proc), str(root)) == 2 ** 28


def test_sweep_boards_are_bounded_in_time_like_asks(tmp_path):
    out = tmp_path / "out.jsonl"
    done = subprocess.run([*PYTHON, "sweep", str(ROOT / "docs" / "sweeps" / "basic_pairs.toml"),
                           "--out", str(out), "-j", "2", "--timeout", "0.001"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr          # errors: the sweep says so
    import json
    vectors = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(vectors) == 132
    assert all(v["error"] == "no answer within 0.001 s" and v["answer"] is None for v in vectors)
    assert "132 errors" in done.stdout
