"""What the worker fork server loads once, so that each worker it forks starts ready: clingo,
the package, the card library and the parsed logic programs (see pybridge/worker.py)."""
import clingo

import pybridge.answering  # noqa: F401  (the question kinds, the facts, the solver)
import pybridge.cli  # noqa: F401  (the formatting `ask` runs in the worker)
from pybridge.library import load_library, program_files
from pybridge.solver import parse_programs

load_library()
# Parsed once here, so that every worker the server forks starts from the parse.
parse_programs(program_files())

# The first C++ exception a thread throws allocates that thread's exception globals (dynamic
# thread-local data).  Thrown here once, that memory is already there in every worker, so a
# worker at its memory limit can still throw std::bad_alloc and report "out of memory"; else
# the allocation itself fails and glibc aborts the worker.
try:
    clingo.parse_term("(")
except RuntimeError:
    pass
