"""The `mtgasp` command line: ask, check, cards, facts, sweep (see SPEC.md)."""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from tqdm import tqdm

from pybridge.answering import answer_scenario
from pybridge.errors import InputError, SolverError
from pybridge.facts import facts_text, scenario_facts
from pybridge.library import asp_dir, load_library
from pybridge.report import to_dot, to_json, to_text
from pybridge.scenario import load_scenario
from pybridge.sweep import command as sweep_command

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_INTERNAL = 0, 1, 2, 3, 4
DEFAULT_TIMEOUT = 120.0


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mtgasp", description="Answer Magic rulings with answer set programming.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ask = sub.add_parser("ask", help="answer the questions of one scenario file")
    ask.add_argument("file")
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    ask.add_argument("--explain", action="store_true", help="say how each answer was reached")
    ask.add_argument("--dot", metavar="FILE",
                     help="write the state graph of the produce questions as Graphviz DOT to FILE "
                          "(and FILE with .svg when the dot program is installed)")
    ask.add_argument("--timeout", type=_positive_seconds, default=DEFAULT_TIMEOUT,
                     help=f"seconds for grounding and solving (default {DEFAULT_TIMEOUT:g})")
    check = sub.add_parser("check", help="run every scenario under the paths (default queries/)")
    check.add_argument("paths", nargs="*", default=["queries"])
    check.add_argument("--timeout", type=_positive_seconds, default=DEFAULT_TIMEOUT)
    check.add_argument("-j", "--jobs", type=int, default=1,
                       help="scenario files to run at once (each solves in its own process)")
    cards = sub.add_parser("cards", help="the card library, or one card and its encoding")
    cards.add_argument("name", nargs="?")
    facts = sub.add_parser("facts", help="the ASP facts a scenario becomes")
    facts.add_argument("file")
    sweep_command.add_parser(sub)
    return parser


def cmd_ask(args) -> int:
    scenario = load_scenario(args.file)
    if args.dot and not any(a.kind == "produce" for a in scenario.asks):
        raise InputError(f"{args.file}: --dot draws the state graph of produce questions, "
                         f"and this scenario asks none")
    result = answer_scenario(scenario, timeout=args.timeout, explain=args.explain,
                             graph=bool(args.dot))
    print(to_json(result, args.explain) if args.json else to_text(result, args.explain))
    if result.timed_out:
        return EXIT_TIMEOUT
    if args.dot:
        write_graph(to_dot(result), Path(args.dot))
    return EXIT_FAILED if result.failed else EXIT_OK


def write_graph(dot: str, path: Path) -> None:
    """Write the DOT file, and an SVG beside it when Graphviz's dot program is installed (the
    picture is a convenience: without dot, or if it fails, only the DOT file is written)."""
    try:
        path.write_text(dot, encoding="utf-8")
    except OSError as err:
        raise InputError(f"--dot: cannot write {path}: {err.strerror or err}") from None
    program = shutil.which("dot")
    if program is None:
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
        else:
            raise InputError(f"{name}: no such file or folder")
    return files


def _run_file(path: Path, timeout: float):
    """One file's result, or the error that stopped it (bad input, or a bug in the programs)."""
    try:
        return answer_scenario(load_scenario(path), timeout=timeout)
    except (InputError, SolverError) as err:
        return err


def _check_rows(path: Path, result) -> list[tuple[str, str, str]]:
    """The table rows of one file: (status, file, detail)."""
    if isinstance(result, InputError):
        return [("bad input", str(path), str(result))]
    if isinstance(result, SolverError):
        return [("error", str(path), f"internal error in the logic programs: {result}")]
    rows = []
    for r in result.results:
        label = f"{r.ask.kind} {r.ask.target}"
        if not r.known:
            rows.append(("unknown", str(path), f"{label}: {result.unknown_reason}"))
        elif r.ok is None:
            rows.append(("answered", str(path), f"{label}: {_answer_text(r.answer)}"))
        elif r.ok:
            rows.append(("ok", str(path), label))
        else:
            rows.append(("FAILED", str(path), f"{label}: got {_answer_text(r.answer)}, "
                                              f"expected {_answer_text(r.ask.expect)}"))
    return rows


def _answer_text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def cmd_check(args) -> int:
    files = scenario_files(args.paths)
    if args.jobs < 1:
        raise InputError("-j takes a number of jobs, 1 or more")
    # Each scenario already solves in a worker process, so threads here only wait on pipes.
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(_run_file, path, args.timeout) for path in files]
        for _ in tqdm(as_completed(futures), total=len(futures), desc="scenarios",
                      unit="file", file=sys.stderr, disable=None, leave=False):
            pass
        outcomes = [f.result() for f in futures]
    rows = [row for path, result in zip(files, outcomes) for row in _check_rows(path, result)]
    counts = {status: 0 for status in ("ok", "FAILED", "unknown", "bad input", "error", "answered")}
    for status, _, _ in rows:
        counts[status] += 1
    width = max((len(s) for s, _, _ in rows), default=6)
    for status, path, detail in rows:
        print(f"{status:<{width}}  {path}  {detail}")
    print(", ".join(f"{n} {k}" for k, n in counts.items() if n) + f" ({len(files)} files)")
    # The most serious outcome decides the exit status.
    for status, code in (("bad input", EXIT_BAD_INPUT), ("error", EXIT_INTERNAL),
                         ("FAILED", EXIT_FAILED), ("unknown", EXIT_TIMEOUT)):
        if counts[status]:
            return code
    return EXIT_OK


def cmd_cards(args) -> int:
    library = load_library()
    if not args.name:
        for name in library.names():
            print(name)
        return EXIT_OK
    name = library.resolve(args.name)
    if name is None:
        close = ", ".join(repr(n) for n in library.closest(args.name))
        raise InputError(f"unknown card {args.name!r} (closest: {close})")
    info = library.cards[name]
    print(name)
    for face, text in info.oracle:
        if len(info.faces) > 1:
            print(f"-- {face}")
        print(text)
    print("\nencoding:")
    quoted = tuple(f'"{face}"' for face in info.faces)
    for path in sorted((asp_dir() / "cards").glob("*.lp")):
        if path.name == "printed.lp":
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if any(q in line for q in quoted):
                print(f"  {path.name}:{number}: {line.strip()}")
    return EXIT_OK


def cmd_facts(args) -> int:
    sys.stdout.write(facts_text(scenario_facts(load_scenario(args.file))))
    return EXIT_OK


COMMANDS = {"ask": cmd_ask, "check": cmd_check, "cards": cmd_cards, "facts": cmd_facts,
            "sweep": sweep_command.cmd_sweep}


def one_line(message: object) -> str:
    """A message as one line, whatever a file name or a value in it holds."""
    return " ".join(str(message).replace("\r", " ").split("\n"))


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except InputError as err:
        print(f"mtgasp: {one_line(err)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SolverError as err:
        print(f"mtgasp: internal error in the logic programs: {one_line(err)}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug in mtgasp itself: still one line, never a traceback
        print(f"mtgasp: internal error: {type(err).__name__}: {one_line(err)}", file=sys.stderr)
        return EXIT_INTERNAL
