"""Writes the files derived from the scenario contract (pybridge/contract/scenario.py): the #defined block
of the scenario's inputs, asp/vocabulary/scenario.lp, and the key tables of docs/scenario-format.md
between their markers; and that document's question table from the question kinds'
declarations (pybridge/contract/kinds.py).  `python -m pybridge.contract.generate`; tests/test_contract.py keeps both current."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from pybridge.contract.kinds import KIND_DECLS
from pybridge.contract.scenario import CARD, EFFECT, EVENT, GAME, PERMANENT, TOP, Table, input_facts

ROOT = Path(__file__).resolve().parents[2]
INPUTS_LP = ROOT / "asp" / "vocabulary" / "scenario.lp"
FORMAT_MD = ROOT / "docs" / "scenario-format.md"


def inputs_program() -> str:
    lines = ["% The scenario's facts: every input the rules read, each #defined since a scenario may",
             "% give none of it.  Generated from pybridge/contract/scenario.py by `python -m pybridge.contract.generate`;",
             "% do not edit (tests/test_contract.py keeps it current).", ""]
    seen: set[str] = set()
    section = None
    for signature, shape, table in input_facts():
        if table != section:
            section = table
            lines.append(f"% --- {'[game]' if table == 'game' else '[[' + table + ']]'} ---")
        if signature not in seen:
            seen.add(signature)
            lines.append(f"#defined {signature}.".ljust(40) + f"% {shape}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def key_table(table: Table) -> str:
    rows = ["| key | type | default | meaning | facts |", "| --- | --- | --- | --- | --- |"]
    for key in table.keys:
        shown = {"table": f"[{key.name}]", "tables": f"[[{key.name}]]"}.get(key.type, key.name)
        facts = ", ".join(f"`{_cell(f)}`" for f in key.facts)
        rows.append(f"| `{shown}` | {key.type} | {key.default} | {key.doc} | {facts} |")
    return "\n".join(rows)


def _marker(table: Table) -> str:
    return table.name or "top"


def kinds_table() -> str:
    rows = ["| question | options | answer and `expect` syntax |", "| --- | --- | --- |"]
    for kind in KIND_DECLS:
        asked = f"`{kind.name} = {'PLAYER' if kind.target == 'player' else 'ID'}`"
        options = ", ".join(_cell(o.doc) for o in kind.options)
        rows.append(f"| {asked} | {options + ' ' if options else ''}| {_cell(kind.answer_doc)} |")
    return "\n".join(rows)


def _replace_between(text: str, marker: str, body: str) -> str:
    begin = f"<!-- {marker} (generated: python -m pybridge.contract.generate) -->"
    end = f"<!-- /{marker} -->"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"{FORMAT_MD}: no markers for the {marker} table")
    return pattern.sub(lambda _m: f"{begin}\n{body}\n{end}", text)


def format_document(text: str) -> str:
    """docs/scenario-format.md with each generated table replaced between its markers."""
    for table in (TOP, GAME, PERMANENT, EFFECT, CARD, EVENT):
        text = _replace_between(text, f"keys:{_marker(table)}", key_table(table))
    return _replace_between(text, "kinds", kinds_table())


def main() -> int:
    INPUTS_LP.write_text(inputs_program(), encoding="utf-8")
    FORMAT_MD.write_text(format_document(FORMAT_MD.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {INPUTS_LP.relative_to(ROOT)} and {FORMAT_MD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
