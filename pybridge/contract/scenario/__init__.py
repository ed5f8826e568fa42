"""The scenario contract, declared once: every key of every table with its type, default, check,
the facts it becomes and what it means.

Everything else derives from these tables: pybridge/read/scenario.py validates by walking them,
pybridge/read/facts.py emits the facts they name, and `python -m pybridge.contract.generate` writes
the `#defined` block of the inputs (asp/vocabulary/scenario.lp) and the key tables of
docs/scenario-format.md (tests keep both current).  Adding a key is one `Key(...)` in tables.py
plus the rules that read its fact.

model.py holds Key, Table and the Context a check reads; checks.py the checks; facts.py the
emitters; tables.py one table literal per section.  This package imports nothing of the project
but the leaf pybridge.solve.symbols: the reader is passed in.
"""
from pybridge.contract.scenario.checks import (EVENT_KINDS, FACE_DOWN_ZONES, TURN_COUNTS, ZONES, per_object,
                                               card, event_pool, face_down, integer, mana_text, mana_texts,
                                               object_ref,
                                               object_refs, player, zone)
from pybridge.contract.scenario.facts import const, fact
from pybridge.contract.scenario.model import COLORS, FACE_DOWN_MECHANICS, Check, Context, Emit, Key, Table
from pybridge.contract.scenario.tables import (ASK, ASK_COMMON_KEYS, ASK_OPTION_KEYS, CARD, EFFECT, EVENT,
                                               GAME, HISTORY, PERMANENT, STEP, TABLES, TOP, input_facts)

__all__ = ["ASK", "ASK_COMMON_KEYS", "ASK_OPTION_KEYS", "CARD", "COLORS", "Check", "Context", "EFFECT",
           "EVENT", "EVENT_KINDS", "Emit", "FACE_DOWN_MECHANICS", "FACE_DOWN_ZONES", "GAME", "HISTORY", "STEP",
           "Key", "PERMANENT", "TABLES", "TOP", "TURN_COUNTS", "Table", "ZONES", "per_object", "card",
           "const", "event_pool", "face_down", "fact", "input_facts", "integer", "mana_text", "mana_texts", "object_ref",
           "object_refs", "player", "zone"]
