"""The scenario contract as the page reads it (GET /api/contract): every key of the tables the
page builds (`[[permanent]]`, `[[effect]]`, `[[card]]`, `[[event]]`) with its type, default and
meaning, the event kinds, the zones a card can be in and the face-down mechanics, all from
pybridge/contract/scenario, so a key or kind added there appears on the page unedited."""
from __future__ import annotations

from typing import Any

from pybridge.contract.scenario import (CARD, EFFECT, EVENT, EVENT_KINDS, FACE_DOWN_MECHANICS, GAME,
                                        PERMANENT, ZONES, Table)


def _keys(table: Table) -> list[dict[str, Any]]:
    return [{"name": k.name, "type": k.type, "default": k.default, "doc": k.doc} for k in table.keys]


def contract_json() -> dict[str, Any]:
    return {"tables": {t.name: _keys(t) for t in (GAME, PERMANENT, EFFECT, CARD, EVENT)},
            "event_kinds": list(EVENT_KINDS), "zones": list(ZONES),
            "face_down": list(FACE_DOWN_MECHANICS)}
