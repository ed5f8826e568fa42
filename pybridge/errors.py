"""The two ways a question can fail other than a wrong answer: bad input, and running out of time."""


class InputError(Exception):
    """The scenario or the command line is wrong; the message is one line for the user (exit 2)."""


class SolverTimeout(Exception):
    """Grounding or solving took longer than allowed; the answer is unknown (exit 3)."""
