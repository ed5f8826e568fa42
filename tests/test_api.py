"""The Python API: the README example runs as printed, and scenarios built from Python data are
validated like files."""
import contextlib
import io
import re
from pathlib import Path

import pytest

from pybridge import (InputError, Scenario, as_scenario, ask, build_scenario, load_scenario,
                      to_dot, to_json)
from pybridge.read.scenario import scenario_from_document

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "queries"

# The README's "From Python" example, exactly (the lead pastes it from here).
README_EXAMPLE = '''\
from pybridge import ask, to_text

board = {
    "title": "Contamination, Mana Reflection and Damping Sphere on a Forest",
    "permanent": [
        {"id": "forest", "card": "Forest"},
        {"id": "contamination", "card": "Contamination", "controller": "opponent"},
        {"id": "reflection", "card": "Mana Reflection"},
        {"id": "sphere", "card": "Damping Sphere", "controller": "opponent"},
    ],
    "ask": [{"produce": "forest"}, {"could_produce": "forest", "expect": ["B", "C"]}],
}
result = ask(board, explain=True, timeout=60)
assert result.answer("produce", "forest") == ["{B}", "{C}"]
assert result.answer("could_produce") == ["B", "C"] and not result.failed
for group in result.results[0].explain:      # one group per distinct result
    print(group.fields["result"], group.fields["orders"], [step.rule for step in group.steps])
# {B} 2 ['305.6', '616.1e', '616.1e', '616.1f']
# {C} 1 ['305.6', '616.1e', '614.6', '616.2', '616.1f']
print(to_text(result, explain=True))         # what `mtgasp ask --explain` prints
'''


def readme_example() -> str | None:
    """The python block of the README's "From Python" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## From Python\n.*?```python\n(.*?)```", readme, flags=re.S | re.M)
    return match.group(1) if match else None


def run_example(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README example", "exec"), {})
    return out.getvalue()


def test_the_readme_example_runs_and_prints_what_it_says():
    in_readme = readme_example()
    assert in_readme == README_EXAMPLE, "README's example and the tested one differ"
    printed = run_example(README_EXAMPLE).splitlines()
    promised = [line[2:] for line in README_EXAMPLE.splitlines()
                if line.startswith("# {")]
    assert printed[:2] == promised
    assert printed[2] == "Contamination, Mana Reflection and Damping Sphere on a Forest  (<python>)"
    assert "      4. Damping Sphere (sphere) replaces {B}{B} with {C} (rule 616.2)" in printed


# --- building scenarios from Python data ---
def test_python_data_is_validated_like_a_file():
    with pytest.raises(InputError, match=r"^<python>: unknown card 'Forrest' \(closest: 'Forest'"):
        ask({"permanent": [{"id": "forest", "card": "Forrest"}], "ask": [{"produce": "forest"}]})
    with pytest.raises(InputError, match="unknown key 'colour'"):
        build_scenario({"permanent": [{"id": "f", "card": "Forest", "colour": "G"}],
                        "ask": [{"produce": "f"}]})
    with pytest.raises(InputError, match="asks nothing"):
        build_scenario({"permanent": [{"id": "f", "card": "Forest"}]})
    with pytest.raises(InputError, match="a scenario must be a table"):
        scenario_from_document(["not", "a", "table"], "<python>")


def test_python_data_may_use_tuples_none_and_no_title():
    scenario = build_scenario({"permanent": ({"id": "forest", "card": "Forest", "controller": None},),
                               "ask": ({"could_produce": "forest", "expect": ("G",)},)})
    assert scenario.title == "untitled scenario" and scenario.permanents[0].controller == "you"
    assert ask(scenario).answer() == ["G"]


def test_every_source_a_scenario_can_come_from():
    path = QUERIES / "produce" / "contamination_mana_reflection.toml"
    answers = {str(ask(source).answer("produce")) for source in
               (path, str(path), load_scenario(path), as_scenario(path))}
    assert answers == {"['{B}', '{B}{B}']"}
    assert isinstance(as_scenario(path), Scenario)
    with pytest.raises(TypeError, match="not int"):
        ask(3)


def test_answer_lookup_and_outputs():
    result = ask(QUERIES / "produce" / "contamination_mana_reflection.toml", graph=True)
    assert result.answer("could_produce", "forest") == ["B"]
    with pytest.raises(KeyError):
        result.answer("etb_x")
    assert '"answer": ["{B}", "{B}{B}"]' in to_json(result)
    assert to_dot(result).count(" -> ") == 4
