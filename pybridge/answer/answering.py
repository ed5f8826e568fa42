"""Answering a scenario: facts in, one solver run, one result per ask, the whole question in a
time- and memory-bounded worker (pybridge/run/worker.py)."""
from __future__ import annotations

import os
import resource
from collections import Counter
from math import factorial, prod
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import clingo
from clingo import Function, Number

from pybridge.errors import InputError, SolverTimeout
from pybridge.answer.events import (board_of, check_targets, final_states, question_facts,
                                    resolved_unmodelled)
from pybridge.answer.explain import explain_ask
from pybridge.read.facts import scenario_facts
from pybridge.answer.kinds import KINDS
from pybridge.contract.answers import (EXPLAIN_SHOWN, BoundExceeded, ContinuousSource, EffectUnread, FaceDownUnread,
                                       PermanentProblem, ScenarioProblem)
from pybridge.cards.library import explain_files
from pybridge.solve.model import Group, ModelAtoms
from pybridge.read.scenario import Ask, Scenario, load_scenario, not_regular
from pybridge.run.worker import DEFAULT_TIMEOUT
from pybridge.solve.solver import solve_in_process
from pybridge.run.worker import check_timeout, memory_budget, run, run_each, send_progress
from pybridge.answer.unmodelled import UnmodelledIndex

UNKNOWN = "unknown"
# The largest scenario file read (a board of 10,000 permanents is about 0.5 MB); a bigger one is
# bad input, refused before it is read.
MAX_SCENARIO_BYTES = 16 * 2 ** 20
# asp/explain/ programs: common.lp serves every explanation, <kind>.lp explains that kind, and
# graph.lp draws the replacement state graph of `produce` questions.
COMMON_EXPLAIN_PROGRAM = "common"
GRAPH_PROGRAM = "graph"
GRAPH_ATOMS = tuple(row.PREDICATE for row in EXPLAIN_SHOWN[GRAPH_PROGRAM])


@dataclass
class AskResult:
    """The answer to one ask, its verdict, explanation and details."""
    ask: Ask
    answer: Any
    ok: bool | None            # None: nothing was expected, or the answer is unknown
    explain: list[Group] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def known(self) -> bool:
        return not (isinstance(self.answer, str) and self.answer == UNKNOWN)

    @property
    def trusted(self) -> bool:
        """False when the answer may rest on ability text the rules did not read: an ability
        of an object it involves that is named in its `unmodelled` list."""
        return not self.details.get("unmodelled")


@dataclass
class ScenarioResult:
    """The answers to a scenario's asks."""
    scenario: Scenario
    results: list[AskResult]
    timed_out: bool = False
    # Why the answers are unknown ("no answer within 2 s", "out of memory ..."), when they are.
    unknown_reason: str = ""
    stats: dict = field(default_factory=dict)
    # The graph_* atoms of asp/explain/graph.lp, when the state graph was asked for.
    graph_atoms: list[clingo.Symbol] = field(default_factory=list)
    # With [game] timestamps = "every": the objects whose timestamps order continuous effects.
    continuous_sources: list[clingo.Symbol] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(r.ok is False for r in self.results)

    @property
    def untrusted(self) -> bool:
        """Some known answer rests on text the rules did not read (`--strict` fails on it)."""
        return any(r.known and not r.trusted for r in self.results)

    def answer(self, kind: str | None = None, target: str | None = None) -> Any:
        """The answer of the first ask matching kind and target (either may be left out)."""
        for r in self.results:
            if kind in (None, r.ask.kind) and target in (None, r.ask.target):
                return r.answer
        raise KeyError(f"no ask {kind or ''} {target or ''}".strip())


def explain_programs(scenario: Scenario, explain: bool, graph: bool) -> list:
    """The asp/explain/ programs a run needs: none for a plain answer (so it stays as fast)."""
    names: list[str] = []
    if explain:
        names += sorted({ask.kind for ask in scenario.asks})
    if graph:
        names.append(GRAPH_PROGRAM)
    return explain_files([COMMON_EXPLAIN_PROGRAM, *names]) if names else []


def answer_here(scenario: Scenario, explain: bool = False, graph: bool = False) -> ScenarioResult:
    """Answer every ask of the scenario in this process, with no time or memory bound (the
    worker's job; callers want answer_scenario).  With [[event]] tables the questions are asked
    of each distinct state the events leave (pybridge/answer/events.py)."""
    if scenario.events:
        states = final_states(scenario)
        check_targets(scenario, states)
        each = [_with_resolved(answer_facts(scenario, question_facts(scenario, state), explain,
                                            graph, board=board_of(state)), state)
                for state in states]
        return _merge_outcomes(scenario, each, [state.count for state in states])
    if scenario.timestamps == "every":
        return _every_order(scenario, explain, graph)
    return answer_facts(scenario, scenario_facts(scenario), explain, graph)


# --- [game] timestamps = "every" (613.7) ---
# Distinct orders of the sources' timestamps past this many are refused (each one is a solve).
MAX_TIMESTAMP_ORDERS = 720


def _every_order(scenario: Scenario, explain: bool, graph: bool) -> ScenarioResult:
    """The questions under every order of the timestamps of the objects the rules name as
    sources of continuous effects (asp/game/base.lp's continuous_source/1): the distinct
    answers as outcomes, each ask's `orders` counting the orders that give each.  Python only
    permutes the timestamps the file gives among those objects; the rules answer each order.
    Sources alike (the same facts but their names, and named by no ask) are interchangeable: one
    arrangement of them stands for the orders of their members, counted."""
    facts = scenario_facts(scenario)
    first = answer_facts(scenario, list(facts), explain, graph)
    sources = first.continuous_sources
    stamps = {f.arguments[0]: f.arguments[1].number for f in facts
              if f.name == "timestamp" and f.arguments[0] in set(sources)}
    sources = sorted(stamps, key=lambda s: (stamps[s], str(s)))
    classes = _alike(sources, facts)
    counts = Counter(classes)
    arrangements = _arrangements(classes)
    if len(arrangements) > MAX_TIMESTAMP_ORDERS:
        raise SolverTimeout(f"past a bound of the rules: timestamps = \"every\" gives "
                            f"{len(arrangements):,} distinct orders of {len(sources)} sources of "
                            f"continuous effects (at most {MAX_TIMESTAMP_ORDERS})")
    weight = prod(factorial(n) for n in counts.values())
    values = sorted(stamps.values())
    each, orders = [], []
    for arrangement in arrangements:
        members = {c: [s for s, k in zip(sources, classes) if k == c] for c in counts}
        given = {members[c].pop(0): value for c, value in zip(arrangement, values)}
        stamped = [Function("timestamp", [f.arguments[0], Number(given[f.arguments[0]])])
                   if f.name == "timestamp" and f.arguments[0] in given else f for f in facts]
        each.append(first if list(arrangement) == classes else
                    answer_facts(scenario, stamped, explain, graph))
        orders.append(weight)
    for result in each:             # (the words say whose outcomes they are)
        for ask_result in result.results:
            ask_result.details["timestamps"] = "every"
    return _merge_outcomes(scenario, each, orders, counted=True)


def _alike(sources: list[clingo.Symbol], facts: list[clingo.Symbol]) -> list[int]:
    """A class number for each source: equal for sources whose facts (timestamps aside, every
    fact naming them, an ask's too) are the same but for their names."""
    keys: dict[frozenset, int] = {}
    out = []
    for source in sources:
        name = str(source)
        key = frozenset(str(f).replace(name, "\0") for f in facts
                        if f.name != "timestamp" and source in f.arguments)
        out.append(keys.setdefault(key, len(keys)))
    return out


def _arrangements(classes: list[int]) -> list[tuple[int, ...]]:
    """Every distinct sequence of the classes' members (a multiset's permutations), in order."""
    out: list[tuple[int, ...]] = []
    left = Counter(classes)

    def extend(prefix: list[int]) -> None:
        if len(out) > MAX_TIMESTAMP_ORDERS:
            return
        if len(prefix) == len(classes):
            out.append(tuple(prefix))
            return
        for c in sorted(left):
            if left[c]:
                left[c] -= 1
                extend(prefix + [c])
                left[c] += 1
    extend([])
    return out


def _with_resolved(result: ScenarioResult, state) -> ScenarioResult:
    """A triggered ability that resolved with an effect the rules don't model (the state's
    resolved_unmodelled/2, asp/stack/resolve.lp) may bear on every answer after it: each
    answer's `unmodelled` names it."""
    rows = resolved_unmodelled(state)
    for ask_result in result.results:
        listed = ask_result.details.setdefault("unmodelled", [])
        listed += [row for row in rows if row not in listed]
        if not listed:
            del ask_result.details["unmodelled"]
    return result


# The kinds whose JSON adds "orders" even where the events have one outcome: each distinct answer
# with the number of paths (orders of triggered abilities put on the stack, and choices) leading
# to it (pybridge/answer/events.py).  Every kind adds it where there are several outcomes.
COUNTED_KINDS = ("stack", "life")


def _orders(each: list[ScenarioResult], counts: list[int], number: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for result, count in zip(each, counts):
        answer = result.results[number].answer
        row = next((r for r in out if r["answer"] == answer), None)
        if row is None:
            out.append({"answer": answer, "orders": count})
        else:
            row["orders"] += count
    return out


def _merge_outcomes(scenario: Scenario, each: list[ScenarioResult],
                    counts: list[int] | None = None, counted: bool = False) -> ScenarioResult:
    """One result per ask over the outcomes of the events (or the orders of timestamps): the
    answer when every outcome gives the same one, else the kind's combination (by default
    {"outcomes": [each distinct answer]}); `orders` in each counted ask's details (counted: every
    ask's)."""
    counts = counts or [1] * len(each)
    for number, ask in enumerate(scenario.asks):
        if counted or len(each) > 1 or ask.kind in COUNTED_KINDS:
            for result in each:
                result.results[number].details["orders"] = _orders(each, counts, number)
    first = each[0]
    if len(each) == 1:
        return first
    results = []
    for number, ask in enumerate(scenario.asks):
        answers = []
        for result in each:
            if result.results[number].answer not in answers:
                answers.append(result.results[number].answer)
        kind = KINDS[ask.kind]
        if len(answers) == 1:
            answer = answers[0]
        elif kind.outcomes is not None:
            answer = kind.outcomes(answers)
        else:
            answer = {"outcomes": answers}
        ok = _outcomes_match(kind, answer, ask.expect) if ask.has_expect else None
        chosen = first.results[number]
        details = {**chosen.details, "outcomes": len(each)}
        unmodelled: list[dict[str, str]] = []     # of every outcome's board
        for result in each:
            unmodelled += [row for row in result.results[number].details.get("unmodelled", [])
                           if row not in unmodelled]
        if unmodelled:
            details["unmodelled"] = unmodelled

        results.append(AskResult(ask, answer, ok, chosen.explain, details))
    return ScenarioResult(scenario, results, stats=first.stats, graph_atoms=first.graph_atoms)


def _outcomes_match(kind, answer: Any, expect: Any) -> bool:
    """{"outcomes": [...]} against an expectation of that form: each expected answer matches a
    distinct answer of the outcomes and none is left over; otherwise as the kind compares."""
    given = isinstance(expect, dict) and set(expect) == {"outcomes"}
    if not (isinstance(answer, dict) and set(answer) == {"outcomes"} and kind.outcomes is None):
        return False if given else kind.matches(answer, expect)
    if not given:
        return False
    left = list(answer["outcomes"])
    for wanted in expect["outcomes"]:
        hit = next((a for a in left if kind.matches(a, wanted)), None)
        if hit is None:
            return False
        left.remove(hit)
    return not left


def answer_facts(scenario: Scenario, facts: list, explain: bool = False,
                 graph: bool = False, board: list | None = None) -> ScenarioResult:
    """Answer every ask of the scenario from these facts (the scenario's, or those of a state
    after its events, whose permanents, `board`, the unmodelled-ability warnings look at).  The
    list is given up: it is emptied once clingo holds the facts."""
    solved = solve_in_process(facts, extra_programs=explain_programs(scenario, explain, graph),
                              release_facts=True)
    atoms = ModelAtoms(solved.symbols)
    # A number past a documented bound of the rules (asp/show/base.lp): unknown, not wrong.
    bounds = sorted(row.text for row in atoms.read(BoundExceeded))
    if bounds:
        raise SolverTimeout(f"past a bound of the rules: {bounds[0]}")
    # The rules may find a state the game can't reach (e.g. rule 712.16); that is bad input.
    problems = _unread_problems(scenario, atoms) + sorted(
        [row.text for row in atoms.read(ScenarioProblem)]
        + [_problem_text(scenario, row) for row in atoms.read(PermanentProblem)])
    if problems:
        raise InputError(f"{scenario.path}: {problems[0]}")
    results = []
    unmodelled_index = UnmodelledIndex(scenario, board)
    for ask in scenario.asks:
        kind = KINDS[ask.kind]
        answer = kind.answer(atoms, ask)
        # unknown (the asked ability is read by no rule): nothing to compare
        ok = _outcomes_match(kind, answer, ask.expect) if ask.has_expect and answer != UNKNOWN else None
        groups = explain_ask(atoms, ask, kind.explain) if explain else []
        details = kind.details(atoms, ask) if kind.details else {}
        unmodelled = details.get("unmodelled", []) + unmodelled_index.for_ask(ask.kind, ask.target)
        unmodelled = [row for n, row in enumerate(unmodelled) if row not in unmodelled[:n]]
        if unmodelled:        # what the answer may miss (issue 12: no silent partial cards)
            details = {**details, "unmodelled": unmodelled}
        results.append(AskResult(ask, answer, ok, groups, details))
    graph_atoms = sorted(s for name in GRAPH_ATOMS for s in atoms.by_name.get(name, []))
    sources = sorted(row.object for row in atoms.read(ContinuousSource))
    return ScenarioResult(scenario, results, stats=solved.stats, graph_atoms=graph_atoms,
                          continuous_sources=sources)


# --- the whole question in a worker: reading, facts, solving, answers (and formatting) ---
def answer_question(source: Scenario | str | Path, timeout: float | None = None,
                    explain: bool = False, graph: bool = False,
                    render: Callable[[ScenarioResult], Any] | None = None,
                    memory_limit: int | None | str = "default",
                    fork_caller: bool = False, cancel: Any = None) -> tuple[ScenarioResult, Any]:
    """Answer a scenario, or the scenario file at a path, in a worker process (pybridge/run/worker.py)
    that reads the file, makes the facts, solves, reads the answers and, given render, formats
    them: all of it within timeout seconds (None: DEFAULT_TIMEOUT, math.inf: no limit) and
    memory_limit bytes ("default": the whole memory budget).  Returns the result and what render
    made of it (None when the answers are unknown: time or memory ran out).  Bad input raises
    InputError, a bug in the programs SolverError.  fork_caller: a caller with no other thread
    that asks one question forks its worker itself (pybridge/run/worker.py).  source may also be
    a reader of text (an object with `path` and `read() -> Scenario`, e.g. the web page's
    request body), read in the worker, so the time-out bounds parsing too.  cancel: a
    worker.Cancel that, set, kills the worker (worker.Cancelled)."""
    seconds = check_timeout(DEFAULT_TIMEOUT if timeout is None else timeout)
    if memory_limit == "default":
        memory_limit = memory_budget()
    given = source if isinstance(source, Scenario) else None
    text_reader = given is None and hasattr(source, "read")
    if given is None and not text_reader:
        check_file_size(str(source))     # here too, so a huge file costs no worker at all
    read: list[Scenario] = [given or _unread(str(source.path if text_reader else source))]
    job_source = given if given is not None else (source if text_reader else str(source))
    try:
        result, rendered = run(_question_job, (job_source, explain, graph, render, _card_pool_environment()), seconds,
                               memory_limit, on_message=read.append, fork_caller=fork_caller,
                               cancel=cancel)
    except SolverTimeout as limit:
        return _unknown(read[-1], limit), None
    _symbols_back(result)
    if given is not None:
        result.scenario = given
    return result, rendered


def answer_files(paths: list[str], timeout: float | None = None,
                 memory_limit: int | None | str = "default",
                 on_done: Callable[[int], None] | None = None) -> list[ScenarioResult | Exception]:
    """Answer the scenario files, each as answer_question would (each within timeout seconds,
    unknown answers when time or memory runs out), several in one worker one after another
    (pybridge/run/worker.py's run_each: most of a small file's time is starting its worker): a
    result for each, or the InputError or SolverError that stopped it.  on_done(number): called
    as each file's outcome is known."""
    seconds = check_timeout(DEFAULT_TIMEOUT if timeout is None else timeout)
    if memory_limit == "default":
        memory_limit = memory_budget()
    outcomes: list[Any] = [None] * len(paths)
    wanted = []
    for number, path in enumerate(paths):
        try:
            check_file_size(str(path))     # a huge file costs no worker at all
            wanted.append(number)
        except InputError as err:
            outcomes[number] = err
            if on_done is not None:
                on_done(number)
    read = {number: _unread(str(paths[number])) for number in wanted}
    environment = _card_pool_environment()
    ran = run_each(_question_job, [(str(paths[n]), False, False, None, environment) for n in wanted],
                   seconds, memory_limit,
                   on_message=lambda i, outline: read.__setitem__(wanted[i], outline),
                   on_done=None if on_done is None else (lambda i: on_done(wanted[i])))
    for number, outcome in zip(wanted, ran):
        if isinstance(outcome, SolverTimeout):
            outcome = _unknown(read[number], outcome)
        elif not isinstance(outcome, Exception):
            outcome = _symbols_back(outcome[0])
        outcomes[number] = outcome
    return outcomes


def _unknown(scenario: Scenario, limit: SolverTimeout) -> ScenarioResult:
    """Every ask of the scenario (as far as it was read) unknown: time or memory ran out."""
    return ScenarioResult(scenario, [AskResult(a, UNKNOWN, None) for a in scenario.asks],
                          timed_out=True, unknown_reason=str(limit))


def _symbols_back(result: ScenarioResult) -> ScenarioResult:
    """A worker's result with its graph atoms symbols again (they cross as text)."""
    result.graph_atoms = [clingo.parse_term(s) for s in result.graph_atoms]
    return result


def answer_scenario(scenario: Scenario, timeout: float | None = None,
                    explain: bool = False, graph: bool = False) -> ScenarioResult:
    """Answer every ask of the scenario, in a worker within timeout seconds (None: DEFAULT_TIMEOUT,
    60 s; math.inf: no limit); when time or memory runs out every answer is "unknown"
    (result.timed_out).  explain adds how each answer was reached (derived by asp/explain/
    programs); graph keeps the replacement state graph of `produce` questions."""
    return answer_question(scenario, timeout, explain, graph)[0]


def check_file_size(path: str) -> None:
    """Refuse a scenario file bigger than any scenario should be (MAX_SCENARIO_BYTES) unread."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return     # load_scenario says what is wrong with the path
    why, size = not_regular(info.st_mode), info.st_size
    if why:
        raise InputError(f"{path}: {why}")
    if size > MAX_SCENARIO_BYTES:
        raise InputError(f"{path}: the file has {size:,} bytes; a scenario may have at most "
                         f"{MAX_SCENARIO_BYTES:,} ({MAX_SCENARIO_BYTES // 2**20} MiB)")


def read_scenario_file(path: str) -> Scenario:
    """A scenario file, read and validated (in the worker), unless it is too big."""
    check_file_size(path)
    return load_scenario(path)


# Where the user's imported card pool is found (pybridge/cards/pool.py): the fork server took the
# environment once, when it started, so each question carries the caller's values as they are now.
CARD_POOL_ENVIRONMENT = ("MTGASP_HOME", "XDG_DATA_HOME", "HOME")


def _card_pool_environment() -> dict[str, str | None]:
    return {name: os.environ.get(name) for name in CARD_POOL_ENVIRONMENT}


def _question_job(source: Scenario | str, explain: bool, graph: bool,
                  render: Callable[[ScenarioResult], Any] | None,
                  environment: dict[str, str | None]) -> tuple[ScenarioResult, Any]:
    for name, value in environment.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    scenario = source if isinstance(source, Scenario) else \
        source.read() if hasattr(source, "read") else read_scenario_file(source)
    outline = _outline(scenario)
    if not isinstance(source, Scenario):
        send_progress(outline)    # so that a time-out from here on names the questions
    result = answer_here(scenario, explain, graph)
    rendered = render(result) if render is not None else None
    # The worker's peak resident memory, for callers that watch it (ru_maxrss is in KiB here).
    result.stats["worker_peak_bytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    # Only text crosses back (clingo symbols don't pickle), and the scenario the caller already
    # has, or won't need once the answers are formatted, crosses as its outline.
    result.graph_atoms = [str(s) for s in result.graph_atoms]
    if isinstance(source, Scenario) or render is not None:
        result.scenario = outline
    return result, rendered


def _outline(scenario: Scenario) -> Scenario:
    """The scenario without its board: what a report of its answers names."""
    return replace(scenario, permanents=(), effects=(), graveyards=(), commanders=(),
                   permanent_lines=(), effect_lines=(), cards=(), events=())


def _unread(path: str) -> Scenario:
    """The stand-in for a scenario file not read yet (time ran out while reading it)."""
    return Scenario(path=path, title=path, cites=(), source=(), players=(), active_player="",
                    commanders=(), permanents=(), effects=(), asks=())


def _unread_problems(scenario: Scenario, atoms: ModelAtoms) -> list[str]:
    """An [[effect]] or a face_down naming a card whose effect no rule reads: "not modelled yet",
    with the text of each such ability of the card, on the line of its table."""
    texts: dict[Any, list[str]] = {}
    for row in atoms.read(EffectUnread):
        texts.setdefault(row.effect, []).append(row.text)
    for row in atoms.read(FaceDownUnread):
        texts.setdefault(clingo.String(row.permanent), []).append(row.text)
    return [_problem_text(scenario, PermanentProblem("not modelled yet: " + "; ".join(sorted(t)), about))
            for about, t in sorted(texts.items())]


def _problem_text(scenario: Scenario, row: PermanentProblem) -> str:
    """scenario_problem(Text, Permanent) or scenario_problem(Text, effect(N)) as one line,
    naming the line of the table it is about."""
    about = row.about
    if about.type == clingo.SymbolType.Function and about.name == "effect":
        number = about.arguments[0].number
        line = dict(scenario.effect_lines).get(number)
        where = f"line {line}: " if line else ""
        return f"{where}effect {number}: {row.text}"
    line = dict(scenario.permanent_lines).get(about.string)
    where = f"line {line}: " if line else ""
    return f"{where}permanent {about.string!r}: {row.text}"
