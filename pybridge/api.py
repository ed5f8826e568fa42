"""The Python API: build or load a scenario, ask its questions, read the answers.

    from pybridge import ask
    result = ask({"permanent": [{"id": "forest", "card": "Forest"}],
                  "ask": [{"produce": "forest"}]})
    result.answer("produce", "forest")          # ['{G}']

A scenario given as Python data has the shape of the TOML file (SPEC.md): a dict whose
"permanent", "effect" and "ask" entries are lists of dicts.  It is validated exactly as a file is,
so the same mistakes raise the same InputError.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Union

from pybridge.answer.answering import ScenarioResult, answer_question
from pybridge.errors import InputError
from pybridge.read.scenario import Scenario, load_scenario, scenario_from_document
from pybridge.run.worker import DEFAULT_TIMEOUT
from pybridge.run.worker import check_timeout

DEFAULT_TITLE = "untitled scenario"
ScenarioSource = Union[Scenario, Mapping[str, Any], str, Path]


def _as_tables(value: Any) -> Any:
    """Python data as TOML would give it: tuples become lists, keys strings, and a key whose value
    is None is left out (None means "not given")."""
    if isinstance(value, Mapping):
        return {str(k): _as_tables(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_as_tables(v) for v in value]
    return value


def build_scenario(doc: Mapping[str, Any], name: str = "<python>") -> Scenario:
    """A scenario from Python data; `title` may be left out.  `name` stands for the file name in
    messages."""
    try:
        tables = _as_tables(doc)
        tables.setdefault("title", DEFAULT_TITLE)
        return scenario_from_document(tables, name)
    except RecursionError:
        raise InputError(f"{name}: lists or tables nested too deeply") from None


def as_scenario(source: ScenarioSource) -> Scenario:
    """A Scenario from a Scenario, Python data (a dict), or the path of a TOML file."""
    if isinstance(source, Scenario):
        return source
    if isinstance(source, Mapping):
        return build_scenario(source)
    if isinstance(source, (str, Path)):
        return load_scenario(source)
    raise TypeError(f"a scenario is a Scenario, a dict or a path, not {type(source).__name__}")


def ask(source: ScenarioSource, *, explain: bool = False, timeout: float = DEFAULT_TIMEOUT,
        graph: bool = False) -> ScenarioResult:
    """Answer every question of a scenario (see `as_scenario` for what source may be).

    explain: each answer also says how it was reached (AskResult.explain, groups of steps that
    name their rules).  timeout: seconds for the whole question (reading a file, facts,
    grounding, solving, answers), in a worker process; 60 by default, math.inf for no limit
    (None: the default).  When they run out, or the worker's memory does, every answer is
    "unknown" (result.timed_out, result.unknown_reason) rather than an exception.
    graph: keep the replacement state graph of produce questions, for pybridge.to_dot.
    """
    check_timeout(DEFAULT_TIMEOUT if timeout is None else timeout)
    # A file is read in the worker, so that its time-out covers reading it too.
    question = source if isinstance(source, (str, Path)) else as_scenario(source)
    return answer_question(question, timeout=timeout, explain=explain, graph=graph)[0]
