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
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Where each public name lives.  They are imported when first used (PEP 562), so that
# `python -m pybridge` and `import pybridge.<module>` load only what their work needs.
_WHERE = {
    "AskResult": "answer.answering", "ScenarioResult": "answer.answering", "answer_scenario": "answer.answering",
    "ask": "api", "as_scenario": "api", "build_scenario": "api",
    "InputError": "errors", "SolverTimeout": "errors",
    "Group": "solve.model", "Step": "solve.model",
    "to_dot": "answer.report", "to_json": "answer.report", "to_text": "answer.report",
    "Scenario": "read.scenario", "load_scenario": "read.scenario", "parse_scenario": "read.scenario",
}

if TYPE_CHECKING:
    from pybridge.answer.answering import AskResult, ScenarioResult, answer_scenario
    from pybridge.api import ask, as_scenario, build_scenario
    from pybridge.errors import InputError, SolverTimeout
    from pybridge.solve.model import Group, Step
    from pybridge.answer.report import to_dot, to_json, to_text
    from pybridge.read.scenario import Scenario, load_scenario, parse_scenario


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'pybridge' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"pybridge.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__all__ = ["ask", "as_scenario", "build_scenario", "answer_scenario", "load_scenario",
           "parse_scenario", "to_text", "to_json", "to_dot", "Scenario", "AskResult",
           "ScenarioResult", "Group", "Step", "InputError", "SolverTimeout"]
