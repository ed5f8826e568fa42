"""What the reference covers of a scenario: the question kinds and keys it reads; NotCovered for
anything else."""
from __future__ import annotations


REFERENCE_KINDS = ("produce", "could_produce")
FACE_KINDS = ("characteristics", "turn_face_up")
PERMANENT_KEYS = {"id", "card", "controller", "owner", "timestamp", "attached_to", "chosen_color"}
EFFECT_KEYS = {"card", "controller", "timestamp", "targets", "chosen_color"}
TOP_KEYS = {"title", "cites", "source", "game", "permanent", "effect", "ask"}
GAME_KEYS = {"players", "active_player"}
DEFAULT_PLAYERS = ("you", "opponent")


class NotCovered(Exception):
    """The reference has no answer for this scenario or ask (the message says why)."""
