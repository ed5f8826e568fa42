"""A scenario's tables written back as a scenario file (TOML), for the minimal disagreements."""
from __future__ import annotations

import json
from typing import Any


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)     # a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {type(value).__name__}")


def scenario_toml(doc: dict, comment: list[str] = ()) -> str:
    """Plain keys first, then [game], then the arrays of tables in the scenario format's order."""
    lines = [f"# {c}" for c in comment]
    tables = ("permanent", "effect", "ask")
    for key, value in doc.items():
        if key not in tables and not isinstance(value, dict):
            lines.append(f"{key} = {_value(value)}")
    for key, value in doc.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]"] + [f"{k} = {_value(v)}" for k, v in value.items()]
    for key in tables:
        for table in doc.get(key, []):
            lines += ["", f"[[{key}]]"] + [f"{k} = {_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"
