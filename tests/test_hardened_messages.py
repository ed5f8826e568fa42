"""Messages, run as the real command: an unknown card with no name close to it says so (never an
empty "(closest: )"), a huge name or number is shown cut, never echoed whole, and a worker killed
from outside is not blamed on the logic programs."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ask(tmp_path: Path, text: str, *flags: str) -> subprocess.CompletedProcess:
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pybridge", "ask", str(path), *flags], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def board(card: str, extra: str = "") -> str:
    return (f'title = "t"\n[[permanent]]\nid = "a"\ncard = "{card}"\n{extra}'
            f'[[ask]]\nproduce = "a"\n')


def test_an_unknown_card_with_nothing_close_says_so(tmp_path):
    done = ask(tmp_path, board("zzzzqqqqxxxxwwwwvvvvjjjjkkkk"))
    assert done.returncode == 2
    assert "(no card name is close to it)" in done.stderr and "(closest: )" not in done.stderr


def test_an_unknown_card_with_close_names_names_them(tmp_path):
    done = ask(tmp_path, board("Forrest"))
    assert done.returncode == 2 and "(closest: 'Forest'" in done.stderr


def test_a_huge_name_and_a_huge_number_are_cut(tmp_path):
    done = ask(tmp_path, board("Q" * 5000))
    assert done.returncode == 2 and "(5,000 characters)" in done.stderr
    assert "Q" * 100 not in done.stderr
    done = ask(tmp_path, board("Forest", "counters = {p1p1 = " + "9" * 4300 + "}\n"))
    assert done.returncode == 2 and "(4,300 digits)" in done.stderr and "9" * 100 not in done.stderr
    done = ask(tmp_path, board("Forest", "counters = {p1p1 = " + "9" * 5000 + "}\n"))
    assert done.returncode == 2 and "9" * 100 not in done.stderr and "Traceback" not in done.stderr


def test_a_worker_killed_from_outside_is_not_blamed_on_the_logic_programs(tmp_path):
    cards = ["Reflecting Pool", "Exotic Orchard", "Mana Reflection", "Forest", "Contamination"]
    tables = [f'[[permanent]]\nid = "p{i}"\ncard = "{cards[i % 5]}"' for i in range(20000)]
    path = tmp_path / "slow.toml"
    path.write_text("\n".join(['title = "slow"', *tables, '[[ask]]\ncould_produce = "p0"']) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "pybridge", "ask", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    child = None
    for _ in range(600):
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        if children:
            child = int(children[0])
            break
        time.sleep(0.05)
    assert child is not None
    time.sleep(0.5)
    os.kill(child, signal.SIGKILL)    # as the out-of-memory killer would
    out, err = proc.communicate(timeout=60)
    assert "logic programs" not in err + out and "Traceback" not in err
    assert proc.returncode in (3, 4)
