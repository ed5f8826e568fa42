"""What the worker fork server loads once, so that each worker it forks starts ready: clingo,
the package, the card library, the parsed logic programs and the Oracle grammars' parsers (see
pybridge/run/worker.py)."""
import clingo

import pybridge.answer.answering  # noqa: F401  (the question kinds, the facts, the solver)
import pybridge.cli  # noqa: F401  (the formatting `ask` runs in the worker)
import pybridge.api  # noqa: F401  (what the page's jobs read JSON through)
import pybridge.web.question  # noqa: F401  (the page's jobs: no Starlette; else every worker of
                              # `serve` imports them anew)
from pybridge.cards.library import load_library, program_files
from pybridge.oracle import copies, grants, hook, mana
from pybridge.oracle.statics import reader as statics
from pybridge.solve import program_cache
from pybridge.solve.solver import parse_programs
from pybridge.run.worker import allocate_exception_globals

load_library()
# Parsed once here, so that every worker the server forks starts from the parse, its statements
# printed (a worker hands clingo its selection as text and keeps it on disk) and the programs
# stamped (pybridge/solve/program_cache.py).
parse_programs(program_files()).keep_texts()
program_cache.remember(program_files())
import tempfile  # noqa: E402,F401  (a worker keeps its selection through it: imported once here)
# Built once here too: the index of what the hand encodings name.
hook.hand_encoded()
hook.hand_named()
hook.hand_copy_cards()


def build_grammars() -> None:
    """The Oracle grammars' Earley parsers (building them costs more than answering a small
    scenario): the fork server builds them before its first worker, unless its caller compiles
    what its workers need first (`check`: most cards come from the compile cache, and those
    that don't build the parsers as they are compiled)."""
    mana.parser()
    statics.parser()
    copies.parser()
    grants.parser()

# So that a worker at its memory limit can still report "out of memory" (see the function).
allocate_exception_globals()
