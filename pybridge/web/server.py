"""`mtgasp serve`: the application under uvicorn, with the limits a server open to a network
needs (docs/ARCHITECTURE.md, "The web page").

- The Host header is checked against the address the server is bound to (a page of another site
  reaching 127.0.0.1 through DNS rebinding names its own host): a loopback bind answers only
  loopback names, another address only itself; a wildcard bind (0.0.0.0, ::) checks nothing, and
  every bind but a loopback one is warned about.
- A connection must send its whole request within `read_timeout` seconds of opening (or of the
  previous response), else it is closed; at most MAX_CONNECTIONS are open at once (more are closed
  as they open), idle keep-alive connections close after KEEP_ALIVE seconds, and uvicorn's
  limit_concurrency answers 503 beyond them.
- One log line per request: method, path, status, seconds and outcome; no access log of
  uvicorn's own, and no traceback for a client that left (its ask's worker is killed: app.py).
"""
from __future__ import annotations

import ipaddress
import logging
import sys
import time

from uvicorn.protocols.http.h11_impl import H11Protocol

from pybridge.run.worker import DEFAULT_TIMEOUT

MAX_CONNECTIONS = 256
KEEP_ALIVE = 5              # seconds an idle keep-alive connection stays open
READ_TIMEOUT = 10.0         # seconds to send a whole request
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
log = logging.getLogger("mtgasp.serve")


class ReadTimedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request to arrive whole, and a cap on
    the connections open at once (uvicorn has neither: a client sending half a request held
    its connection for ever)."""
    read_timeout = READ_TIMEOUT
    max_connections = MAX_CONNECTIONS

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._deadline = None
        if len(self.connections) > self.max_connections:
            self.transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.read_timeout, self._read_timed_out)

    def _read_timed_out(self) -> None:
        self._deadline = None
        cycle = self.cycle
        waiting = cycle is None or cycle.response_complete or cycle.more_body
        if waiting and not self.transport.is_closing() and self.timeout_keep_alive_task is None:
            self.transport.close()       # headers or body still incomplete

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc) -> None:
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()
        super().connection_lost(exc)


def _host_name(header: str) -> str:
    """The host of a Host header, without its port ("[::1]:8000" -> "::1")."""
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def allowed_hosts(host: str) -> frozenset[str] | None:
    """The Host header names a bind answers (None: any, a wildcard bind)."""
    if host in ("", "0.0.0.0", "::"):
        return None
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    return frozenset(LOOPBACK_NAMES if loopback else (host,)) | {host}


class Guard:
    """ASGI middleware: the Host check (400 JSON on another name) and one log line a request."""

    def __init__(self, app, hosts: frozenset[str] | None):
        self.app, self.hosts = app, hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.monotonic()
        state = scope.setdefault("state", {})
        status = [0]

        async def sending(message):
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        headers = dict(scope.get("headers") or [])
        host = _host_name(headers.get(b"host", b"").decode("latin-1").lower())
        try:
            if self.hosts is not None and host not in self.hosts:
                state["outcome"] = f"refused: Host {host[:40]!r}"
                from starlette.responses import JSONResponse
                response = JSONResponse({"error": f"this server answers for {', '.join(sorted(self.hosts))}, "
                                                  f"not the host {host[:40]!r}"}, status_code=400)
                await response(scope, receive, sending)
            else:
                await self.app(scope, receive, sending)
        finally:
            outcome = state.get("outcome", "")
            log.info("%s %s %s %.3fs%s", scope.get("method"), scope.get("path", "")[:80],
                     status[0] or "-", time.monotonic() - start, f" {outcome}" if outcome else "")


def serve(host: str = "127.0.0.1", port: int = 8000, timeout: float = DEFAULT_TIMEOUT,
          read_timeout: float = READ_TIMEOUT) -> None:
    """Run the page and the API with uvicorn until interrupted."""
    import uvicorn
    from pybridge.web.app import create_app

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    hosts = allowed_hosts(host)
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        log.warning("listening on %s, not this machine only: anyone who can reach it can ask "
                    "questions%s", host, "; the Host header is not checked" if hosts is None else "")
    protocol = type("Protocol", (ReadTimedProtocol,), {"read_timeout": read_timeout})
    uvicorn.run(Guard(create_app(timeout=timeout), hosts), host=host, port=port, log_level="info",
                access_log=False, http=protocol, limit_concurrency=MAX_CONNECTIONS,
                timeout_keep_alive=KEEP_ALIVE, h11_max_incomplete_event_size=16 * 1024)
