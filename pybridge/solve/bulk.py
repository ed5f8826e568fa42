"""Building and reading big boards with the cyclic garbage collector paused.

Reading a board of 100,000 permanents, making its 700,000 facts or decoding its answers allocates
millions of objects, and each of the collector's passes over the growing heap walks all of them:
measured, the facts of such a board took 2-3x as long with the collector running (issue 11).
Nothing these steps build holds a reference cycle, so reference counting frees it all the same;
the collector is paused only while a step runs, and resumes as it was.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
