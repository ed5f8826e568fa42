"""The TOML parser scenario files are read with: tomli's compiled build where it is installed
(the `fast` extra), else the standard library's tomllib.

tomllib is tomli's code, pure Python; tomli's wheels are the same parser compiled with mypyc, about
2-3x faster on a big board (issue 11: 100,000 permanents).  Both give the same documents and the
same error messages ("... (at line 5, column 15)"), which scenario.py turns into a line of the
file.  tomli 2.4 and later read TOML 1.1, which tomllib refuses; such a tomli is not used, so a
file reads the same with or without the extra.
"""
from __future__ import annotations

import tomllib
from typing import Any


def _compiled_parser():
    """tomli, when it is installed, compiled, and of the TOML version tomllib reads (1.0)."""
    try:
        import tomli
    except ImportError:
        return None
    try:
        version = tuple(int(part) for part in tomli.__version__.split(".")[:2])
    except (AttributeError, ValueError):
        return None
    if not (2, 0) <= version < (2, 4):
        return None
    return tomli


_parser = _compiled_parser()
# The error either parser raises on malformed TOML (both are ValueErrors).
DECODE_ERRORS: tuple[type[Exception], ...] = (
    (tomllib.TOMLDecodeError,) if _parser is None else (tomllib.TOMLDecodeError, _parser.TOMLDecodeError))
PARSER = "tomllib" if _parser is None else "tomli"


def loads(text: str) -> dict[str, Any]:
    return (_parser or tomllib).loads(text)
