"""The `mtgasp` command line: ask, check, cards, facts, serve, sweep (see docs/scenario-format.md)."""
from __future__ import annotations

import argparse
import errno
import gc
import json
import os
import signal
import sys
import threading
from functools import partial
from pathlib import Path


from pybridge.solve.bulk import collector_paused

# The package's modules are imported with the cyclic collector paused, and what they made is
# then frozen (gc.freeze: never visited by a collection): their classes and functions live as
# long as the process, and the collector's passes over them were a tenth of a one-Forest
# `mtgasp ask` (benchmarks/startup.py).  A forked worker then shares them page for page.
with collector_paused():
    from pybridge.run import worker
    from pybridge.answer.answering import MAX_SCENARIO_BYTES, answer_files, answer_question
    from pybridge.cards import command as cards_command
    from pybridge.errors import InputError, SolverError, WorkerLost
    from pybridge.read.facts import facts_text, scenario_facts
    from pybridge.cards.library import asp_dir
    from pybridge.contract.kinds import KIND_DECLS
    from pybridge.oracle.hook import precompile
    from pybridge.answer.report import UNTRUSTED_OK, to_dot, to_json, to_text
    from pybridge.read.scenario import load_scenario, not_regular
    from pybridge.run.worker import DEFAULT_TIMEOUT, memory_budget
    from pybridge.sweep import command as sweep_command
    gc.freeze()

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_INTERNAL = 0, 1, 2, 3, 4
STRICT_HELP = ("fail (exit 1) when an answer may rest on ability text the rules did not read "
               "(its verdict is 'ok?' and its `unmodelled` list names the text)")


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage as one line and exit 2, like any other bad input."""

    def error(self, message: str):
        raise InputError(f"usage: {message}")


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--timeout takes seconds, not {text!r}") from None
    if not value > 0:   # also rejects nan
        raise argparse.ArgumentTypeError("--timeout must be more than 0 (inf: no limit)")
    return value


def kinds_help() -> str:
    """The question kinds an [[ask]] table may name, as pybridge/contract/kinds.py declares them."""
    lines = ["question kinds ([[ask]] KIND = ID; docs/scenario-format.md):"]
    for kind in KIND_DECLS:
        what = "PLAYER" if kind.target == "player" else "ID"
        options = "".join(f", {o.key}" for o in kind.options)
        lines.append(f"  {kind.name} = {what}{options}".ljust(38) + f" {kind.doc}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mtgasp", description="Answer Magic rulings with answer set programming.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ask = sub.add_parser("ask", help="answer the questions of one scenario file",
                         epilog=kinds_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    ask.add_argument("file")
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    ask.add_argument("--explain", action="store_true", help="say how each answer was reached")
    ask.add_argument("--dot", metavar="FILE",
                     help="write the state graph of the produce questions as Graphviz DOT to FILE "
                          "(and FILE with .svg when the dot program is installed)")
    ask.add_argument("--strict", action="store_true", help=STRICT_HELP)
    ask.add_argument("--timeout", type=_positive_seconds, default=DEFAULT_TIMEOUT,
                     help=f"seconds for the whole question: reading, facts, grounding, solving, "
                          f"formatting (default {DEFAULT_TIMEOUT:g}; inf: no limit)")
    check = sub.add_parser("check", help="run every scenario under the paths (default queries/)")
    check.add_argument("paths", nargs="*",
                       help="files or folders, relative to the current folder (default: its "
                            "queries/, or the project's own queries/ when it has none)")
    check.add_argument("--timeout", type=_positive_seconds, default=DEFAULT_TIMEOUT)
    check.add_argument("--strict", action="store_true", help=STRICT_HELP)
    check.add_argument("-j", "--jobs", type=int, default=1,
                       help="scenario files to run at once (each solves in its own process)")
    check.add_argument("-v", "--verbose", action="store_true",
                       help="a line for every answer, the ones as expected too (by default only "
                            "the others, then the summary)")
    cards = sub.add_parser("cards", help="look up cards, import a card file (cards import FILE), "
                                         "or report coverage (cards --coverage)")
    cards_command.add_arguments(cards)
    facts = sub.add_parser("facts", help="the ASP facts a scenario becomes")
    facts.add_argument("file")
    serve = sub.add_parser("serve", help="a local web page to build a board and ask (extra: web)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: "
                       "127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--timeout", type=_positive_seconds, default=DEFAULT_TIMEOUT,
                       help=f"seconds for each ask, reading it too (default {DEFAULT_TIMEOUT:g})")
    serve.add_argument("--read-timeout", type=_positive_seconds, default=10.0,
                       help="seconds a client has to send its whole request (default 10)")
    sweep_command.add_parser(sub)
    return parser


def render_answers(result, as_json: bool, explain: bool, dot: bool) -> tuple[str, str | None]:
    """The printed answers and the DOT graph; run in the worker, inside the time-out."""
    if dot and not any(a.kind == "produce" for a in result.scenario.asks):
        raise InputError(f"{result.scenario.path}: --dot draws the state graph of produce "
                         f"questions, and this scenario asks none")
    text = to_json(result, explain) if as_json else to_text(result, explain)
    return text, (to_dot(result) if dot else None)


def cmd_ask(args) -> int:
    # Reading the file, the facts, solving and formatting all happen in the timed worker, which
    # this process forks itself: one question, and no thread of ours (no fork server to start).
    render = partial(render_answers, as_json=args.json, explain=args.explain, dot=bool(args.dot))
    result, rendered = answer_question(args.file, timeout=args.timeout, explain=args.explain,
                                       graph=bool(args.dot), render=render, fork_caller=True)
    if rendered is None:      # unknown: time or memory ran out
        if not result.scenario.asks:
            print_unknown_unread(args.file, result.unknown_reason, args.json)
        else:
            print(to_json(result, args.explain) if args.json else to_text(result, args.explain))
        return EXIT_TIMEOUT
    text, dot = rendered
    print(text)
    if dot is not None:
        write_graph(dot, Path(args.dot))
    if result.failed:
        return EXIT_FAILED
    if not all(r.known for r in result.results):     # an ask about an ability no rule reads
        return EXIT_TIMEOUT
    return EXIT_FAILED if args.strict and result.untrusted else EXIT_OK


def print_unknown_unread(path: str, reason: str, as_json: bool) -> None:
    """Time ran out before the file was read: there are no questions to name."""
    if as_json:
        print(json.dumps({"file": path, "answers": [], "unknown_reason": reason}, ensure_ascii=False))
    else:
        print(f"{path}: unknown: {reason} (while reading the scenario)")


def write_graph(dot: str, path: Path) -> None:
    """Write the DOT file, and an SVG beside it when Graphviz's dot program is installed (the
    picture is a convenience: without dot, or if it fails, only the DOT file is written)."""
    try:
        path.write_text(dot, encoding="utf-8")
    except OSError as err:
        raise InputError(f"--dot: cannot write {path}: {err.strerror or err}") from None
    import shutil
    import subprocess
    program = shutil.which("dot")
    if program is None:
        print(f"mtgasp: wrote {path}; no SVG drawn: Graphviz's dot program is not installed "
              f"(apt install graphviz, or see https://graphviz.org/download/)", file=sys.stderr)
        return
    svg = path.with_suffix(".svg")
    try:
        done = subprocess.run([program, "-Tsvg", str(path), "-o", str(svg)],
                              capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as err:
        print(f"mtgasp: no SVG drawn: {err}", file=sys.stderr)
        return
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        print(f"mtgasp: no SVG drawn: {lines[-1] if lines else 'dot failed'}", file=sys.stderr)


def scenario_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.toml")))
        elif path.is_file():
            files.append(path)
        elif path.exists():         # a device, a FIFO, a socket: never read
            raise InputError(f"{name}: {not_regular(path.stat().st_mode)}")
        else:
            raise InputError(f"{name}: no such file or folder")
    return files


# The contract's types of keys whose strings are never card names.
NOT_CARD_TYPES = frozenset({"name", "list of strings", "permanent id", "list of permanent ids",
                            "permanent id or list", "list of card ids", "list of names",
                            "list of players", "player"})


def scenario_strings(files: list[Path]) -> list[str]:
    """Every string of the files' TOML (card names among them), read best effort: a file that
    doesn't read is left to its worker, which says what is wrong with it."""
    import tomllib
    from pybridge.contract.scenario import TABLES
    found: set[str] = set()
    # Keys the contract declares only as ids, players or citations: their strings are not
    # looked up (a board of 20,000 permanents has 20,000 ids).
    declared: dict[str, set[str]] = {}
    for table in TABLES:
        for key in table.keys:
            declared.setdefault(key.name, set()).add(key.type)
    others = {name for name, types in declared.items() if types <= NOT_CARD_TYPES}

    def walk(value) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in others:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in files:
        try:
            if path.stat().st_size <= MAX_SCENARIO_BYTES:
                walk(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, UnicodeDecodeError):
            continue
    return sorted(found)


# Files answered one after another by one worker (answering.answer_files): enough that starting
# the worker is paid rarely, few enough that `-j` keeps its workers busy to the end.
FILES_PER_RUN = 16


def _check_rows(path: Path, result) -> list[tuple[str, str, str]]:
    """The table rows of one file: (status, file, detail)."""
    if isinstance(result, InputError):
        return [("bad input", str(path), str(result))]
    if isinstance(result, WorkerLost):
        return [("error", str(path), str(result))]
    if isinstance(result, SolverError):
        return [("error", str(path), f"internal error in the logic programs: {result}")]
    if result.timed_out and not result.scenario.asks:
        return [("unknown", str(path), f"{result.unknown_reason} (while reading the scenario)")]
    rows = []
    for r in result.results:
        label = f"{r.ask.kind} {r.ask.target}"
        if not r.known:
            why = result.unknown_reason or "not modelled yet: " + "; ".join(
                row["ability"] for row in r.details.get("unmodelled", []))
            rows.append(("unknown", str(path), f"{label}: {why}"))
        elif r.ok is None:
            rows.append(("answered", str(path), f"{label}: {_answer_text(r.answer)}"))
        elif r.ok and not r.trusted:
            names = "; ".join(f"{row['permanent']}: {row['ability']}" for row in r.details["unmodelled"])
            rows.append((UNTRUSTED_OK, str(path), f"{label}: rests on text not modelled: {names}"))
        elif r.ok:
            rows.append(("ok", str(path), label))
        else:
            rows.append(("FAILED", str(path), f"{label}: got {_answer_text(r.answer)}, "
                                              f"expected {_answer_text(r.ask.expect)}"))
    return rows


def _answer_text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def default_queries() -> Path:
    """queries/ of the current folder, else the project's (beside asp/), so check runs anywhere."""
    here = Path("queries")
    if here.is_dir():
        return here
    project = asp_dir().parent / "queries"
    return project if project.is_dir() else here


# What `check` says only in its summary unless asked (-v): answers as expected, and answers to
# asks that expect nothing.
QUIET_STATUSES = ("ok", "answered")


def cmd_check(args) -> int:
    files = scenario_files(args.paths or [str(default_queries())])
    if args.jobs < 1:
        raise InputError("-j takes a number of jobs, 1 or more")
    # Only `check` shows progress and runs files side by side: other commands don't pay these.
    from concurrent.futures import ThreadPoolExecutor, as_completed
    from tqdm import tqdm
    # Each scenario is answered in a worker process, so threads here only wait on pipes; the
    # workers share the memory budget.
    budget = memory_budget()
    memory_limit = budget // args.jobs if budget else None
    # The fork server compiles the cards the files name once, before its first worker, so that
    # no worker compiles them again.
    worker.start(warm=(precompile, (scenario_strings(files),)))
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    size = max(1, min(FILES_PER_RUN, -(-len(files) // args.jobs)))
    runs = [files[start:start + size] for start in range(0, len(files), size)]
    progress = tqdm(total=len(files), desc="scenarios", unit="file", file=sys.stderr,
                    disable=None, leave=False)
    try:
        # Each run's results, or the error that stopped each file (bad input, a bug in the
        # programs).
        futures = [pool.submit(answer_files, [str(p) for p in run], timeout=args.timeout,
                               memory_limit=memory_limit, on_done=lambda number: progress.update(1))
                   for run in runs]
        for _ in as_completed(futures):
            pass
        outcomes = [outcome for f in futures for outcome in f.result()]
    finally:
        progress.close()
        # On a signal, queued files never start and running ones are killed (stop_all).
        pool.shutdown(wait=False, cancel_futures=True)
    rows = [row for path, result in zip(files, outcomes) for row in _check_rows(path, result)]
    counts = {status: 0 for status in ("ok", UNTRUSTED_OK, "FAILED", "unknown", "bad input", "error",
                                       "answered")}
    for status, _, _ in rows:
        counts[status] += 1
    shown = rows if args.verbose else [r for r in rows if r[0] not in QUIET_STATUSES]
    width = max((len(s) for s, _, _ in shown), default=6)
    for status, path, detail in shown:
        print(f"{status:<{width}}  {path}  {detail}")
    print(", ".join(f"{n} {k}" for k, n in counts.items() if n) + f" ({len(files)} file{'' if len(files) == 1 else 's'})")
    # The most serious outcome decides the exit status.
    for status, code in (("bad input", EXIT_BAD_INPUT), ("error", EXIT_INTERNAL),
                         ("FAILED", EXIT_FAILED), ("unknown", EXIT_TIMEOUT)):
        if counts[status]:
            return code
    if args.strict and counts[UNTRUSTED_OK]:
        return EXIT_FAILED
    return EXIT_OK


def cmd_cards(args) -> int:
    return cards_command.run(args)


def reproduce_command(scenario_file: str) -> tuple[str, str]:
    """The facts file name and the clingo command that answers from it as `ask` does."""
    import shlex
    facts_file = Path(scenario_file).with_suffix(".lp").name
    main_lp = asp_dir() / "main.lp"
    return facts_file, f"python -m clingo {shlex.quote(str(main_lp))} {shlex.quote(facts_file)}"


def cmd_facts(args) -> int:
    scenario = load_scenario(args.file)
    facts_file, command = reproduce_command(args.file)
    if scenario.events:     # answered in steps (docs/ARCHITECTURE.md, "Events"): each one's facts
        from pybridge.answer.events import step_programs
        steps = step_programs(scenario)
        sys.stdout.write(f"% {len(scenario.events)} event(s): {len(steps)} programs, one per step "
                         f"and outcome, each a whole program; save one as {facts_file} and run\n"
                         f"%   {command}\n")
        for title, symbols in steps:
            sys.stdout.write(f"\n% ===== {title} =====\n{facts_text(symbols)}")
        return EXIT_OK
    facts = facts_text(scenario_facts(scenario))
    # A comment, so the output stays a program clingo reads as it is.
    sys.stdout.write(f"% save as {facts_file}; the answers are the shown atoms of:\n"
                     f"%   {command}\n{facts}")
    return EXIT_OK


def cmd_serve(args) -> int:
    try:
        from pybridge.web import serve
    except ImportError as err:
        raise InputError(f"serve needs the web extra (python -m pip install -e '.[web]'): "
                         f"{err}") from None
    if not 0 <= args.port <= 65535:
        raise InputError(f"--port {args.port} is not a port number (0 to 65535)")
    serve(host=args.host, port=args.port, timeout=args.timeout, read_timeout=args.read_timeout)
    return EXIT_OK


COMMANDS = {"ask": cmd_ask, "check": cmd_check, "cards": cmd_cards, "facts": cmd_facts,
            "serve": cmd_serve, "sweep": sweep_command.cmd_sweep}


def one_line(message: object) -> str:
    """A message as one line, whatever a file name or a value in it holds."""
    return " ".join(str(message).replace("\r", " ").split("\n"))


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


class _Signalled(BaseException):
    """A stop signal arrived (SIGINT, SIGTERM, SIGHUP): stop now, exit 128 + its number."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _on_stop_signal(signum, frame) -> None:
    # The first signal stops the command; later ones find the handlers ignoring them, so they
    # can't interrupt the stopping with a traceback.
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    raise _Signalled(signum)


def _stop(signum: int) -> int:
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    worker.stop_all()
    print(f"mtgasp: stopped by {signal.Signals(signum).name}", file=sys.stderr, flush=True)
    return 128 + signum


def main(argv: list[str] | None = None) -> int:
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = {}
    if in_main_thread:
        previous = {sig: signal.signal(sig, _on_stop_signal) for sig in STOP_SIGNALS}
    try:
        return _main(argv)
    except _Signalled as stop:
        return _stop(stop.signum)
    finally:
        if in_main_thread and not worker.stopping():
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null: what is left in its buffer, and Python's flush at exit, then
    fail nowhere (the reader has gone, or the disk is full)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


# A write that failed for want of room: exit 2 with one line, never an internal error.
DISK_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
EXIT_PIPE = 128 + 13     # the reader of our output went away (`mtgasp check | head`): SIGPIPE's


def _main(argv: list[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        code = COMMANDS[args.command](args)
        sys.stdout.flush()     # here, so a failed write is reported below, not at exit
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_PIPE
    except OSError as err:
        if err.errno not in DISK_FULL:
            print(f"mtgasp: {one_line(err.strerror or err)}", file=sys.stderr)
            return EXIT_INTERNAL
        _quiet_stdout()         # a full disk under the output: one line
        print(f"mtgasp: cannot write: {err.strerror or err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as err:
        print(f"mtgasp: {one_line(err)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WorkerLost as err:
        print(f"mtgasp: {one_line(err)}", file=sys.stderr)
        return EXIT_INTERNAL
    except SolverError as err:
        print(f"mtgasp: internal error in the logic programs: {one_line(err)}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:   # SIGINT while the handler was not installed (main off the main thread)
        return _stop(signal.SIGINT)
    except Exception as err:  # a bug in mtgasp itself: still one line, never a traceback
        print(f"mtgasp: internal error: {type(err).__name__}: {one_line(err)}", file=sys.stderr)
        return EXIT_INTERNAL
