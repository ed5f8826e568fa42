"""The web application: the page (static files) and the JSON API that mirrors the command line.

    POST /api/ask            a scenario (TOML text, or its JSON form) -> the JSON of `mtgasp ask --json`;
                             ?explain=1 adds the explanations, ?dot=1 the state graph (DOT and SVG)
    POST /api/check          the JSON form -> {"ok": true}, or the rules' refusal of the board
    POST /api/toml           the JSON form -> TOML text;  POST /api/json  TOML text -> the JSON form
    GET  /api/cards?q=       card names for autocomplete
    GET  /api/card?name=     a card's panel: faces, Oracle text, what each ability compiled to, rulings
    GET  /api/examples       the scenarios of queries/;  GET /api/examples/{index}  one of them
    GET  /api/contract       the scenario's tables and keys, event kinds, zones (pybridge/contract/scenario)
    GET  /api/kinds          the question kinds (pybridge/contract/kinds.py): name, target, options
    GET  /api/rules/{number} a rule's text, for the links in explanations

Bad input is HTTP 400 with {"error": <the command line's one-line message>}; a time-out is an
answer of "unknown", as on the command line.  Each ask, from reading its body to its answers, and
each conversion of /api/toml and /api/json, runs in a solver worker process (pybridge/web/
question.py) under the server's time limit and a share of one memory budget (MAX_SOLVES slots,
each 1/MAX_SOLVES of it), called from a thread so a slow question never holds up another
request; a client that leaves has its worker killed.  Each request notes its outcome in
`request.state.outcome`, which the server's log line shows (pybridge/web/server.py).
"""
from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pybridge.answer.answering import answer_question
from pybridge.errors import InputError, SolverError, SolverTimeout, WorkerLost
from pybridge.answer.report import scenario_json, to_dot
from pybridge.contract.kinds import BOARD_VIEW_KIND, KIND_DECLS
from pybridge.run import worker
from pybridge.run.worker import DEFAULT_TIMEOUT, Cancel, Cancelled, memory_budget
from pybridge.web.cards import MAX_QUERY, card_panel, exact_card, find_cards
from pybridge.web.contract import contract_json
from pybridge.web.examples import default_queries_dir, list_examples
from pybridge.web.question import ScenarioText, json_of_toml, shorten, toml_of_json
from pybridge.web.rules import lookup as rule_lookup
from pybridge.web.says import page_sentence
from pybridge.web.toml_form import from_toml

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 1024 * 1024           # bytes; a scenario of thousands of permanents is well under
MAX_SOLVES = 16                  # solver worker processes at once; more requests wait their turn
DOT_SECONDS = 60


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def _error(message: str, status: int = 400, request: Request | None = None,
           page: bool = False) -> JSONResponse:
    # One line, as the command line prints it (a file name or a value may hold line breaks);
    # for the page (a JSON body), `says` is that line as a sentence in the page's words.
    line = " ".join(message.replace("\r", " ").split("\n"))
    if request is not None:
        request.state.outcome = f"{'bad input' if status < 500 else 'error'}: {shorten(line, 100)}"
    body = {"error": line, "says": page_sentence(line)} if page else {"error": line}
    return JSONResponse(body, status_code=status)


class ClientLeft(Exception):
    """The client closed its connection before its answer: nothing is sent."""


async def _in_worker(request: Request, solves, call):
    """call(cancel) in a thread holding one solve slot, cancelled (its worker killed) as soon
    as the client disconnects."""
    cancel = Cancel()

    async def watch() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass
        cancel.set()

    outcome: list = []

    async def solve(group) -> None:
        try:
            outcome.append(("ok", await anyio.to_thread.run_sync(lambda: call(cancel),
                                                                 limiter=solves)))
        except Exception as err:       # raised below, outside the task group (no group wrapping)
            outcome.append(("raise", err))
        group.cancel_scope.cancel()

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(watch)
            await solve(group)
    finally:
        cancel.close()
    status, value = outcome[0]
    if status == "ok":
        return value
    if isinstance(value, Cancelled):
        raise ClientLeft() from None
    raise value


def _json(value: Any) -> Response:
    # The command line's serialisation (report.to_json), so an answer is byte for byte the same.
    return Response(json.dumps(value, ensure_ascii=False), media_type="application/json")


async def _body_text(request: Request) -> str:
    """The request body as text, refusing more than MAX_BODY bytes (413) before reading it all."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise BadRequest(f"the request is larger than {MAX_BODY} bytes", 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the request is not UTF-8 text") from None


def _body_kind(request: Request) -> str:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind in ("application/toml", "text/toml", "text/x-toml"):
        return "toml"
    if kind == "application/json":
        return "json"
    raise BadRequest("send the scenario as TOML (Content-Type: application/toml) or as its "
                     "JSON form (Content-Type: application/json)", 415)


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "0").lower() in ("1", "true", "yes")


def draw_svg(dot: str) -> tuple[str | None, str | None]:
    """The DOT drawn as SVG by Graphviz's dot program: (svg, None), or (None, why not)."""
    program = shutil.which("dot")
    if program is None:
        return None, "no picture: Graphviz's dot program is not installed"
    try:
        done = subprocess.run([program, "-Tsvg"], input=dot, capture_output=True, text=True,
                              timeout=DOT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as err:
        return None, f"no picture: {err}"
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        return None, f"no picture: {lines[-1] if lines else 'dot failed'}"
    return done.stdout, None


# --- the handlers that need no state of the application ---
async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def api_cards(request: Request) -> Response:
    query = request.query_params.get("q", "")
    if len(query) > MAX_QUERY:
        return _error(f"q is longer than {MAX_QUERY} characters")
    names = await anyio.to_thread.run_sync(find_cards, query)
    exact = await anyio.to_thread.run_sync(exact_card, query)
    return _json({"query": query, "cards": names, "exact": exact})


async def api_card(request: Request) -> Response:
    name = request.query_params.get("name", "")
    if not name.strip() or len(name) > MAX_QUERY:
        return _error(f"name: give a card name of at most {MAX_QUERY} characters")
    found = await anyio.to_thread.run_sync(card_panel, name.strip())
    if found is None:
        return _error(f"no card is named {shorten(name, 60)!r}", 404)
    return _json(found)


async def api_contract(request: Request) -> Response:
    return _json(contract_json())


async def api_kinds(request: Request) -> Response:
    return _json({"kinds": [k.json() for k in KIND_DECLS], "board_view": BOARD_VIEW_KIND})


async def api_rule(request: Request) -> Response:
    number = request.path_params["number"]
    found = await anyio.to_thread.run_sync(rule_lookup, number)
    if found is None:
        return _error(f"no rule {number[:20]!r} in the Comprehensive Rules", 404)
    return _json(found)


async def bad_request(request: Request, exc: BadRequest) -> Response:
    return _error(str(exc), exc.status, request)


async def client_left(request: Request, exc: Exception) -> Response:
    # Whatever is sent now is dropped by the server (the connection is gone): no traceback.
    request.state.outcome = "client left: its worker killed"
    return Response(status_code=499)


async def http_error(request: Request, exc: HTTPException) -> Response:
    # Unknown paths and wrong methods answer in the API's shape too.
    return _error(str(exc.detail), exc.status_code)


def _conversions(solves, timeout: float, memory_limit: int | None):
    """The handlers of /api/toml and /api/json: each conversion in a worker, under the same
    time-out, memory share and solve slots as an ask."""

    async def convert(request: Request, job):
        """A conversion, in a worker under the same limits as an ask."""
        text = await _body_text(request)
        try:
            value = await _in_worker(request, solves, lambda cancel: worker.run(
                job, (text,), timeout, memory_limit, cancel=cancel))
        except InputError as err:
            return None, _error(str(err), request=request)
        except SolverTimeout as err:
            return None, _error(f"the conversion took too long: {err}", 503, request)
        except SolverError as err:
            return None, _error(f"the conversion failed: {err}", 500, request)
        request.state.outcome = "converted"
        return value, None

    async def api_toml(request: Request) -> Response:
        toml_text, failed = await convert(request, toml_of_json)
        return failed or Response(toml_text, media_type="application/toml")

    async def api_json(request: Request) -> Response:
        document, failed = await convert(request, json_of_toml)
        return failed or _json({"scenario": document})

    return api_toml, api_json


def _checker(solves, timeout: float, memory_limit: int | None):
    """The handler of /api/check, under the same limits as an ask."""

    async def api_check(request: Request) -> Response:
        """The board (the JSON form) as the rules read it, before any question: {"ok": true}, or
        the refusal (an instant on the battlefield, a card that makes no lasting effect ...) as
        400.  The rules derive a refusal whatever is asked, so the scenario's questions are put
        aside for one that needs nothing of the board, `pool` of the first player."""
        text = await _body_text(request)
        try:
            document = json.loads(text)
        except (ValueError, RecursionError):
            return _error("the board is not JSON", request=request, page=True)
        if not isinstance(document, dict):
            return _error("a scenario is a table", request=request, page=True)
        game = document.get("game") if isinstance(document.get("game"), dict) else {}
        players = game.get("players") if isinstance(game.get("players"), list) else ["you"]
        probe = json.dumps({**document, "ask": [{"pool": players[0] if players else "you"}]})
        source = ScenarioText("json", probe, False)
        try:
            await _in_worker(request, solves, lambda cancel: answer_question(
                source, timeout=timeout, memory_limit=memory_limit, cancel=cancel))
        except InputError as err:
            return _error(str(err), request=request, page=True)
        except SolverError as err:
            return _error(f"no answer: {err}", 500, request, page=True)
        request.state.outcome = "checked"
        return _json({"ok": True})

    return api_check


def create_app(timeout: float = DEFAULT_TIMEOUT, queries: Path | None = None,
               max_solves: int = MAX_SOLVES) -> Starlette:
    """The application.  timeout: seconds per ask (reading the body too); queries: the folder of
    example scenarios (default: queries/ of the checkout, when there is one).  Every solve
    runs in a worker process (an infinite timeout waits for good, but still in a worker), with
    1/max_solves of the memory budget, so the slots together never pass it."""
    examples = list_examples(queries if queries is not None else default_queries_dir())
    solves = anyio.CapacityLimiter(max_solves)
    budget = memory_budget()
    memory_limit = budget // max_solves if budget else None

    async def api_ask(request: Request) -> Response:
        kind = _body_kind(request)
        text = await _body_text(request)
        explain, graph = _flag(request, "explain"), _flag(request, "dot")
        source = ScenarioText(kind, text, graph)
        try:
            result, _ = await _in_worker(request, solves, lambda cancel: answer_question(
                source, timeout=timeout, explain=explain, graph=graph,
                memory_limit=memory_limit, cancel=cancel))
        except InputError as err:
            return _error(str(err), request=request, page=kind == "json")
        except WorkerLost as err:       # killed from outside (its fork server was): try again
            return _error(f"no answer: {err}; ask again", 500, request)
        except SolverError as err:
            return _error(f"internal error in the logic programs: {err}", 500, request)
        out = scenario_json(result, explain)
        request.state.outcome = f"unknown: {result.unknown_reason}" if result.timed_out \
            else "answered"
        if graph and not result.timed_out:
            out["dot"] = to_dot(result)
            out["svg"], note = await anyio.to_thread.run_sync(draw_svg, out["dot"])
            if note:
                out["svg_note"] = note
        return _json(out)

    api_check = _checker(solves, timeout, memory_limit)
    api_toml, api_json = _conversions(solves, timeout, memory_limit)

    async def api_examples(request: Request) -> Response:
        return _json({"examples": [e.json() for e in examples]})

    async def api_example(request: Request) -> Response:
        index = request.path_params["index"]
        if not 0 <= index < len(examples):
            return _error(f"no example {index}", 404)
        example = examples[index]
        text = example.path.read_text(encoding="utf-8")
        try:
            document = from_toml(text, example.name + ".toml")
        except InputError as err:
            return _error(str(err), 500)
        return _json({**example.json(), "toml": text, "scenario": document})

    routes = [
        Route("/", page),
        Route("/favicon.ico", no_icon),
        Route("/api/ask", api_ask, methods=["POST"]),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/toml", api_toml, methods=["POST"]),
        Route("/api/json", api_json, methods=["POST"]),
        Route("/api/cards", api_cards),
        Route("/api/card", api_card),
        Route("/api/examples", api_examples),
        Route("/api/examples/{index:int}", api_example),
        Route("/api/kinds", api_kinds),
        Route("/api/contract", api_contract),
        Route("/api/rules/{number}", api_rule),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=_lifespan, exception_handlers={
        BadRequest: bad_request, HTTPException: http_error, ClientLeft: client_left,
        ClientDisconnect: client_left})


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette):
    # The solver's fork server (an interpreter with clingo, the parsed programs and the grammars
    # loaded) starts as the server does, not at the page's first question.
    await anyio.to_thread.run_sync(worker.start)
    yield

