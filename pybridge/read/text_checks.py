"""Text that clingo would not keep as given: the one check every string of a scenario passes.

clingo keeps a String symbol as a C string in UTF-8, so a NUL ends it early ("Elf\\0x" would be
read as "Elf") and a lone surrogate cannot be written at all.  Such text is bad input, refused
where it enters, never altered on its way to the solver.
"""
from __future__ import annotations


def text_problem(text: str) -> str | None:
    """What makes text unusable as a clingo string, or None when it is fine."""
    if "\0" in text:
        return f"contains a NUL character (at position {text.index(chr(0))})"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        return f"contains a lone surrogate {text[err.start]!r} (at position {err.start}), not a character"
    return None
