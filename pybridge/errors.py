"""Every way a question can fail other than a wrong answer: bad input, running out of time or
memory, and a fault of the logic programs themselves."""


class InputError(Exception):
    """The scenario or the command line is wrong; the message is one line for the user (exit 2)."""


class SolverTimeout(Exception):
    """Grounding or solving took longer than allowed; the answer is unknown (exit 3)."""


class SolverOutOfMemory(SolverTimeout):
    """The worker ran out of memory: like a time-out, the answer is unknown (exit 3)."""


class SolverError(Exception):
    """The logic programs themselves failed (a bug in asp/, not in the scenario)."""


class WorkerLost(SolverError):
    """The worker process ended without an answer (killed from outside, or its fork server was):
    no fault of the logic programs, and no answer either."""
