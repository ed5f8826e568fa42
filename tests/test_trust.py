"""Answers you can trust: time-outs and memory give "unknown", hostile names never change
semantics, the same scenario always gives the same bytes, and 10,000 permanents get an answer."""
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pybridge import InputError, answer_scenario, ask, build_scenario, parse_scenario, to_json
from pybridge.answer import answering
from pybridge.cli import main
from pybridge.errors import SolverTimeout
from pybridge.read.facts import scenario_facts

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"
# The size of the big board; MTGASP_BIG_BOARD=50000 tries a bigger one by hand.
BIG_BOARD = int(os.environ.get("MTGASP_BIG_BOARD", 10_000))


def big_board(n: int) -> dict:
    """n permanents of both players: basic lands, reflecting lands (whose answers depend on each
    other's, rule 106.7), mana creatures and rocks, under two replacement effects."""
    cards = ["Forest", "Island", "Reflecting Pool", "Exotic Orchard", "Swamp", "Llanowar Elves",
             "Sol Ring", "Mountain"]
    permanents = [{"id": f"p{i}", "card": cards[i % len(cards)],
                   "controller": "you" if i % 3 else "opponent"} for i in range(n)]
    permanents += [{"id": "contamination", "card": "Contamination", "controller": "opponent"},
                   {"id": "reflection", "card": "Mana Reflection"}]
    return {"title": f"{n} permanents", "permanent": permanents,
            "ask": [{"could_produce": "p2", "expect": ["B"]}, {"produce": "p3", "expect": ["{B}"]},
                    {"could_produce": "p0", "expect": ["B"]}]}


def write(tmp_path: Path, doc_text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(doc_text), encoding="utf-8")
    return path


# --- time-outs: unknown, exit 3, never an empty answer ---
def test_a_tiny_timeout_on_a_big_board_is_unknown(tmp_path, capsys):
    scenario = build_scenario(big_board(3000))
    result = answer_scenario(scenario, timeout=0.001)
    assert result.timed_out and "0.001" in result.unknown_reason
    assert [r.answer for r in result.results] == ["unknown"] * 3
    assert all(r.ok is None and not r.known for r in result.results)
    data = json.loads(to_json(result))
    assert [a["answer"] for a in data["answers"]] == ["unknown"] * 3
    assert all(a["ok"] is None for a in data["answers"])


def test_cli_timeout_exit_3_in_text_and_json(tmp_path, capsys):
    """The time-out covers the whole question: run out while solving, and every question is
    unknown; run out while reading the file, and the file is."""
    path = tmp_path / "slow.toml"
    lines = ['title = "slow"', "[[permanent]]", 'id = "forest"', 'card = "Forest"']
    # Nine distinct replacement effects, three times each, explained: counting the orders walks
    # every effect's place, far past 100,000 states (20 such effects take about 10 s), far past
    # 1.5 s.  (A plain answer defers the effects that only name the type and is quick.)
    mixed = [("Mana Reflection", "you"), ("Nyxbloom Ancient", "you"), ("Virtue of Strength", "you"),
             ("Contamination", "opponent"), ("Infernal Darkness", "opponent"),
             ("Damping Sphere", "opponent"), ("Pulse of Llanowar", "you"),
             ("Reality Twist", "opponent"), ("Naked Singularity", "opponent")]
    for n, (card, controller) in enumerate(mixed * 3):
        lines += ["[[permanent]]", f'id = "e{n}"', f'card = "{card}"', f'controller = "{controller}"']
    lines += ["[[ask]]", 'produce = "forest"', 'expect = ["{G}"]']
    path.write_text("\n".join(lines) + "\n")
    assert main(["ask", str(path), "--timeout", "1.5", "--explain"]) == 3
    out = capsys.readouterr().out
    line = next(l for l in out.splitlines() if "produce forest:" in l)
    assert line.count("unknown") == 1 and "1.5" in line and "[]" not in out
    assert main(["ask", str(path), "--timeout", "1.5", "--json", "--explain"]) == 3
    answer = json.loads(capsys.readouterr().out)["answers"][0]
    assert answer["answer"] == "unknown" and answer["ok"] is None
    big = tmp_path / "big.toml"
    lines = ['title = "big"']
    for p in big_board(2000)["permanent"]:
        lines += ["[[permanent]]", *(f'{k} = "{v}"' for k, v in p.items())]
    lines += ["[[ask]]", 'produce = "p3"', 'expect = ["{B}"]']
    big.write_text("\n".join(lines) + "\n")
    assert main(["ask", str(big), "--timeout", "0.001"]) == 3
    assert capsys.readouterr().out == (f"{big}: unknown: no answer within 0.001 s "
                                       f"(while reading the scenario)\n")
    assert main(["ask", str(big), "--timeout", "0.001", "--json"]) == 3
    data = json.loads(capsys.readouterr().out)
    assert data == {"file": str(big), "answers": [], "unknown_reason": "no answer within 0.001 s"}


def test_check_reports_unknowns_and_exits_3(capsys):
    code = main(["check", str(QUERIES / "could_produce"), "--timeout", "0.001", "-j", "4"])
    out = capsys.readouterr().out
    assert code == 3
    rows = [line for line in out.splitlines() if line.startswith("unknown")]
    assert rows and all("no answer within 0.001 s" in row for row in rows)
    assert re.search(r"\d+ unknown \(\d+ files\)", out)


def test_check_reports_a_broken_program_per_file(monkeypatch, capsys):
    """A bug in the logic programs shows as an `error` row (exit 4), and the other files still run."""
    from pybridge import cli
    from pybridge.solve.solver import SolverError
    real = cli.answer_files

    def broken_for_one(paths, **kwargs):
        outcomes = real(paths, **kwargs)
        return [SolverError("no answer set") if path.endswith("contamination_mana_reflection.toml")
                else outcome for path, outcome in zip(paths, outcomes)]
    monkeypatch.setattr(cli, "answer_files", broken_for_one)
    files = [QUERIES / "produce" / name for name in ("contamination_mana_reflection.toml",
                                                     "damping_sphere_after_mana_reflection.toml")]
    assert main(["check", *map(str, files), "-v"]) == 4
    out = capsys.readouterr().out
    assert re.search(r"^error .*contamination_mana_reflection.toml  internal error", out, re.M)
    assert re.search(r"^ok .*damping_sphere_after_mana_reflection.toml", out, re.M)


def test_an_unexpected_bug_is_one_line_not_a_traceback(monkeypatch, capsys):
    from pybridge import cli

    def bug(args):
        raise ValueError("something\nunexpected")
    monkeypatch.setitem(cli.COMMANDS, "ask", bug)
    assert main(["ask", "whatever.toml"]) == 4
    err = capsys.readouterr().err
    assert err == "mtgasp: internal error: ValueError: something unexpected\n"


def test_a_timeout_anywhere_is_unknown(monkeypatch):
    """Whatever part of solving runs out of time, the bridge reports unknown."""
    def out_of_time(*args, **kwargs):
        raise SolverTimeout("no answer within 5 s")
    monkeypatch.setattr(answering, "run", out_of_time)
    result = ask(QUERIES / "produce" / "contamination_mana_reflection.toml", explain=True)
    assert result.timed_out and all(r.answer == "unknown" and r.explain == [] for r in result.results)


OUT_OF_MEMORY_CHECK = """
import re, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from test_trust import big_board
from pybridge import build_scenario
from pybridge.read.facts import scenario_facts
from pybridge.solve.solver import SolverOutOfMemory, SolverTimeout, solve
facts = scenario_facts(build_scenario(big_board(int(sys.argv[2]))))
size = int(re.search(r"VmSize:\\s+(\\d+) kB", Path("/proc/self/status").read_text()).group(1)) * 1024
try:
    solve(facts, timeout=120, memory_limit=size + 16 * 2 ** 20)
except SolverOutOfMemory as err:
    assert issubclass(SolverOutOfMemory, SolverTimeout) and "out of memory" in str(err)
    print("unknown: out of memory")
"""


def test_running_out_of_memory_is_unknown_not_a_crash():
    """A worker that can't allocate reports out of memory; the answer is unknown (exit 3)."""
    # A fresh interpreter: a forked worker inherits its parent's heap, freed memory included,
    # so "the parent's size plus a little" is only a tight limit in a process that is small.
    run = subprocess.run([sys.executable, "-c", OUT_OF_MEMORY_CHECK, str(Path(__file__).parent),
                          str(BIG_BOARD)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "unknown: out of memory"


# --- hostile names ---
HOSTILE = ['a").', 'x", y)', "line\nbreak", '#include "asp/game/base.lp".', "p :- q.",
           "#script (python)\nimport os\n#end.", '").\nask(9,produce,"p").', "(", "\\", "é🂡"]
POOLS = """
    title = "pools"
    [game]
    players = ["you", "opponent"]
    [[permanent]]
    id = "pool"
    card = "Reflecting Pool"
    [[permanent]]
    id = "forest"
    card = "Forest"
    [[ask]]
    could_produce = "pool"
    expect = ["G"]
"""


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)   # a JSON string is a TOML basic string


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_ids_and_players_are_rejected(hostile):
    for old in ('id = "pool"', 'players = ["you", "opponent"]'):
        new = old.replace('"pool"', toml_string(hostile)).replace('"opponent"', toml_string(hostile))
        with pytest.raises(InputError, match=r"not a valid name|names unknown|is not one of") as err:
            parse_scenario(textwrap.dedent(POOLS).replace(old, new), "h.toml")
        assert "\n" not in str(err.value).replace(hostile, "")


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_card_names_are_unknown_cards(hostile):
    text = textwrap.dedent(POOLS).replace('card = "Forest"', f"card = {toml_string(hostile)}")
    with pytest.raises(InputError, match="unknown card"):
        parse_scenario(text, "h.toml")


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_free_text_stays_data(hostile):
    """noted_name, chosen_type and the title are free text: they reach clingo as String symbols,
    byte for byte, and leave the answers as they were, in process and through the worker."""
    text = textwrap.dedent(POOLS).replace(
        'card = "Forest"', f"card = \"Forest\"\nnoted_name = {toml_string(hostile)}\n"
                           f"chosen_type = {toml_string(hostile)}")
    text = text.replace('title = "pools"', f"title = {toml_string(hostile)}")
    scenario = parse_scenario(text, "h.toml")
    strings = {s.name: s.arguments[1].string for s in scenario_facts(scenario)
               if s.name in ("noted_name", "chosen_type")}
    assert strings == {"noted_name": hostile, "chosen_type": hostile}
    for timeout in (None, 60):
        result = answer_scenario(scenario, timeout=timeout, explain=True)
        assert [r.answer for r in result.results] == [["G"]]
        assert result.results[0].ok


def test_hostile_text_cannot_add_atoms():
    """A noted name shaped like a rule and a fact would, pasted into program text, add an ask;
    as a symbol it adds nothing."""
    text = textwrap.dedent(POOLS).replace(
        'card = "Forest"', 'card = "Forest"\nnoted_name = "x\\").\\nask(9,produce,\\"pool\\").\\n%"')
    result = answer_scenario(parse_scenario(text, "h.toml"), timeout=60)
    assert [r.ask.number for r in result.results] == [1]


# --- determinism ---
def test_same_scenario_gives_the_same_bytes_in_process(capsys):
    path = QUERIES / "produce" / "contamination_mana_reflection.toml"
    outputs = set()
    for _ in range(3):
        main(["ask", str(path), "--json", "--explain"])
        outputs.add(capsys.readouterr().out)
    assert len(outputs) == 1


def test_same_scenario_gives_the_same_bytes_across_processes(tmp_path):
    path = tmp_path / "board.toml"
    lines = ['title = "orchards"']
    for p in big_board(40)["permanent"]:
        lines += ["[[permanent]]", *(f'{k} = "{v}"' for k, v in p.items())]
    lines += ["[[ask]]", 'produce = "p3"', "[[ask]]", 'could_produce = "p2"']
    path.write_text("\n".join(lines) + "\n")
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-m", "pybridge", "ask", str(path), "--json",
                               "--explain"], cwd=ROOT, env=env, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1


# --- a big board ---
def test_ten_thousand_permanents_answer_or_time_out_cleanly():
    """BIG_BOARD permanents (10,000 by default) get their answers, or a clean unknown: never a
    crash or an empty answer.  Measured on the project's 2-core machine: 10,000 permanents take
    2 to 4 s and 180 MB in the worker (3 to 5 s and 210 MB with --explain); 30,000 take 7 s and
    450 MB, growing linearly."""
    result = answer_scenario(build_scenario(big_board(BIG_BOARD)), timeout=120)
    if result.timed_out:
        assert all(r.answer == "unknown" for r in result.results)
        return
    assert [r.answer for r in result.results] == [["B"], ["{B}"], ["B"]]
    assert all(r.ok for r in result.results)
    peak = result.stats["worker_peak_bytes"]
    assert 0 < peak < 4 * 2 ** 30, f"the worker peaked at {peak / 2**20:.0f} MB"
