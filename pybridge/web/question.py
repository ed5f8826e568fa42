"""What the page's requests run in a solver worker (pybridge/run/worker.py), so that the server's
time-out and memory cap bound reading a request body as they bound solving: the scenario of an
ask, read from its text (`ScenarioText`), and the conversions of /api/toml and /api/json.

Nothing here imports Starlette: a worker unpickles these by name, and the package's __init__
imports the application only when asked for it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pybridge.errors import InputError

TOML_NAME = "scenario.toml"
JSON_NAME = "scenario.json"
# How much of a value a message shows: a 5,000-digit number is not echoed whole.
SHOWN = 60


def shorten(text: str, limit: int = SHOWN) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def json_document(text: str) -> Any:
    """The JSON of a request body; anything json can't read, or Python can't hold (an integer of
    thousands of digits, nesting past the recursion limit), is bad input."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"{JSON_NAME}: malformed JSON: {err}") from None
    except (ValueError, RecursionError) as err:
        raise InputError(f"{JSON_NAME}: malformed JSON: {shorten(str(err))}") from None


@dataclass(frozen=True)
class ScenarioText:
    """A request body that is a scenario: TOML text or its JSON form, read in the worker."""
    kind: str           # "toml" or "json"
    text: str
    graph: bool = False

    @property
    def path(self) -> str:
        return TOML_NAME if self.kind == "toml" else JSON_NAME

    def read(self):
        from pybridge.api import build_scenario
        from pybridge.read.scenario import parse_scenario
        if self.kind == "toml":
            scenario = parse_scenario(self.text, TOML_NAME)
        else:
            document = json_document(self.text)
            if not isinstance(document, dict):
                raise InputError(f"{JSON_NAME}: a scenario must be a JSON object")
            scenario = build_scenario(document, JSON_NAME)
        if self.graph and not any(a.kind == "produce" for a in scenario.asks):
            raise InputError(f"{scenario.path}: dot=1 draws the state graph of produce "
                             f"questions, and this scenario asks none")
        return scenario


def toml_of_json(text: str) -> str:
    """/api/toml: the JSON form as TOML text."""
    from pybridge.web.toml_form import to_toml
    try:
        out = to_toml(json_document(text))
        out.encode("utf-8")       # a lone surrogate has no UTF-8: bad input, not a failed send
    except RecursionError:
        raise InputError(f"{JSON_NAME}: nested too deeply for a scenario") from None
    except UnicodeEncodeError as err:
        raise InputError(f"{JSON_NAME}: a string holds U+{ord(err.object[err.start]):04X}, a "
                         f"lone surrogate (no UTF-8 text has one)") from None
    except (ValueError, TypeError) as err:
        raise InputError(f"{JSON_NAME}: {shorten(str(err))}") from None
    return out


def json_of_toml(text: str) -> dict[str, Any]:
    """/api/json: TOML text as the JSON form."""
    from pybridge.web.toml_form import from_toml
    try:
        return from_toml(text, TOML_NAME)
    except RecursionError:
        raise InputError(f"{TOML_NAME}: nested too deeply for a scenario") from None
    except (ValueError, TypeError) as err:
        raise InputError(f"{TOML_NAME}: {shorten(str(err))}") from None
