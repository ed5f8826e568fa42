"""The compiler as a source of pybridge.cards.coverage: what each ability of a card compiled to,
or why it didn't (the registry's contract is in that module's docstring)."""
from __future__ import annotations

from pybridge.cards.coverage import MODELLED, NOT_MODELLED, AbilityResult, register_source
from pybridge.cards.model import Card


def compile_results(card: Card) -> dict[tuple[str, int], AbilityResult]:
    # Imported here: registering the source must not import the compiler (and lark) for every
    # question, only a coverage report needs it.
    from pybridge.oracle.compile import compile_card
    compiled = compile_card(card.name, [(f.name, f.oracle_text, f.type_line) for f in card.faces])
    return {(a.face, a.index): AbilityResult(
                a.face, a.index, a.text, MODELLED if a.modelled else NOT_MODELLED, "compiler",
                tuple(str(f) for f in a.facts) + tuple(f"rider, no fact: {r}" for r in a.riders),
                a.why or "no encoding", trigger=_trigger_status(a.trigger),
                trigger_facts=tuple(str(f) for f in a.trigger_facts), trigger_why=a.trigger_why)
            for a in compiled.abilities}


def _trigger_status(status: str) -> str:
    return {"": "", "modelled": MODELLED}.get(status, NOT_MODELLED)


register_source("compiler", compile_results, first=True)
