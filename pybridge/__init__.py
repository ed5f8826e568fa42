"""mtgasp: Magic: The Gathering rulings answered by answer set programming.

The small Python API:

    from pybridge import load_scenario, parse_scenario, answer_scenario
    result = answer_scenario(load_scenario("queries/could_produce/two_reflecting_pools.toml"))
    result.results[0].answer
"""
from pybridge.answering import AskResult, ScenarioResult, answer_scenario
from pybridge.errors import InputError, SolverTimeout
from pybridge.scenario import load_scenario, parse_scenario

__all__ = ["answer_scenario", "load_scenario", "parse_scenario", "AskResult", "ScenarioResult",
           "InputError", "SolverTimeout"]
