"""The question kinds: how each one is asked, read back from the solver, checked and explained.

Each kind lives in a module of this package and lists its QuestionKinds in `KINDS`; this module
only gathers them, so the kinds import pybridge.answer.kinds.base and never this package's registry.
"""
from __future__ import annotations

from pybridge.answer.kinds import activation, characteristics, events, mana
from pybridge.answer.kinds.base import QuestionKind
from pybridge.solve.model import ModelAtoms

KINDS: dict[str, QuestionKind] = {kind.name: kind for module in (mana, activation, characteristics, events)
                                  for kind in module.KINDS}

__all__ = ["KINDS", "ModelAtoms", "QuestionKind"]
