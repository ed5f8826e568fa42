"""`mtgasp serve` as a real process (uvicorn on 127.0.0.1, real sockets): a client that leaves
has its ask's worker killed; the solve slots share one memory budget; a half-sent request is
closed after the read time-out; the Host header is checked and a non-loopback bind warned about;
every bad input is a 400 JSON error; one log line a request, no traceback for a client that left."""
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from pybridge.run.worker import memory_budget
from test_clean_stops import wait_until
from pybridge.web.app import MAX_SOLVES

ROOT = Path(__file__).resolve().parent.parent
FOREST = 'title = "one Forest"\n[[permanent]]\nid = "f"\ncard = "Forest"\n\n[[ask]]\nproduce = "f"\n'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    def __init__(self, tmp_path: Path, *flags: str, host: str = "127.0.0.1"):
        self.port = free_port()
        self.log = tmp_path / f"serve-{self.port}.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pybridge", "serve", "--host", host, "--port", str(self.port),
             *flags], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))
        for _ in range(600):
            if "Uvicorn running" in self.log.read_text() or self.proc.poll() is not None:
                break
            time.sleep(0.05)
        assert self.proc.poll() is None, self.log.read_text()

    def request(self, method: str, path: str, body: str | bytes | None = None,
                headers: dict | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        out = response.status, response.read().decode("utf-8")
        conn.close()
        return out

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return self.log.read_text()


@pytest.fixture
def served(tmp_path):
    running = Served(tmp_path, "--timeout", "60", "--read-timeout", "1")
    yield running
    running.stop()


def descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def workers(served: Served) -> set[int]:
    """The solver workers: the grandchildren of the server (children of its fork server)."""
    children = {c for c in descendants(served.proc.pid)
                if int(Path(f"/proc/{c}/stat").read_text().rsplit(")", 1)[1].split()[1])
                == served.proc.pid} if served.proc.poll() is None else set()
    return descendants(served.proc.pid) - children


def slow_board() -> str:
    """Just under the 1 MiB body cap, and far longer to answer than any test waits."""
    cards = ["Reflecting Pool", "Exotic Orchard", "Mana Reflection", "Forest", "Contamination"]
    tables = [f'[[permanent]]\nid = "p{i}"\ncard = "{cards[i % 5]}"' for i in range(20000)]
    return "\n".join(['title = "slow"', *tables, '[[ask]]\ncould_produce = "p0"']) + "\n"


def test_an_ask_whose_client_left_has_its_worker_killed(served):
    body = slow_board().encode()
    sock = socket.create_connection(("127.0.0.1", served.port))
    sock.sendall(b"POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/toml\r\n"
                 + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    assert wait_until(lambda: workers(served)), "no worker started"
    running = workers(served)
    # The slots share one memory budget: each worker is capped at its share.
    pid = next(iter(running))
    limits = Path(f"/proc/{pid}/limits").read_text()
    cap = int(next(line for line in limits.splitlines()
                   if line.startswith("Max address space")).split()[3])
    assert cap <= memory_budget() // MAX_SOLVES
    sock.close()
    assert wait_until(lambda: not (workers(served) & running)), "the worker outlived its client"
    # The server answers the next question at once, and logs the one that left.
    assert served.request("POST", "/api/ask", FOREST, {"Content-Type": "application/toml"})[0] == 200
    log = served.stop()
    assert "client left" in log and "Traceback" not in log
    assert "POST /api/ask 200" in log and "answered" in log


def test_a_half_sent_request_is_closed_after_the_read_timeout(served):
    sock = socket.create_connection(("127.0.0.1", served.port))
    sock.sendall(b"POST /api/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
    sock.settimeout(30)
    assert sock.recv(100) == b""         # the server closed it (after --read-timeout 1)
    sock.close()
    body_half = socket.create_connection(("127.0.0.1", served.port))
    body_half.sendall(b"POST /api/json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nab")
    body_half.settimeout(30)
    while body_half.recv(4096):       # (a 4xx may come before the close; a time-out fails)
        pass
    body_half.close()
    assert served.request("GET", "/api/kinds")[0] == 200
    assert "Traceback" not in served.stop()


def test_the_host_header_is_checked(served):
    status, text = served.request("GET", "/api/kinds", headers={"Host": "evil.example"})
    assert status == 400 and "evil.example" in json.loads(text)["error"]
    for host in (f"127.0.0.1:{served.port}", "localhost", f"localhost:{served.port}"):
        assert served.request("GET", "/api/kinds", headers={"Host": host})[0] == 200


def test_a_non_loopback_bind_is_warned_about(tmp_path):
    running = Served(tmp_path, host="0.0.0.0")
    log = running.stop()
    assert "WARNING" in log and "not this machine only" in log


BIG = "9" * 5000


@pytest.mark.parametrize("path, body, kind", [
    ("/api/ask", '{"permanent": [{"id": "f", "card": "Forest"}], "ask": [{"produce": "f"}], '
                 f'"game": {{"turn": {BIG}}}}}', "application/json"),
    ("/api/ask", f'[game]\nturn = {BIG}\n' + FOREST, "application/toml"),
    ("/api/toml", '{"title": ' + BIG + '}', "application/json"),
    ("/api/toml", "[" * 500 + "]" * 500, "application/json"),
    ("/api/toml", '{"title": "\\ud800"}', "application/json"),
    ("/api/ask", '{"title": "\\ud800", "ask": []}', "application/json"),
    ("/api/json", f'title = {BIG}\n', "application/toml"),
])
def test_every_bad_input_is_a_400_json_error(served, path, body, kind):
    status, text = served.request("POST", path, body.encode(), {"Content-Type": kind})
    assert status == 400, text
    message = json.loads(text)["error"]
    assert BIG not in message and "\n" not in message


def test_a_killed_fork_server_is_a_500_that_does_not_blame_the_logic_programs(served):
    body = slow_board().encode()
    answers = []

    def ask():
        answers.append(served.request("POST", "/api/ask", body, {"Content-Type": "application/toml"}))

    import threading
    thread = threading.Thread(target=ask)
    thread.start()
    assert wait_until(lambda: workers(served)), "no worker started"
    servers = [pid for pid in descendants(served.proc.pid) - workers(served)
               if b"pybridge.run.worker import serve" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    assert len(servers) == 1
    os.kill(servers[0], signal.SIGKILL)
    thread.join(timeout=120)
    status, text = answers[0]
    message = json.loads(text)["error"]
    assert status == 500 and "logic programs" not in message
    assert "ended without an answer" in message
    # The next ask starts a new fork server and is answered.
    assert served.request("POST", "/api/ask", FOREST, {"Content-Type": "application/toml"})[0] == 200


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_the_timeout_bounds_reading_the_body_which_happens_in_the_worker(tmp_path):
    running = Served(tmp_path, "--timeout", "1")
    try:
        body = slow_board().encode()
        before = cpu_seconds(running.proc.pid)
        status, text = running.request("POST", "/api/ask", body, {"Content-Type": "application/toml"})
        spent = cpu_seconds(running.proc.pid) - before
        answer = json.loads(text)
        assert status == 200 and "within 1 s" in answer["unknown_reason"]
        assert all(a["answer"] == "unknown" for a in answer["answers"])
        # Reading 20,000 permanents takes the worker seconds of CPU; the server only passed the
        # text on (were it parsed here, the time-out could not have bounded it).
        assert spent < 0.5, spent
    finally:
        running.stop()


def test_connections_past_the_cap_are_closed_as_they_open(tmp_path):
    from pybridge.web.server import MAX_CONNECTIONS
    running = Served(tmp_path, "--read-timeout", "60")
    held = []
    try:
        for _ in range(MAX_CONNECTIONS + 20):
            held.append(socket.create_connection(("127.0.0.1", running.port)))
        time.sleep(2)                      # the server closes the ones past the cap at once
        closed = 0
        for sock in held:                  # read without waiting: b"" or a reset is closed
            sock.setblocking(False)
            try:
                closed += sock.recv(10) == b""
            except BlockingIOError:
                pass
            except ConnectionResetError:
                closed += 1
        assert 20 <= closed <= 25, closed
    finally:
        for sock in held:
            sock.close()
    try:
        assert wait_until(lambda: running.request("GET", "/api/kinds")[0] == 200, 30)
    finally:
        assert "Traceback" not in running.stop()
