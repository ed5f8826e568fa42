"""Running one question in a worker process that time, memory and the parent's death all bound.

Why a worker: grounding has no time-out of its own, and a board too big for the machine should
fail in a process that can be killed, not in the caller.  So `run(job, args, timeout)` calls
`job(*args)` in a child process, waits at most `timeout` seconds for its (pickled) value, and
kills it otherwise.

How workers start: a caller that asks one question and knows it has no other thread (the
command line's `ask`) forks its worker itself (`run(..., fork_caller=True)`, checked against
the threads the kernel counts); that saves starting and preloading a second interpreter, most of
a small question's time.  Every other caller's workers start from a fork server, a fresh single-threaded interpreter (`serve`, started
once per caller) that has imported clingo and the package and read the card library, and forks
one worker per question.  Forking the caller itself is unsafe as soon as the caller has threads:
a worker can inherit a lock inside libclingo that another thread held at the instant of the
fork, and block on it for ever.  Spawning a fresh interpreter per question is as safe but costs
about 0.25 s a question (docs/ARCHITECTURE.md).  multiprocessing's own "forkserver" would do,
but it re-runs the caller's main script in every worker; this one runs nothing of the caller's.
Each question gets its own socket pair: the caller keeps one end and hands the other to the
server (SCM_RIGHTS), whose forked worker reads the job from it and writes the answer back.

No orphans: the server exits as soon as the caller's end of its control socket closes (the
caller exited or was killed); a worker is killed by the kernel when the server dies (Linux
PR_SET_PDEATHSIG) and, on every system, exits when its question socket reports that the caller's
end has closed (a thread watches it).  Where there is no fork (Windows), workers are spawned by
multiprocessing.
"""
from __future__ import annotations

import atexit
import gc
import math
import os
import pickle
import resource
import select
import signal
import socket
import struct
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    import subprocess
# subprocess (the fork server), selectors (its loop), ctypes (a worker's prctl) and traceback (a
# failure's place) are imported where they serve: the command line's one question never
# starts a fork server, and its start-up is most of a small question's time.

from pybridge.errors import InputError, SolverError, SolverOutOfMemory, SolverTimeout, WorkerLost
from pybridge.run.memory import limit_memory, memory_budget  # noqa: F401  (callers import them here)

# What the fork server imports once, so that a worker starts with it loaded.
PRELOAD = "pybridge.preload"
LONGEST_WAIT = 2_000_000.0   # seconds: 23 days, the most poll() can wait for
# Seconds a question may take when the caller names no time-out: the command line's, the
# Python API's and the solver's default.
DEFAULT_TIMEOUT = 120.0
PR_SET_PDEATHSIG = 1         # from <linux/prctl.h>
PID = struct.Struct("!q")
EXIT_WATCHED = 75            # a worker whose caller went away


class Channel:
    """Pickled messages over a socket, each a length and its bytes (what multiprocessing's
    Connection does over a file descriptor, without importing multiprocessing, which costs a
    small question a tenth of its start-up)."""

    def __init__(self, fd: int) -> None:
        self.sock = socket.socket(fileno=fd)

    def send(self, value: Any) -> None:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        self.sock.sendall(PID.pack(len(data)) + data)

    def recv(self) -> Any:
        size = PID.unpack(_read_exactly(self.sock, PID.size))[0]
        return pickle.loads(_read_exactly(self.sock, size))

    def poll(self, timeout: float | None, cancel: "Cancel | None" = None) -> bool:
        """Whether a message (or the end of the socket) can be read within timeout seconds
        (None: wait as long as it takes); a cancel set meanwhile raises Cancelled."""
        poller = select.poll()     # (not select.select: no limit on the descriptor's number)
        poller.register(self.sock, select.POLLIN)
        if cancel is not None:
            poller.register(cancel.fd, select.POLLIN)
        ready = poller.poll(None if timeout is None else math.ceil(timeout * 1000))
        if cancel is not None and cancel.is_set():
            raise Cancelled("cancelled")
        return bool(ready)

    def close(self) -> None:
        self.sock.close()


class Stopped(Exception):
    """No new worker starts: the command is stopping (a signal arrived)."""


class Cancelled(Exception):
    """The caller no longer wants the answer (a web client that left): its worker is killed."""


class Cancel:
    """Set from any thread (or an event loop) to stop a `run` waiting on its worker: a socket
    pair, so the wait polls it beside the worker's socket."""

    def __init__(self) -> None:
        self._r, self._w = socket.socketpair()
        self.fd = self._r.fileno()

    def set(self) -> None:
        try:
            self._w.send(b"x")
        except OSError:
            pass      # already closed: nobody waits any more

    def is_set(self) -> bool:
        poller = select.poll()     # (not select.select: a server's descriptors pass 1024)
        poller.register(self._r, select.POLLIN)
        return bool(poller.poll(0))

    def close(self) -> None:
        self._r.close()
        self._w.close()


# --- the caller's side ---
class _Server:
    """The caller's handle on its fork server: start it, have it fork a worker, kill one."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen | None = None
        self.control: socket.socket | None = None
        self.exit_registered = False

    def _start(self, grammars: bool = True) -> None:
        import subprocess
        ours, theirs = socket.socketpair()
        code = ("import sys; from pybridge.run.worker import serve; "
                "serve(int(sys.argv[1]), sys.argv[2], sys.argv[3] == '1')")
        path = os.pathsep.join(p for p in sys.path if isinstance(p, str))
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(theirs.fileno()), path,
                                      "1" if grammars else "0"],
                                     pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
        theirs.close()
        self.control = ours
        if not self.exit_registered:
            atexit.register(self.close)
            self.exit_registered = True

    def start(self) -> None:
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self._start()

    def warm(self, job: Callable, args: tuple) -> None:
        """Have the server itself run job(*args) (not a worker): what the job caches, every
        worker forked after it inherits.  Best effort: the server ignores the job's failure.
        A server started here leaves the grammars to the job (preload.build_grammars)."""
        payload = pickle.dumps((job, args))
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self._start(grammars=False)
            self.control.sendall(b"W" + PID.pack(len(payload)) + payload)

    def launch(self, end: socket.socket) -> int:
        """Hand the server one end of a question's socket pair; the pid of the worker it forks."""
        with self.lock:
            for attempt in (1, 2):
                if self.proc is None or self.proc.poll() is not None:
                    self._start()
                try:
                    socket.send_fds(self.control, [b"R"], [end.fileno()])
                    return PID.unpack(_read_exactly(self.control, PID.size))[0]
                except (OSError, EOFError):
                    if attempt == 2 or _stopping:
                        raise
                    self.proc.kill()      # a server that broke: start another
                    self.proc.wait()
        raise AssertionError("unreachable")

    def kill(self, pid: int) -> None:
        """Kill a worker the server has not reaped yet (so never a reused pid)."""
        with self.lock:
            try:
                self.control.sendall(b"K" + PID.pack(pid))
            except (OSError, AttributeError):
                pass      # the server is gone, and with it the worker

    def close(self) -> None:
        """At exit: close the control socket and wait (briefly) for the server to go, so no
        process of ours outlives the caller."""
        if self.control is not None:
            self.control.close()
        if self.proc is not None:
            import subprocess
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def stop(self) -> None:
        with self.lock:
            if self.proc is not None and self.proc.poll() is None:
                self.proc.kill()     # its workers die with it (PR_SET_PDEATHSIG, their sockets)
                self.proc.wait()


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise EOFError("the fork server closed its socket")
        data += chunk
    return data


_server = _Server()
_live: set[int] = set()       # the workers running now
_live_lock = threading.Lock()
_stopping = False


def start(warm: tuple[Callable, tuple] | None = None) -> None:
    """Start the fork server now rather than at the first question; warm = (job, args): a job
    the server runs in itself first, whose caches every worker then starts with (`check`
    compiles the cards its files name)."""
    if hasattr(os, "fork"):
        if warm is not None:
            _server.warm(*warm)
        else:
            _server.start()


def stop_all() -> None:
    """Kill every running worker and refuse to start new ones (a command stopping on a signal)."""
    global _stopping
    _stopping = True
    _server.stop()
    for pid in list(_forked):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass   # it ended meanwhile
    for proc in list(_spawned):
        try:
            proc.kill()
        except (OSError, ValueError, AttributeError):
            pass   # it ended meanwhile


def check_timeout(timeout: Any) -> float:
    """A time-out in seconds, more than 0 (math.inf: no limit); anything else is bad input."""
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise InputError(f"timeout must be a number of seconds, not {timeout!r}")
    if math.isnan(timeout) or timeout <= 0:
        raise InputError(f"timeout must be more than 0 seconds (math.inf: no limit), not {timeout!r}")
    return float(timeout)


def run(job: Callable, args: tuple, timeout: float, memory_limit: int | None,
        on_message: Callable[[Any], None] | None = None, fork_caller: bool = False,
        cancel: Cancel | None = None) -> Any:
    """job(*args) in a worker, its value back.  The job's InputError and SolverError are raised
    here as they were raised there; no value within timeout seconds raises SolverTimeout, running
    out of memory SolverOutOfMemory.  A job may send early messages (`send_progress`), which
    on_message receives as they arrive, e.g. the questions of a scenario once it has been read,
    for an unknown answer to name.  job must be importable by name (a module's function).
    fork_caller: fork this process itself when it has a single thread (else the fork server).
    cancel: set, it kills the worker and raises Cancelled."""
    if _stopping:
        raise Stopped("stopping")
    if cancel is not None and cancel.is_set():
        raise Cancelled("cancelled before it started")
    if not hasattr(os, "fork"):
        return _run_spawned(job, args, timeout, memory_limit, on_message)
    if fork_caller and _single_threaded():
        return _run_forked(job, args, timeout, memory_limit, on_message)
    conn, pid = _launch()
    finished = False
    try:
        conn.send((job, args, memory_limit, os.getcwd()))   # relative paths are the caller's
        value = _wait(conn, timeout, on_message, cancel=cancel)
        finished = True
        return value
    except (BrokenPipeError, ConnectionResetError):
        raise WorkerLost("the solver process ended without an answer") from None
    finally:
        conn.close()          # the worker's watcher sees the end: it exits if it hasn't
        if not finished:
            _server.kill(pid)


def _launch() -> tuple[Channel, int]:
    """A worker forked by the fork server: the caller's end of its socket, and its pid."""
    ours, theirs = socket.socketpair()
    try:
        pid = _server.launch(theirs)
    finally:
        theirs.close()
    return Channel(ours.detach()), pid


def _wait(conn, timeout: float, on_message,
          exit_code: Callable[[], int] | None = None, cancel: Cancel | None = None) -> Any:
    """The job's value from conn.  exit_code, for a worker this process forked, waits for the
    worker's end once its socket closes without an answer (the fork server reports it instead)."""
    deadline = None if timeout >= LONGEST_WAIT else time.monotonic() + max(timeout, 0.0)
    while True:
        left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
        if not conn.poll(left, cancel):
            raise SolverTimeout(f"no answer within {timeout:g} s")
        try:
            status, payload = conn.recv()
        except (EOFError, OSError):
            if _stopping:
                raise Stopped("stopping") from None
            if exit_code is None:
                raise WorkerLost("the solver process ended without an answer") from None
            status, payload = "ended", exit_code()
        if status == "progress":
            if on_message is not None:
                on_message(payload)
            continue
        if status == "ok":
            return payload
        raise _error(status, payload)


def _error(status: str, payload: Any) -> Exception:
    """The exception a worker's report of a failure stands for (see _failure)."""
    if status == "ended":          # the worker died without an answer
        if _stopping:
            return Stopped("stopping")
        if payload < 0:            # killed by a signal, as the out-of-memory killer does
            return SolverOutOfMemory(f"the solver process was killed by "
                                     f"{signal.Signals(-payload).name} (out of memory?)")
        return WorkerLost(f"the solver process ended without an answer (exit {payload})")
    if status == "memory":
        return SolverOutOfMemory(payload)
    if status == "input":
        return InputError(payload)
    if status == "timeout":
        return SolverTimeout(payload)
    return SolverError(payload)


# --- a run of jobs in one worker ---
# `check` answers hundreds of small files.  A worker forked for each copies, page by page, the
# fork server's memory that it touches (about 4,700 page faults for a small file, a third of
# its CPU time), and a worker answering them in turn would free a Control after each, which
# costs more than grounding a small scenario.  So a worker answers a run of them, keeping every
# Control until it exits (keep_until_exit): the copying is paid once per run, the freeing never.
# A worker takes no further job once its peak memory passes EACH_PEAK_BYTES.
EACH_PEAK_BYTES = 256 * 2 ** 20


def run_each(job: Callable, arg_list: list[tuple], timeout: float, memory_limit: int | None,
             on_message: Callable[[int, Any], None] | None = None,
             on_done: Callable[[int], None] | None = None) -> list[Any]:
    """job(*args) for each args of arg_list, one after another in as few workers as it takes:
    each job's value, or the exception it ended with (InputError, SolverError, SolverTimeout,
    SolverOutOfMemory), in order.  Each job has timeout seconds from the end of the one before
    it; a job that times out is killed with its worker, and the next ones go on in a fresh
    worker.  A job that runs out of memory, or whose worker dies, after other jobs of the same
    worker is run again first in a fresh worker, so that no outcome depends on the jobs before
    it.  on_message(number, message) receives a job's early messages (see run); on_done(number)
    is called as each job's outcome is known."""
    outcomes: list[Any] = []
    if not hasattr(os, "fork"):
        for number, args in enumerate(arg_list):
            relay = None if on_message is None else (lambda m, n=number: on_message(n, m))
            try:
                outcomes.append(run(job, args, timeout, memory_limit, relay))
            except (InputError, SolverError, SolverTimeout) as err:
                outcomes.append(err)
            if on_done is not None:
                on_done(number)
        return outcomes
    while len(outcomes) < len(arg_list):
        outcomes += _run_some(job, arg_list, len(outcomes), timeout, memory_limit,
                              on_message, on_done)
    return outcomes


def _run_some(job, arg_list, first, timeout, memory_limit, on_message, on_done) -> list[Any]:
    """The outcomes of the jobs arg_list[first:] that one worker finishes: one at least."""
    if _stopping:
        raise Stopped("stopping")
    conn, pid = _launch()
    done: list[Any] = []
    ended = False
    try:
        conn.send((_each, (job, arg_list[first:]), memory_limit, os.getcwd()))
        started, deadline = None, None
        while True:
            current = first + len(done)
            if started != current:       # the job's time runs from the end of the one before
                started = current
                deadline = None if timeout >= LONGEST_WAIT else time.monotonic() + timeout
            left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            if not conn.poll(left):
                done.append(SolverTimeout(f"no answer within {timeout:g} s"))
                if on_done is not None:
                    on_done(current)
                return done
            try:
                status, payload = conn.recv()
            except (EOFError, OSError):
                status, payload = "ended", None
            if status == "progress":
                if on_message is not None:
                    on_message(current, payload)
                continue
            if status == "item":
                item_status, value = payload
                if item_status == "memory" and done:
                    return done          # run again, first in a fresh worker
                done.append(value if item_status == "ok" else _error(item_status, value))
                if on_done is not None:
                    on_done(current)
                continue
            ended = True
            if status == "ok" or done:   # the rest (if any) go to a fresh worker
                return done
            if _stopping:
                raise Stopped("stopping")
            if payload is None:
                done.append(WorkerLost("the solver process ended without an answer"))
            else:
                done.append(_error(status, payload))
            if on_done is not None:
                on_done(current)
            return done
    except (BrokenPipeError, ConnectionResetError):
        if _stopping:
            raise Stopped("stopping") from None
        if done:
            return done
        raise WorkerLost("the solver process ended without an answer") from None
    finally:
        conn.close()          # the worker's watcher sees the end: it exits if it hasn't
        if not ended:
            _server.kill(pid)


def _each(job: Callable, arg_list: list[tuple]) -> int:
    """In a worker: job(*args) for each args in turn, each outcome sent as soon as it is known;
    how many ran (fewer than all once the worker's peak memory passes EACH_PEAK_BYTES or a job
    ran out of memory: the caller runs the rest in a fresh worker)."""
    for number, args in enumerate(arg_list):
        try:
            status, value = "ok", job(*args)
        except BaseException as err:
            status, value = _failure(err, _memory_in_force)
        _progress.send(("item", (status, value)))
        if status == "memory" or _peak_bytes() > EACH_PEAK_BYTES:
            return number + 1
    return len(arg_list)


def _peak_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024     # bytes there, KiB elsewhere


# --- a worker forked by the caller itself (one question, no other thread) ---
_forked: set[int] = set()     # the workers this process forked, until reaped


def _single_threaded() -> bool:
    """Whether this process has one thread, as the kernel counts them (clingo's or any
    library's threads included); where that can't be read, as Python counts them."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return threading.active_count() == 1


def _run_forked(job, args, timeout, memory_limit, on_message) -> Any:
    allocate_exception_globals()
    sys.stdout.flush()       # else the worker would write out the caller's buffered output too
    sys.stderr.flush()
    ours, theirs = socket.socketpair()
    caller = os.getpid()
    pid = os.fork()
    if pid == 0:
        # As the fork server's workers do: the caller alone answers SIGINT (it kills us), and
        # the caller's handlers of the other stop signals are its own.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), signal.SIG_DFL)
        ours.close()
        _worker(Channel(theirs.detach()), caller)
    theirs.close()
    _forked.add(pid)
    conn = Channel(ours.detach())

    def exit_code() -> int:
        _forked.discard(pid)
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])

    try:
        conn.send((job, args, memory_limit, os.getcwd()))
        return _wait(conn, timeout, on_message, exit_code)
    except (BrokenPipeError, ConnectionResetError):
        raise WorkerLost("the solver process ended without an answer") from None
    finally:
        conn.close()          # the worker's watcher sees the end: it exits if it hasn't
        if pid in _forked:
            _forked.discard(pid)
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


def allocate_exception_globals() -> None:
    """The first C++ exception a thread throws allocates that thread's exception globals
    (dynamic thread-local data).  Thrown once before forking, that memory is already there in
    the worker, so a worker at its memory limit can still throw std::bad_alloc and report "out
    of memory"; else the allocation itself fails and glibc aborts the worker."""
    import clingo
    try:
        clingo.parse_term("(")
    except RuntimeError:
        pass


# --- the fork server ---
def serve(control_fd: int, path: str, grammars: bool = True) -> None:
    """The fork server's main loop (run as `python -c ...` by _Server): fork a worker for every
    socket the caller hands over, kill the ones it asks to, report each worker's end on its
    socket, and exit when the caller's end of the control socket closes.  grammars: build the
    Oracle grammars' parsers now (else a warm-up job builds what it needs)."""
    sys.path[:] = [p for p in path.split(os.pathsep)]
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # the caller decides when to stop
    control = socket.socket(fileno=control_fd)
    import ctypes  # noqa: F401  (imported once here, so that no worker imports them again)
    import importlib
    import selectors
    import traceback  # noqa: F401
    preload = importlib.import_module(PRELOAD)
    if grammars:
        preload.build_grammars()
    _freeze()
    wake_r, wake_w = socket.socketpair()
    wake_r.setblocking(False)
    wake_w.setblocking(False)
    signal.set_wakeup_fd(wake_w.fileno())
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    children: dict[int, Channel] = {}
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ)
    selector.register(wake_r, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in selector.select():
                if key.fileobj is wake_r:
                    while True:
                        try:
                            if not wake_r.recv(4096):
                                break
                        except BlockingIOError:
                            break
                    _reap(children)
                    continue
                message, fds, _, _ = socket.recv_fds(control, 1, 1)
                if not message:
                    # The caller has gone: so do we (and our workers, with us).  Unset the wakeup fd
                    # first: a worker's SIGCHLD arriving while the interpreter closes wake_w would
                    # otherwise print "Exception ignored ... Bad file descriptor" on the caller's
                    # stderr, after its one-line message.
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    return
                if message == b"K":
                    pid = PID.unpack(_read_exactly(control, PID.size))[0]
                    if pid in children:
                        os.kill(pid, signal.SIGKILL)
                    continue
                if message == b"W":
                    size = PID.unpack(_read_exactly(control, PID.size))[0]
                    try:
                        job, args = pickle.loads(_read_exactly(control, size))
                        job(*args)
                    except Exception:
                        pass      # a warm-up only saves time; the workers do the work anyway
                    _freeze()
                    continue
                end = Channel(fds[0])
                server = os.getpid()
                pid = os.fork()
                if pid == 0:
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    for other in children.values():
                        other.close()
                    for sock in (control, wake_r, wake_w):
                        sock.close()
                    _worker(end, server)
                children[pid] = end
                control.sendall(PID.pack(pid))
            _reap(children)
    except (OSError, EOFError):
        # The caller died mid-message (SIGKILL): go quietly, as when its socket closes.
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)


def _freeze() -> None:
    """Move what the server holds now out of the collector's sight: a worker's collections then
    never visit (and so never copy, page by page) the memory it shares with the server."""
    gc.collect()
    gc.freeze()


def _reap(children: dict[int, Channel]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        end = children.pop(pid, None)
        if end is None:
            continue
        try:
            end.send(("ended", os.waitstatus_to_exitcode(status)))
        except OSError:
            pass      # the caller isn't listening any more
        end.close()


# --- the worker's side ---
_progress = None
_memory_in_force: int | None = None
# What a forked worker keeps until it ends: it ends with os._exit, so freeing these first (a
# Control's ground program: a tenth of a small question) would be time spent for nothing.
_kept: list[Any] | None = None


def keep_until_exit(value: Any) -> None:
    """In a forked worker, keep value alive until the worker's end instead of freeing it;
    elsewhere, nothing."""
    if _kept is not None:
        _kept.append(value)


def send_progress(message: Any) -> None:
    """From a job: hand the caller a message before the job's value (see run's on_message)."""
    if _progress is not None:
        _progress.send(("progress", message))


def _worker(conn: Channel, server: int) -> None:
    """A forked worker: read the job, run it, send its value or its failure, exit."""
    global _progress, _kept, _memory_in_force
    _kept = []
    code = 0
    try:
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            except (OSError, AttributeError):
                pass   # the watcher below still stops us
        if os.getppid() != server:
            os._exit(EXIT_WATCHED)       # the server died before the prctl
        job, args, memory_limit, folder = conn.recv()
        os.chdir(folder)
        # The caller sends nothing more: the socket turns readable only when its end closes.
        # clingo releases the interpreter lock while it grounds and solves, so this thread runs
        # even then.
        threading.Thread(target=_watch, args=(conn,), daemon=True).start()
        _progress = conn
        in_force = _memory_in_force = limit_memory(memory_limit)
        try:
            value = job(*args)
        except BaseException as err:
            conn.send(_failure(err, in_force))
        else:
            conn.send(("ok", value))
    except BaseException:      # even the report failed (the caller left, or no memory is left)
        code = 70
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def exit_with(pid: int) -> None:
    """End this process (os._exit) as soon as process pid ends, whatever its relation to us:
    a thread waits on a pidfd (Linux 5.3+; elsewhere, nothing)."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        return

    def wait() -> None:
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        poller.poll()
        os._exit(EXIT_WATCHED)

    threading.Thread(target=wait, daemon=True).start()
    if not _alive(pid):
        os._exit(EXIT_WATCHED)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def _watch(conn) -> None:
    try:
        conn.poll(None)      # readable only once the caller's end closes
    finally:
        os._exit(EXIT_WATCHED)


def _failure(err: BaseException, memory_in_force: int | None) -> tuple[str, str]:
    if isinstance(err, MemoryError) or "bad_alloc" in str(err):
        # clingo reports a failed allocation as a RuntimeError carrying std::bad_alloc.
        shown = f" (limit {memory_in_force / 2**30:.2f} GiB)" if memory_in_force else ""
        return ("memory", f"out of memory{shown}")
    if isinstance(err, InputError):
        return ("input", str(err))
    if isinstance(err, SolverTimeout):
        return ("timeout", str(err))
    if isinstance(err, SolverError):
        return ("error", str(err))
    import traceback
    where = traceback.extract_tb(err.__traceback__)[-1:] if err.__traceback__ else []
    at = f" at {os.path.basename(where[0].filename)}:{where[0].lineno}" if where else ""
    return ("error", f"{type(err).__name__}: {err}{at}")


# --- where there is no fork: a spawned interpreter per question ---
_spawned: set = set()


def _run_spawned(job, args, timeout, memory_limit, on_message):
    import multiprocessing as mp
    ctx = mp.get_context("spawn")
    ours, theirs = ctx.Pipe()
    proc = ctx.Process(target=_spawned_main, args=(theirs, job, args, memory_limit), daemon=True)
    proc.start()
    _spawned.add(proc)
    theirs.close()
    try:
        return _wait(ours, timeout, on_message)
    finally:
        ours.close()
        if proc.is_alive():
            proc.kill()
        proc.join()
        _spawned.discard(proc)


def _spawned_main(conn, job, args, memory_limit) -> None:
    global _progress
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(conn,), daemon=True).start()
    _progress = conn
    in_force = limit_memory(memory_limit)
    try:
        conn.send(("ok", job(*args)))
    except BaseException as err:
        conn.send(_failure(err, in_force))


def stopping() -> bool:
    """Whether stop_all has run (the command is stopping on a signal)."""
    return _stopping
