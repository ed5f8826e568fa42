"""Formatting answers for people (text), programs (JSON) and pictures (Graphviz DOT)."""
from __future__ import annotations

import json
from collections import defaultdict
from typing import Any, TypeVar

import clingo

from pybridge.answer.answering import AskResult, ScenarioResult
from pybridge.answer.explain import mana, source
from pybridge.answer.words import Names, words
from pybridge.contract.answers import GraphApplied, GraphEdge, GraphFinal, GraphRoot
from pybridge.solve.model import read_rows

R = TypeVar("R")


def _ask_json(result: AskResult, cites: tuple[str, ...], explain: bool, names: Names | None = None,
              unknown_reason: str = "") -> dict[str, Any]:
    ask = result.ask
    out: dict[str, Any] = {"kind": ask.kind, "target": ask.target}
    out.update({k: v for k, v in ask.options.items()})
    out["answer"] = result.answer
    out.update(result.details)
    if ask.has_expect:
        out["expect"] = ask.expect
        out["ok"] = result.ok
    if result.known and not result.trusted:
        out["trusted"] = False      # it may rest on the text its `unmodelled` list names
    out["cites"] = list(cites)
    if explain:
        out["explain"] = [group.json() for group in result.explain]
    if names is not None:       # the answer in plain words (answer/words.py), for the page
        full = out if explain else {**out, "explain": [g.json() for g in result.explain]}
        out["words"] = words(full, names, unknown_reason)
    return out


def scenario_json(result: ScenarioResult, explain: bool = False) -> dict[str, Any]:
    sc = result.scenario
    out = {"file": sc.path, "title": sc.title,
           "answers": [_ask_json(r, sc.cites, explain, Names.of(sc), result.unknown_reason)
                       for r in result.results]}
    if result.timed_out:
        out["unknown_reason"] = result.unknown_reason
    return out


def to_json(result: ScenarioResult, explain: bool = False) -> str:
    return json.dumps(scenario_json(result, explain), ensure_ascii=False)


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _verdict(r: AskResult) -> str:
    if not r.ask.has_expect:
        return ""
    if not r.known:
        return ""   # the answer itself already says "unknown", with the reason
    if not r.ok:
        return f"  FAILED, expected {_show(r.ask.expect)}"
    return "  ok" if r.trusted else f"  {UNTRUSTED_OK}"


# The verdict of an answer that matches its expectation but may rest on text the rules did not
# read (its `unmodelled` list): `check` counts these apart, and `--strict` makes them failures.
UNTRUSTED_OK = "ok?"


def characteristics_lines(ch: dict[str, Any]) -> list[str]:
    """A characteristics answer for people: one line per characteristic, abilities one a line."""
    shown = set()

    def take(*keys: str):
        shown.update(keys)
        return [ch.get(k) for k in keys]

    name, cost, value = take("name", "mana_cost", "mana_value")
    supertypes, types, subtypes = take("supertypes", "types", "subtypes")
    colors, power, toughness, abilities = take("colors", "power", "toughness", "abilities")
    type_line = " ".join([*(supertypes or []), *(types or [])]) or "(none)"
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    lines = [f"name: {name or '(none)'}",
             f"mana cost: {cost or '(none)'}  (mana value {value})",
             f"colors: {' '.join(colors) if colors else 'colorless'}",
             f"types: {type_line}"]
    if power is not None or toughness is not None:
        lines.append(f"P/T: {'-' if power is None else power}/{'-' if toughness is None else toughness}")
    lines.append("abilities:" + ("" if abilities else " (none)"))
    lines.extend(f"  {text}" for text in abilities or [])
    rules, = take("rules")              # --- combat rules (asp/combat/combat_rules.lp) ---
    if rules:
        lines.append("rules for combat and untapping:")
        lines.extend(f"  {text}" for text in rules)
    for key, value in ch.items():
        if key in shown:
            continue
        if key == "face_down":
            lines.append(f"face down: {'yes' if value else 'no'}")
        elif key == "hidden" and isinstance(value, dict):
            looks = ", ".join(value.get("may_look", [])) or "nobody"
            card = value.get("card") or "a card this viewer may not look at"
            lines.append(f"hidden: {card} (may look: {looks})")
        else:
            lines.append(f"{key.replace('_', ' ')}: {_show(value)}")
    return lines


def _detail_lines(r: AskResult) -> list[str]:
    """What a produce answer needs said beside it: an activation that can't be made now, state
    the answer rests on that the format can't state."""
    lines = []
    if r.known and r.details.get("activatable") is False:
        lines.append(f"can't be activated now: {r.details['reason']}")
    if r.known and r.details.get("note"):
        lines.append(f"note: {r.details['note']}")
    if r.known and r.details.get("lost_game"):
        lines.append("lost the game (rule 704.5a)")
    if r.known and r.details.get("orders"):       # the ways (orders, choices) to each answer
        lines += [f"{row['orders']:,} way{'s' if row['orders'] != 1 else ''} to {_show(row['answer'])}"
                  for row in r.details["orders"]]
    return lines


def to_text(result: ScenarioResult, explain: bool = False) -> str:
    sc = result.scenario
    lines = [f"{sc.title}  ({sc.path})"]
    if sc.cites:
        lines.append(f"  rules: {', '.join(sc.cites)}")
    names = Names.of(sc)
    for r in result.results:
        ask = r.ask
        said = _ask_json(r, sc.cites, bool(r.explain), names, result.unknown_reason)["words"]
        options = "".join(f" {k}={v}" for k, v in ask.options.items())
        header = len(lines) + 1
        outcomes = r.answer.get("outcomes") if r.known and isinstance(r.answer, dict) else None
        if isinstance(outcomes, list) and set(r.answer) == {"outcomes"}:   # events' outcomes
            lines.append(f"  {ask.kind} {ask.target}{options}: {len(outcomes)} outcomes{_verdict(r)}")
            for n, value in enumerate(outcomes, start=1):
                if isinstance(value, dict):
                    lines.append(f"    outcome {n}:")
                    lines.extend(f"      {line}" for line in characteristics_lines(value))
                else:
                    lines.append(f"    outcome {n}: {_show(value)}")
        elif r.known and isinstance(r.answer, dict):    # characteristics: a line per value
            lines.append(f"  {ask.kind} {ask.target}{options}:{_verdict(r)}")
            lines.extend(f"    {line}" for line in characteristics_lines(r.answer))
        else:
            why = result.unknown_reason or "the ability asked about is not modelled yet"
            answer = _show(r.answer) if r.known else f"unknown ({why})"
            lines.append(f"  {ask.kind} {ask.target}{options}: {answer}{_verdict(r)}")
        lines.insert(header, f"    = {said['verdict']}")        # the answer in plain words
        lines.extend(f"    {line}" for line in _detail_lines(r))
        lines.extend(f"    {sentence}" for sentence in said.get("unmodelled", []))
        if explain:
            for group in r.explain:
                lines.extend(f"    {line}" for line in group.lines())
    return "\n".join(lines)


# --- the replacement state graph as Graphviz DOT ---
def _dot_string(text: str) -> str:
    """A DOT quoted string: backslashes and quotes escaped, newlines as centred line breaks."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\r", "").replace("\n", "\\n") + '"'


def _html(text: str) -> str:
    """Text for a DOT HTML-like label: the markup characters escaped, line breaks dropped."""
    cleaned = " ".join(text.split())
    return (cleaned.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _state_label(mana_now: str, applied: list[str], starts: list[str]) -> str:
    """A state: how it started (roots only), the mana so far in bold, the effects applied."""
    rows = [f'<FONT POINT-SIZE="10">{_html(s)}</FONT>' for s in starts]
    rows.append(f'<B>{_html(mana_now)}</B>')
    rows += [f'<FONT POINT-SIZE="9" COLOR="#555555">{_html(a)}</FONT>' for a in applied]
    if not applied:
        rows.append('<FONT POINT-SIZE="9" COLOR="#555555">no effect applied yet</FONT>')
    return "<" + "<BR/>".join(rows) + ">"


def _by_ask(row: type[R], result: ScenarioResult) -> dict[int, list[R]]:
    """The graph rows of one declared kind, by ask number."""
    out: dict[int, list[R]] = defaultdict(list)
    for found in read_rows(row, result.graph_atoms):
        out[found.ask].append(found)
    return out


# The look of the state graph, in one place: the graph's attributes, each question's cluster, and
# what marks a final state (rule 616.1f: no effect is left to apply).
DOT_STYLE = {
    "graph": ("  rankdir=LR;", "  nodesep=0.25; ranksep=0.5;",
              '  node [shape=box, style="rounded,filled", fillcolor="#f7f7f7", fontname="Helvetica"];',
              '  edge [fontname="Helvetica", fontsize=9];'),
    "cluster": 'fontname="Helvetica";',
    "final": ', peripheries=2, fillcolor="#e3f2e1"',
}


def to_dot(result: ScenarioResult) -> str:
    """The state graph of each `produce` question: a node per state (the mana so far and the
    effects applied so far), an edge per effect applied; final states are drawn doubled."""
    roots_of, edges_of = _by_ask(GraphRoot, result), _by_ask(GraphEdge, result)
    applied_of, finals_of = _by_ask(GraphApplied, result), _by_ask(GraphFinal, result)
    lines = ["digraph states {", *DOT_STYLE["graph"]]
    asks = {a.number: a for a in result.scenario.asks}
    for number in sorted(set(roots_of) | set(edges_of) | set(applied_of) | set(finals_of)):
        lines.append(f"  subgraph cluster_ask{number} {{")
        title = f"produce = {asks[number].target}   (double border: no effect is left to apply, rule 616.1f)"
        lines.append(f'    {DOT_STYLE["cluster"]} label={_dot_string(title)};')
        names: dict[clingo.Symbol, str] = {}

        def node(state: clingo.Symbol) -> str:
            if state not in names:
                names[state] = f"a{number}s{len(names)}"
            return names[state]

        applied: dict[clingo.Symbol, list[str]] = defaultdict(list)
        for row in applied_of.get(number, []):
            applied[row.state].append(source(row.source, row.card))
        finals = {row.state for row in finals_of.get(number, [])}
        roots: dict[clingo.Symbol, list[str]] = defaultdict(list)
        for row in roots_of.get(number, []):
            roots[row.state].append(f"{source(row.permanent, row.card)}: {row.text}")
        edges = sorted(edges_of.get(number, []), key=lambda r: (r.start, r.end, r.source, r.card, r.op))
        states = set(applied) | finals | set(roots)
        for edge in edges:
            states.update((edge.start, edge.end))
        for state in sorted(states):
            label = _state_label(mana(state.arguments[3]), sorted(applied.get(state, [])),
                                 sorted(roots.get(state, [])))
            style = DOT_STYLE["final"] if state in finals else ""
            lines.append(f"    {node(state)} [label={label}{style}];")
        for edge in edges:
            label = _dot_string(source(edge.source, edge.card))
            lines.append(f"    {node(edge.start)} -> {node(edge.end)} [label={label}];")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"
