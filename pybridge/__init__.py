"""mtgasp: Magic: The Gathering rulings answered by answer set programming.

The Python API (README, "From Python"):

    from pybridge import ask, to_text
    result = ask("queries/produce/contamination_mana_reflection.toml", explain=True)
    result.answer("produce", "forest")     # ['{B}', '{B}{B}']
    print(to_text(result, explain=True))

`ask` takes a dict shaped like a scenario file, a path, or a Scenario; `load_scenario`,
`parse_scenario` (TOML text) and `build_scenario` (Python data) make Scenarios, and
`answer_scenario` answers one.  Bad input raises InputError with the one-line message the command
line prints.
"""
from pybridge.answering import AskResult, ScenarioResult, answer_scenario
from pybridge.api import ask, as_scenario, build_scenario
from pybridge.errors import InputError, SolverTimeout
from pybridge.model import Group, Step
from pybridge.report import to_dot, to_json, to_text
from pybridge.scenario import Scenario, load_scenario, parse_scenario

__all__ = ["ask", "as_scenario", "build_scenario", "answer_scenario", "load_scenario",
           "parse_scenario", "to_text", "to_json", "to_dot", "Scenario", "AskResult",
           "ScenarioResult", "Group", "Step", "InputError", "SolverTimeout"]
