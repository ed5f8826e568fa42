"""Messages and outputs of the command line a new user meets: svg without graphviz, `check` of one
file or outside queries/, `facts`, activatable mana abilities, characteristics and `--explain`."""
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from pybridge.cli import main

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"

POOLS = textwrap.dedent("""
    title = "pools"
    [[permanent]]
    id = "pool1"
    card = "Reflecting Pool"
    [[permanent]]
    id = "forest"
    card = "Forest"
    [[ask]]
    could_produce = "pool1"
    expect = ["G"]
    [[ask]]
    produce = "pool1"
    expect = ["{G}"]
""")


# --- item: --dot without Graphviz, check's summary and folder, facts' command ---
def test_dot_without_graphviz_says_no_svg_and_how_to_get_it(tmp_path, capsys, monkeypatch):
    import shutil     # (the command line imports it only to draw, and finds it here)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    target = tmp_path / "graph.dot"
    source = QUERIES / "produce" / "contamination_mana_reflection.toml"
    assert main(["ask", str(source), "--dot", str(target)]) == 0
    err = capsys.readouterr().err
    assert target.exists() and not target.with_suffix(".svg").exists()
    assert "no SVG" in err and "apt install graphviz" in err


def test_check_of_one_file_says_one_file(capsys):
    assert main(["check", str(QUERIES / "produce" / "contamination_mana_reflection.toml")]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith("(1 file)"), last


def test_check_works_from_a_folder_without_queries(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(POOLS)
    assert main(["check", "mine.toml", "-v"]) == 0            # relative to the current folder
    assert "ok  mine.toml" in capsys.readouterr().out
    assert main(["check", "mine.toml"]) == 0                  # without -v: the summary alone
    assert capsys.readouterr().out.splitlines() == ["2 ok (1 file)"]
    assert main(["check", "--timeout", "0.001", "-j", "4"]) == 3   # the project's queries/
    out = capsys.readouterr().out
    files = len(list(QUERIES.rglob("*.toml")))
    assert f"({files} files)" in out and "no such file" not in out


def test_facts_prints_a_clingo_command_that_reproduces_the_answers(tmp_path, capsys):
    scenario = tmp_path / "pools.toml"
    scenario.write_text(POOLS)
    assert main(["facts", str(scenario)]) == 0
    facts = capsys.readouterr().out
    command = re.search(r"^%\s+(python -m clingo .*)$", facts, re.M).group(1)
    assert str(ROOT / "asp" / "main.lp") in command
    words = command.split()
    (tmp_path / words[-1]).write_text(facts)                  # the facts file it names
    done = subprocess.run([sys.executable, *words[1:], "--warn=none"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "\nSATISFIABLE" in done.stdout, done.stderr
    shown = set(done.stdout.split("Answer: 1", 1)[1].splitlines()[1].split())
    from pybridge import parse_scenario
    from pybridge.read.facts import scenario_facts
    from pybridge.solve.solver import solve_in_process
    expected = solve_in_process(scenario_facts(parse_scenario(POOLS))).symbols
    assert shown == {str(s) for s in expected}                # the very atoms `ask` reads
    assert "could_produce_answer(1,g)" in shown


# --- item: produce says when the ability can't be activated now, and what it rests on ---
def _board(tmp_path, permanent_lines: str, ask_lines: str) -> str:
    path = tmp_path / "board.toml"
    path.write_text(f'title = "board"\n[[permanent]]\n{permanent_lines}\n[[ask]]\n{ask_lines}\n')
    return str(path)


def test_produce_of_a_summoning_sick_dryad_arbor_is_not_activatable(tmp_path, capsys):
    board = _board(tmp_path, 'id = "arbor"\ncard = "Dryad Arbor"\ncontrolled_since_turn_start = false',
                   'produce = "arbor"\nexpect = ["{G}"]')
    assert main(["ask", board, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)["answers"][0]
    assert answer["answer"] == ["{G}"] and answer["activatable"] is False
    assert answer["reason"].startswith("302.6: summoning sickness")
    assert main(["ask", board]) == 0
    assert "    can't be activated now: 302.6: summoning sickness" in capsys.readouterr().out


def test_produce_of_a_tapped_forest_names_107_5_and_an_untapped_one_is_activatable(tmp_path, capsys):
    board = _board(tmp_path, 'id = "forest"\ncard = "Forest"\ntapped = true', 'produce = "forest"')
    assert main(["ask", board, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)["answers"][0]
    assert answer["activatable"] is False and answer["reason"].startswith("107.5: ")
    board = _board(tmp_path, 'id = "forest"\ncard = "Forest"', 'produce = "forest"')
    assert main(["ask", board, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)["answers"][0]
    assert answer["activatable"] is True and answer["reason"] is None and "note" not in answer


def test_a_summoning_sick_artifact_is_activatable(tmp_path, capsys):
    board = _board(tmp_path, 'id = "ring"\ncard = "Sol Ring"\ncontrolled_since_turn_start = false',
                   'produce = "ring"')
    assert main(["ask", board, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answers"][0]["activatable"] is True


def test_doubling_cube_says_its_answer_rests_on_the_mana_pool(capsys):
    board = str(QUERIES / "could_produce" / "doubling_cube_empty_pool.toml")
    assert main(["ask", board, "--json"]) == 0
    produce, could = json.loads(capsys.readouterr().out)["answers"]
    assert produce["answer"] == [""] and produce["depends_on"] == ["mana_pool"]
    assert "mana pool" in produce["note"] and "depends_on" not in could
    assert main(["ask", board]) == 0
    assert "    note: the answer rests on the unspent mana" in capsys.readouterr().out


# --- item: characteristics read as one line per value in text ---
def test_characteristics_print_one_line_per_value(capsys):
    assert main(["ask", str(QUERIES / "face_down" / "backslide_and_manifest_dread.toml")]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("  characteristics walker:  ok")
    assert out[at + 1] == ("    = walker is face down: a 2/2 colorless Creature with "
                           "no name (you may look at it: it is Pine Walker); no abilities.")
    assert out[at + 2:at + 11] == [
        "    name: (none)", "    mana cost: (none)  (mana value 0)", "    colors: colorless",
        "    types: Creature", "    P/T: 2/2", "    abilities: (none)", "    face down: yes",
        "    hidden: Pine Walker (may look: you)", "  turn_face_up walker:  ok"]
    assert "    types: Creature — Elemental" in out and "      Morph {4}{G}" in out
    assert not any("{\"name\"" in line for line in out)
    assert "  turn_face_up dread_land: null  ok" in out


# --- item: --explain on characteristics names each layer 4-6 effect, by layer and rule ---
BLOOD_MOON = textwrap.dedent("""
    title = "Blood Moon on Urborg and a Forest under Celestial Dawn"
    [[permanent]]
    id = "urborg"
    card = "Urborg, Tomb of Yawgmoth"
    [[permanent]]
    id = "moon"
    card = "Blood Moon"
    controller = "opponent"
    [[ask]]
    characteristics = "urborg"
""")


def test_explain_characteristics_names_blood_moon_by_layer_and_rule(tmp_path, capsys):
    board = tmp_path / "moon.toml"
    board.write_text(BLOOD_MOON)
    assert main(["ask", str(board), "--explain", "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)["answers"][0]["explain"][0]["steps"]
    rules = [s["rule"] for s in steps]
    assert rules[:4] == ["613.1", "613.1d", "613.8a", "305.6"]
    assert steps[1]["text"].startswith("Blood Moon (moon) makes it a Mountain")
    assert "Urborg, Tomb of Yawgmoth (urborg)" in steps[2]["text"] and "never applies" in steps[2]["text"]
    assert steps[3]["text"] == 'as a Mountain, it has "{T}: Add {R}."'


def test_explain_characteristics_names_colour_and_granted_abilities(tmp_path, capsys):
    board = tmp_path / "dawn.toml"
    board.write_text(textwrap.dedent("""
        title = "Celestial Dawn and Cryptolith Rite"
        [[permanent]]
        id = "dawn"
        card = "Celestial Dawn"
        [[permanent]]
        id = "rite"
        card = "Cryptolith Rite"
        [[permanent]]
        id = "elves"
        card = "Llanowar Elves"
        [[permanent]]
        id = "forest"
        card = "Forest"
        [[ask]]
        characteristics = "elves"
        [[ask]]
        characteristics = "forest"
    """))
    assert main(["ask", str(board), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Celestial Dawn (dawn) makes it white (rule 613.1e)" in out
    assert 'Cryptolith Rite (rite) gives it "{T}: Add one mana of any color." (rule 613.1f)' in out
    assert "Celestial Dawn (dawn) makes it a Plains: it loses" in out


# --- item: the README says how to set up ---
def test_readme_says_make_a_venv_how_long_and_where_the_format_is():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set up and test", 1)[1].split("\n## ", 1)[0]
    assert "python -m venv .venv && . .venv/bin/activate" in setup
    assert "python -m pip install -e '.[test]'\npython -m pytest" in setup
    assert re.search(r"tests take\s+about [\d.]+ minutes", setup)
    assert "docs/scenario-format.md" in setup and (ROOT / "docs" / "scenario-format.md").is_file()


# --- item: the README's counts of queries/ are what `check` answers ---
def test_the_readme_counts_the_files_and_asks_check_answers():
    import tomllib
    from pybridge.cli import scenario_files
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"`mtgasp check` runs every scenario under `queries/` \(([\d,]+) files, "
                     r"([\d,]+) asks\)", readme)
    assert said, "the README no longer says how many files and asks check runs"
    files = scenario_files([str(QUERIES)])
    asks = sum(len(tomllib.loads(Path(f).read_text(encoding="utf-8")).get("ask", [])) for f in files)
    assert (int(said.group(1).replace(",", "")), int(said.group(2).replace(",", ""))) == \
        (len(files), asks), "update the README's counts"
