"""`mtgasp sweep`: the issue's example spec (132 vectors, every one agreeing with the independent
reference), the same vectors from -j 2, from a resumed run and from a Dask cluster, the ordered
writer, the minimal disagreement, and bad specs (one line, exit 2)."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pybridge import answer_scenario, parse_scenario, reference
from pybridge.cli import main
from pybridge.sweep import run as sweep_run
from pybridge.sweep import vectors as sweep_vectors
from pybridge.sweep.groups import card_facts
from pybridge.sweep.spec import boards, parse_spec, vector_count
from pybridge.sweep.toml_out import scenario_toml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "sweeps" / "basic_pairs.toml"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", "sweep", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def example_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sweep") / "example.jsonl"
    done = run_cli(str(EXAMPLE), "--out", str(out), "-j", "2")
    assert done.returncode == 0, done.stderr
    assert "132 vectors" in done.stdout and "132 agree, 0 disagree" in done.stdout
    return out


def test_example_spec_gives_132_vectors_all_agreeing(example_run):
    vectors = lines(example_run)
    assert [v["index"] for v in vectors] == list(range(132))
    assert all(v["schema"] == 1 and v["agree"] is True for v in vectors)
    assert all(v["answer"] == v["reference"] for v in vectors)
    # Contamination (opponent) and Mana Reflection (you) on a Forest: the order is the player's.
    both = [v for v in vectors if v["ask"] == {"produce": "forest"}
            and {(p["card"], p["controller"]) for p in v["scenario"]["permanent"]}
            == {("Forest", "you"), ("Mana Reflection", "you"), ("Contamination", "opponent")}]
    assert len(both) == 1 and both[0]["answer"] == ["{B}", "{B}{B}"]
    assert "616.1e" in both[0]["cites"] and both[0]["scenario"]["ask"] == [both[0]["ask"]]
    # A vector's scenario, written as a scenario file, is one `mtgasp ask` answers alike.
    again = answer_scenario(parse_scenario(scenario_toml(both[0]["scenario"]), "<vector>"))
    assert again.results[0].answer == both[0]["answer"]


def test_a_cut_short_output_resumes_to_the_same_file(example_run, tmp_path):
    whole = example_run.read_bytes()
    cut = tmp_path / "cut.jsonl"
    keep = whole.split(b"\n")
    cut.write_bytes(b"\n".join(keep[:101]) + b"\n" + keep[101][: len(keep[101]) // 2])
    done = run_cli(str(EXAMPLE), "--out", str(cut), "-j", "1")
    assert done.returncode == 0, done.stderr
    assert "101 already written, 31 new" in done.stdout
    assert cut.read_bytes() == whole          # -j 1 after -j 2: the same bytes


def test_a_foreign_output_is_refused(example_run, tmp_path):
    other = tmp_path / "other.jsonl"
    vectors = lines(example_run)[:3]
    vectors[1]["ask"] = {"produce": "island"}
    other.write_text("".join(json.dumps(v) + "\n" for v in vectors))
    done = run_cli(str(EXAMPLE), "--out", str(other))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"mtgasp: {other}: line 2: not vector 1 of this spec (another "
                                   f"spec or card library?); remove the file or choose another --out")


def test_dask_cluster_gives_the_same_vectors(example_run, tmp_path):
    from distributed import LocalCluster

    out = tmp_path / "dask.jsonl"
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        done = run_cli(str(EXAMPLE), "--out", str(out), "--scheduler", cluster.scheduler_address)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == example_run.read_bytes()


def test_results_are_written_in_index_order_whatever_order_they_arrive(tmp_path):
    vectors = [{"index": i, "agree": True, "reference": [], "answer": []} for i in range(40)]
    arrived = vectors[:]
    random.Random(7).shuffle(arrived)
    seen = []
    with open(tmp_path / "out.jsonl", "w") as handle:
        writer = sweep_run.OrderedWriter(handle, 0, seen.append)
        for i in range(0, 40, 5):
            writer.add(arrived[i:i + 5])
    assert [v["index"] for v in seen] == list(range(40))
    assert [json.loads(x)["index"] for x in (tmp_path / "out.jsonl").read_text().splitlines()] \
        == list(range(40))


def test_a_disagreement_is_shrunk_to_the_effects_that_cause_it(tmp_path, monkeypatch):
    # A reference that forgets Mana Reflection doubles, to see the minimiser work.
    real = reference.scenario_answer

    def forgetful(doc, ask):
        kept = {**doc, "permanent": [p for p in doc["permanent"] if p["card"] != "Mana Reflection"]}
        return real(kept, ask)

    monkeypatch.setattr(reference, "scenario_answer", forgetful)
    scenario = {"title": "t", "game": {"players": ["you", "opponent"]}, "permanent": [
        {"id": "forest", "card": "Forest", "controller": "you"},
        {"id": "mana_flare", "card": "Mana Flare", "controller": "opponent"},
        {"id": "mana_reflection", "card": "Mana Reflection", "controller": "you"},
        {"id": "vernal_bloom", "card": "Vernal Bloom", "controller": "you"}]}
    ask = {"produce": "forest"}
    vector = sweep_vectors.answer_board(scenario, [ask])[0]
    assert vector["agree"] is False and vector["answer"] == ["{G}{G}{G}{G}"]
    minimal = sweep_vectors.minimal_disagreement(scenario, ask)
    assert [p["card"] for p in minimal["permanent"]] == ["Forest", "Mana Reflection"]
    summary = sweep_run.Summary()
    summary.count({**vector, "index": 3, "scenario": {**scenario, "ask": [ask]}})
    out = tmp_path / "s.jsonl"
    sweep_run.write_minimal(out, summary)
    written = (tmp_path / "s.disagreement-000003.toml").read_text()
    assert 'card = "Mana Reflection"' in written and "Mana Flare" not in written
    assert "# mtgasp:    [\"{G}{G}\"]" in written and "# reference: [\"{G}\"]" in written


def test_card_groups_come_from_the_library_and_the_reference_covers_them():
    groups = card_facts().groups
    assert set(groups["mana_replacement"]) == set(reference.REPLACEMENTS) | set(reference.EFFECT_REPLACEMENTS)
    assert set(groups["mana_trigger"]) == set(reference.TRIGGERS) | set(reference.EFFECT_TRIGGERS)
    spec = parse_spec('title = "t"\npermanents = ["Forest"]\neffects_group = "mana"\nsizes = [1]\n'
                      'controllers = ["you"]\nasks = ["produce"]\nchosen_colors = ["G", "B"]\n')
    # one board per effect, two for each of the three that choose a colour
    made = boards(spec)
    assert vector_count(made) == len(groups["mana"]) + 3
    by_card = {}
    for board in made:
        tables = board.scenario["permanent"][1:] + board.scenario.get("effect", [])
        by_card.setdefault(tables[0]["card"], []).append(tables[0])
    assert by_card["Utopia Sprawl"] == [
        {"id": "utopia_sprawl", "card": "Utopia Sprawl", "controller": "you", "attached_to": "forest",
         "chosen_color": c} for c in ("G", "B")]
    assert by_card["High Tide"] == [{"card": "High Tide", "controller": "you"}]   # an [[effect]]


@pytest.mark.parametrize("text, message", [
    ('title = "t"\npermanents = ["Forest"]\neffects = ["Mana Reflexion"]\nsizes = [1]\n'
     'controllers = ["you"]\nasks = ["produce"]\n', "line 3: `effects`: unknown card 'Mana Reflexion'"),
    ('title = "t"\npermanents = ["Forest"]\neffects = ["Mana Reflection"]\nsizes = [2]\n'
     'controllers = ["you"]\nasks = ["produce"]\n', "line 4: `sizes`: 2 is not between 0 and the 1 effects"),
    ('title = "t"\npermanents = ["Forest"]\neffects = ["Mana Reflection"]\nsizes = [1]\n'
     'controllers = ["you"]\nasks = ["produce", "mana"]\n', "line 6: `asks`: unknown question kind 'mana'"),
    ('title = "t"\npermanents = ["Forest"]\neffects_group = "mana_things"\nsizes = [1]\n'
     'controllers = ["you"]\nasks = ["produce"]\n', "line 3: `effects_group`: unknown group 'mana_things'"),
    ('title = "t"\npermanents = ["Forest"]\neffects = ["Mana Reflection"]\nsizes = [1]\n'
     'controllers = ["You"]\nasks = ["produce"]\nsize = 3\n', "line 7: unknown key `size`"),
    ('title = "t"\npermanents = "Forest"\n', "line 2: `permanents` must be a non-empty list"),
    ('title = "t"\npermanents = ["Forest"]\nsizes = = 1\n', "line 3: malformed TOML"),
])
def test_bad_specs_are_one_line_with_the_line_and_exit_2(tmp_path, capsys, text, message):
    spec = tmp_path / "bad.toml"
    spec.write_text(text)
    assert main(["sweep", str(spec), "--out", str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mtgasp: {spec}: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "o.jsonl").exists()


def test_the_reference_tables_name_library_cards_and_say_when_they_have_no_answer():
    from pybridge.cards.library import load_library

    library = load_library()
    tables = [reference.SOURCES, reference.REPLACEMENTS, reference.TRIGGERS,
              reference.EFFECT_REPLACEMENTS, reference.EFFECT_TRIGGERS]
    assert all(library.resolve(card) == card for table in tables for card in table)
    board = {"permanent": [{"id": "forest", "card": "Forest", "controller": "you"},
                           {"id": "moon", "card": "Blood Moon", "controller": "opponent"}]}
    with pytest.raises(reference.NotCovered, match="the card 'Blood Moon'"):
        reference.scenario_answer(board, {"produce": "forest"})
    with pytest.raises(reference.NotCovered, match="the ask"):
        reference.scenario_answer(board, {"can_activate": "forest"})
    with pytest.raises(reference.NotCovered, match="the card 'Blood Moon'"):
        reference.scenario_answer(board, {"characteristics": "forest"})
    tapped = {"permanent": [{"id": "forest", "card": "Forest", "tapped": True}]}
    with pytest.raises(reference.NotCovered, match="permanent key 'tapped'"):
        reference.scenario_answer(tapped, {"could_produce": "forest"})
    forest = {"permanent": [{"id": "forest", "card": "Forest"}]}
    assert reference.scenario_answer(forest, {"produce": "forest", "ability": 1}) == ["{G}"]
    with pytest.raises(reference.NotCovered, match="ability = 2"):
        reference.scenario_answer(forest, {"produce": "forest", "ability": 2})
