"""Running clingo on the logic programs plus a scenario's facts.

solve_in_process grounds and solves here; `solve` does it in a worker process bounded in time and
memory (pybridge/run/worker.py), which turns a long grounding, a long search or a board too big for
the machine into SolverTimeout or SolverOutOfMemory (an unknown answer), never an empty one.
"""
from __future__ import annotations

import atexit
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import clingo

from pybridge.errors import SolverError, SolverOutOfMemory, SolverTimeout  # noqa: F401  (callers catch them from here)
from pybridge.cards.library import asp_dir, program_files
from pybridge.solve.symbols import add_facts
from pybridge.run.worker import DEFAULT_TIMEOUT, check_timeout, keep_until_exit, memory_budget, run

if TYPE_CHECKING:
    from pybridge.solve.selection import RuleIndex

LOG = logging.getLogger(__name__)


@dataclass
class SolveResult:
    """The shown atoms of the answer set, and the run's statistics."""
    symbols: list[clingo.Symbol]
    stats: dict = field(default_factory=dict)


def _fact_atoms(ctl: clingo.Control, name: str, arity: int) -> list[clingo.Symbol]:
    """The ground facts name/arity, sorted, so the order of grounding never depends on hashing."""
    return sorted(a.symbol for a in ctl.symbolic_atoms.by_signature(name, arity) if a.is_fact)


def ground_levels(ctl: clingo.Control) -> None:
    """Ground the leveled parts the programs ask for (the protocol in docs/ARCHITECTURE.md).

    level_run(Run,Max): for n = 1..Max ground every level_part(Run,Order,Part) as Part(n), in
    Order, and stop early once no level_progress(Run,n) appeared; then ground each
    level_finish(Run,Part) as Part.  A level reads the previous ones as facts, so aggregates over
    them (path counts, first derivations) are evaluated by the grounder; Python only drives.
    """
    for run in _fact_atoms(ctl, "level_run", 2):
        name, limit = run.arguments
        parts = [p.arguments[2].name for p in _fact_atoms(ctl, "level_part", 3)
                 if p.arguments[0] == name]
        for n in range(1, limit.number + 1):
            for part in parts:
                ctl.ground([(part, [clingo.Number(n)])])
            progress = clingo.Function("level_progress", [name, clingo.Number(n)])
            if ctl.symbolic_atoms[progress] is None:
                break
        for finish in _fact_atoms(ctl, "level_finish", 2):
            if finish.arguments[0] == name:
                ctl.ground([(finish.arguments[1].name, [])])


# --- the programs, parsed once per process ---
# Parsing the program files costs more than grounding a small scenario, so a process that answers
# several questions (the API, `check`, the parent of forked workers) keeps the parsed statements,
# read into a RuleIndex (pybridge/solve/selection.py), and hands each new Control the rules the
# question's facts can fire.  Only the project's own program files are ever parsed here; a
# scenario reaches clingo as symbols (facts), never as text.
# (clingo.ast and the index are imported only here: a single question loads the files whole.)
_parsed: dict[tuple[str, ...], RuleIndex] = {}
_loaded_once: set[tuple[str, ...]] = set()
_restored: dict[tuple[str, ...], "RuleIndex"] = {}      # indexes read from the disk cache
# Released before the interpreter tears clingo's module down, which would leave the statements'
# finalisers without the library ("Exception ignored in AST.__del__" at exit).
atexit.register(_parsed.clear)
atexit.register(lambda: _selections.clear())


def parse_programs(paths: list[Path]) -> RuleIndex:
    """The statements of the programs at paths (their #includes followed), parsed and indexed
    once per process.  Call it before forking workers so that each of them inherits the parse."""
    from clingo import ast
    from pybridge.solve.selection import RuleIndex
    key = tuple(str(p) for p in paths)
    if key not in _parsed:
        statements: list[ast.AST] = []
        ast.parse_files(list(key), statements.append)
        _parsed[key] = RuleIndex(statements, card_encoding_files(), names_card)
        from pybridge.solve import program_cache
        program_cache.save([Path(k) for k in key], _parsed[key])
    return _parsed[key]


# asp/cards/ files that are the vocabulary's tables (the Comprehensive Rules' subtype lists), not
# encodings of cards: never left out (pybridge/solve/selection.py).
VOCABULARY_FILES = ("subtypes.lp",)


def card_encoding_files() -> frozenset[str]:
    """The files of asp/cards/ whose facts are about the cards they name, as the parser names
    them (the paths #include reaches them by)."""
    folder = asp_dir() / "cards"
    return frozenset(str(folder / p.name) for p in folder.glob("*.lp")
                     if p.name not in VOCABULARY_FILES)


def names_card(printed: str) -> bool:
    """Whether a string, as clingo prints it, is the name of a card or face of the card pool."""
    from pybridge.cards.pool import load_pool
    name = printed.replace('\\"', '"').replace("\\\\", "\\")
    card = load_pool().card(name)
    return card is not None and name in (card.name, *(face.name for face in card.faces))


def add_programs(ctl: clingo.Control, paths: list[Path], extra: list[Path] | None = None,
                 facts: list[clingo.Symbol] = ()) -> None:
    """Put the programs (and the extra ones, loaded after them) into ctl, less the rules that
    can't fire on these facts (pybridge/solve/selection.py): from the parse this process made,
    else as text from the parse a process kept on disk (pybridge/solve/program_cache.py), else
    parsing them now (and keeping the parse).  Without the disk cache, or for a big board, the
    first time in a process straight from the files, all of them.  A process's first small
    question (a fork server's worker has only one) may find its very selection kept on disk,
    and keeps it otherwise (program_cache.load_selection)."""
    global _selected
    from pybridge.solve import program_cache
    key = tuple(str(p) for p in [*paths, *(extra or [])])
    files = [Path(k) for k in key]
    ours = all(Path(k).is_relative_to(asp_dir()) for k in key)   # (not a test's program)
    small = len(facts) <= SELECT_UP_TO_FACTS
    keep = (not _selected and ours and len(facts) <= program_cache.SELECTION_UP_TO_FACTS
            and program_cache.available())
    texts = [str(fact) for fact in facts] if small else []
    if keep:
        _selected = True
        program = program_cache.load_selection(files, texts)
        if program is not None:
            ctl.add("base", [], program)
            return
    if key not in _parsed:
        if ours and small and program_cache.available():
            # The index a process kept on disk selects the rules as text, with no parse; on a
            # miss they are parsed below, and the index kept for the next process.
            cached = _restored.get(key) or program_cache.load(files)
            if cached is not None:
                _restored[key] = cached
                _add_selected_text(ctl, files, cached, facts, texts, keep)
                return
        elif key not in _loaded_once:
            # No disk cache, or a big board: the first time in a process, the files whole
            # (parsing and indexing them would cost more than the rules it leaves out).
            _loaded_once.add(key)
            for path in key:
                ctl.load(path)
            return
    index = parse_programs(files)
    if small and (keep or index.texts is not None):      # (a fork server keeps the texts)
        _add_selected_text(ctl, files, index, facts, texts, keep)
        return
    statements = index.statements if not small else index.select(
        fact_signatures(facts), fact_strings(facts, texts),
        fact_values(facts, texts, index.constrained))
    from clingo import ast
    with ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            builder.add(statement)


# Whether this process has selected the rules for a question yet (a fork server never does, so
# each of its workers starts with False).
_selected = False


def _add_selected_text(ctl: clingo.Control, files: list[Path], index: "RuleIndex",
                       facts: list[clingo.Symbol], texts: list[str], keep: bool) -> None:
    """The rules the facts select: as text and kept on disk, given keep (a process's first
    question), else from this process's kept selections (_add_selected)."""
    present, named = fact_signatures(facts), fact_strings(facts, texts)
    values = fact_values(facts, texts, index.constrained)
    if not keep:
        _add_selected(ctl, tuple(str(f) for f in files), index, present, named, values)
        return
    program = index.select_text(present, named, values)
    from pybridge.solve import program_cache
    program_cache.save_selection(files, texts, program)
    ctl.add("base", [], program)


# --- the same selection again: parsed once ---
# The steps of events (pybridge/answer/events.py) select the same rules again and again: the text
# of a selection is kept, and when it is asked for a second time it is parsed into statements,
# which a ProgramBuilder adds at half the cost of parsing the text.  A single question adds the
# text once and never parses it here.
_selections: OrderedDict[tuple, str | list] = OrderedDict()
SELECTIONS_KEPT = 32


def _add_selected(ctl: clingo.Control, key: tuple[str, ...], index: RuleIndex,
                  present: set, named: set[str], values: dict) -> None:
    """Add to ctl the rules of the index these facts' signatures, strings and values can fire."""
    selection = (key, frozenset(present), index.card_names.intersection(named),
                 frozenset((where, frozenset(seen)) for where, seen in values.items()))
    kept = _selections.get(selection)
    if kept is None:
        text = index.select_text(present, named, values)
        _selections[selection] = text
        if len(_selections) > SELECTIONS_KEPT:
            _selections.popitem(last=False)
        ctl.add("base", [], text)
        return
    _selections.move_to_end(selection)
    if isinstance(kept, str):
        from clingo import ast
        statements: list = []
        ast.parse_string(kept, statements.append)
        _selections[selection] = kept = statements
    from clingo import ast
    with ast.ProgramBuilder(ctl) as builder:
        for statement in kept:
            builder.add(statement)


# Past this many facts grounding the scenario costs far more than the rules that can't fire,
# and reading the facts' predicates would cost more than leaving them in.
SELECT_UP_TO_FACTS = 5_000


def fact_signatures(facts: list[clingo.Symbol]) -> set[tuple[str, int]]:
    return {(sym.name, len(sym.arguments)) for sym in facts}


def fact_strings(facts: list[clingo.Symbol], texts: list[str] | None = None) -> set[str]:
    """Every string the facts name, as clingo prints it (texts: the facts printed)."""
    from pybridge.solve.selection import STRING
    return set(STRING.findall(" ".join(texts if texts is not None else map(str, facts))))


def fact_values(facts: list[clingo.Symbol], texts: list[str],
                positions: set[tuple[tuple[str, int], int]]) -> dict:
    """The arguments (printed) the facts have at each of the positions (predicate, position)."""
    from pybridge.solve.selection import arguments_of
    names = {name for (name, _), _ in positions}
    values: dict = {}
    for text in texts:
        name = text.partition("(")[0]
        if name in names:
            arguments = arguments_of(text)
            for position, value in enumerate(arguments):
                if ((name, len(arguments)), position) in positions:
                    values.setdefault(((name, len(arguments)), position), set()).add(value)
    return values


def ground(facts: list[clingo.Symbol], files: list[Path] | None = None,
           extra_programs: list[Path] | None = None, release_facts: bool = False) -> clingo.Control:
    """Load the programs, add the facts through the backend and ground: the Control, ready to
    solve (or to count its ground atoms, as benchmarks/worker.py does).

    release_facts empties the caller's list once clingo holds the facts, before grounding: the
    caller gives the list up, and a board of 100,000 permanents grounds without also holding its
    700,000 Python symbols (30 MB)."""
    messages: list[str] = []

    def log(code: clingo.MessageCode, message: str) -> None:
        messages.append(message)
        LOG.info("clingo: %s", message.strip())

    # Two models are asked for so that a second answer set would be seen, not silently dropped.
    ctl = clingo.Control(["--models=2"], logger=log)
    try:
        add_programs(ctl, files or program_files(), extra_programs, facts)
        with ctl.backend() as backend:
            add_facts(backend, facts)
        if release_facts:
            facts.clear()
        ctl.ground([("base", [])])
        if extra_programs:
            ground_levels(ctl)
    except RuntimeError as err:
        raise SolverError("; ".join(messages) or str(err)) from None
    return ctl


def solve_in_process(facts: list[clingo.Symbol], files: list[Path] | None = None,
                     shown_only: bool = True,
                     extra_programs: list[Path] | None = None,
                     release_facts: bool = False) -> SolveResult:
    """Ground and solve here; the programs are deterministic, so there is exactly one answer set
    (a second one is a bug of the programs: SolverError).

    extra_programs are loaded after the usual ones (the explanation programs of asp/explain/).
    clingo's warnings are on and go to the `pybridge.solve.solver` logger (the tests keep the rules free
    of undefined atoms)."""
    started = time.perf_counter()
    ctl = ground(facts, files, extra_programs, release_facts)
    grounded = time.perf_counter()
    found: list[list[clingo.Symbol]] = []
    result = ctl.solve(on_model=lambda m: found.append(m.symbols(shown=shown_only, atoms=not shown_only)))
    solved = time.perf_counter()
    if not result.satisfiable or not found:
        raise SolverError("the logic programs have no answer set for this scenario")
    if len(found) > 1:
        raise SolverError("the logic programs have more than one answer set for this scenario")
    summary = ctl.statistics.get("problem", {}).get("lp", {})
    stats = {
        "ground_seconds": grounded - started,
        "solve_seconds": solved - grounded,
        "atoms": int(summary.get("atoms", 0)),
        "rules": int(summary.get("rules", 0)),
    }
    keep_until_exit(ctl)     # a worker ends without freeing it
    return SolveResult(symbols=found[0], stats=stats)


def default_memory_limit() -> int | None:
    """Bytes of address space one worker may use: the whole budget (worker.memory_budget)."""
    return memory_budget()


def _solve_job(facts: list[str], shown_only: bool, extra_programs: list[Path]) -> tuple:
    res = solve_in_process([clingo.parse_term(s) for s in facts], shown_only=shown_only,
                           extra_programs=extra_programs)
    return [str(s) for s in res.symbols], res.stats


def solve(facts: list[clingo.Symbol], timeout: float | None = None,
          shown_only: bool = True, extra_programs: list[Path] | None = None,
          memory_limit: int | None | str = "default") -> SolveResult:
    """Ground and solve in a worker (pybridge/run/worker.py) within timeout seconds (None: the
    worker's default, math.inf: no limit) and memory_limit bytes of address space ("default":
    the memory budget, None: no limit); running out of either raises SolverTimeout
    (SolverOutOfMemory for memory): the answer is unknown, never empty.  Symbols cross as text,
    which parse_term reads back as the same terms (strings are escaped by str())."""
    if memory_limit == "default":
        memory_limit = default_memory_limit()
    symbols, stats = run(_solve_job, ([str(s) for s in facts], shown_only, list(extra_programs or [])),
                         check_timeout(DEFAULT_TIMEOUT if timeout is None else timeout), memory_limit)
    return SolveResult(symbols=[clingo.parse_term(s) for s in symbols], stats=stats)
