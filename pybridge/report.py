"""Formatting answers for people (text) and programs (JSON)."""
from __future__ import annotations

import json
from typing import Any

from pybridge.answering import AskResult, ScenarioResult


def _ask_json(result: AskResult, cites: tuple[str, ...], explain: bool) -> dict[str, Any]:
    ask = result.ask
    out: dict[str, Any] = {"kind": ask.kind, "target": ask.target}
    out.update({k: v for k, v in ask.options.items()})
    out["answer"] = result.answer
    out.update(result.details)
    if ask.has_expect:
        out["expect"] = ask.expect
        out["ok"] = result.ok
    out["cites"] = list(cites)
    if explain:
        out["explain"] = result.explain
    return out


def scenario_json(result: ScenarioResult, explain: bool = False) -> dict[str, Any]:
    sc = result.scenario
    return {"file": sc.path, "title": sc.title,
            "answers": [_ask_json(r, sc.cites, explain) for r in result.results]}


def to_json(result: ScenarioResult, explain: bool = False) -> str:
    return json.dumps(scenario_json(result, explain), ensure_ascii=False)


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def to_text(result: ScenarioResult, explain: bool = False) -> str:
    sc = result.scenario
    lines = [f"{sc.title}  ({sc.path})"]
    if sc.cites:
        lines.append(f"  rules: {', '.join(sc.cites)}")
    for r in result.results:
        ask = r.ask
        options = "".join(f" {k}={v}" for k, v in ask.options.items())
        line = f"  {ask.kind} {ask.target}{options}: {_show(r.answer)}"
        if ask.has_expect:
            line += "  ok" if r.ok else f"  FAILED, expected {_show(ask.expect)}"
        lines.append(line)
        if explain:
            lines.extend(f"    {step}" for step in r.explain)
    if result.timed_out:
        lines.append("  the solver ran out of time: the answers are unknown")
    return "\n".join(lines)
