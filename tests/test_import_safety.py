"""`mtgasp cards import` run as a real command: two imports at once both keep their cards, each
import says what it added and replaced, bad names and bad records are refused (exit 2, naming the
record), duplicates are reported, and a full disk is one line, never a traceback (exit 4)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def scryfall(names: list[str], **extra) -> list[dict]:
    return [{"object": "card", "name": n, "layout": "normal", "type_line": "Creature — Elf",
             "mana_cost": "{G}", "oracle_text": "", "power": "1", "toughness": "1", **extra}
            for n in names]


def run(home: Path, *words: str, check_env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "MTGASP_HOME": str(home), **(check_env or {})}
    return subprocess.run([sys.executable, "-m", "pybridge", *words], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def write(path: Path, doc) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_two_imports_at_once_keep_both_files_cards(tmp_path):
    home = tmp_path / "home"
    first = write(tmp_path / "first.json", scryfall([f"Alpha Test Card {i}" for i in range(15)]))
    second = write(tmp_path / "second.json", scryfall([f"Beta Test Card {i}" for i in range(15)]))
    env = {**os.environ, "MTGASP_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-m", "pybridge", "cards", "import", str(f)],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for f in (first, second)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    listed = run(home, "cards").stdout
    for i in range(15):
        assert f"Alpha Test Card {i}" in listed and f"Beta Test Card {i}" in listed


def test_an_import_reports_what_it_added_and_what_it_replaced(tmp_path):
    home = tmp_path / "home"
    first = write(tmp_path / "a.json", scryfall(["Report Card One", "Report Card Two"]))
    done = run(home, "cards", "import", str(first))
    assert done.returncode == 0, done.stderr
    assert "2 added, 0 replaced" in done.stdout
    second = write(tmp_path / "b.json", scryfall(["Report Card Two", "Report Card Three"]))
    done = run(home, "cards", "import", str(second))
    assert done.returncode == 0, done.stderr
    assert "1 added, 1 replaced" in done.stdout
    assert "added: Report Card Three" in done.stdout
    assert "replaced: Report Card Two" in done.stdout


@pytest.mark.parametrize("name, shown", [("Bad\nName", "U+000A"), ("Bad\rName", "U+000D"),
                                         ("Bad\x07Name", "U+0007"), ("Bad\u2028Name", "U+2028"),
                                         ("Bad\ud800Name", "U+D800")])
def test_a_name_with_a_control_character_or_a_lone_surrogate_is_refused(tmp_path, name, shown):
    home = tmp_path / "home"
    path = tmp_path / "bad.json"
    # (json.dumps writes a lone surrogate as its escape, as a hostile file would)
    path.write_text(json.dumps(scryfall(["Fine Card", name])), encoding="utf-8")
    done = run(home, "cards", "import", str(path))
    assert done.returncode == 2, done.stderr
    line = done.stderr.strip()
    assert "\n" not in line and "card 1" in line and shown in line and "Traceback" not in line
    assert not (home / "cards.sqlite").exists()
    # The pool is untouched and every later command works.
    assert run(home, "cards", "re").returncode == 0


def test_a_mtgjson_name_with_a_line_break_is_refused(tmp_path):
    home = tmp_path / "home"
    doc = {"meta": {}, "data": {"Two\nLines": [{"name": "Two\nLines", "type": "Artifact"}]}}
    done = run(home, "cards", "import", str(write(tmp_path / "atomic.json", doc)))
    assert done.returncode == 2 and "U+000A" in done.stderr and 'data["Two\\nLines"]' in done.stderr


def test_duplicate_names_in_one_import_are_reported(tmp_path):
    home = tmp_path / "home"
    path = write(tmp_path / "dup.json", scryfall(["Twice Named Card", "Once Named Card",
                                                  "Twice Named Card"]))
    done = run(home, "cards", "import", str(path))
    assert done.returncode == 0, done.stderr
    assert "given more than once" in done.stderr and "Twice Named Card" in done.stderr
    assert "2 added" in done.stdout


def test_a_numeric_type_line_on_a_multi_face_card_is_bad_input(tmp_path):
    home = tmp_path / "home"
    doc = [{"object": "card", "name": "Up // Down", "layout": "split", "type_line": 7,
            "card_faces": [{"name": "Up", "mana_cost": "{R}"}, {"name": "Down", "mana_cost": "{U}"}]}]
    done = run(home, "cards", "import", str(write(tmp_path / "num.json", doc)))
    assert done.returncode == 2, done.stderr
    assert "'type_line' must be a string" in done.stderr and "Traceback" not in done.stderr


def _small_files():
    # A disk that fills: files may grow to 8 KiB, and a write past that fails (EFBIG) rather than
    # killing the process (SIGXFSZ ignored), as writes to a full disk fail.
    import resource
    import signal
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))


def test_a_full_disk_is_one_line_not_an_internal_error(tmp_path):
    home = tmp_path / "home"
    path = write(tmp_path / "big.json", scryfall([f"Disk Full Card {i}" for i in range(300)],
                                                 oracle_text="Flying. " * 40))
    done = subprocess.run([sys.executable, "-m", "pybridge", "cards", "import", str(path)],
                          cwd=ROOT, env={**os.environ, "MTGASP_HOME": str(home)},
                          capture_output=True, text=True, timeout=120, preexec_fn=_small_files)
    assert done.returncode in (2, 3), done.stderr
    assert done.stderr.count("\n") == 1 and "cannot write the card pool" in done.stderr
    assert not (home / "cards.sqlite").exists()
    assert [p.name for p in home.iterdir() if p.suffix == ".tmp"] == []     # nothing left behind
