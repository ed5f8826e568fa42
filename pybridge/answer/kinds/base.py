"""What a question kind is (QuestionKind) and the helpers the kinds share.

The logic programs decide the answer; a kind only turns its #show atoms (the rows
pybridge/contract/answers.py declares) into the JSON value the spec promises, and its explain
atoms into groups of steps.  What a kind is called, what it names and its options are declared in
pybridge/contract/kinds.py; how its `expect` is read, in pybridge/read/expects.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pybridge.errors import InputError
from pybridge.solve.model import Group, ModelAtoms


@dataclass(frozen=True)
class QuestionKind:
    """How a question kind reads, compares and explains its answers."""
    name: str           # a name pybridge/contract/kinds.py declares
    answer: Callable[[ModelAtoms, Any], Any]
    matches: Callable[[Any, Any], bool] = lambda answer, expect: answer == expect
    # How its answer was reached: the explanation groups made from its explain atoms (None: the
    # generic groups of pybridge.answer.explain).
    explain: Callable[[ModelAtoms, Any], list[Group]] | None = None
    # Extra keys for the JSON answer object beside "answer" (e.g. can_activate's "reason").
    details: Callable[[ModelAtoms, Any], dict[str, Any]] | None = None
    # How the distinct answers of several outcomes of the events combine (None: {"outcomes":
    # [each distinct answer]}).
    outcomes: Callable[[list], Any] | None = None


def ask_error(ask, message: str) -> InputError:
    return InputError(f"ask {ask.number} ({ask.kind} = {ask.target!r}): {message}")


# An answer that rests on an ability no rule reads, when the ask names that ability itself
# (`ability = N`, rule 113.2): never another ability's answer (issue 30).
UNKNOWN = "unknown"


def unread_rows(ask, rows) -> dict[str, Any]:
    """The details of an ask whose ability no rule reads: the ability in `unmodelled`."""
    if not rows:
        return {}
    return {"unmodelled": [{"permanent": ask.target, "ability": row.text} for row in rows]}
