"""What the Oracle compiler makes of a card: each ability's compilation (its facts, or why it
is unmodelled), and the ability term ab(Face,I) the facts are keyed by.  A leaf: the compile cache
and the hook read these without importing the compiler (and lark)."""
from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Number, String, Symbol

MODELLED = "modelled"
UNMODELLED = "unmodelled"


@dataclass(frozen=True)
class AbilityCompilation:
    face: str
    index: int
    text: str
    status: str                          # MODELLED or UNMODELLED
    facts: tuple[Symbol, ...] = ()
    why: str = ""                        # why it is unmodelled
    riders: tuple[str, ...] = ()         # sentences kept as data that add no fact (rule 106.7)
    pattern: str = ""                    # the grammar's name for what it adds ("one_of", ...)
    # riders that restrict activating in a way the scenario can't state ("Activate only once
    # each turn": how often it was activated this turn), so can_activate can't check them
    unchecked: tuple[str, ...] = ()
    # A triggered ability's trigger condition (pybridge/oracle/triggers.py), read whatever the
    # effect is: trigger is "" for an ability that doesn't trigger, else MODELLED (its
    # trigger_facts are stated even when the effect is unmodelled) or UNMODELLED (trigger_why).
    trigger: str = ""
    trigger_facts: tuple[Symbol, ...] = ()
    trigger_why: str = ""

    @property
    def modelled(self) -> bool:
        return self.status == MODELLED

    @property
    def term(self) -> Symbol:
        return ability_term(self.face, self.index)


@dataclass(frozen=True)
class CardCompilation:
    name: str
    abilities: tuple[AbilityCompilation, ...] = field(default_factory=tuple)

    @property
    def facts(self) -> list[Symbol]:
        return [f for a in self.abilities for f in a.facts]

    @property
    def trigger_facts(self) -> list[Symbol]:
        return [f for a in self.abilities for f in a.trigger_facts]


class Unmodelled(Exception):
    """The ability parsed, but says something the vocabulary can't express yet."""


def ability_term(face: str, index: int) -> Symbol:
    return Function("ab", [String(face), Number(index)])
