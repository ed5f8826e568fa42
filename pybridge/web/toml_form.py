"""A scenario's two forms: TOML text (the file format) and its JSON form (the same tables)."""
from __future__ import annotations

import json
import tomllib
from typing import Any

import tomli_w

from pybridge.errors import InputError
from pybridge.read.scenario import parse_scenario

JSON_NAME = "scenario.json"
# The order a scenario file is written in: scalars first, then the tables in this order.
KEY_ORDER = ("title", "cites", "source", "game", "permanent", "effect", "card", "event", "ask")


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table_header(key: str) -> str:
    """`[key]` with the key quoted as TOML needs it (tomli-w's own quoting)."""
    return tomli_w.dumps({key: {"_": 0}}).split("\n", 1)[0]


def _table_list(key: str, tables: list[dict]) -> str:
    """`[[key]]` tables as a scenario file writes them (tomli-w would fold short ones into one
    inline array): each table's values, then its sub-tables as `[key.sub]`, which TOML reads as
    belonging to the table just above."""
    chunks = []
    for table in tables:
        plain = {k: v for k, v in table.items() if not isinstance(v, dict) and not _is_table_list(v)}
        nested = {k: v for k, v in table.items() if k not in plain}
        chunk = f"[{_table_header(key)}]\n" + tomli_w.dumps(plain)
        if nested:
            chunk += "\n" + tomli_w.dumps({key: nested})
        chunks.append(chunk)
    return "\n".join(chunks)


def to_toml(doc: Any) -> str:
    """The JSON form as TOML text, laid out as a scenario file (values first, then [game],
    then the [[permanent]], [[effect]] and [[ask]] tables).  Raises InputError for what TOML
    can't hold; a null is dropped, as the Python API drops None."""
    if not isinstance(doc, dict):
        raise InputError(f"{JSON_NAME}: a scenario must be a JSON object")
    tables = _without_nulls(doc)
    order = {k: n for n, k in enumerate(KEY_ORDER)}
    keys = sorted(tables, key=lambda k: order.get(k, len(order)))
    ordered = {k: tables[k] for k in keys}
    plain = {k: v for k, v in ordered.items() if not _is_table_list(v)}
    try:
        chunks = [tomli_w.dumps(plain)] if plain else []
        chunks += [_table_list(k, v) for k, v in ordered.items() if _is_table_list(v)]
        text = "\n".join(chunk.rstrip("\n") + "\n" for chunk in chunks)
        if not _same(text, ordered):
            # Shapes no scenario has (tables in lists in tables): tomli-w's own layout.
            text = tomli_w.dumps(ordered)
    except (TypeError, ValueError) as err:
        raise InputError(f"{JSON_NAME}: the scenario can't be written as TOML: {err}") from None
    return text


def _without_nulls(value: Any) -> Any:
    """JSON's null means "not given" (as None does in the Python API): the key is left out."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _same(text: str, tables: dict) -> bool:
    """Whether the TOML text reads back as the tables (compared as JSON, so nan equals nan)."""
    try:
        back = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return json.dumps(back, sort_keys=True) == json.dumps(tables, sort_keys=True)


def from_toml(text: str, name: str) -> dict[str, Any]:
    """TOML text as its JSON form, without validating the scenario (a board being built may
    ask nothing yet); malformed TOML raises the InputError the command line gives."""
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        parse_scenario(text, name)          # raises the command line's message for it
        raise InputError(f"{name}: malformed TOML") from None
