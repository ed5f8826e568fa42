"""What the worker fork server loads once, so that each worker it forks starts ready: clingo,
the package, the card library, the parsed logic programs and the Oracle grammars' parsers (see
pybridge/worker.py)."""
import clingo

import pybridge.answering  # noqa: F401  (the question kinds, the facts, the solver)
import pybridge.cli  # noqa: F401  (the formatting `ask` runs in the worker)
from pybridge.library import load_library, program_files
from pybridge.oracle import compiler, copies, grants, hook, statics
from pybridge.solver import parse_programs
from pybridge.worker import allocate_exception_globals

load_library()
# Parsed once here, so that every worker the server forks starts from the parse.
parse_programs(program_files())
# Built once here too: the Oracle grammars' Earley parsers (building them costs more than
# answering a small scenario) and the index of what the hand encodings name.
compiler.parser()
statics.parser()
copies.parser()
grants.parser()
hook.hand_encoded()
hook.hand_named()

# So that a worker at its memory limit can still report "out of memory" (see the function).
allocate_exception_globals()
